/*
 * What the parts of compat/idn2 share; not installed.  Every name here is
 * hidden (meson.build builds with hidden visibility, and libidn2.map
 * exports libidn2's names alone).
 */
#ifndef XN_IDN2_INTERNAL_H
#define XN_IDN2_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "idn2.h"
#include "xn.h"

/* errors.c: libidn2's code for xn's status xn_rc and its report rep. */
int idn2__rc_of(int xn_rc, const xn_report *rep);

/* lookup.c: whether s[0..n) starts with "xn--" (in any case); s[0..n)
 * normalized to NFC in a malloc()ed copy; the lookup of the
 * NUL-terminated UTF-8 name src, as idn2_lookup_u8(). */
bool idn2__is_ace_label(const char *s, size_t n);
int idn2__nfc_dup(const char *s, size_t n, uint8_t **out, size_t *out_len);
int idn2__lookup(const char *src, char **lookupname, int flags);

/* locale.c: the locale's charset to UTF-8 (a malloc()ed copy) and back
 * (in place). */
int idn2__from_locale(const char *src, char **u8);
int idn2__to_locale(char **s);

/* unicode.c: whether s[0..n) is ASCII; UTF-32 to NUL-terminated UTF-8,
 * malloc()ed. */
bool idn2__all_ascii(const char *s, size_t n);
int idn2__u32_to_u8z(const uint32_t *in, size_t n, uint8_t **out);

#endif
