/*
 * The bottom of libxn: the class of every byte, and where a label of ASCII
 * bytes ends.  The name walk, the mapping, the validity rules and the
 * whole-name fast path read names through these; this layer calls nothing.
 */
#ifndef XN_BYTES_H
#define XN_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The class of every byte, xn__byte_class[], and its XN__BC_* bits come
 * from the generator (data/xngen/word.py), with the LDH set its simple-label
 * bits are made from: the rule is written once. */
#include "xn_tables.h"

/* Whether c is an ASCII upper-case letter. */
static inline bool xn__is_upper(uint32_t c)
{
    return c - 'A' < 26u;
}

/* Where the label at u[pos..n) stops being a label of ASCII bytes: at its
 * '.', at a byte >= 0x80, or at n; *stop is the class of the byte there (0
 * at n).  Looks at eight bytes at a time. */
size_t xn__ascii_label_end(const unsigned char *u, size_t pos, size_t n, unsigned *stop);

#endif
