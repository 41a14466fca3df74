/*
 * Conformance runner: Unicode's IdnaTestV2.txt of the data set's version,
 * every line, never sampled: toUnicode (flags 0), toAsciiN (flags 0) and
 * toAsciiT (XN_TRANSITIONAL), the result and the error codes.
 *
 *   argv[1] = the testdata folder (meson passes -Dtestdata, by default
 *             tests/data; see tests/data/README.md)
 *
 * The library's data set and IdnaTestV2.txt are one Unicode version (the
 * build's, test-version.h): no line is left out.  The WHATWG files are
 * test-whatwg.c's.
 *
 * Exit status: 0 when everything ran and passed, 1 on any failure, 77 (skip)
 * when the file was missing and nothing failed.
 */
#include "conformance.h"

/* ---- IdnaTestV2.txt ---------------------------------------------------- */

/* The status codes the file uses; each must be one XN_ERR_* bit. */
static const char *const idna_codes[] = {
    "P4", "V1", "V2", "V3", "V4", "V5", "V6", "V7", "U1", "A3", "A4_1",
    "A4_2", "B1", "B2", "B3", "B4", "B5", "B6", "C1", "C2", "X4_2",
};

typedef struct status {
    bool blank;      /* column left blank: inherits */
    bool fail;       /* non-empty list */
    bool unknown;    /* holds a code with no XN_ERR_* bit */
    uint64_t bits;
    char text[160];  /* as written, e.g. "[B5, B6]" */
} status;

static bool code_bit(const char *name, size_t n, uint64_t *bit)
{
    size_t k;
    unsigned b;
    for (k = 0; k < sizeof idna_codes / sizeof idna_codes[0]; k++)
        if (strlen(idna_codes[k]) == n && memcmp(idna_codes[k], name, n) == 0)
            break;
    if (k == sizeof idna_codes / sizeof idna_codes[0])
        return false;
    for (b = 0; b < 64; b++)
        if (strcmp(xn_error_name(UINT64_C(1) << b), idna_codes[k]) == 0) {
            *bit = UINT64_C(1) << b;
            return true;
        }
    return false;
}

static bool parse_status(const test_field *f, status *st)
{
    const char *p = f->p, *end = f->p + f->n;
    memset(st, 0, sizeof *st);
    if (f->n == 0) {
        st->blank = true;
        return true;
    }
    if (f->n < 2 || p[0] != '[' || end[-1] != ']')
        return false;
    snprintf(st->text, sizeof st->text, "%.*s", (int)f->n, f->p);
    p++;
    end--;
    while (p < end) {
        const char *a, *b;
        uint64_t bit;
        while (p < end && *p == ' ')
            p++;
        a = p;
        while (p < end && *p != ',')
            p++;
        b = p;
        while (b > a && b[-1] == ' ')
            b--;
        if (a == b)
            return false;
        st->fail = true;
        if (code_bit(a, (size_t)(b - a), &bit))
            st->bits |= bit;
        else
            st->unknown = true;
        if (p < end)
            p++;
    }
    return true;
}

/* A string column: blank (inherits), "" (empty), or text with escapes
 * (test_unescape(); a lone surrogate is kept, flagged in out->surrogate). */
static bool parse_string(const test_field *f, test_buf *out, bool *blank)
{
    memset(out, 0, sizeof *out);
    test_buf_put(out, "", 0);
    *blank = f->n == 0;
    if (f->n == 2 && f->p[0] == '"' && f->p[1] == '"')
        return true;
    return test_unescape(f->p, f->n, out);
}

