/*
 * Where a conversion writes: the caller's buffer filled and counted (the
 * sink), the scratch of a label that fits the stack budget or does not, and
 * the overlap test of an input and an output buffer.
 */
#ifndef XN_SINK_H
#define XN_SINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "utf8.h"

/* The caller's output buffer being filled: what fits is written, and
 * everything is counted, so that a too-small buffer (or a size query with
 * buf NULL and cap 0) learns the size it needs. */
typedef struct xn__sink {
    char *buf;
    size_t cap;
    size_t len;
    bool full; /* something did not fit: stop writing, keep counting */
} xn__sink;

/* Counts n more bytes in *s: where they go when they fit, else NULL (and
 * full set, or n 0: buf may be NULL). */
static inline char *xn__sink_take(xn__sink *s, size_t n)
{
    char *at = NULL;
    if (n == 0)
        return NULL;
    if (!s->full && n <= s->cap - s->len)
        at = s->buf + s->len;
    else
        s->full = true;
    s->len += n;
    return at;
}

static inline void xn__put(xn__sink *s, const void *p, size_t n)
{
    char *at = xn__sink_take(s, n);
    if (at)
        memcpy(at, p, n);
}

/* xn__put() of n bytes c. */
static inline void xn__put_fill(xn__sink *s, char c, size_t n)
{
    char *at = xn__sink_take(s, n);
    if (at)
        memset(at, c, n);
}

/* xn__put() of ASCII bytes with A-Z lower-cased. */
static inline void xn__put_lower(xn__sink *s, const char *p, size_t n)
{
    size_t i;
    if (s->full || n > s->cap - s->len) {
        s->full = true;
        s->len += n;
        return;
    }
    for (i = 0; i < n; i++) {
        unsigned c = (unsigned char)p[i];
        s->buf[s->len + i] = (char)(xn__is_upper(c) ? c + 32 : c);
    }
    s->len += n;
}

/* The stack budget (xn.h): per-label buffers sized for XN_LABEL_LIMIT code
 * points do not fit 16 KiB together, so each is a small array on the stack
 * that holds a label of up to XN__SMALL_LABEL code points (every label DNS
 * can carry, with room to spare), and a heap block for a longer one. */
#define XN__SMALL_LABEL 256

/* need bytes of scratch: small (small_size bytes, on the caller's stack)
 * when it is large enough, else a heap block that *heap receives, for the
 * caller to free() (*heap is NULL otherwise).  NULL when the allocation
 * fails: the caller returns XN_E_NOMEM. */
static inline void *xn__scratch(void *small, size_t small_size, size_t need, void **heap)
{
    *heap = NULL;
    if (need <= small_size)
        return small;
    *heap = malloc(need);
    return *heap;
}

/* Releases what xn__scratch() took from the heap (no call for the common
 * case, where it took nothing). */
static inline void xn__scratch_free(void *heap)
{
    if (heap)
        free(heap);
}


/* Whether the bytes [a, a + an) and [b, b + bn) share a byte: an input and
 * an output buffer must not (xn.h), and a call that is given such a pair
 * fails with XN_E_INVALID_ARG rather than read what it already wrote.
 * Compared as integers: the two need not point into one object. */
static inline bool xn__overlap(const void *a, size_t an, const void *b, size_t bn)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    if (an == 0 || bn == 0)
        return false;
    return x >= y ? x - y < bn : y - x < an; /* no sum that could wrap */
}

/* Appends l[0..n), scalar values, as UTF-8: straight into the buffer when
 * 4 bytes a code point surely fit, else through xn__put(). */
static inline void xn__put_utf8(xn__sink *s, const uint32_t *l, size_t n)
{
    size_t i;
    if (n > 0 && !s->full && n <= (s->cap - s->len) / 4) {
        char *o = s->buf + s->len, *start = o; /* locals: a char store may alias *s */
        for (i = 0; i < n; i++)
            o += xn__utf8_put(l[i], o);
        s->len += (size_t)(o - start);
        return;
    }
    for (i = 0; i < n; i++) {
        char tmp[4];
        xn__put(s, tmp, xn__utf8_put(l[i], tmp));
    }
}

#endif
