/*
 * The whole-name ASCII fast path of UTS #46 ToASCII / ToUnicode: SSE2 for
 * names of up to 64 bytes, SWAR and SSE2 blocks for longer ones, and the
 * byte classes it shares with uts46.c.  xn__ascii_fast() accepts only what
 * the general path would accept with the same output: tests/fuzz compares
 * the two byte for byte (xn__uts46_general()), and so does test-uts46.
 *
 * xn_to_ascii() and xn_to_unicode() are here: a short name with no report
 * asked for is answered before the general path in uts46.c sets up a frame
 * (the most common call of all, at a cost near a lower-casing copy's).
 */
#include <stdint.h>
#include <string.h>

#include "ascii.h"
#include "internal.h"

enum { LDH = XN__BC_LDH, UPP = XN__BC_UPPER, OTH = XN__BC_OTHER, DOT = XN__BC_DOT,
       NON = XN__BC_NONASCII, HYP = XN__BC_HYPHEN };

/* Sixteen bytes of one class. */
#define ROW(c) c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c

const unsigned char xn__byte_class[256] = {
    ROW(OTH), ROW(OTH), /* C0 controls */
    OTH, OTH, OTH, OTH, OTH, OTH, OTH, OTH, OTH, OTH, OTH, OTH, OTH, LDH | HYP, DOT, OTH,
    LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, OTH, OTH, OTH, OTH, OTH, OTH,
    OTH, UPP, UPP, UPP, UPP, UPP, UPP, UPP, UPP, UPP, UPP, UPP, UPP, UPP, UPP, UPP,
    UPP, UPP, UPP, UPP, UPP, UPP, UPP, UPP, UPP, UPP, UPP, OTH, OTH, OTH, OTH, OTH,
    OTH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH,
    LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, LDH, OTH, OTH, OTH, OTH, OTH,
    ROW(NON), ROW(NON), ROW(NON), ROW(NON), /* bytes of multi-byte UTF-8 sequences */
    ROW(NON), ROW(NON), ROW(NON), ROW(NON),
};

#undef ROW

/* The whole-name fast path: a name of ASCII bytes that breaks no rule and
 * holds no "xn--" label is its own lower-cased copy, for ToASCII and
 * ToUnicode alike (an ASCII name is never a Bidi domain name, and every
 * ASCII character but A-Z is valid after the STD3 folding).  One pass
 * classifies and copies; anything unusual (non-ASCII, "--" at positions
 * 3-4, a hyphen at either end, an empty or over-long label, other ASCII
 * when STD3 or URL rules look at it, too small a buffer) returns false, and
 * the general path takes the name, errors and all. */
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SWAR 1
#define BYTES(x) (UINT64_C(0x0101010101010101) * (x))
/* For eight ASCII bytes (each < 0x80): bit 7 of each byte of the result is
 * set where the byte is >= lo.  No carry crosses bytes. */
static inline uint64_t swar_ge(uint64_t w, unsigned lo)
{
    return (w + BYTES(0x80u - lo)) & BYTES(0x80);
}
#endif

#ifdef __SSE2__
/* Loads the k bytes at p (0 < k < 16) without reading past them, padded
 * with 'a'; fixed-size copies that overlap, so no call and no loop. */
static inline __m128i load_tail(const unsigned char *p, size_t k)
{
    unsigned char pad[16];
    _mm_storeu_si128((__m128i *)(void *)pad, _mm_set1_epi8('a'));
    if (k >= 8) {
        memcpy(pad, p, 8);
        memcpy(pad + k - 8, p + k - 8, 8);
    } else if (k >= 4) {
        memcpy(pad, p, 4);
        memcpy(pad + k - 4, p + k - 4, 4);
    } else {
        pad[0] = p[0];
        pad[k / 2] = p[k / 2];
        pad[k - 1] = p[k - 1];
    }
    return _mm_loadu_si128((const __m128i *)(const void *)pad);
}

