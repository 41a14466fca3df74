/*
 * The Punycode codec (RFC 3492) against published vectors and a peer:
 *   - RFC 3492 §7.1 samples (A)-(S), with and without case flags, and
 *     rust-url's punycode_tests.json and bad_punycode_tests.json, from the
 *     testdata folder (argv[1], meson's -Dtestdata, by default tests/data);
 *   - a differential test against GNU libidn's punycode_encode/decode
 *     (built with HAVE_LIBIDN; without it the test says so and is skipped).
 * Every vector, both ways, is run at every capacity from 0 to the size
 * needed (punycode-check.h).  A missing data file prints "SKIP: <path> not
 * found" and, when everything else passed, exits 77 (meson: SKIP).
 */
#include <ctype.h>
#include <stdbool.h>

#include "json.h"
#include "punycode-check.h"

#ifdef HAVE_LIBIDN
#include <punycode.h>
#endif

/* ------------------------------------------------------------------------
 * GNU libidn differential
 * --------------------------------------------------------------------- */

#ifdef HAVE_LIBIDN
/* Compares the two encoders on cp[0..n); returns true when they agree. */
static bool diff_encode(const uint32_t *cp, size_t n, const unsigned char *flags, char *enc,
                        size_t *enc_len)
{
    static char ref[16 * XN_LABEL_LIMIT];
    size_t ref_len = sizeof ref, len;
    int rc = xn_punycode_encode(cp, n, flags, enc, 16 * XN_LABEL_LIMIT, &len);
    int rrc = punycode_encode(n, cp, flags, &ref_len, ref);
    bool same = rc == XN_OK && rrc == PUNYCODE_SUCCESS && len == ref_len &&
                memcmp(enc, ref, len) == 0;
    CHECK_MSG(same, "libidn encode %s%s: xn %s \"%s\", libidn %d \"%s\"", cps_text(cp, n),
              flags ? " (flags)" : "", xn_strerror_name(rc), rc ? "" : bytes_text(enc, len), rrc,
              rrc ? "" : test_escape((char[400]){0}, 400, ref, ref_len));
    *enc_len = len;
    return same;
}

/* Inputs where libidn 1.41 legitimately differs from RFC 3492, counted. */
static unsigned long lenient_digit, low_surrogate;

/* Compares the two decoders on s[0..n); returns 1 when both succeed, 0 when
 * both fail, and fails the check when they disagree.
 *
 * Two classes are not compared; on them we check our own result instead:
 * 1. libidn's decode_digit() works on a signed int, so bytes 0x16-0x2F
 *    (space, '!', ',', '-', '/' ...) get the digit values 0-25.  RFC 3492
 *    §5 gives digit values to A-Z, a-z and 0-9 only, and §6.2 fails on a
 *    code point with no digit value: we must fail (not necessarily with
 *    BAD_DIGIT: overflow or a bad value earlier in the input comes first).
 * 2. libidn rejects values above U+10FFFF and D800-DBFF, but returns
 *    DC00-DFFF, which are not Unicode scalar values either: where its result
 *    holds one, we must fail with XN_E_PUNYCODE_BAD_CODE_POINT. */
static int diff_decode(const char *s, size_t n)
{
    static uint32_t out[XN_LABEL_LIMIT + 1], ref[XN_LABEL_LIMIT + 1];
    static unsigned char fl[XN_LABEL_LIMIT + 1], rfl[XN_LABEL_LIMIT + 1];
    size_t len = 0, ref_len = XN_LABEL_LIMIT + 1, b = 0, i;
    int rc = xn_punycode_decode(s, n, out, XN_LABEL_LIMIT + 1, &len, fl);
    int rrc = punycode_decode(n, s, &ref_len, ref, rfl);
    for (i = 0; i < n; i++)
        if (s[i] == '-')
            b = i;
    for (i = b > 0 ? b + 1 : 0; i < n; i++) {
        if (s[i] >= 0x16 && s[i] <= 0x2F) {
            lenient_digit++;
            CHECK_MSG(rc < 0, "\"%s\": decoded, but holds a byte that is no digit",
                      bytes_text(s, n));
            return 0;
        }
    }
    for (i = 0; rrc == PUNYCODE_SUCCESS && i < ref_len; i++) {
        if (ref[i] >= 0xDC00 && ref[i] <= 0xDFFF) {
            low_surrogate++;
            CHECK_MSG(rc == XN_E_PUNYCODE_BAD_CODE_POINT, "\"%s\": libidn gives U+%04" PRIX32
                      ", xn %s", bytes_text(s, n), ref[i], xn_strerror_name(rc));
            return 0;
        }
    }
    if (rc == XN_OK && rrc == PUNYCODE_SUCCESS) {
        CHECK_MSG(len == ref_len && memcmp(out, ref, len * sizeof *out) == 0 &&
                      memcmp(fl, rfl, len) == 0,
                  "libidn decode \"%s\": results differ", bytes_text(s, n));
        return 1;
    }
    CHECK_MSG(rc != XN_OK && rrc != PUNYCODE_SUCCESS,
              "libidn decode \"%s\": xn %s, libidn %d", bytes_text(s, n), xn_strerror_name(rc),
              rrc);
    return 0;
}

