/*
 * What locale.c gives the other files of compat/idn2.  Not installed;
 * hidden.  The top layer: it calls unicode.c and lookup.c, and no file
 * here calls it; its libidn2 calls (the "l" forms) are in idn2.h.
 */
#ifndef XN_IDN2_LOCALE_H
#define XN_IDN2_LOCALE_H

/* The locale's charset to UTF-8 (a malloc()ed copy) and back (in place). */
int idn2__from_locale(const char *src, char **u8);
int idn2__to_locale(char **s);

#endif