/* The sixteen bytes of v classified: *ok gets a bit for each letter, digit,
 * '.' or '-', *dots and *hy those of '.' and '-'.  Returns v with A-Z
 * lower-cased.  Each range test is one add and one signed compare: c - lo
 * < k as unsigned is c + (0x80 - lo) < -128 + k as signed bytes, false for
 * every byte >= 0x80.  Letters are tested on c | 0x20, both cases at once,
 * and or-ing 0x20 into a letter lower-cases it. */
static XN__ALWAYS_INLINE __m128i classify(__m128i v, unsigned *ok, unsigned *dots, unsigned *hy)
{
    __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
    __m128i letter = _mm_cmplt_epi8(_mm_add_epi8(folded, _mm_set1_epi8((char)(0x80 - 'a'))),
                                    _mm_set1_epi8((char)(-128 + 26)));
    __m128i digit = _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8((char)(0x80 - '0'))),
                                   _mm_set1_epi8((char)(-128 + 10)));
    __m128i dt = _mm_cmpeq_epi8(v, _mm_set1_epi8('.'));
    __m128i hh = _mm_cmpeq_epi8(v, _mm_set1_epi8('-'));
    *ok = (unsigned)_mm_movemask_epi8(
        _mm_or_si128(_mm_or_si128(letter, digit), _mm_or_si128(dt, hh)));
    *dots = (unsigned)_mm_movemask_epi8(dt);
    *hy = (unsigned)_mm_movemask_epi8(hh);
    return _mm_or_si128(v, _mm_and_si128(letter, _mm_set1_epi8(0x20)));
}

/* ASCII bytes that are no letter, digit, '.' or '-' (ok has a 0 bit for
 * them) may stay on this path only when no STD3 or URL rule looks at them. */
static inline bool others_allowed(unsigned ok, unsigned flags)
{
    return ok == 0xFFFF || ((flags & XN_NO_STD3_RULES) && !(flags & XN_URL_RULES));
}

/* ascii_fast() for names of 1 to 64 bytes (n < cap), without a branch per
 * label: the name is classified 16 bytes at a time into 64-bit masks of
 * positions (dots, hyphens), and the rules become mask tests.  A name of 16
 * bytes or more is read in plain 16-byte loads, the last one overlapping
 * the one before it (its masks are or-ed in at its place, the bytes seen
 * twice giving the same bits twice); a shorter one is padded with letters.
 * A name this short has no label over 63 bytes unless it is one label of
 * 64, and no name over 253. */
static XN__ALWAYS_INLINE bool ascii_short(const unsigned char *u, size_t n, char *out,
                                          size_t cap, unsigned flags)
{
    uint64_t dots, hy, starts, ends;
    unsigned ok, d, h;
    __m128i v, lowered;

    if (n < 16) {
        v = load_tail(u, n);
        if (_mm_movemask_epi8(v)) /* a byte >= 0x80: not for this path */
            return false;
        lowered = classify(v, &ok, &d, &h);
        if (!others_allowed(ok, flags))
            return false;
        if (cap >= 16) {
            _mm_storeu_si128((__m128i *)(void *)out, lowered);
        } else {
            unsigned char pad[16];
            _mm_storeu_si128((__m128i *)(void *)pad, lowered);
            memcpy(out, pad, n);
        }
        dots = d;
        hy = h;
    } else {
        size_t base = 0;
        dots = hy = 0;
        for (;;) {
            v = _mm_loadu_si128((const __m128i *)(const void *)(u + base));
            if (_mm_movemask_epi8(v))
                return false;
            lowered = classify(v, &ok, &d, &h);
            if (!others_allowed(ok, flags))
                return false;
            _mm_storeu_si128((__m128i *)(void *)(out + base), lowered);
            dots |= (uint64_t)d << base;
            hy |= (uint64_t)h << base;
            if (n - base <= 16)
                break;
            base = n - base >= 32 ? base + 16 : n - 16;
        }
    }
    starts = (dots << 1) | 1;                      /* first byte of each label */
    ends = (dots >> 1) | (UINT64_C(1) << (n - 1)); /* last byte of each label */
    if ((dots & (starts | ends)) ||          /* an empty label */
        ((starts << 2) & hy & (hy >> 1)))    /* "--" at 3-4: V2, or an ACE label */
        return false;
    if (!(flags & XN_NO_CHECK_HYPHENS) && (hy & (starts | ends)))
        return false;
    if (n == 64 && !dots && !(flags & XN_NO_VERIFY_DNS_LENGTH))
        return false;
    return true;
}
#endif