static void test_libidn(void)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-";
    uint32_t cp[XN_LABEL_LIMIT];
    unsigned char flags[XN_LABEL_LIMIT];
    char *enc = (char *)test_xmalloc(16 * XN_LABEL_LIMIT);
    char s[XN_LABEL_LIMIT];
    unsigned long enc_n = 0, dec_n = 0, dec_ok = 0, before = test_failures;
    int iter;

    for (iter = 0; iter < 100000; iter++) {
        size_t n = iter < 99000 ? rnd_below(64) : rnd_below(XN_LABEL_LIMIT + 1), len, i;
        bool with_flags = rnd_below(2);
        gen_string(cp, n);
        for (i = 0; i < n; i++)
            flags[i] = (unsigned char)(rnd_below(3) == 0);
        enc_n++;
        if (!diff_encode(cp, n, with_flags ? flags : NULL, enc, &len))
            continue;
        /* The decoders on the encoding and on mutations of it (a replaced,
         * inserted or deleted character, or a case change). */
        if (len > sizeof s)
            continue;
        memcpy(s, enc, len);
        dec_n++;
        dec_ok += (unsigned long)diff_decode(s, len);
        for (i = rnd_below(4); i > 0; i--) {
            uint32_t r = rnd_below(100), at = len ? rnd_below((uint32_t)len) : 0;
            char c = r < 97 ? alphabet[rnd_below(sizeof alphabet - 1)]
                            : (char)(r < 99 ? rnd_below(0x80) : 0x80 + rnd_below(0x80));
            if (r < 40 && len > 0) {
                s[at] = c;
            } else if (r < 70 && len < sizeof s) {
                memmove(s + at + 1, s + at, len - at);
                s[at] = c;
                len++;
            } else if (r < 90 && len > 0) {
                memmove(s + at, s + at + 1, len - at - 1);
                len--;
            } else if (len > 0) {
                s[at] = (char)(isupper((unsigned char)s[at]) ? tolower((unsigned char)s[at])
                                                              : toupper((unsigned char)s[at]));
            }
            dec_n++;
            dec_ok += (unsigned long)diff_decode(s, len);
        }
    }
    /* Random strings over the digits, the delimiter and a little else. */
    for (iter = 0; iter < 100000; iter++) {
        size_t n = rnd_below(iter < 99000 ? 24 : XN_LABEL_LIMIT + 1), i;
        for (i = 0; i < n; i++) {
            uint32_t r = rnd_below(1000);
            s[i] = r < 990 ? alphabet[rnd_below(sizeof alphabet - 1)]
                           : (char)(r < 995 ? rnd_below(0x80) : 0x80 + rnd_below(0x80));
        }
        dec_n++;
        dec_ok += (unsigned long)diff_decode(s, n);
    }
    free(enc);
    printf("libidn differential: %lu encodings, %lu decodings (%lu valid; not compared: %lu "
           "with bytes libidn takes as digits, %lu where libidn returns a low surrogate), "
           "%lu failed\n",
           enc_n, dec_n, dec_ok, lenient_digit, low_surrogate, test_failures - before);
}
#endif

/* ------------------------------------------------------------------------
 * Test data: RFC 3492 §7.1 samples
 * --------------------------------------------------------------------- */

/* Splits the line s at tabs (test_split) into at most max NUL-terminated
 * fields, in place; returns the number of fields, max + 1 when more. */
static size_t split_tabs(char *s, char **field, size_t max)
{
    test_field f[8];
    size_t n = test_split(s, strlen(s), '\t', f, max < 8 ? max : 8), k;
    for (k = 0; k < n && k < max && k < 8; k++) {
        field[k] = s + (f[k].p - s);
        field[k][f[k].n] = '\0'; /* at or before the tab that ends it */
    }
    return n;
}

