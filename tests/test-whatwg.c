/*
 * Conformance runner for XN_WHATWG (the URL Standard's domain to ASCII and
 * to Unicode), every entry of each file, never sampled:
 *
 *   argv[1] = the testdata folder (meson passes -Dtestdata)
 *
 * 1. WPT url/resources (2026-07): IdnaTestV2.json, toascii.json and
 *    IdnaTestV2-removed.json.
 * 2. ada-idna fixtures: to_ascii, to_unicode and the Punycode codec.
 *
 * Exit status: 0 when everything ran and passed, 1 on any failure, 77 (skip)
 * when some file was missing and nothing failed: a partial run is no pass.
 */
#include "conformance.h"
#include "json.h"

/* ---- JSON (json.h) ----------------------------------------------------- */

/* Parses a whole file; on error prints it as a failure and returns false. */
static bool j_parse(const char *data, size_t len, const char *name, test_json *root)
{
    test_json_error err;
    if (test_json_parse(data, len, root, &err))
        return true;
    test_failures++;
    printf("FAIL %s:%u: JSON: %s\n", name, err.line, err.msg);
    return false;
}

/* ---- WPT url/resources ------------------------------------------------- */

/*
 * IdnaTestV2-removed.json: 20 entries, all "output": null, taken from older
 * IdnaTestV2 files (their "comment" codes, P1 and V5/V6 numbering, are of
 * that time).  Checked against the current URL Standard (domain to ASCII with
 * beStrict=false, including the 2026 ASCII fallback) on Unicode 18.0 data:
 * every entry still fails, so all 20 run as "must fail", none is skipped.
 *  - The ASCII fallback cannot apply: every input holds non-ASCII.
 *  - The STD3 mappings such as U+1F104 -> "3," are plain mappings now and ','
 *    is no forbidden domain code point, but every entry keeps an error of its
 *    own under 18.0 data (entries numbered from 1, after mapping and NFC):
 *      1      U+E0256, U+E0282, U+47183 disallowed [V7]
 *      2-5    U+2488 disallowed [V7]; label 2 starts with U+1CDC [V6]
 *      6-11   label 2 is ZWJ + sigma: ZWJ not after a virama [C2]
 *      12     U+FE12, U+1C65A disallowed [V7]
 *      13     label 1 starts with U+10A3F [V6]
 *      14     U+AF964 [V7]; label 1 starts with U+1C32 [V6]; ZWJ [C2]
 *      15     ZWJ after ',' [C2]; label 2 starts with U+0F84 [V6]
 *      16     U+B96AA disallowed [V7]
 *      17     both ZWJ not after a virama [C2]
 *      18-19  label 1 starts with U+A67D [V6]; both ZWNJ out of context [C1]
 *      20     ZWNJ before '3' (joining type U) [C1]; label 2 starts with
 *             U+11722 [V6]
 *  - 6-11 hold U+3164 HANGUL FILLER or U+1160 HANGUL JUNGSEONG FILLER,
 *    disallowed up to 15.1 and ignored from 16.0 on (so the [C2] above).
 */

typedef struct wpt_file {
    const char *rel;
    const char *name;
} wpt_file;

/*
 * WPT's IdnaTestV2.json (2026-07) was made from IdnaTestV2 17.0; xn runs on
 * Unicode 18.0 data.  The entries whose answer Unicode 18.0 changed are
 * listed here, each with the file's (17.0) answer, which must still be what
 * the file says, and the 18.0 answer, which xn must give exactly: Unicode's
 * IdnaTestV2 18.0 gives it on the line named.  Every entry listed must be
 * found in the file exactly once.  None is skipped.
 *  - U+3E8AC is a SMALL SEAL CHARACTER, unassigned (disallowed, V7) up to
 *    17.0 and valid from 18.0 on; the name holds no other error.
 */
typedef struct wpt_moved {
    const char *file;
    const char *input;
    const char *output_17; /* NULL: the file says null (must fail) */
    const char *output_18; /* NULL: must fail */
    const char *why;
    unsigned found;
} wpt_moved;

static wpt_moved g_moved[] = {
    {"IdnaTestV2.json",
     "\xF0\xBE\xA2\xAC\xE3\x80\x82\xDC\xA9\xE3\x80\x82\xEC\xAF\x99"
     "5",
     NULL, "xn--t92s.xn--znb.xn--5-y88f",
     "U+3E8AC valid from Unicode 18.0 (IdnaTestV2 18.0 line 5863)", 0},
    {"IdnaTestV2.json",
     "\xF0\xBE\xA2\xAC\xE3\x80\x82\xDC\xA9\xE3\x80\x82\xE1\x84\x8D\xE1\x85\xB3"
     "\xE1\x86\xAC"
     "5",
     NULL, "xn--t92s.xn--znb.xn--5-y88f",
     "U+3E8AC valid from Unicode 18.0 (IdnaTestV2 18.0 line 5864)", 0},
};

