/*
 * Punycode, RFC 3492, on uint32_t code points: the parameters of §5, bias
 * adaptation (§6.1), decoding (§6.2), encoding (§6.3), overflow handling
 * (§6.4) and the mixed-case annotation of appendix A.
 *
 * Neither function allocates or recurses.  Each makes one pass of the RFC
 * algorithm; when the output does not fit, the pass goes on without writing
 * so that the size needed is exact, and nothing is written past out_cap.
 * The encoder has two forms with the same output: the RFC's loop, which
 * scans the label once per distinct non-basic code point, and for labels
 * of up to SMALL_LABEL (63) code points one that sorts the non-basic code
 * points once and counts with a bit set (encode_small(); its time is
 * bounded by the square of 63).  tests/test-punycode.c compares them.
 *
 * Integer width (§6.4).  maxint is 0xFFFFFFFF: every variable of the RFC
 * pseudocode is a uint32_t.  Each sum or product that may exceed it is
 * formed exactly in 64 bits and compared with maxint before the result is
 * kept; this detects exactly the overflows of the RFC's test
 * "B > (maxint - A) div C" without its division.
 * - Decoding fails with XN_E_PUNYCODE_OVERFLOW when i + digit * w,
 *   w * (base - t) or n + i div (length + 1) exceeds maxint, and with
 *   XN_E_PUNYCODE_BAD_CODE_POINT when n fits but is a surrogate or above
 *   U+10FFFF.  (The check on w cannot fire first: a bias never exceeds 204,
 *   and below 250 i overflows before w can.  It stays as the RFC asks.)
 *   The first SAFE_DIGITS digits of a delta cannot overflow and go without
 *   the tests.
 * - Encoding: under XN_LABEL_LIMIT (L = 1024) scalar values, a delta is at
 *   most L + (0x10FFFF - 0x80) * L + L < 2^31, so it never exceeds maxint.
 *   The checks stay in encode_scan(); encode_small() makes them only for a
 *   smaller maxint, which the tests reach through
 *   xn__punycode_encode_bounded().
 *
 * xn__punycode_encode_unchecked() and xn__punycode_decode_unchecked() are
 * the public functions without the argument checks and case flags, for the
 * library's own buffers (ToASCII, ToUnicode).
 */
#include <string.h>

#include "compiler.h"
#include "rfc3492.h"
#include "sink.h"
#include "xn.h"

/* RFC 3492 §5: the Punycode parameter values. */
#define BASE 36u
#define TMIN 1u
#define TMAX 26u
#define SKEW 38u
#define DAMP 700u
#define INITIAL_BIAS 72u
#define INITIAL_N 0x80u
#define DELIMITER '-'
#define MAXINT UINT32_MAX

/* §5: digit values 0-25 are a-z, 26-35 are 0-9. */
static const char digit_char[BASE + 1] = "abcdefghijklmnopqrstuvwxyz0123456789";

/* §5 read the other way: the digit value of each byte, A-Z like a-z, and
 * 0xFF (>= BASE) for a byte that is no digit.  One load replaces the
 * compares of a range test. */
static const unsigned char digit_of[256] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
      26,   27,   28,   29,   30,   31,   32,   33,   34,   35, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, /* 0-9 */
    0xFF,    0,    1,    2,    3,    4,    5,    6,    7,    8,    9,   10,   11,   12,   13,   14, /* A-O */
      15,   16,   17,   18,   19,   20,   21,   22,   23,   24,   25, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, /* P-Z */
    0xFF,    0,    1,    2,    3,    4,    5,    6,    7,    8,    9,   10,   11,   12,   13,   14, /* a-o */
      15,   16,   17,   18,   19,   20,   21,   22,   23,   24,   25, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, /* p-z */
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
};

/* §6.2/§6.3: the threshold t for the digit at position k. */
static inline uint32_t threshold(uint32_t k, uint32_t bias)
{
    return k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
}