static void test_rfc3492(const char *dir)
{
    size_t size, samples = 0, before = test_failures;
    char *text = test_read_file(dir, "rfc3492/rfc3492-7.1-samples.tsv", &size), *line, *next;
    if (!text)
        return;
    for (line = text; *line; line = next) {
        char *f[6], *p, what[32];
        uint32_t cp[XN_LABEL_LIMIT], lower_cp[XN_LABEL_LIMIT];
        unsigned char flags[XN_LABEL_LIMIT] = {0}, zero[XN_LABEL_LIMIT] = {0};
        char lower[XN_LABEL_LIMIT];
        size_t n = 0, i, plen;

        next = strchr(line, '\n');
        next = next ? (*next = '\0', next + 1) : line + strlen(line);
        if (line[0] == '#' || line[0] == '\0')
            continue;
        if (split_tabs(line, f, 5) != 5) {
            CHECK_MSG(0, "rfc3492 tsv: bad line \"%s\"", line);
            continue;
        }
        snprintf(what, sizeof what, "RFC 3492 (%s)", f[0]);
        for (p = f[1]; *p && n < XN_LABEL_LIMIT;) {
            char *end;
            cp[n++] = (uint32_t)strtoul(p, &end, 16);
            if (end == p)
                break;
            p = end + strspn(end, " ");
        }
        CHECK_MSG(*p == '\0' && n > 0, "%s: bad code points", what);
        if (strcmp(f[2], "-") != 0) {
            for (p = f[2]; *p;) {
                char *end;
                unsigned long ix = strtoul(p, &end, 10);
                CHECK_MSG(end != p && ix < n, "%s: bad flag index", what);
                if (end == p || ix >= n)
                    break;
                flags[ix] = 1;
                p = end + (*end == ',');
            }
        }
        plen = strlen(f[3]);
        CHECK_MSG(plen == strlen(f[4]) && plen < sizeof lower, "%s: bad Punycode columns", what);
        if (plen != strlen(f[4]) || plen >= sizeof lower)
            continue;
        samples++;

        /* Encoding with the flags gives the RFC's string; without them,
         * the column without case flags. */
        check_encode(cp, n, flags, f[3], plen, what);
        check_encode(cp, n, NULL, f[4], plen, what);
        /* Decoding gives the code points and, as flags, the indices. */
        check_decode(f[3], plen, cp, n, flags, what);
        check_decode(f[4], plen, cp, n, NULL, what);
        /* The lower-cased string: the same code points with basic letters in
         * lower case, and no flags. */
        for (i = 0; i < plen; i++)
            lower[i] = (char)tolower((unsigned char)f[3][i]);
        for (i = 0; i < n; i++)
            lower_cp[i] = is_upper_ascii(cp[i]) ? cp[i] | 0x20u : cp[i];
        check_decode(lower, plen, lower_cp, n, zero, what);
    }
    CHECK_MSG(samples == 19, "RFC 3492 §7.1 has 19 samples, the file %zu", samples);
    printf("RFC 3492 samples: %zu, %lu failed\n", samples, test_failures - before);
    free(text);
}

/* ------------------------------------------------------------------------
 * Test data: rust-url JSON, through a small strict JSON reader
 * --------------------------------------------------------------------- */

/* Parses a whole document (json.h); false, and a failed check, when it is
 * not JSON. */
static bool json_parse(const char *text, size_t len, test_json *root, const char *name)
{
    test_json_error err = {0, NULL};
    bool ok = test_json_parse(text, len, root, &err);
    CHECK_MSG(ok, "%s:%u: not valid JSON: %s", name, err.line, err.msg);
    return ok;
}

/* A JSON string's code points (a lone surrogate escape stays one) in a
 * fresh array; their number in *n.  json.h keeps strings well-formed but
 * for such surrogates, so all of it decodes. */
static uint32_t *json_cps(const test_json *v, size_t *n)
{
    uint32_t *cp = (uint32_t *)test_xmalloc(v->text.n * sizeof *cp);
    test_utf8_to_cps(v->text.s, v->text.n, cp, n, true);
    return cp;
}

