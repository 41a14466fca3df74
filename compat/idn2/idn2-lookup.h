/*
 * What lookup.c gives the other files of compat/idn2.  Not installed;
 * hidden.  Above errors.c, the one file it calls; idn2_lookup_u8(),
 * idn2_to_ascii_8z() and idn2_register_u8() are in idn2.h.
 */
#ifndef XN_IDN2_LOOKUP_H
#define XN_IDN2_LOOKUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether s[0..n) starts with "xn--" (in any case). */
bool idn2__is_ace_label(const char *s, size_t n);

/* s[0..n) normalized to NFC in a malloc()ed copy *out of *out_len bytes. */
int idn2__nfc_dup(const char *s, size_t n, uint8_t **out, size_t *out_len);

/* The lookup of the NUL-terminated UTF-8 name src, as idn2_lookup_u8(). */
int idn2__lookup(const char *src, char **lookupname, int flags);

#endif