/* §6.1's last step, (base - tmin + 1) * delta / (delta + skew), for every
 * delta its loop leaves: one load for a multiplication and a division. */
static const unsigned char adapt_tail[((BASE - TMIN) * TMAX) / 2 + 1] = {
     0,  0,  1,  2,  3,  4,  4,  5,  6,  6,  7,  8,  8,  9,  9, 10, 10, 11, 11, 12, 12, 12, 13, 13,
    13, 14, 14, 14, 15, 15, 15, 16, 16, 16, 17, 17, 17, 17, 18, 18, 18, 18, 18, 19, 19, 19, 19, 19,
    20, 20, 20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 22, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23,
    23, 23, 23, 23, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 25, 25, 25, 25, 25, 25, 25, 25, 25,
    25, 25, 25, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 27, 27, 27, 27, 27, 27,
    27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29,
    29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 29, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 31, 31, 31, 31,
    31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31,
    31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31,
    31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 32, 32, 32, 32, 32, 32, 32, 32,
    32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
    32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
    32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
    32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
    32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33,
    33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33, 33,
};

/* §6.1 bias adaptation.  delta <= maxint, 1 <= numpoints <= XN_LABEL_LIMIT + 1:
 * after the first division delta <= maxint / 2, so delta + delta / numpoints
 * fits. */
static uint32_t adapt(uint32_t delta, uint32_t numpoints, int firsttime)
{
    uint32_t k = 0;
    delta = firsttime ? delta / DAMP : delta / 2;
    delta += delta / numpoints;
    while (delta > ((BASE - TMIN) * TMAX) / 2) {
        delta /= BASE - TMIN;
        k += BASE;
    }
    return k + adapt_tail[delta];
}

static inline int is_scalar(uint32_t c)
{
    return c <= 0x10FFFF && (c - 0xD800u) >= 0x800u;
}

/* Appendix A: an ASCII letter forced to upper case when flag is set, else to
 * lower case; other basic code points unchanged. */
static inline char basic_with_case(uint32_t c, unsigned char flag)
{
    if ((unsigned)((c | 0x20u) - 'a') < 26u)
        c = flag ? (c & ~0x20u) : (c | 0x20u);
    return (char)c;
}

/* Stores ch at out[o] when it fits, and counts it either way.  Where the
 * whole output is known to fit, room is a constant 1 and the test goes. */
#define PUT(ch)                      \
    do {                             \
        if (room || o < out_cap)     \
            out[o] = (ch);           \
        o++;                         \
    } while (0)

/* The most digits one delta takes: each digit but the last turns q into
 * (q - t) div (base - t) with base - t >= 10, so after 10 of them a q below
 * 2^32 is 0, below every t. */
#define MAX_DIGITS 11

/* §6.3, "output the code point for delta": q as a generalized
 * variable-length integer under bias, its last digit upper case when upper
 * (appendix A), stored at out[o] on as far as out_cap allows.  Returns the
 * new o.
 *
 * The threshold t of the digit at k = base, 2 base, ... is tmin while
 * k <= bias, then k - bias for at most one k (base > tmax - tmin), then
 * tmax: the loop runs in these three stretches instead of clamping k - bias
 * for every digit.  Each digit but the last is t + (q - t) mod (base - t),
 * and q becomes (q - t) div (base - t). */
static inline size_t put_delta(char *out, size_t out_cap, int room, size_t o, uint32_t q,
                               uint32_t bias, int upper)
{
    uint32_t k = BASE, t;

    for (t = TMIN; k <= bias && q >= t; k += BASE) {
        PUT(digit_char[t + (q - t) % (BASE - t)]);
        q = (q - t) / (BASE - t);
    }
    if (k <= bias) /* q < tmin */
        goto last;
    if (k < bias + TMAX) {
        t = k - bias;
        if (q < t)
            goto last;
        PUT(digit_char[t + (q - t) % (BASE - t)]);
        q = (q - t) / (BASE - t);
    }
    for (t = TMAX; q >= t;) {
        PUT(digit_char[t + (q - t) % (BASE - t)]);
        q = (q - t) / (BASE - t);
    }
last:
    /* q < t <= 26: a letter, which 'a' - 'A' turns upper case. */
    PUT((char)(digit_char[q] - (upper ? 'a' - 'A' : 0)));
    return o;
}

