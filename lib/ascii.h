/*
 * ASCII byte classes and the whole-name ASCII fast path of UTS #46
 * (ascii_fast.c), shared with the label-by-label path in uts46.c.
 */
#ifndef XN_ASCII_H
#define XN_ASCII_H

#include <stdbool.h>
#include <stddef.h>

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

/* The whole-name fast path of xn_to_ascii() / xn_to_unicode(): when in[0..n)
 * is a name of ASCII bytes that breaks no rule under flags and holds no
 * "xn--" label, writes its lower-cased copy, NUL-terminated, to out (cap
 * bytes), sets *out_len and returns true; otherwise returns false and the
 * general path takes the name (which may find out[0..n] written). */
bool xn__ascii_fast(const char *in, size_t n, char *out, size_t cap, size_t *out_len,
                    unsigned flags);

/* Whether xn_to_ascii() and xn_to_unicode() try the fast path on a name of
 * n bytes before the general path: where SSE2 is there, on names of 1 to 64
 * bytes when no report is asked for (a report to clear would cost a call).
 * The general path tries it on the others. */
static inline bool xn__ascii_fast_tried(size_t n, const void *report)
{
#ifdef __SSE2__
    return !report && n - 1 < 64;
#else
    (void)n, (void)report;
    return false;
#endif
}

/* Where the label at u[pos..n) stops being a label of ASCII bytes: at its
 * '.', at a byte >= 0x80, or at n; *stop is the class of the byte there (0
 * at n).  Looks at eight bytes at a time. */
size_t xn__ascii_label_end(const unsigned char *u, size_t pos, size_t n, unsigned *stop);

#endif
