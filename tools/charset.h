/*
 * --locale's conversions between the locale's charset and UTF-8
 * (charset.c), by libunistring when the build has it (-Dcli_locale).
 */
#ifndef XN_CLI_CHARSET_H
#define XN_CLI_CHARSET_H

#include <stdbool.h>
#include <stddef.h>

/* Whether this xn converts charsets (else --locale is refused). */
bool charset_available(void);

/* The charset of the locale set by setlocale(). */
const char *charset_of_locale(void);

/* s[0..n) converted exactly from charset to UTF-8 (from_charset) or from
 * UTF-8 to charset (to_charset), nothing replaced: into buf when *len (its
 * size on entry) holds it, else into memory from malloc(); *len is then
 * the length.  NULL with errno set (ENOMEM, EILSEQ ...) when it cannot be
 * done. */
char *from_charset(const char *charset, const char *s, size_t n, char *buf, size_t *len);
char *to_charset(const char *charset, const char *s, size_t n, char *buf, size_t *len);

#endif
