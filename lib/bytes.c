/*
 * The end of an ASCII label (bytes.h); the byte classes are generated.
 */
#include <stdint.h>
#include <string.h>

#include "bytes.h"

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SWAR 1
#define BYTES(x) (UINT64_C(0x0101010101010101) * (x))
#endif

/* ---- the end of a label --------------------------------------------------- */

size_t xn__ascii_label_end(const unsigned char *u, size_t pos, size_t n, unsigned *stop)
{
    size_t e = pos;
#ifdef SWAR
    /* Eight bytes at a time while eight remain: the first '.' or byte >=
     * 0x80 among them, if any (bit 7 of its byte in `ends`). */
    while (n - e >= 8) {
        uint64_t w, x, ends;
        memcpy(&w, u + e, 8);
        x = (w & BYTES(0x7F)) ^ BYTES('.');
        ends = (w | ~(((x & BYTES(0x7F)) + BYTES(0x7F)) | x)) & BYTES(0x80);
        if (ends) {
            e += (size_t)__builtin_ctzll(ends) / 8;
            *stop = xn__byte_class[u[e]];
            return e;
        }
        e += 8;
    }
#endif
    while (e < n && !(xn__byte_class[u[e]] & (XN__BC_DOT | XN__BC_NONASCII)))
        e++;
    *stop = e < n ? xn__byte_class[u[e]] : 0;
    return e;
}
