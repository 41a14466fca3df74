/*
 * What the two Punycode test programs share (test-punycode.c: the codec on
 * crafted and generated input; test-punycode-data.c: published vectors and
 * the libidn differential): checked calls that try a vector at every
 * capacity in exact-size and guarded buffers, and generated strings with
 * their round trips.
 */
#ifndef XN_TEST_PUNYCODE_CHECK_H
#define XN_TEST_PUNYCODE_CHECK_H

#include <stdbool.h>

#include "rfc3492.h"
#include "xn.h"
#include "testdata.h"

#define GUARD 16
#define GUARD_BYTE 0xA5

/* ------------------------------------------------------------------------
 * Helpers
 * --------------------------------------------------------------------- */

/* Code points as "U+0041 U+00FC ..." for messages (static buffer). */
static inline const char *cps_text(const uint32_t *cp, size_t n)
{
    static char buf[400];
    size_t o = 0, i;
    buf[0] = '\0';
    for (i = 0; i < n && o + 16 < sizeof buf; i++)
        o += (size_t)snprintf(buf + o, sizeof buf - o, "%sU+%04" PRIX32, i ? " " : "", cp[i]);
    if (i < n)
        snprintf(buf + o, sizeof buf - o, " ...(%zu)", n);
    return buf;
}

static inline const char *bytes_text(const char *s, size_t n)
{
    static char buf[400];
    return test_escape(buf, sizeof buf, s, n);
}

static inline bool guard_intact(const unsigned char *p)
{
    size_t i;
    for (i = 0; i < GUARD; i++)
        if (p[i] != GUARD_BYTE)
            return false;
    return true;
}

static inline bool round_trip(const uint32_t *cp0, size_t n, const unsigned char *flags0);

static inline bool is_upper_ascii(uint32_t c)
{
    return c >= 'A' && c <= 'Z';
}

static inline bool is_letter_ascii(uint32_t c)
{
    return (c | 0x20u) >= 'a' && (c | 0x20u) <= 'z';
}

/* ------------------------------------------------------------------------
 * Checked calls: one vector, both the result and every capacity below it
 * --------------------------------------------------------------------- */

/* Encodes cp[0..n) with flags (may be NULL) and checks the result against
 * expect (expect_len bytes), at every capacity. */
static inline void check_encode(const uint32_t *cp0, size_t n, const unsigned char *flags0,
                         const char *expect, size_t expect_len, const char *what)
{
    uint32_t *cp = (uint32_t *)test_exact_copy(cp0, n * sizeof *cp);
    unsigned char *flags = flags0 ? (unsigned char *)test_exact_copy(flags0, n) : NULL;
    size_t len = 12345, cap;
    int rc;
    char *out;

    /* The size query. */
    rc = xn_punycode_encode(cp, n, flags, NULL, 0, &len);
    CHECK_MSG(rc == (expect_len ? XN_E_BUFFER_TOO_SMALL : XN_OK) && len == expect_len,
              "%s: size query: rc %s, len %zu, want %zu", what, xn_strerror_name(rc), len,
              expect_len);

    /* Room for the NUL. */
    out = (char *)test_xmalloc(expect_len + 1);
    rc = xn_punycode_encode(cp, n, flags, out, expect_len + 1, &len);
    CHECK_MSG(rc == XN_OK && len == expect_len && memcmp(out, expect, len) == 0 &&
                  out[len] == '\0',
              "%s: encode: rc %s, got \"%s\" (%zu), want \"%s\"", what, xn_strerror_name(rc),
              rc == XN_OK ? bytes_text(out, len) : "", len,
              test_escape((char[400]){0}, 400, expect, expect_len));
    free(out);

    /* Every capacity up to the exact size: exact-size blocks (ASan sees any
     * write past them) and guarded blocks (the guard bytes must stay). */
    for (cap = 0; cap <= expect_len; cap++) {
        int mode;
        for (mode = 0; mode < 2; mode++) {
            unsigned char *blk = (unsigned char *)test_xmalloc(mode ? cap + GUARD : cap);
            if (mode)
                memset(blk, GUARD_BYTE, cap + GUARD);
            len = 12345;
            rc = xn_punycode_encode(cp, n, flags, (char *)blk, cap, &len);
            if (cap < expect_len)
                CHECK_MSG(rc == XN_E_BUFFER_TOO_SMALL && len == expect_len,
                          "%s: cap %zu: rc %s, len %zu, want %zu", what, cap,
                          xn_strerror_name(rc), len, expect_len);
            else
                CHECK_MSG(rc == XN_OK && len == expect_len && memcmp(blk, expect, len) == 0,
                          "%s: cap %zu (no room for NUL): rc %s", what, cap,
                          xn_strerror_name(rc));
            if (mode)
                CHECK_MSG(guard_intact(blk + cap), "%s: cap %zu: wrote past out_cap", what, cap);
            free(blk);
        }
    }
    free(cp);
    free(flags);
}