/* ascii_fast() for any length, a byte class or eight or sixteen bytes at a
 * time: the names over 64 bytes, and every name where SSE2 is missing. */
XN__NOINLINE static bool ascii_long(const char *in, size_t n, char *out, size_t cap,
                                    size_t *out_len, unsigned flags)
{
    const unsigned char *u = (const unsigned char *)in;
    bool dns = !(flags & XN_NO_VERIFY_DNS_LENGTH), hyphens = !(flags & XN_NO_CHECK_HYPHENS);
    unsigned special = XN__BC_DOT | XN__BC_NONASCII | XN__BC_HYPHEN;
    size_t i = 0, start = 0;

    if (!(flags & XN_NO_STD3_RULES) || (flags & XN_URL_RULES))
        special |= XN__BC_OTHER;
    if (n == 0 || n >= cap || (dns && n > XN_DNS_NAME_MAX))
        return false;
    while (i < n) {
        size_t end = n - i >= 8 ? i + 8 : n;
#ifdef SWAR
#ifdef __SSE2__
        /* Sixteen bytes at once, when they are letters, digits and dots; the
         * last block of a name of 16 bytes or more overlaps the one before. */
        if (n >= 16) {
            size_t base = n - i >= 16 ? i : n - 16;
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(u + base));
            __m128i up = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('A' - 1)),
                                       _mm_cmplt_epi8(v, _mm_set1_epi8('Z' + 1)));
            __m128i lo = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('a' - 1)),
                                       _mm_cmplt_epi8(v, _mm_set1_epi8('z' + 1)));
            __m128i dg = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
                                       _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
            __m128i dt = _mm_cmpeq_epi8(v, _mm_set1_epi8('.'));
            /* Bytes >= 0x80 are negative: no compare above holds for them. */
            if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(up, lo), _mm_or_si128(dg, dt))) ==
                0xFFFF) {
                /* Only the dots not seen yet. */
                unsigned dots = (unsigned)_mm_movemask_epi8(dt) & (0xFFFFu << (i - base));
                v = _mm_or_si128(v, _mm_and_si128(up, _mm_set1_epi8(0x20)));
                _mm_storeu_si128((__m128i *)(void *)(out + base), v);
                while (dots) {
                    size_t at = base + (size_t)__builtin_ctz(dots);
                    if (at == start || (dns && at - start > XN_DNS_LABEL_MAX))
                        return false;
                    start = at + 1;
                    dots &= dots - 1;
                }
                i = base + 16;
                continue;
            }
        }
#endif
        /* Eight bytes at once, likewise. */
        if (end == i + 8) {
            size_t base = i;
            uint64_t w, x, upper, ok, dots;
            memcpy(&w, u + base, 8);
            if (w & BYTES(0x80))
                return false;
            x = w ^ BYTES('.');
            dots = ~(((x & BYTES(0x7F)) + BYTES(0x7F)) | x) & BYTES(0x80);
            upper = swar_ge(w, 'A') & ~swar_ge(w, 'Z' + 1);
            ok = upper | (swar_ge(w, 'a') & ~swar_ge(w, 'z' + 1)) |
                 (swar_ge(w, '0') & ~swar_ge(w, '9' + 1)) | dots;
            if (ok == BYTES(0x80)) {
                w |= upper >> 2; /* A-Z to a-z */
                memcpy(out + base, &w, 8);
                while (dots) {
                    size_t at = base + (size_t)__builtin_ctzll(dots) / 8;
                    if (at == start || (dns && at - start > XN_DNS_LABEL_MAX))
                        return false;
                    start = at + 1;
                    dots &= dots - 1;
                }
                i = end;
                continue;
            }
        }