/* Labels of up to SMALL_LABEL code points (every label DNS can hold) are
 * encoded by encode_small(), longer ones by encode_scan(). */
#define SMALL_LABEL 63

/* encode_small() is made twice, with room 1 and 0 (PUT): compilers weigh
 * its size against inlining it twice, so it is asked for (XN__ALWAYS_INLINE). */

/* The end of an encoding of o characters: *out_len, and the status (the
 * output NUL-terminated when there is room). */
static int encoded(char *out, size_t out_cap, size_t o, size_t *out_len)
{
    *out_len = o;
    if (o > out_cap)
        return XN_E_BUFFER_TOO_SMALL;
    if (o < out_cap)
        out[o] = '\0';
    return XN_OK;
}

/* §6.3's first step for encode_scan() (encode_small() makes it in its
 * sorting pass): copies the basic code points in order (appendix A:
 * letters take the case of their flag) and checks that every code point
 * is a scalar value.  Returns how many it copied, or
 * (size_t)-1 for a code point that is none. */
static XN__ALWAYS_INLINE size_t copy_basic(const uint32_t *in, size_t in_len,
                                       const unsigned char *case_flags, char *out,
                                       size_t out_cap, int room)
{
    size_t o = 0, j;
    for (j = 0; j < in_len; j++) {
        uint32_t c = in[j];
        if (c < INITIAL_N)
            PUT(case_flags ? basic_with_case(c, case_flags[j]) : (char)c);
        else if (!is_scalar(c))
            return (size_t)-1;
    }
    return o;
}

/* §6.3 with a given maxint (§6.4) for in_len <= SMALL_LABEL, arguments
 * checked: the output of encode_scan() without its rescans.
 *
 * The RFC's encoder scans the whole input once per distinct non-basic code
 * point n; in each scan a code point below n adds 1 to delta and each n is
 * emitted.  Here the non-basic code points are numbered in input order
 * (their rank r) and sorted once by value, then rank: the order they are
 * emitted in.  What a scan would count for the n of rank r comes from
 *   before = #{p < pos : in[p] < n} = (basic code points before it)
 *            + (ranks below r emitted in earlier rounds),
 * the latter from a bit set of those ranks:
 *  - an n's delta holds the code points below n since the last n emitted
 *    in the round: before minus the last emitted n's before (0 for the
 *    first n of a round);
 *  - the scan's rest after the last n of a round is the h of the round's
 *    start minus that n's before; the round's end adds 1 (delta++, n++),
 *    the next round (m - n) * (h + 1).
 * The start is a round for n = INITIAL_N - 1 that emitted nothing and
 * whose rest and increment make 0 (last_before = round_h + 1), so the
 * first code point needs no case of its own.
 * A typical label has a few non-basic code points: sorting them and
 * counting bits costs a few steps, where the scans cost in_len per round.
 *
 * Under 64 code points a delta is below 64 * 0x110000 < 2^27: it exceeds
 * maxint only when a test asks for a smaller one, and with maxint the
 * constant MAXINT the compiler drops the tests (OVER). */
#define OVER(delta, maxint) ((maxint) < MAXINT && (delta) > (maxint))

