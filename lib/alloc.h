/*
 * alloc.c: the *_alloc contract every allocating wrapper shares, and the
 * converter types it takes.  A client of the public converters: display.c
 * and extras.c build their own *_alloc forms on it; no profile includes it.
 */
#ifndef XN_ALLOC_H
#define XN_ALLOC_H

#include <stdbool.h>
#include <stddef.h>

#include "xn.h"

/* A converter with the caller-buffer contract of xn_to_ascii(). */
typedef int (*xn__convert_fn)(const char *in, size_t in_len, char *out, size_t out_cap,
                              size_t *out_len, unsigned flags, xn_report *report);

/* A converter with a further out-parameter of its own (xn_to_display()'s
 * report, the mail functions' smtputf8), passed through as extra. */
typedef int (*xn__convert_extra_fn)(const char *in, size_t in_len, char *out, size_t out_cap,
                                    size_t *out_len, unsigned flags, xn_report *report,
                                    void *extra);


/* The *_alloc contract on top of convert: on XN_OK (and on
 * XN_E_INVALID_DOMAIN when output_on_invalid, as ToUnicode writes its output
 * then) *out gets a NUL-terminated copy to free with xn_free(); on any other
 * status *out is NULL and *out_len 0.  A result that fits XN_DOMAIN_MAX
 * bytes costs one conversion and one allocation, a longer one converts
 * twice (the second time into a block of the exact size), and what the
 * converter leaves in report (and extra) is from its last call. */
int xn__convert_alloc_extra(xn__convert_extra_fn convert, void *extra, bool output_on_invalid,
                            const char *in, size_t in_len, char **out, size_t *out_len,
                            unsigned flags, xn_report *report);
int xn__convert_alloc(xn__convert_fn convert, bool output_on_invalid, const char *in,
                      size_t in_len, char **out, size_t *out_len, unsigned flags,
                      xn_report *report);

#endif