/* Decodes in[0..in_len) and checks the code points (and, when expect_flags
 * is not NULL, the case flags) at every capacity. */
static inline void check_decode(const char *in0, size_t in_len, const uint32_t *expect, size_t expect_n,
                         const unsigned char *expect_flags, const char *what)
{
    char *in = test_exact_copy(in0, in_len);
    size_t len = 12345, cap;
    int rc;
    uint32_t *out;
    unsigned char *fl;

    rc = xn_punycode_decode(in, in_len, NULL, 0, &len, NULL);
    CHECK_MSG(rc == (expect_n ? XN_E_BUFFER_TOO_SMALL : XN_OK) && len == expect_n,
              "%s: size query: rc %s, len %zu, want %zu", what, xn_strerror_name(rc), len,
              expect_n);

    /* Exact room, with and without flags. */
    out = (uint32_t *)test_xmalloc(expect_n * sizeof *out);
    fl = (unsigned char *)test_xmalloc(expect_n);
    rc = xn_punycode_decode(in, in_len, out, expect_n, &len, fl);
    CHECK_MSG(rc == XN_OK && len == expect_n && memcmp(out, expect, len * sizeof *out) == 0,
              "%s: decode \"%s\": rc %s, got %s", what, bytes_text(in, in_len),
              xn_strerror_name(rc), rc == XN_OK ? cps_text(out, len) : "-");
    if (rc == XN_OK && expect_flags)
        CHECK_MSG(memcmp(fl, expect_flags, expect_n) == 0, "%s: case flags differ", what);
    rc = xn_punycode_decode(in, in_len, out, expect_n, &len, NULL);
    CHECK_MSG(rc == XN_OK && len == expect_n && memcmp(out, expect, len * sizeof *out) == 0,
              "%s: decode without flags: rc %s", what, xn_strerror_name(rc));
    free(out);
    free(fl);

    for (cap = 0; cap <= expect_n; cap++) {
        int mode;
        for (mode = 0; mode < 2; mode++) {
            size_t ob = mode ? cap * sizeof *out + GUARD : cap * sizeof *out;
            size_t fb = mode ? cap + GUARD : cap;
            unsigned char *o = (unsigned char *)test_xmalloc(ob), *f = (unsigned char *)test_xmalloc(fb);
            if (mode) {
                memset(o, GUARD_BYTE, ob);
                memset(f, GUARD_BYTE, fb);
            }
            len = 12345;
            rc = xn_punycode_decode(in, in_len, (uint32_t *)(void *)o, cap, &len, f);
            if (cap < expect_n)
                CHECK_MSG(rc == XN_E_BUFFER_TOO_SMALL && len == expect_n,
                          "%s: cap %zu: rc %s, len %zu, want %zu", what, cap,
                          xn_strerror_name(rc), len, expect_n);
            else
                CHECK_MSG(rc == XN_OK && len == expect_n, "%s: cap %zu: rc %s", what, cap,
                          xn_strerror_name(rc));
            if (mode)
                CHECK_MSG(guard_intact(o + cap * sizeof *out) && guard_intact(f + cap),
                          "%s: cap %zu: wrote past out_cap", what, cap);
            free(o);
            free(f);
        }
    }
    free(in);
}

static inline void check_encode_fails(const uint32_t *cp0, size_t n, const unsigned char *flags,
                               int want, const char *what)
{
    uint32_t *cp = (uint32_t *)test_exact_copy(cp0, n * sizeof *cp);
    char buf[64];
    size_t len = 12345;
    int rc = xn_punycode_encode(cp, n, flags, NULL, 0, &len);
    CHECK_MSG(rc == want, "%s: size query: rc %s, want %s", what, xn_strerror_name(rc),
              xn_strerror_name(want));
    rc = xn_punycode_encode(cp, n, flags, buf, sizeof buf, &len);
    CHECK_MSG(rc == want, "%s: rc %s, want %s", what, xn_strerror_name(rc), xn_strerror_name(want));
    free(cp);
}

static inline void check_decode_fails(const char *in0, size_t in_len, int want, const char *what)
{
    char *in = test_exact_copy(in0, in_len);
    uint32_t out[XN_LABEL_LIMIT];
    unsigned char fl[XN_LABEL_LIMIT];
    size_t len = 12345;
    int rc = xn_punycode_decode(in, in_len, NULL, 0, &len, NULL);
    CHECK_MSG(rc == want, "%s \"%s\": size query: rc %s, want %s", what, bytes_text(in, in_len),
              xn_strerror_name(rc), xn_strerror_name(want));
    rc = xn_punycode_decode(in, in_len, out, XN_LABEL_LIMIT, &len, fl);
    CHECK_MSG(rc == want, "%s \"%s\": rc %s, want %s", what, bytes_text(in, in_len),
              xn_strerror_name(rc), xn_strerror_name(want));
    free(in);
}