static XN__ALWAYS_INLINE int encode_small(const uint32_t *in, size_t in_len,
                                      const unsigned char *case_flags, char *out,
                                      size_t out_cap, int room, size_t *out_len, uint32_t maxint)
{
    uint32_t key[SMALL_LABEL];      /* code point << 6 | rank, ascending */
    unsigned char pos[SMALL_LABEL]; /* by rank: the position in the input */
    uint64_t emitted = 0, below = 0; /* ranks emitted: all, and before this round */
    uint32_t n = INITIAL_N - 1, bias = INITIAL_BIAS;
    size_t o = 0, h, b, j, nk = 0, s, round_h, last_before;

    /* One pass: the basic code points out (appendix A: letters take the
     * case of their flag), the others checked and sorted into key[]
     * (insertion sort: they are few). */
    for (j = 0; j < in_len; j++) {
        uint32_t c = in[j], kr;
        if (c < INITIAL_N) {
            PUT(case_flags ? basic_with_case(c, case_flags[j]) : (char)c);
            continue;
        }
        if (!is_scalar(c)) {
            *out_len = 0;
            return XN_E_PUNYCODE_BAD_CODE_POINT;
        }
        kr = c << 6 | (uint32_t)nk;
        pos[nk] = (unsigned char)j;
        for (s = nk++; s > 0 && key[s - 1] > kr; s--)
            key[s] = key[s - 1];
        key[s] = kr;
    }
    h = b = o;
    if (b > 0)
        PUT(DELIMITER);

    round_h = h;
    last_before = h + 1;
    for (s = 0; s < nk; s++) {
        uint32_t c = key[s] >> 6, r = key[s] & 63;
        uint64_t x, delta;
        size_t before;
        /* The basic code points before it (its position less its rank),
         * then the bits of below under r, one step per bit. */
        before = pos[r] - r;
        if (c != n) {
            /* A new round for m = c: the rest of the last one's scan and
             * its increment, then (m - n - 1) * (h + 1) (n++ done).  Both
             * factors are below 2^21 and 2^7, so the 64-bit sum is exact. */
            delta = round_h + 1 - last_before + (uint64_t)(c - n - 1) * (h + 1);
            n = c;
            round_h = h;
            last_before = 0;
            below = emitted;
        } else {
            delta = 0;
        }
        for (x = below & (((uint64_t)1 << r) - 1); x != 0; x &= x - 1)
            before++;
        delta += before - last_before;
        if (OVER(delta, maxint))
            goto overflow;
        o = put_delta(out, out_cap, room, o, (uint32_t)delta, bias,
                      case_flags && case_flags[pos[r]]);
        bias = adapt((uint32_t)delta, (uint32_t)(h + 1), h == b);
        h++;
        last_before = before;
        emitted |= (uint64_t)1 << r;
    }
    /* The RFC's last "increment delta and n" cannot overflow: delta is then
     * at most in_len + 1, and maxint > XN_LABEL_LIMIT. */

    return encoded(out, out_cap, o, out_len);

overflow:
    *out_len = 0;
    return XN_E_PUNYCODE_OVERFLOW;
}

/* §6.3 with a given maxint (§6.4), as the RFC writes it, for labels longer
 * than SMALL_LABEL.  Arguments are already checked. */
static int encode_scan(const uint32_t *in, size_t in_len, const unsigned char *case_flags,
                       char *out, size_t out_cap, size_t *out_len, uint32_t maxint)
{
    const int room = 0; /* out_cap is tested for every character */
    uint32_t n = INITIAL_N, bias = INITIAL_BIAS;
    uint32_t m = UINT32_MAX; /* the smallest code point >= n, found one scan ahead */
    uint64_t delta = 0;      /* exact; compared with maxint before use */
    size_t o = 0, h, b, j;

    /* The basic code points, then the first m. */
    o = copy_basic(in, in_len, case_flags, out, out_cap, room);
    if (o == (size_t)-1) {
        *out_len = 0;
        return XN_E_PUNYCODE_BAD_CODE_POINT;
    }
    for (j = 0; j < in_len; j++)
        if (in[j] >= INITIAL_N && in[j] < m)
            m = in[j];
    h = b = o;
    if (b > 0)
        PUT(DELIMITER);

    while (h < in_len) {
        /* delta = delta + (m - n) * (h + 1), fail on overflow.  Both factors
         * are below 2^21 and 2^11, so the 64-bit sum is exact. */
        delta += (uint64_t)(m - n) * (h + 1);
        if (delta > maxint)
            goto overflow;
        n = m;
        m = UINT32_MAX;
        for (j = 0; j < in_len; j++) {
            uint32_t c = in[j];
            if (c < n) {
                /* Increment delta.  It only grows until it is used or the
                 * round ends, so checking there catches the same overflow. */
                delta++;
            } else if (c == n) {
                if (delta > maxint)
                    goto overflow;
                o = put_delta(out, out_cap, room, o, (uint32_t)delta, bias,
                              case_flags && case_flags[j]);
                bias = adapt((uint32_t)delta, (uint32_t)(h + 1), h == b);
                delta = 0;
                h++;
            } else if (c < m) {
                m = c;
            }
        }
        delta++;
        n++;
        if (delta > maxint)
            goto overflow;
    }

    return encoded(out, out_cap, o, out_len);

overflow:
    *out_len = 0;
    return XN_E_PUNYCODE_OVERFLOW;
}