static void run_idnatest(void)
{
    static const struct {
        const char *name;
        conv_fn fn;
        unsigned flags;
        bool is_ascii;
    } ops[3] = {
        {"toUnicode", xn_to_unicode, 0, false},
        {"toAsciiN", xn_to_ascii, 0, true},
        {"toAsciiT", xn_to_ascii, XN_TRANSITIONAL, true},
    };
    const char *rel = "unicode-" TEST_UNICODE_VERSION "/IdnaTestV2.txt";
    char where[] = "IdnaTestV2.txt";
    size_t len, n;
    char *data;
    test_lines L;
    const char *line;
    stats st[3];
    unsigned long tests = 0, ill_lines = 0, ill_fail = 0;
    unsigned long want_ok[3] = {0}, want_err[3] = {0}, code_diff[3] = {0}, code_lines = 0;
    test_buf listing = {0};
    int o;

    memset(st, 0, sizeof st);
    data = slurp(rel, &len);
    if (!data)
        return;
    g_ran++;
    L = test_lines_of(data, len);
    while ((line = test_next_line(&L, &n)) != NULL) {
        test_field f[8];
        size_t nf;
        test_buf s[4];           /* source, toUnicode, toAsciiN, toAsciiT */
        bool blank[4];
        status cs[3];       /* their statuses */
        const test_buf *want[3];
        const status *want_st[3];
        int k;
        bool line_diff = false;

        nf = test_split(line, test_uncomment(line, n), ';', f, 7);
        if (nf == 1 && f[0].n == 0)
            continue;
        memset(s, 0, sizeof s);
        if (nf != 7 || !parse_string(&f[0], &s[0], &blank[0]) ||
            !parse_string(&f[1], &s[1], &blank[1]) || !parse_status(&f[2], &cs[0]) ||
            !parse_string(&f[3], &s[2], &blank[2]) || !parse_status(&f[4], &cs[1]) ||
            !parse_string(&f[5], &s[3], &blank[3]) || !parse_status(&f[6], &cs[2])) {
            test_failures++;
            printf("FAIL %s:%u: malformed test line\n", where, L.no);
            for (k = 0; k < 4; k++)
                test_buf_free(&s[k]);
            continue;
        }
        tests++;
        /* Defaults, as the file header defines them. */
        want[0] = blank[1] ? &s[0] : &s[1];
        want[1] = blank[2] ? want[0] : &s[2];
        want[2] = blank[3] ? want[1] : &s[3];
        if (cs[0].blank) {
            cs[0].blank = false;
            strcpy(cs[0].text, "[]");
        }
        want_st[0] = &cs[0];
        want_st[1] = cs[1].blank ? want_st[0] : &cs[1];
        want_st[2] = cs[2].blank ? want_st[1] : &cs[2];
        for (o = 0; o < 3; o++) {
            if (want_st[o]->fail)
                want_err[o]++;
            else
                want_ok[o]++;
        }

        /* Lone surrogate (\uD900): UTF-8 cannot express it.  We feed its
         * generalized UTF-8 bytes (ED A4 80), which xn must reject as
         * ill-formed input; every such line expects an error anyway ([V7]
         * and [V7, A3]), and XN_E_BAD_UTF8 is that error in our API. */
        if (s[0].surrogate) {
            bool all = true;
            ill_lines++;
            for (o = 0; o < 3; o++) {
                result r;
                bool ok;
                run(ops[o].fn, &s[0], ops[o].flags, ops[o].is_ascii, &r);
                ok = judge(where, L.no, ops[o].name, &s[0], &r, WANT_ANY_FAILURE, NULL,
                           want_st[o]->text, false);
                if (ok) {
                    g_pass++;
                } else {
                    st[o].fail++;
                    all = false;
                }
                free(r.out);
            }
            if (!all)
                ill_fail++;
            for (k = 0; k < 4; k++)
                test_buf_free(&s[k]);
            continue;
        }

        for (o = 0; o < 3; o++) {
            result r;
            enum want_kind kind;
            bool ok;
            run(ops[o].fn, &s[0], ops[o].flags, ops[o].is_ascii, &r);
            if (!want_st[o]->fail)
                kind = WANT_OK;
            else
                kind = o == 0 ? WANT_INVALID_OUT : WANT_INVALID;
            ok = judge(where, L.no, ops[o].name, &s[0], &r, kind, want[o], want_st[o]->text,
                       o == 0);
            count(&st[o], ok);
            /* The codes must be the file's too (IdnaTestV2 calls them
             * informative; with one Unicode version there is no excuse). */
            if ((r.rc == XN_OK || r.rc == XN_E_INVALID_DOMAIN) &&
                (want_st[o]->unknown || r.rep.errors != want_st[o]->bits)) {
                code_diff[o]++;
                if (!line_diff && code_lines < 20) {
                    char ours[256], tmp[512];
                    size_t cap = s[0].n * 10 + 16;
                    char *esc = test_xrealloc(NULL, cap);
                    int m = snprintf(tmp, sizeof tmp, "  line %u %s: expected %s, ours [%s]: \"",
                                     L.no, ops[o].name, want_st[o]->text,
                                     codes_text(r.rep.errors, ours, sizeof ours));
                    test_buf_put(&listing, tmp, (size_t)m);
                    test_escape(esc, cap, s[0].s, s[0].n);
                    test_buf_put(&listing, esc, strlen(esc));
                    test_buf_put(&listing, "\"\n", 2);
                    free(esc);
                }
                if (!line_diff)
                    code_lines++;
                line_diff = true;
            }
            free(r.out);
        }
        for (k = 0; k < 4; k++)
            test_buf_free(&s[k]);
    }
    free(data);

    printf("IdnaTestV2 %s: %lu test lines; expected ok/error: toUnicode %lu/%lu, "
           "toAsciiN %lu/%lu, toAsciiT %lu/%lu\n",
           TEST_UNICODE_VERSION, tests, want_ok[0], want_err[0], want_ok[1], want_err[1],
           want_ok[2], want_err[2]);
    printf("IdnaTestV2 " TEST_UNICODE_VERSION ": %lu ill-formed input lines (lone surrogate, 3 operations "
           "each must fail): %lu failed\n",
           ill_lines, ill_fail);
    for (o = 0; o < 3; o++) {
        char name[64];
        snprintf(name, sizeof name, "IdnaTestV2 " TEST_UNICODE_VERSION " %s", ops[o].name);
        print_stats(name, &st[o]);
    }
    test_checks++;
    if (code_lines)
        test_failures++;
    printf("code differences: %lu lines (toUnicode %lu, toAsciiN %lu, "
           "toAsciiT %lu operations)%s\n",
           code_lines, code_diff[0], code_diff[1], code_diff[2],
           code_lines ? "; first lines:" : "");
    if (listing.n)
        fputs(listing.s, stdout);
    test_buf_free(&listing);
}


int main(int argc, char **argv)
{
    if (!conformance_start(argc, argv))
        return 2;
    run_idnatest();
    return conformance_done("conformance");
}