static wpt_moved *moved_entry(const char *file, const test_buf *in)
{
    size_t k;
    for (k = 0; k < sizeof g_moved / sizeof g_moved[0]; k++)
        if (strcmp(g_moved[k].file, file) == 0 && strlen(g_moved[k].input) == in->n &&
            memcmp(g_moved[k].input, in->s, in->n) == 0)
            return &g_moved[k];
    return NULL;
}

/* The file's own answer for a listed entry must still be the 17.0 one. */
static bool moved_file_answer(const wpt_moved *m, const test_json *out, unsigned line)
{
    bool same = m->output_17 == NULL
                    ? out->type == TEST_JSON_NULL
                    : out->type == TEST_JSON_STRING && strlen(m->output_17) == out->text.n &&
                          memcmp(m->output_17, out->text.s, out->text.n) == 0;
    if (same)
        return true;
    test_failures++;
    printf("FAIL %s:%u: listed as answered by Unicode 18.0 (%s), but the file's answer is "
           "not the 17.0 one listed: update the list in test-whatwg.c\n",
           m->file, line, m->why);
    return false;
}

/* Every listed entry was met exactly once. */
static void moved_done(void)
{
    size_t k;
    for (k = 0; k < sizeof g_moved / sizeof g_moved[0]; k++) {
        if (g_moved[k].found == 1)
            continue;
        test_failures++;
        printf("FAIL %s: an entry listed as answered by Unicode 18.0 (%s) was found %u "
               "times, not once\n",
               g_moved[k].file, g_moved[k].why, g_moved[k].found);
    }
}

static void run_wpt(const wpt_file *w)
{
    size_t len, i;
    char *data;
    test_json root;
    stats st;
    unsigned long entries = 0, nulls = 0, url_only = 0, empty_input = 0, n_moved = 0;
    wpt_moved *moved;
    char name[128];

    memset(&st, 0, sizeof st);
    data = slurp(w->rel, &len);
    if (!data)
        return;
    g_ran++;
    if (!j_parse(data, len, w->name, &root)) {
        free(data);
        return;
    }
    free(data);
    if (root.type != TEST_JSON_ARRAY) {
        test_failures++;
        printf("FAIL %s: not a JSON array\n", w->name);
        test_json_free(&root);
        return;
    }
    for (i = 0; i < root.n; i++) {
        const test_json *e = &root.items[i], *in, *out, *only;
        result r;
        bool ok, empty;
        if (e->type == TEST_JSON_STRING)
            continue; /* a comment */
        in = e->type == TEST_JSON_OBJECT ? test_json_get(e, "input") : NULL;
        out = e->type == TEST_JSON_OBJECT ? test_json_get(e, "output") : NULL;
        only = e->type == TEST_JSON_OBJECT ? test_json_get(e, "urlStandardOnly") : NULL;
        if (!in || in->type != TEST_JSON_STRING || !out ||
            (out->type != TEST_JSON_STRING && out->type != TEST_JSON_NULL) ||
            (only && only->type != TEST_JSON_TRUE && only->type != TEST_JSON_FALSE)) {
            test_failures++;
            printf("FAIL %s:%u: entry without a string input and a string/null output\n",
                   w->name, e->line);
            continue;
        }
        entries++;
        if (out->type == TEST_JSON_NULL)
            nulls++;
        if (only && only->type == TEST_JSON_TRUE)
            url_only++;
        /* The one entry with input "" (output "", UTS #46 ToASCII with
         * VerifyDnsLength off) is skipped by WPT's own harness ("cannot test
         * empty string input through new URL()"); the URL Standard's domain
         * to ASCII fails on an empty result, and so must XN_WHATWG. */
        empty = in->text.n == 0 && out->type == TEST_JSON_STRING && out->text.n == 0;
        if (empty)
            empty_input++;
        moved = moved_entry(w->name, &in->text);
        run(xn_to_ascii, &in->text, XN_WHATWG, true, &r);
        if (moved) {
            test_buf want18 = {0};
            moved->found++;
            n_moved++;
            ok = moved_file_answer(moved, out, e->line);
            want18.s = (char *)moved->output_18;
            want18.n = moved->output_18 ? strlen(moved->output_18) : 0;
            ok = judge(w->name, e->line, "to_ascii XN_WHATWG (Unicode 18.0 answer)",
                       &in->text, &r, moved->output_18 ? WANT_OK : WANT_ANY_FAILURE, &want18,
                       moved->why, false) && ok;
        } else {
            ok = judge(w->name, e->line, "to_ascii XN_WHATWG", &in->text, &r,
                       out->type == TEST_JSON_NULL || empty ? WANT_ANY_FAILURE : WANT_OK,
                       &out->text, empty ? "(empty result: URL Standard failure)" : "(null)",
                       false);
        }
        count(&st, ok);
        free(r.out);
    }
    test_json_free(&root);
    printf("%s: %lu entries (%lu null, %lu urlStandardOnly, %lu empty input run as must-fail, "
           "%lu checked against their Unicode 18.0 answer)",
           w->name, entries, nulls, url_only, empty_input, n_moved);
    printf("\n");
    snprintf(name, sizeof name, "WPT 2026-07 %s", w->name);
    print_stats(name, &st);
}