/* The encoders, arguments checked (in_len not yet).  A basic
 * code point gives one character, any other at most MAX_DIGITS, and a
 * delimiter may come: when out_cap holds that much, encode_small() is made
 * without its bounds tests. */
static XN__ALWAYS_INLINE int encode_any(const uint32_t *in, size_t in_len,
                                        const unsigned char *case_flags, char *out,
                                        size_t out_cap, size_t *out_len, uint32_t maxint)
{
    *out_len = 0;
    if (in_len > XN_LABEL_LIMIT)
        return XN_E_TOO_LONG;
    if (in_len <= SMALL_LABEL && out_cap > in_len * MAX_DIGITS)
        return encode_small(in, in_len, case_flags, out, out_cap, 1, out_len, maxint);
    if (in_len <= SMALL_LABEL)
        return encode_small(in, in_len, case_flags, out, out_cap, 0, out_len, maxint);
    return encode_scan(in, in_len, case_flags, out, out_cap, out_len, maxint);
}

static int encode_checked(const uint32_t *in, size_t in_len, const unsigned char *case_flags,
                          char *out, size_t out_cap, size_t *out_len, uint32_t maxint)
{
    if (!out_len || (!in && in_len > 0) || (!out && out_cap > 0) ||
        xn__overlap(in, in_len * sizeof *in, out, out_cap) ||
        (case_flags && xn__overlap(case_flags, in_len, out, out_cap)))
        return XN_E_INVALID_ARG;
    /* Without case flags, the path ToASCII takes (maxint the constant). */
    if (!case_flags && maxint == MAXINT)
        return xn__punycode_encode_unchecked(in, in_len, out, out_cap, out_len);
    return encode_any(in, in_len, case_flags, out, out_cap, out_len, maxint);
}

int xn__punycode_encode_unchecked(const uint32_t *in, size_t in_len, char *out,
                                  size_t out_cap, size_t *out_len)
{
    return encode_any(in, in_len, NULL, out, out_cap, out_len, MAXINT);
}

int
xn_punycode_encode(const uint32_t *in, size_t in_len, const unsigned char *case_flags,
                   char *out, size_t out_cap, size_t *out_len)
{
    return encode_checked(in, in_len, case_flags, out, out_cap, out_len, MAXINT);
}

int xn__punycode_encode_bounded(const uint32_t *in, size_t in_len,
                                const unsigned char *case_flags, char *out,
                                size_t out_cap, size_t *out_len, uint32_t maxint)
{
    if (maxint <= XN_LABEL_LIMIT)
        return XN_E_INVALID_ARG;
    return encode_checked(in, in_len, case_flags, out, out_cap, out_len, maxint);
}

/* Inserts n at out[at], moving out[at..len) up by one.  The tail of a
 * typical label is a few code points, fewer than a call to memmove() costs
 * to set up, so a short one is moved here, each value handing its place to
 * the one before it (a form compilers do not turn back into memmove()). */
