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

/* The class bits of a byte in xn__byte_class[]. */
enum {
    XN__BC_LDH = 1,      /* a-z 0-9 '-': LDH after mapping */
    XN__BC_UPPER = 2,    /* A-Z: mapped to lower case (the bit is 0x20 >> 4) */
    XN__BC_OTHER = 4,    /* any other ASCII but '.' */
    XN__BC_DOT = 8,      /* '.' */
    XN__BC_NONASCII = 16, /* a byte of a multi-byte UTF-8 sequence */
    XN__BC_HYPHEN = 32,  /* '-', which is also XN__BC_LDH */
};

extern const unsigned char xn__byte_class[256];

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
