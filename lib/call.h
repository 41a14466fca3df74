/*
 * One public conversion call, as every converter of xn.h takes it: what
 * the public functions (at the top of uts46.c, idna2008.c, idna2003.c)
 * hand to their profile's implementation, in place of seven positional
 * arguments and true/false choices.
 */
#ifndef XN_CALL_H
#define XN_CALL_H

#include <stddef.h>

#include "xn.h"

typedef struct xn__call {
    const char *in;   /* the name or label, in_len bytes */
    size_t in_len;
    char *out;        /* the caller's buffer, out_cap bytes */
    size_t out_cap;
    size_t *out_len;  /* the length of the result */
    unsigned flags;   /* XN_* flags of xn.h */
    xn_report *report; /* may be NULL */
} xn__call;

#endif