static inline void insert_at(uint32_t *out, size_t len, size_t at, uint32_t n)
{
    if (len - at > 16) {
        memmove(out + at + 1, out + at, (len - at) * sizeof *out);
        out[at] = n;
        return;
    }
    for (; at < len; at++) {
        uint32_t next = out[at];
        out[at] = n;
        n = next;
    }
    out[len] = n;
}

/* The number of bytes before the last DELIMITER of s[0..n), 0 if none.
 * From the end, eight bytes at a time while they hold no '-': the test
 * (v - ones) & ~v & highs is nonzero exactly when a byte of v is 0, though
 * not always at that byte, so a word that has one is searched byte by
 * byte. */
static inline size_t last_delimiter(const unsigned char *s, size_t n)
{
    const uint64_t ones = 0x0101010101010101u, highs = ones << 7;
    for (; n >= 8; n -= 8) {
        uint64_t v;
        memcpy(&v, s + n - 8, 8);
        v ^= ones * DELIMITER;
        if ((v - ones) & ~v & highs)
            break;
    }
    for (; n > 0; n--)
        if (s[n - 1] == DELIMITER)
            return n - 1;
    return 0;
}

/* Reads the digit at s[*p] into *c and its value into *digit, moving *p on;
 * fails when the input ends first or the byte is no digit. */
static XN__ALWAYS_INLINE int next_digit(const unsigned char *s, size_t in_len, size_t *p,
                                        unsigned char *c, uint32_t *digit)
{
    if (*p >= in_len)
        return XN_E_PUNYCODE_TRUNCATED;
    *c = s[(*p)++];
    *digit = digit_of[*c];
    return *digit < BASE ? XN_OK : XN_E_PUNYCODE_BAD_DIGIT;
}

/* A delta's first SAFE_DIGITS digits cannot overflow (§6.4): i <=
 * XN_LABEL_LIMIT when a delta starts, and the j-th digit adds at most
 * 35 w with w <= 35^(j-1), so after six i <= 1024 + 35^6 * 35/34 < 2^31
 * and w <= 35^6 < 2^31.  The tests start at the seventh. */
#define SAFE_DIGITS 6

/* The most adapt() returns: delta <= maxint gives at most 2^32 - 2 after
 * its first two steps, five divisions and 180 + 24. */
#define MAX_BIAS 204

/* threshold(k, bias) - 1 at [k + MAX_BIAS - bias], for the k of the safe
 * digits (k <= SAFE_DIGITS * BASE): one load for the clamp.  0 (tmin)
 * through MAX_BIAS + 1 by the implicit zero fill. */
static const unsigned char threshold_m1[SAFE_DIGITS * BASE + MAX_BIAS + 1] = {
    [MAX_BIAS + 2] =
     1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25,
};

/* §6.2 on arguments already checked (in_len not yet).  Made twice: with
 * case_flags NULL for xn__punycode_decode_unchecked(), the path of
 * ToUnicode, and as it is given for xn_punycode_decode(). */