/* ------------------------------------------------------------------------
 * Generated strings
 * --------------------------------------------------------------------- */

static uint64_t rng_state = UINT64_C(0x9E3779B97F4A7C15);

/* xorshift64* */
static inline uint32_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * UINT64_C(2685821657736338717)) >> 32);
}

static inline uint32_t rnd_below(uint32_t n)
{
    return (uint32_t)(((uint64_t)rnd() * n) >> 32);
}

static inline uint32_t rnd_scalar(uint32_t lo, uint32_t hi)
{
    uint32_t c;
    do
        c = lo + rnd_below(hi - lo + 1);
    while (c >= 0xD800 && c <= 0xDFFF);
    return c;
}

/* A random string of n scalar values: a mix of ASCII, BMP and astral code
 * points, sometimes drawn from a small alphabet so that values repeat. */
static inline void gen_string(uint32_t *cp, size_t n)
{
    uint32_t alphabet[8], kind = rnd_below(5), i;
    for (i = 0; i < 8; i++)
        alphabet[i] = rnd_below(4) == 0 ? rnd_scalar(0, 0x7F) : rnd_scalar(0x80, 0x10FFFF);
    for (i = 0; i < n; i++) {
        uint32_t r = rnd_below(100);
        if (kind == 0 || (kind == 1 && r < 50))
            cp[i] = alphabet[rnd_below(8)];
        else if (r < 35)
            cp[i] = rnd_below(0x80);
        else if (r < 50)
            cp[i] = rnd_scalar(0x80, 0x7FF);
        else if (r < 80)
            cp[i] = rnd_scalar(0x800, 0xFFFF);
        else if (r < 95)
            cp[i] = rnd_scalar(0x10000, 0x10FFFF);
        else
            cp[i] = rnd_scalar(0x10FF00, 0x10FFFF);
    }
}

/* Encodes and decodes cp[0..n) in exact-size buffers, with flags (NULL or
 * arbitrary), and checks what comes back: the code points with basic
 * letters in their flag's case, and flags that say upper case exactly for
 * upper-case basic letters and for flagged non-basic code points.  An
 * encoding longer than XN_ACE_LIMIT cannot be decoded (XN_E_TOO_LONG);
 * returns false for it. */
static inline bool round_trip(const uint32_t *cp0, size_t n, const unsigned char *flags0)
{
    uint32_t *cp = (uint32_t *)test_exact_copy(cp0, n * sizeof *cp), *dec;
    unsigned char *flags = flags0 ? (unsigned char *)test_exact_copy(flags0, n) : NULL, *dfl;
    size_t need = 0, len = 0, dn = 0, i;
    char *enc;
    int rc = xn_punycode_encode(cp, n, flags, NULL, 0, &need);
    bool ok;

    CHECK_MSG(rc == XN_E_BUFFER_TOO_SMALL || (rc == XN_OK && need == 0),
              "round trip %s: size query %s", cps_text(cp, n), xn_strerror_name(rc));
    enc = (char *)test_xmalloc(need);
    rc = xn_punycode_encode(cp, n, flags, enc, need, &len);
    CHECK_MSG(rc == XN_OK && len == need, "round trip %s: encode %s", cps_text(cp, n),
              xn_strerror_name(rc));
    if (len > XN_ACE_LIMIT) {
        rc = xn_punycode_decode(enc, len, NULL, 0, &dn, NULL);
        CHECK_MSG(rc == XN_E_TOO_LONG, "round trip %s: %zu bytes decode with %s",
                  cps_text(cp, n), len, xn_strerror_name(rc));
        free(enc);
        free(cp);
        free(flags);
        return false;
    }
    dec = (uint32_t *)test_xmalloc(n * sizeof *dec);
    dfl = (unsigned char *)test_xmalloc(n);
    rc = xn_punycode_decode(enc, len, dec, n, &dn, dfl);
    ok = rc == XN_OK && dn == n;
    for (i = 0; ok && i < n; i++) {
        uint32_t want = cp[i];
        bool upper;
        if (want < 0x80) {
            if (flags && is_letter_ascii(want))
                want = flags[i] ? (want & ~0x20u) : (want | 0x20u);
            upper = is_upper_ascii(want);
        } else {
            upper = flags && flags[i];
        }
        ok = dec[i] == want && (dfl[i] != 0) == upper;
    }
    CHECK_MSG(ok, "round trip %s%s: \"%s\" decodes with %s to %s", cps_text(cp, n),
              flags ? " (flags)" : "", bytes_text(enc, len), xn_strerror_name(rc),
              rc == XN_OK ? cps_text(dec, dn) : "-");
    free(enc);
    free(dec);
    free(dfl);
    free(cp);
    free(flags);
    return true;
}


#endif