static void test_rust_url(const char *dir)
{
    size_t size, i, k, good = 0, bad = 0;
    unsigned long before = test_failures;
    char *text = test_read_file(dir, "rust-url-idna-tests/punycode_tests.json", &size);
    test_json root;
    if (text && json_parse(text, size, &root, "punycode_tests.json")) {
        CHECK(root.type == TEST_JSON_ARRAY);
        for (i = 0; root.type == TEST_JSON_ARRAY && i < root.n; i++) {
            const test_json *d = test_json_get(&root.items[i], "decoded");
            const test_json *e = test_json_get(&root.items[i], "encoded");
            char what[48];
            const char *enc;
            uint32_t *dec;
            size_t dec_n;
            bool ascii = true;
            CHECK_MSG(d && e && d->type == TEST_JSON_STRING && e->type == TEST_JSON_STRING &&
                          e->text.n < 4096,
                      "punycode_tests.json #%zu: no decoded/encoded strings", i);
            if (!d || !e || d->type != TEST_JSON_STRING || e->type != TEST_JSON_STRING ||
                e->text.n >= 4096)
                continue;
            enc = e->text.s;
            for (k = 0; k < e->text.n; k++)
                ascii &= (unsigned char)enc[k] < 0x80;
            CHECK_MSG(ascii, "punycode_tests.json #%zu: non-ASCII encoding", i);
            snprintf(what, sizeof what, "punycode_tests.json #%zu", i);
            dec = json_cps(d, &dec_n);
            check_encode(dec, dec_n, NULL, enc, e->text.n, what);
            check_decode(enc, e->text.n, dec, dec_n, NULL, what);
            free(dec);
            good++;
        }
        CHECK_MSG(good == 25, "punycode_tests.json: %zu vectors, want 25", good);
        test_json_free(&root);
    }
    free(text);

    text = test_read_file(dir, "rust-url-idna-tests/bad_punycode_tests.json", &size);
    if (text && json_parse(text, size, &root, "bad_punycode_tests.json")) {
        CHECK(root.type == TEST_JSON_ARRAY);
        for (i = 0; root.type == TEST_JSON_ARRAY && i < root.n; i++) {
            const test_json *d = test_json_get(&root.items[i], "decoded");
            char *out;
            uint32_t *dec;
            size_t len, dec_n;
            int rc;
            CHECK_MSG(d && d->type == TEST_JSON_STRING,
                      "bad_punycode_tests.json #%zu: no decoded string", i);
            if (!d || d->type != TEST_JSON_STRING)
                continue;
            out = (char *)test_xmalloc(16 * XN_LABEL_LIMIT);
            dec = json_cps(d, &dec_n);
            /* Encoding must fail cleanly.  The string (8204 code points)
             * overflows 32 bits, but is longer than the cap, which comes
             * first.  Its last XN_LABEL_LIMIT code points (U+E0037 among
             * about a thousand spaces) cannot overflow 32 bits and must
             * round-trip; with maxint = 2^26 - 1 (the width §6.4 says IDNA
             * labels need) their first delta overflows. */
            rc = xn_punycode_encode(dec, dec_n, NULL, out, 16 * XN_LABEL_LIMIT, &len);
            CHECK_MSG(rc < 0, "bad_punycode_tests.json #%zu: encoding succeeded", i);
            if (dec_n > XN_LABEL_LIMIT) {
                const uint32_t *tail = dec + dec_n - XN_LABEL_LIMIT;
                size_t n = XN_LABEL_LIMIT;
                CHECK_EQ_INT(rc, XN_E_TOO_LONG);
                while (!round_trip(tail, n, NULL)) /* until the encoding fits the cap */
                    n -= 16;
                rc = xn__punycode_encode_bounded(tail, XN_LABEL_LIMIT, NULL, out,
                                                 16 * XN_LABEL_LIMIT, &len, (1u << 26) - 1);
                CHECK_EQ_INT(rc, XN_E_PUNYCODE_OVERFLOW);
            }
            free(dec);
            free(out);
            bad++;
        }
        CHECK_MSG(bad == 1, "bad_punycode_tests.json: %zu vectors, want 1", bad);
        test_json_free(&root);
    }
    free(text);
    if (good || bad)
        printf("rust-url vectors: %zu good, %zu bad, %lu failed\n", good, bad,
               test_failures - before);
}


int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s TESTDATA\n", argv[0]);
        return 2;
    }
#ifdef HAVE_LIBIDN
    test_libidn();
#else
    fprintf(stderr, "\n*** SKIP: libidn differential (libidn-dev not installed) ***\n\n");
    test_missing++;
#endif
    test_rfc3492(argv[1]);
    test_rust_url(argv[1]);
    return test_finish("punycode-data");
}
