/*
 * What unicode.c gives the other files of compat/idn2.  Not installed;
 * hidden.  Above lookup.c and errors.c, which it calls, and under
 * locale.c, which calls it; its libidn2 calls (the to_unicode forms, the
 * UTF-32 forms) are in idn2.h.
 */
#ifndef XN_IDN2_UNICODE_H
#define XN_IDN2_UNICODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "idn2.h"

/* Whether s[0..n) is ASCII. */
bool idn2__all_ascii(const char *s, size_t n);

/* UTF-32 to NUL-terminated UTF-8, malloc()ed. */
int idn2__u32_to_u8z(const uint32_t *in, size_t n, uint8_t **out);

/* The end of a call that made result (malloc()ed, or NULL) with status rc:
 * on IDN2_OK the caller's *output gets it, else NULL and result is freed;
 * with output NULL (libidn2 allows it), result is freed.  Returns rc. */
static inline int idn2__hand_over(int rc, char *result, char **output)
{
    if (output)
        *output = rc == IDN2_OK ? result : NULL;
    if (rc != IDN2_OK || !output)
        free(result);
    return rc;
}

#endif