/* ---- ada-idna fixtures ------------------------------------------------- */

typedef struct ada_lines {
    test_buf *v;
    size_t n;
} ada_lines;

static bool read_ada(const char *rel, ada_lines *a)
{
    size_t len, n;
    char *data = slurp(rel, &len);
    test_lines L;
    const char *line;
    memset(a, 0, sizeof *a);
    if (!data)
        return false;
    L = test_lines_of(data, len);
    while ((line = test_next_line(&L, &n)) != NULL) {
        a->v = test_xrealloc(a->v, (a->n + 1) * sizeof *a->v);
        memset(&a->v[a->n], 0, sizeof a->v[a->n]);
        test_buf_put(&a->v[a->n], line, n);
        a->n++;
    }
    free(data);
    return true;
}

static void free_ada(ada_lines *a)
{
    size_t i;
    for (i = 0; i < a->n; i++)
        test_buf_free(&a->v[i]);
    free(a->v);
}

/* The URL Standard's forbidden domain code points. */
static bool forbidden_domain(const test_buf *s)
{
    size_t i;
    for (i = 0; i < s->n; i++) {
        unsigned char c = (unsigned char)s->s[i];
        if (c <= 0x20 || c == 0x7F || strchr("#%/:<>?@[\\]^|", c))
            return true;
    }
    return false;
}

static bool ada_pairs(const char *name, const ada_lines *a)
{
    if (a->n % 2 == 0)
        return true;
    test_failures++;
    printf("FAIL %s: odd number of lines (%zu)\n", name, a->n);
    return false;
}

/*
 * to_ascii_alternating.txt is ada-idna's to_ascii(), which is the URL
 * Standard's "domain to ASCII" without the host parser's forbidden-domain-
 * code-point check; XN_WHATWG includes that check.  So where ada's expected
 * output holds a forbidden domain code point (one pair:
 * "2001:4860:4860::8888", which ada returns as is), XN_WHATWG must fail
 * instead, and we count it as such.
 *
 * An ada-idna fixture of conversions under XN_WHATWG: lines in pairs
 * (input, expected output), or (pairs false) inputs that must fail.
 */
typedef struct ada_conv {
    const char *file; /* under ada-url-idna-fixtures/ */
    bool to_ascii;
    bool pairs;
} ada_conv;

static void run_ada_conv(const ada_conv *c)
{
    ada_lines a;
    stats st = {0, 0};
    unsigned long forbidden = 0;
    size_t i, step = c->pairs ? 2 : 1;
    char rel[128], title[128];
    const char *call = c->to_ascii ? "to_ascii XN_WHATWG" : "to_unicode XN_WHATWG";

    snprintf(rel, sizeof rel, "ada-url-idna-fixtures/%s", c->file);
    if (!read_ada(rel, &a))
        return;
    g_ran++;
    if (!c->pairs || ada_pairs(c->file, &a))
        for (i = 0; i + step <= a.n; i += step) {
            result r;
            bool forb = c->pairs && c->to_ascii && forbidden_domain(&a.v[i + 1]);
            enum want_kind want = !c->pairs || forb ? WANT_ANY_FAILURE
                             : c->to_ascii     ? WANT_OK
                                               : WANT_OUTPUT;
            forbidden += forb;
            run(c->to_ascii ? xn_to_ascii : xn_to_unicode, &a.v[i], XN_WHATWG, c->to_ascii, &r);
            count(&st, judge(c->file, (unsigned)i + 1, call, &a.v[i], &r, want,
                             c->pairs ? &a.v[i + 1] : NULL,
                             c->pairs && c->to_ascii ? "(forbidden domain code point)" : "",
                             false));
            free(r.out);
        }
    if (!c->pairs)
        printf("ada %s: %zu inputs\n", c->file, a.n);
    else if (c->to_ascii)
        printf("ada %s: %zu pairs, %lu expected to fail on a forbidden domain code point\n",
               c->file, a.n / 2, forbidden);
    else
        printf("ada %s: %zu pairs\n", c->file, a.n / 2);
    snprintf(title, sizeof title, "ada %.*s", (int)(strlen(c->file) - 4), c->file);
    print_stats(title, &st);
    free_ada(&a);
}