#endif
        for (; i < end; i++) {
            unsigned b = u[i], c = xn__byte_class[b];
            out[i] = (char)(b | ((c & XN__BC_UPPER) << 4)); /* A-Z to a-z */
            if (c & special) {
                if (c & (XN__BC_NONASCII | XN__BC_OTHER))
                    return false;
                if (c & XN__BC_HYPHEN) {
                    if (i == start + 3 && u[i - 1] == '-') /* V2, or an ACE label */
                        return false;
                    if (hyphens && (i == start || i + 1 == n || u[i + 1] == '.'))
                        return false;
                } else { /* '.' */
                    if (i == start || (dns && i - start > XN_DNS_LABEL_MAX))
                        return false;
                    start = i + 1;
                }
            }
        }
    }
    if (i == start || (dns && i - start > XN_DNS_LABEL_MAX))
        return false;
    out[n] = '\0';
    *out_len = n;
    return true;
}

bool xn__ascii_fast(const char *in, size_t n, char *out, size_t cap, size_t *out_len,
                    unsigned flags)
{
    /* A name that starts with an A-label, as many do, is not for this path:
     * no need to classify it first. */
    if (xn__has_ace_prefix_bytes(in, n))
        return false;
#ifdef __SSE2__
    if (n - 1 < 64 && n < cap) {
        if (!ascii_short((const unsigned char *)in, n, out, cap, flags))
            return false;
        out[n] = '\0';
        *out_len = n;
        return true;
    }
#endif
    return ascii_long(in, n, out, cap, out_len, flags);
}

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

/* ---- xn_to_ascii() and xn_to_unicode() ------------------------------------- */

/* A short name the fast path takes is answered before the general path sets
 * up anything, and with no call made.  The argument checks it needs are
 * stricter than xn__dom_enter()'s: a call that passes them (with no report)
 * goes on to the labels without being checked again; any other call goes,
 * arguments untouched, to the whole general path, which tries the fast path
 * itself on the names not tried here (xn__ascii_fast_tried()).  A name it
 * does not try again is one refused here for its arguments, and then
 * xn__dom_enter() refuses the call too or the output has no room for the
 * name (n >= cap), which the fast path would refuse as well. */
enum { TAKEN, CHECKED, UNCHECKED };

static XN__ALWAYS_INLINE int whole_name(const char *in, size_t n, char *out, size_t cap,
                                        size_t *out_len, unsigned flags, xn_report *report)
{
#ifdef __SSE2__
    if (!xn__ascii_fast_tried(n, report) || !in || !out || !out_len || n >= cap ||
        (flags & ~XN__UTS46_FLAGS) || xn__overlap(in, n, out, cap))
        return UNCHECKED;
    if (xn__has_ace_prefix_bytes(in, n) ||
        !ascii_short((const unsigned char *)in, n, out, cap, flags))
        return CHECKED;
    out[n] = '\0';
    *out_len = n;
    return TAKEN;
#else
    (void)in, (void)n, (void)out, (void)cap, (void)out_len, (void)flags, (void)report;
    return UNCHECKED;
#endif
}

/* A public entry: the whole-name path, else the labels (arguments checked
 * here), else the whole general path, each in a tail call. */
static XN__ALWAYS_INLINE int entry(const char *in, size_t in_len, char *out, size_t out_cap,
                                   size_t *out_len, unsigned flags, xn_report *report,
                                   bool to_ascii)
{
    int w = whole_name(in, in_len, out, out_cap, out_len, flags, report);
    if (w == TAKEN)
        return XN_OK;
    if (w == CHECKED)
        return to_ascii ? xn__uts46_labels_to_ascii(in, in_len, out, out_cap, out_len, flags)
                        : xn__uts46_labels_to_unicode(in, in_len, out, out_cap, out_len, flags);
    return to_ascii ? xn__uts46_to_ascii(in, in_len, out, out_cap, out_len, flags, report)
                    : xn__uts46_to_unicode(in, in_len, out, out_cap, out_len, flags, report);
}

XN__CONVERTER(xn_to_ascii, entry, true)
XN__CONVERTER(xn_to_unicode, entry, false)
