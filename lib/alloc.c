/*
 * The *_alloc contract (alloc.h, xn__convert_alloc_extra()) shared by
 * every allocating wrapper of the library, those of the UTS #46, IDNA2008
 * and IDNA2003 conversions, and xn_free().
 */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "xn.h"

int xn__convert_alloc_extra(xn__convert_extra_fn convert, void *extra, bool output_on_invalid,
                            const char *in, size_t in_len, char **out, size_t *out_len,
                            unsigned flags, xn_report *report)
{
    char small[XN_DOMAIN_MAX];
    size_t len = 0;
    char *p;
    int rc;

    if (out)
        *out = NULL;
    if (out_len)
        *out_len = 0;
    if (!out) /* the converter refuses a NULL out_len and clears its out-parameters */
        return convert(in, in_len, NULL, 0, NULL, flags, report, extra);
    rc = convert(in, in_len, small, sizeof small, &len, flags, report, extra);
    if (rc == XN_E_BUFFER_TOO_SMALL) {
        p = (char *)malloc(len + 1);
        if (!p)
            return XN_E_NOMEM;
        rc = convert(in, in_len, p, len + 1, &len, flags, report, extra);
    } else if (rc == XN_OK || (rc == XN_E_INVALID_DOMAIN && output_on_invalid)) {
        p = (char *)malloc(len + 1);
        if (!p)
            return XN_E_NOMEM;
        memcpy(p, small, len);
        p[len] = '\0';
    } else {
        return rc;
    }
    if (rc == XN_OK || (rc == XN_E_INVALID_DOMAIN && output_on_invalid)) {
        *out = p;
        if (out_len)
            *out_len = len;
    } else {
        free(p);
    }
    return rc;
}

/* A converter without a further out-parameter, carried through extra
 * (a function pointer cannot travel as a void pointer; a struct holding
 * one can). */
typedef struct plain_converter {
    xn__convert_fn convert;
} plain_converter;

static int call_plain(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
                      unsigned flags, xn_report *report, void *extra)
{
    return ((const plain_converter *)extra)->convert(in, in_len, out, out_cap, out_len, flags,
                                                     report);
}

int xn__convert_alloc(xn__convert_fn convert, bool output_on_invalid, const char *in,
                      size_t in_len, char **out, size_t *out_len, unsigned flags,
                      xn_report *report)
{
    plain_converter plain = {convert};
    return xn__convert_alloc_extra(call_plain, &plain, output_on_invalid, in, in_len, out,
                                   out_len, flags, report);
}

/* ---- the public *_alloc forms of the caller-buffer conversions ------------- */

/* The ToUnicode forms keep their output on XN_E_INVALID_DOMAIN, as the
 * conversions write it then; the others do not. */

int
xn_to_ascii_alloc(const char *in, size_t in_len, char **out, size_t *out_len, unsigned flags,
                  xn_report *report)
{
    return xn__convert_alloc(xn_to_ascii, false, in, in_len, out, out_len, flags, report);
}

int
xn_to_unicode_alloc(const char *in, size_t in_len, char **out, size_t *out_len,
                    unsigned flags, xn_report *report)
{
    return xn__convert_alloc(xn_to_unicode, true, in, in_len, out, out_len, flags, report);
}

int
xn_idna2008_lookup_alloc(const char *in, size_t in_len, char **out, size_t *out_len,
                         unsigned flags, xn_report *report)
{
    return xn__convert_alloc(xn_idna2008_lookup, false, in, in_len, out, out_len, flags, report);
}

int
xn_idna2008_to_unicode_alloc(const char *in, size_t in_len, char **out, size_t *out_len,
                             unsigned flags, xn_report *report)
{
    return xn__convert_alloc(xn_idna2008_to_unicode, true, in, in_len, out, out_len, flags,
                             report);
}

int
xn_idna2003_to_ascii_alloc(const char *in, size_t in_len, char **out, size_t *out_len,
                           unsigned flags, xn_report *report)
{
    return xn__convert_alloc(xn_idna2003_to_ascii, false, in, in_len, out, out_len, flags,
                             report);
}

int
xn_idna2003_to_unicode_alloc(const char *in, size_t in_len, char **out, size_t *out_len,
                             unsigned flags, xn_report *report)
{
    return xn__convert_alloc(xn_idna2003_to_unicode, true, in, in_len, out, out_len, flags,
                             report);
}

void
xn_free(void *p)
{
    free(p);
}