/* utf8_punycode_alternating.txt: each pair encoded and decoded. */
static void run_ada_punycode(void)
{
    ada_lines a;
    size_t i;
    char where[128];

    if (read_ada("ada-url-idna-fixtures/utf8_punycode_alternating.txt", &a)) {
        stats st = {0, 0};
        const char *nm = "utf8_punycode_alternating.txt";
        g_ran++;
        snprintf(where, sizeof where, "%s", nm);
        if (ada_pairs(nm, &a))
            for (i = 0; i + 1 < a.n; i += 2) {
                const test_buf *label = &a.v[i], *puny = &a.v[i + 1];
                cpv cps = {0};
                uint32_t *cp_copy, *dec;
                void *mem;
                char *enc, *p_copy;
                size_t enc_len = 0, dec_len = 0, cap = 4096;
                int rc;
                bool ok;
                test_checks++;
                if (!to_cps(label->s, label->n, &cps, false)) {
                    test_failures++;
                    st.fail += 2;
                    printf("FAIL %s:%zu: ill-formed UTF-8 in the test data\n", where, i + 1);
                    continue;
                }
                /* encode: code points -> Punycode */
                mem = test_exact_copy(cps.v, cps.n * sizeof *cps.v);
                cp_copy = mem;
                enc = test_xrealloc(NULL, cap);
                rc = xn_punycode_encode(cp_copy, cps.n, NULL, enc, cap, &enc_len);
                ok = rc == XN_OK && enc_len == puny->n && memcmp(enc, puny->s, puny->n) == 0;
                count(&st, ok);
                if (!ok) {
                    test_failures++;
                    printf("FAIL %s:%zu xn_punycode_encode\n", where, i + 1);
                    print_str("input:", label->s, label->n);
                    print_str("expected:", puny->s, puny->n);
                    printf("    actual:   %s\n", xn_strerror_name(rc));
                    if (rc == XN_OK)
                        print_str("actual:", enc, enc_len);
                }
                free(cp_copy);
                free(enc);
                /* decode: Punycode -> code points */
                test_checks++;
                p_copy = test_exact_copy(puny->s, puny->n);
                dec = test_xrealloc(NULL, cap * sizeof *dec);
                rc = xn_punycode_decode(p_copy, puny->n, dec, cap, &dec_len, NULL);
                ok = rc == XN_OK && dec_len == cps.n &&
                     (dec_len == 0 || memcmp(dec, cps.v, dec_len * sizeof *dec) == 0);
                count(&st, ok);
                if (!ok) {
                    test_buf got = {0};
                    size_t k;
                    test_failures++;
                    printf("FAIL %s:%zu xn_punycode_decode\n", where, i + 2);
                    print_str("input:", puny->s, puny->n);
                    print_str("expected:", label->s, label->n);
                    printf("    actual:   %s\n", xn_strerror_name(rc));
                    if (rc == XN_OK) {
                        test_buf_put(&got, "", 0);
                        for (k = 0; k < dec_len; k++)
                            test_buf_cp(&got, dec[k]);
                        print_str("actual:", got.s, got.n);
                        test_buf_free(&got);
                    }
                }
                free(p_copy);
                free(dec);
                free(cps.v);
            }
        printf("ada %s: %zu pairs, each encoded and decoded\n", nm, a.n / 2);
        print_stats("ada utf8_punycode_alternating", &st);
        free_ada(&a);
    }
}


int main(int argc, char **argv)
{
    /* toascii.json runs every entry, urlStandardOnly ones included. */
    static const wpt_file wpt[] = {
        {"wpt-url-resources-2026-07/IdnaTestV2.json", "IdnaTestV2.json"},
        {"wpt-url-resources-2026-07/toascii.json", "toascii.json"},
        {"wpt-url-resources-2026-07/IdnaTestV2-removed.json", "IdnaTestV2-removed.json"},
    };
    static const ada_conv ada[] = {
        {"to_ascii_alternating.txt", true, true},
        {"to_ascii_invalid.txt", true, false},
        {"to_unicode_alternating.txt", false, true},
    };
    size_t k;

    if (!conformance_start(argc, argv))
        return 2;
    for (k = 0; k < sizeof wpt / sizeof wpt[0]; k++)
        run_wpt(&wpt[k]);
    for (k = 0; k < sizeof ada / sizeof ada[0]; k++)
        run_ada_conv(&ada[k]);
    run_ada_punycode();
    moved_done();
    return conformance_done("whatwg");
}