static XN__ALWAYS_INLINE int decode(const unsigned char *s, size_t in_len, uint32_t *out,
                                    size_t out_cap, size_t *out_len,
                                    unsigned char *case_flags)
{
    uint32_t n = INITIAL_N, i = 0, bias = INITIAL_BIAS;
    size_t b, len, p, j;
    int rc;

    *out_len = 0;
    if (in_len > XN_ACE_LIMIT)
        return XN_E_TOO_LONG;

    /* b = the number of code points before the last delimiter.  Copy them
     * to the output, failing on any non-basic one.  Appendix A: the flag of
     * a basic code point is whether it is an upper-case letter. */
    b = last_delimiter(s, in_len);
    for (j = 0; j < b; j++) {
        if (s[j] >= INITIAL_N)
            return XN_E_PUNYCODE_BAD_BASIC;
        if (j < out_cap) {
            out[j] = s[j];
            if (case_flags)
                case_flags[j] = (unsigned char)((unsigned)(s[j] - 'A') < 26u);
        }
    }
    len = b;
    if (len > XN_LABEL_LIMIT)
        return XN_E_TOO_LONG;

    /* Consume the delimiter only if code points came before it: a '-' at
     * position 0 is then read as a digit, and fails. */
    for (p = b > 0 ? b + 1 : 0; p < in_len;) {
        uint32_t oldi = i, w = 1, k, t, digit, len1, q;
        unsigned char c;
        /* The safe digits: no overflow tests, the threshold from the
         * table (tk + k indexes it).  Then the RFC's loop with both. */
        uint32_t tk = MAX_BIAS - bias;
        for (k = BASE;; k += BASE) {
            if ((rc = next_digit(s, in_len, &p, &c, &digit)) != XN_OK)
                return rc;
            i += digit * w;
            t = threshold_m1[tk + k]; /* t - 1 */
            if (digit <= t)
                goto delta_done;
            w *= BASE - 1 - t;
            if (k == SAFE_DIGITS * BASE)
                break;
        }
        for (k += BASE;; k += BASE) {
            uint64_t v;
            if ((rc = next_digit(s, in_len, &p, &c, &digit)) != XN_OK)
                return rc;
            v = i + (uint64_t)digit * w; /* i = i + digit * w, fail on overflow */
            if (v > MAXINT)
                return XN_E_PUNYCODE_OVERFLOW;
            i = (uint32_t)v;
            t = threshold(k, bias);
            if (digit < t)
                break;
            v = (uint64_t)w * (BASE - t); /* w = w * (base - t), fail on overflow */
            if (v > MAXINT)
                return XN_E_PUNYCODE_OVERFLOW;
            w = (uint32_t)v;
        }
    delta_done:
        if (len >= XN_LABEL_LIMIT) /* one more would pass the limit */
            return XN_E_TOO_LONG;
        len1 = (uint32_t)len + 1; /* len < XN_LABEL_LIMIT */
        bias = adapt(i - oldi, len1, oldi == 0);
        /* n = n + i div (length + 1).  n <= U+10FFFF before: a sum past it
         * fails, with §6.4's status when it passes maxint. */
        q = i / len1;
        i %= len1;
        if (q > 0x10FFFF - n)
            return q > MAXINT - n ? XN_E_PUNYCODE_OVERFLOW : XN_E_PUNYCODE_BAD_CODE_POINT;
        n += q;
        if (n - 0xD800u < 0x800u)
            return XN_E_PUNYCODE_BAD_CODE_POINT;
        /* Insert n at position i.  Appendix A: its flag is the case of the
         * last digit of its delta, a letter since digit < t <= 26. */
        if (len < out_cap) {
            insert_at(out, len, i, n);
            if (case_flags) {
                memmove(case_flags + i + 1, case_flags + i, len - i);
                case_flags[i] = (unsigned char)((c & 0x20) == 0);
            }
        }
        len++;
        i++;
    }

    *out_len = len;
    return len > out_cap ? XN_E_BUFFER_TOO_SMALL : XN_OK;
}

int xn__punycode_decode_unchecked(const char *in, size_t in_len, uint32_t *out,
                                  size_t out_cap, size_t *out_len)
{
    return decode((const unsigned char *)in, in_len, out, out_cap, out_len, NULL);
}

int
xn_punycode_decode(const char *in, size_t in_len, uint32_t *out, size_t out_cap,
                   size_t *out_len, unsigned char *case_flags)
{
    if (!out_len || (!in && in_len > 0) || (!out && out_cap > 0) ||
        xn__overlap(in, in_len, out, out_cap * sizeof *out) ||
        (case_flags && (xn__overlap(in, in_len, case_flags, out_cap) ||
                        xn__overlap(out, out_cap * sizeof *out, case_flags, out_cap))))
        return XN_E_INVALID_ARG;
    if (!case_flags)
        return xn__punycode_decode_unchecked(in, in_len, out, out_cap, out_len);
    return decode((const unsigned char *)in, in_len, out, out_cap, out_len, case_flags);
}
