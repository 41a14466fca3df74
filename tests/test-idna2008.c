/*
 * IDNA2008: xn_idna2008_lookup(), xn_idna2008_to_unicode(),
 * xn_idna2008_register().
 *
 *   test-idna2008 TESTDATA                 vectors and IdnaTestV2-derived checks
 *   test-idna2008 --diff TESTDATA CORPUS   differential against libidn2
 *
 * 1. Vectors from RFC 5890-5893 (each row says which rule it shows).
 * 2. Derived from Unicode's IdnaTestV2.txt and Idna2008.txt of the data set
 *    (both parsed here, independently of the library's tables).  UTS #46
 *    nontransitional processing with every check on is the UTS #46 mapping
 *    followed by the IDNA2008 tests, except that UTS #46 lets through the
 *    code points it marks NV8/XV8 (not PVALID in IDNA2008) and does not
 *    check CONTEXTO.  So, with XN_IDNA2008_MAP, for every test line:
 *    - toAsciiN succeeds: lookup gives the same A-labels and to_unicode the
 *      toUnicode column, unless the toUnicode column holds a code point
 *      Idna2008.txt calls DISALLOWED or UNASSIGNED (then lookup must
 *      fail naming DISALLOWED/UNASSIGNED) or CONTEXTO (then it is left out:
 *      the rule decides, checked by the vectors);
 *    - toAsciiN fails: lookup fails too, unless the status codes are only
 *      V2 and V3 (UTS #46 CheckHyphens rejects a reserved LDH label "ab--c"
 *      and a U-label with '-' at an end; RFC 5891 §5.4 tests neither; left
 *      out).
 *    Without the flag, for lines whose source is its own toUnicode form and
 *    holds no upper-case ASCII, lookup must give what it gives with it.
 *    Registration: every label of a toAsciiN-success line's toUnicode column
 *    whose lookup succeeds must register (as U-label, A-label and both) to
 *    the same A-label, unless it holds CONTEXTO, R, AL or AN characters
 *    (registration settles those rules on the label alone).
 * 3. API conventions: arguments, flags, capacity sweep, reports.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "validity.h"
#include "utf8.h"
#include "xn.h"
#include "props.h"
#include "test-version.h"
#include "testdata.h"

#ifdef HAVE_LIBIDN2
#include <idn2.h>
#endif

/* ---- 1. vectors ----------------------------------------------------------- */

/* The rows' op (entries.h); out NULL: not compared. */
enum { LOOKUP = TEST_IDNA2008_LOOKUP, TO_UNICODE = TEST_IDNA2008_TO_UNICODE };

#define OK XN_OK
#define BAD XN_E_INVALID_DOMAIN

static const test_vec vectors[] = {
    /* RFC 5891 §5.5: a U-label is encoded; ASCII labels pass unchanged. */
    {LOOKUP, "b\xC3\xBC" "cher.Example", 0, OK, "xn--bcher-kva.Example", 0},
    {TO_UNICODE, "xn--bcher-kva.example", 0, OK, "b\xC3\xBC" "cher.example", 0},
    /* RFC 5891 §5.3: an A-label is lower-cased first, output lower case. */
    {LOOKUP, "XN--BCHER-KVA.example", 0, OK, "xn--bcher-kva.example", 0},
    {TO_UNICODE, "Xn--Bcher-Kva.example", 0, OK, "b\xC3\xBC" "cher.example", 0},
    /* RFC 5892 rule B (unstable): upper case is DISALLOWED without mapping. */
    {LOOKUP, "B\xC3\xBC" "cher.example", 0, BAD, "", XN_ERR_DISALLOWED},
    {LOOKUP, "B\xC3\xBC" "cher.EXAMPLE", XN_IDNA2008_MAP, OK, "xn--bcher-kva.example", 0},
    /* RFC 5892 F (exceptions): ß and ς are PVALID. */
    {LOOKUP, "fa\xC3\x9F.de", 0, OK, "xn--fa-hia.de", 0},
    {LOOKUP, "fa\xC3\x9F.de", XN_IDNA2008_MAP, OK, "xn--fa-hia.de", 0},
    /* Only U+002E separates labels; U+3002 is DISALLOWED unless mapped. */
    {LOOKUP, "a\xE3\x80\x82" "b", 0, BAD, "", XN_ERR_DISALLOWED},
    {LOOKUP, "a\xE3\x80\x82" "b", XN_IDNA2008_MAP, OK, "a.b", 0},
    /* RFC 5891 §5.4: NFC required without mapping (V1); mapped input is
     * normalized.  "u" + U+0308 is U+00FC in NFC. */
    {LOOKUP, "bu\xCC\x88" "cher", 0, BAD, "", XN_ERR_V1},
    {LOOKUP, "bu\xCC\x88" "cher", XN_IDNA2008_MAP, OK, "xn--bcher-kva", 0},
    /* §4.2.3.1: hyphens in a U-label; §4.2.3.2: leading combining mark. */
    {LOOKUP, "\xC3\xBC" "-", 0, OK, NULL, 0}, /* §5.4 has no V3: registration does */
    {LOOKUP, "\xC3\xBC" "b--c", 0, BAD, "", XN_ERR_V2},
    {LOOKUP, "\xCC\x88" "a", 0, BAD, "", XN_ERR_V6},
    /* NR-LDH labels: the LDH rule; "--" in positions 3-4 is left alone. */
    {LOOKUP, "ab--c.example", 0, OK, "ab--c.example", 0},
    {LOOKUP, "a_b.example", 0, BAD, "", XN_ERR_U1},
    {LOOKUP, "a_b.example", XN_NO_STD3_RULES, OK, "a_b.example", 0},
    {LOOKUP, "-a.example", 0, BAD, "", XN_ERR_V3},
    {LOOKUP, "_sip._tcp.example", XN_DNS_LABELS, OK, "_sip._tcp.example", 0},
    /* RFC 5892 A.1, A.2 (CONTEXTJ). */
    {LOOKUP, "a\xE2\x80\x8C" "b", 0, BAD, "", XN_ERR_C1},
    {LOOKUP, "a\xE2\x80\x8D" "b", 0, BAD, "", XN_ERR_C2},
    /* A.1: ZWNJ after a virama (U+094D) is valid (output not compared). */
    {LOOKUP, "\xE0\xA4\x95\xE0\xA5\x8D\xE2\x80\x8C", 0, OK, NULL, 0},
    /* A.3 MIDDLE DOT between two 'l'; elsewhere CONTEXTO fails. */
    {LOOKUP, "l\xC2\xB7l", 0, OK, "xn--ll-0ea", 0},
    {LOOKUP, "a\xC2\xB7" "b", 0, BAD, "", XN_ERR_CONTEXTO},
    /* A.4 KERAIA before a Greek letter; A.7 KATAKANA MIDDLE DOT needs kana. */
    {LOOKUP, "\xCD\xB5" "a", 0, BAD, "", XN_ERR_CONTEXTO},
    {LOOKUP, "a\xE3\x83\xBB" "b", 0, BAD, "", XN_ERR_CONTEXTO},
    /* A.8 / A.9: Arabic-Indic digits of both kinds in one label (which
     * mixes AN and EN as well: RFC 5893 rule 4). */
    {LOOKUP, "\xD8\xA8\xD9\xA1\xDB\xB1", 0, BAD, "", XN_ERR_CONTEXTO | XN_ERR_B4},
    /* RFC 5892: U+0378 is UNASSIGNED (still in Unicode 18.0); U+2603 DISALLOWED
     * (symbol). */
    {LOOKUP, "a\xCD\xB8", 0, BAD, "", XN_ERR_UNASSIGNED},
    {LOOKUP, "a\xE2\x98\x83", 0, BAD, "", XN_ERR_DISALLOWED},
    /* RFC 5893: in a Bidi domain name every label follows the rule, ASCII
     * ones included ("1" starts with EN: rule 1). */
    {LOOKUP, "\xD7\x90\xD7\x91.1", 0, BAD, "", XN_ERR_B1},
    {LOOKUP, "\xD7\x90\xD7\x91.example", 0, OK, "xn--4dbc.example", 0},
    /* A-labels (RFC 5890 §2.3.2.1): non-empty, not all ASCII, valid. */
    {LOOKUP, "xn--idn-", 0, BAD, "", XN_ERR_P4},
    {LOOKUP, "xn--ab-", 0, BAD, "", XN_ERR_P4},
    {TO_UNICODE, "xn--ab-.b", 0, BAD, "xn--ab-.b", XN_ERR_P4},
    /* "xn--a" is good Punycode for U+0080, a DISALLOWED control. */
    {LOOKUP, "xn--a", 0, BAD, "", XN_ERR_DISALLOWED},
    /* "Bücher" with A's mixed-case annotation: lower-cased, it is
     * "xn--bcher-kva"; RFC 5891 §5.3. */
    {LOOKUP, "xn--Bcher-kva", 0, OK, "xn--bcher-kva", 0},
    /* An A-label of a DISALLOWED string: U+2603 SNOWMAN is "xn--n3h". */
    {LOOKUP, "xn--n3h", 0, BAD, "", XN_ERR_DISALLOWED},
    /* Lengths in A-label form. */
    {LOOKUP, "a..b", 0, BAD, "", XN_ERR_A4_2},
    {LOOKUP, "a.", 0, BAD, "", XN_ERR_A4_2},
    {LOOKUP, "a.", XN_ALLOW_ROOT_DOT, OK, "a.", 0},
    {LOOKUP, "", 0, BAD, "", XN_ERR_A4_1 | XN_ERR_A4_2},
    {LOOKUP, "a..b", XN_NO_VERIFY_DNS_LENGTH, OK, "a..b", 0},
    {LOOKUP, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 0, BAD, "",
     XN_ERR_A4_2},
    /* to_unicode writes the name on violations too. */
    {TO_UNICODE, "xn--bcher-kva.a_b", 0, BAD, "b\xC3\xBC" "cher.a_b", XN_ERR_U1},
};

static void test_vectors(void)
{
    size_t i;
    for (i = 0; i < sizeof vectors / sizeof vectors[0]; i++)
        test_vector(&vectors[i]);
}

/* ---- registration vectors ----------------------------------------------------- */

typedef struct rvec {
    const char *u, *a;
    int rc;
    const char *out;
    uint64_t errors;
} rvec;

static const rvec rvectors[] = {
    {"b\xC3\xBC" "cher", NULL, OK, "xn--bcher-kva", 0},
    {NULL, "xn--bcher-kva", OK, "xn--bcher-kva", 0},
    {"b\xC3\xBC" "cher", "xn--bcher-kva", OK, "xn--bcher-kva", 0},
    /* §4.1: the A-label is lower-cased. */
    {"b\xC3\xBC" "cher", "XN--BCHER-KVA", OK, "xn--bcher-kva", 0},
    /* The pair must correspond: "xn--fa-hia" is "faß", not "fass". */
    {"fass", "xn--fa-hia", BAD, "", XN_ERR_MISMATCH},
    {"fa\xC3\x9F", "xn--bcher-kva", BAD, "", XN_ERR_MISMATCH},
    /* NR-LDH labels register as they are; reserved LDH labels do not. */
    {"example", NULL, OK, "example", 0},
    {"ab--c", NULL, BAD, "", XN_ERR_V2},
    {"\xC3\xBC" "-", NULL, BAD, "", XN_ERR_V3},
    {"xn--bcher-kva", NULL, BAD, "", XN_ERR_V2},
    {"a_b", NULL, BAD, "", XN_ERR_U1},
    {"a.b", NULL, BAD, "", XN_ERR_V5},
    /* An A-label argument must be one. */
    {NULL, "example", BAD, "", XN_ERR_ALABEL},
    {NULL, "xn--idn-", BAD, "", XN_ERR_P4},
    {NULL, "xn--b\xC3\xBC", BAD, "", XN_ERR_P4},
    /* §4.2.3.3: CONTEXTO must hold. */
    {"a\xC2\xB7" "b", NULL, BAD, "", XN_ERR_CONTEXTO},
    {"l\xC2\xB7l", NULL, OK, "xn--ll-0ea", 0},
    /* §4.2.3.4: a label with RTL characters follows the Bidi rule. */
    {"\xD7\x90" "1a", NULL, BAD, "", XN_ERR_B2 | XN_ERR_B3},
    {"\xD7\x90\xD7\x91", NULL, OK, "xn--4dbc", 0},
    /* §4.2.1 / §4.2.2: NFC, DISALLOWED. */
    {"bu\xCC\x88" "cher", NULL, BAD, "", XN_ERR_V1},
    {"B\xC3\xBC" "cher", NULL, BAD, "", XN_ERR_DISALLOWED},
};

static void test_register(void)
{
    size_t i;
    char out[256];
    size_t len = 9;
    xn_report rep = XN_REPORT_INIT;
    for (i = 0; i < sizeof rvectors / sizeof rvectors[0]; i++) {
        const rvec *v = &rvectors[i];
        size_t un = v->u ? strlen(v->u) : 0, an = v->a ? strlen(v->a) : 0;
        char *u = v->u ? test_exact_copy(v->u, un) : NULL;
        char *a = v->a ? test_exact_copy(v->a, an) : NULL;
        char e1[128], e2[128], codes[128];
        int rc = xn_idna2008_register(u, un, a, an, out, sizeof out, &len, 0, &rep);
        xn_errors_format(rep.errors, codes, sizeof codes);
        test_escape(e1, sizeof e1, v->u ? v->u : "", un);
        test_escape(e2, sizeof e2, v->a ? v->a : "", an);
        CHECK_MSG(rc == v->rc && rep.errors == v->errors, "register(%s, %s): rc %d errors %s", e1,
                  e2, rc, codes);
        if (rc == OK)
            CHECK_MSG(len == strlen(v->out) && memcmp(out, v->out, len) == 0,
                      "register(%s, %s): [%.*s]", e1, e2, (int)len, out);
        free(u);
        free(a);
    }
    CHECK_EQ_INT(xn_idna2008_register(NULL, 0, NULL, 0, out, sizeof out, &len, 0, &rep),
                 XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_idna2008_register("a", 1, NULL, 0, out, sizeof out, &len, XN_IDNA2008_MAP,
                                      &rep),
                 XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_idna2008_register(NULL, 3, NULL, 0, out, sizeof out, &len, 0, &rep),
                 XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_idna2008_register("\xC3", 1, NULL, 0, out, sizeof out, &len, 0, &rep),
                 XN_E_BAD_UTF8);
    CHECK_EQ_INT(xn_idna2008_register("b\xC3\xBC" "cher", 7, NULL, 0, NULL, 0, &len, 0, &rep),
                 XN_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(len, 13);
}

/* ---- 3. API --------------------------------------------------------------------- */

static const test_name idna2008_errors[] = {
    {XN_ERR_DISALLOWED, "DISALLOWED"}, {XN_ERR_MISMATCH, "MISMATCH"},
};

static void test_api(void)
{
    /* NULL arguments, flags IDNA2008 has no use for, the size query,
     * ill-formed UTF-8 and over-long U-labels are test-api.c's
     * (test_contract).  The report: label 1, the byte of the offending
     * code point. */
    test_report_is("idna2008_lookup(ok.a\\u{2603})", xn_idna2008_lookup, "ok.a\xE2\x98\x83", 7, 0,
                   BAD, 1, 4, 0x2603);
    CHECK_NAMES(xn_error_name, uint64_t, idna2008_errors);

    /* XN_IDNA2008_HYPHEN_ENDS: a U-label, or an A-label's, that starts or
     * ends with '-' fails (V3); without it lookup takes it (RFC 5891 §5.4
     * leaves that rule to registration); an NR-LDH label is the LDH rule's
     * business either way. */
    {
        static const char *const ends[] = {"-b\xC3\xBC" "cher.example", "b\xC3\xBC" "cher-.example",
                                           "xn---bcher-4ya.example", "xn--bcher--3ya.example"};
        char out[64];
        size_t i, len;
        for (i = 0; i < sizeof ends / sizeof ends[0]; i++) {
            xn_report rep = XN_REPORT_INIT;
            CHECK_MSG(xn_idna2008_lookup(ends[i], strlen(ends[i]), out, sizeof out, &len, 0,
                                         NULL) == XN_OK,
                      "lookup %s without XN_IDNA2008_HYPHEN_ENDS", ends[i]);
            CHECK_MSG(xn_idna2008_lookup(ends[i], strlen(ends[i]), out, sizeof out, &len,
                                         XN_IDNA2008_HYPHEN_ENDS, &rep) == XN_E_INVALID_DOMAIN &&
                          rep.errors == XN_ERR_V3 && rep.label == 0,
                      "lookup %s with XN_IDNA2008_HYPHEN_ENDS: errors %llx", ends[i],
                      (unsigned long long)rep.errors);
        }
        CHECK_MSG(xn_idna2008_lookup("b\xC3\xBC" "cher.example", 14, out, sizeof out, &len,
                                     XN_IDNA2008_HYPHEN_ENDS, NULL) == XN_OK,
                  "lookup a U-label without a hyphen with XN_IDNA2008_HYPHEN_ENDS");
        CHECK_MSG(xn_idna2008_lookup("-abc.example", 12, out, sizeof out, &len,
                                     XN_IDNA2008_HYPHEN_ENDS | XN_NO_STD3_RULES, NULL) == XN_OK,
                  "lookup -abc.example: an NR-LDH label, no U-label");
    }
}

/* ---- 2. IdnaTestV2-derived ------------------------------------------------------- */

/* The RFC 5892 derived property from Idna2008.txt: 0 PVALID,
 * 1 CONTEXTJ, 2 CONTEXTO, 3 DISALLOWED, 4 UNASSIGNED. */
static unsigned char *g_prop;

static bool load_idna2008(const char *dir)
{
    size_t len = 0, n;
    char *d = test_read_file(dir, "unicode-" TEST_UNICODE_VERSION "/Idna2008.txt", &len);
    const char *line;
    test_lines L;
    unsigned long lines = 0;
    if (!d)
        return false;
    g_prop = test_xmalloc(0x110000);
    memset(g_prop, TEST_IDNA2008_UNASSIGNED, 0x110000);
    L = test_lines_of(d, len);
    while ((line = test_next_line(&L, &n)) != NULL) {
        test_idna2008_row row;
        int got = test_idna2008_line(line, n, &row);
        uint32_t c;
        if (got < 0)
            CHECK_MSG(0, "Idna2008.txt:%u: malformed line", L.no);
        /* The file's "# @missing:" default is UNASSIGNED, as g_prop starts. */
        if (got <= 0 || row.is_default)
            continue;
        for (c = row.lo; c <= row.hi; c++)
            g_prop[c] = (unsigned char)row.value;
        lines++;
    }
    free(d);
    CHECK_MSG(lines > 1000, "Idna2008.txt: only %lu lines", lines);
    return true;
}

/* The worst derived property in s: the largest of the values above, 5 for
 * CONTEXTO found alongside (returned via *contexto). */
static unsigned worst_prop(const char *s, size_t n, bool *contexto)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t pos = 0;
    unsigned w = 0;
    *contexto = false;
    while (pos < n) {
        uint32_t c;
        size_t l = xn__utf8_decode(u + pos, n - pos, &c);
        if (l == 0)
            return 9;
        pos += l;
        if (c == '.')
            continue;
        if (g_prop[c] == 2)
            *contexto = true;
        if (g_prop[c] == 3 || g_prop[c] == 4)
            w = w > g_prop[c] ? w : g_prop[c];
    }
    return w;
}

static bool has_upper_ascii(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (s[i] >= 'A' && s[i] <= 'Z')
            return true;
    return false;
}

static unsigned long v2_lines, v2_pass, v2_left;

/* IdnaTestV2 (16.0 and later) fails a trailing root dot with A4_2, as
 * lookup does without XN_ALLOW_ROOT_DOT. */
#define V2_FLAGS XN_IDNA2008_MAP

/* One IdnaTestV2 line, its 7 columns split (test_split). */
static void v2_line(const test_field *col)
{
    test_buf src = {NULL, 0, 0, false}, uni = {NULL, 0, 0, false}, asc = {NULL, 0, 0, false};
    const char *st_u = col[2].n ? col[2].p : "[]";
    size_t st_u_n = col[2].n ? col[2].n : 2;
    const char *st_a = col[4].n ? col[4].p : st_u;
    size_t st_a_n = col[4].n ? col[4].n : st_u_n;
    bool a_ok, contexto;
    char out[1024], esc[512], codes[256];
    size_t len = 0;
    xn_report rep = XN_REPORT_INIT;
    int rc;
    unsigned long before = test_failures;

    if (!test_unescape_v2(col[0].p, col[0].n, &src) ||
        !test_unescape_v2(col[1].n ? col[1].p : col[0].p, col[1].n ? col[1].n : col[0].n,
                          &uni) ||
        !test_unescape_v2(col[3].n ? col[3].p : (col[1].n ? col[1].p : col[0].p),
                          col[3].n ? col[3].n : (col[1].n ? col[1].n : col[0].n), &asc)) {
        v2_left++; /* a lone surrogate: no UTF-8 input */
        goto out;
    }
    v2_lines++;
    a_ok = st_a_n == 2 && memcmp(st_a, "[]", 2) == 0;
    test_escape(esc, sizeof esc, src.s, src.n);
    rc = xn_idna2008_lookup(src.s, src.n, out, sizeof out, &len, V2_FLAGS, &rep);
    xn_errors_format(rep.errors, codes, sizeof codes);
    if (a_ok) {
        unsigned w = worst_prop(uni.s, uni.n, &contexto);
        if (w >= 3) {
            CHECK_MSG(rc == BAD && (rep.errors & (XN_ERR_DISALLOWED | XN_ERR_UNASSIGNED)),
                      "IdnaTestV2 %s: holds a %s code point, lookup rc %d %s", esc,
                      w == 3 ? "DISALLOWED" : "UNASSIGNED", rc, codes);
        } else if (contexto) {
            v2_left++;
            v2_lines--;
            goto out;
        } else {
            CHECK_MSG(rc == OK && len == asc.n && memcmp(out, asc.s, len) == 0,
                      "IdnaTestV2 %s: lookup rc %d [%.*s] %s, want [%s]", esc, rc,
                      rc == OK ? (int)len : 0, out, codes, asc.s);
            rc = xn_idna2008_to_unicode(src.s, src.n, out, sizeof out, &len, V2_FLAGS, &rep);
            CHECK_MSG(rc == OK && len == uni.n && memcmp(out, uni.s, len) == 0,
                      "IdnaTestV2 %s: to_unicode rc %d, want [%s]", esc, rc, uni.s);
            /* Without mapping, on input that needs none. */
            if (src.n == uni.n && memcmp(src.s, uni.s, src.n) == 0 &&
                !has_upper_ascii(src.s, src.n)) {
                char out2[1024];
                size_t len2 = 0;
                int rc2 = xn_idna2008_lookup(src.s, src.n, out2, sizeof out2, &len2, 0, NULL);
                CHECK_MSG(rc2 == OK && len2 == asc.n && memcmp(out2, asc.s, len2) == 0,
                          "IdnaTestV2 %s: lookup without mapping rc %d", esc, rc2);
            }
            /* Registration of each label, unless CONTEXTO or Bidi decide. */
            {
                size_t start = 0, i, astart = 0, j = 0;
                for (i = 0; i <= uni.n; i++) {
                    if (i < uni.n && uni.s[i] != '.')
                        continue;
                    while (j < asc.n && asc.s[j] != '.')
                        j++;
                    {
                        const char *ul = uni.s + start, *al = asc.s + astart;
                        size_t un = i - start, an = j - astart, k;
                        bool rtl = false, ascii = true, skip = un == 0;
                        for (k = 0; k < un; k++)
                            if ((unsigned char)ul[k] >= 0x80)
                                ascii = false;
                        {
                            const unsigned char *uu = (const unsigned char *)ul;
                            size_t p = 0;
                            while (p < un) {
                                uint32_t c = 0;
                                size_t l = xn__utf8_decode(uu + p, un - p, &c);
                                unsigned bc = xn__bidi(xn__props(c));
                                if (l && (bc == XN_BIDI_R || bc == XN_BIDI_AL || bc == XN_BIDI_AN))
                                    rtl = true;
                                p += l ? l : 1;
                            }
                        }
                        if (!ascii && !rtl && !skip) {
                            char r1[128], r2[128], r3[128];
                            size_t n1 = 0, n2 = 0, n3 = 0;
                            int c1 = xn_idna2008_register(ul, un, NULL, 0, r1, sizeof r1, &n1,
                                                          0, NULL);
                            int c2 = xn_idna2008_register(NULL, 0, al, an, r2, sizeof r2, &n2,
                                                          0, NULL);
                            int c3 = xn_idna2008_register(ul, un, al, an, r3, sizeof r3, &n3, 0,
                                                          NULL);
                            CHECK_MSG(c1 == OK && c2 == OK && c3 == OK && n1 == an && n2 == an &&
                                          n3 == an && memcmp(r1, al, an) == 0 &&
                                          memcmp(r2, al, an) == 0 && memcmp(r3, al, an) == 0,
                                      "IdnaTestV2 %s: register label %.*s: %d %d %d", esc,
                                      (int)an, al, c1, c2, c3);
                        }
                    }
                    start = i + 1;
                    astart = j + 1;
                    j = astart;
                }
            }
        }
    } else {
        /* Only hyphen codes: a reserved LDH label, not lookup's business,
         * or a U-label with '-' at an end, which §5.4 does not test. */
        bool only_v2 = (st_a_n == 4 && (memcmp(st_a, "[V2]", 4) == 0 || memcmp(st_a, "[V3]", 4) == 0)) ||
                       (st_a_n == 8 && memcmp(st_a, "[V2, V3]", 8) == 0);
        if (only_v2) {
            v2_left++;
            v2_lines--;
            goto out;
        }
        CHECK_MSG(rc != OK, "IdnaTestV2 %s: toAsciiN fails %.*s, lookup gives [%.*s]", esc,
                  (int)st_a_n, st_a, (int)len, out);
    }
    if (test_failures == before)
        v2_pass++;
out:
    free(src.s);
    free(uni.s);
    free(asc.s);
}

static void test_v2(const char *dir)
{
    size_t len = 0, n;
    char *d;
    const char *line;
    test_lines L;
    if (!load_idna2008(dir))
        return;
    d = test_read_file(dir, "unicode-" TEST_UNICODE_VERSION "/IdnaTestV2.txt", &len);
    if (!d)
        return;
    L = test_lines_of(d, len);
    while ((line = test_next_line(&L, &n)) != NULL) {
        test_field col[7];
        if (n && line[0] != '#' && test_split(line, test_uncomment(line, n), ';', col, 7) >= 7)
            v2_line(col);
    }
    printf("IdnaTestV2 " TEST_UNICODE_VERSION " derived: %lu lines checked, %lu passed, %lu left out (CONTEXTO "
           "decides, reserved LDH label, lone surrogate)\n",
           v2_lines, v2_pass, v2_left);
    free(d);
}

/* ---- differential against libidn2 ------------------------------------------------ */

#ifdef HAVE_LIBIDN2
static const char *const excuse_text[] = {
    "an empty label or the empty name: libidn2 looks it up, xn reports A4_1/A4_2",
    ("a label starting \"xn--\" in other case: libidn2 tests the prefix case-sensitively and "
     "passes such a label unchecked; RFC 5891 section 5.3 lower-cases and checks it"),
    ("CONTEXTO only: RFC 5891 section 5.4 lets lookup skip the CONTEXTO rules; libidn2 does, "
     "xn checks them"),
    ("the Bidi rule fails only on labels without R, AL or AN characters in a Bidi domain name: "
     "libidn2 checks RFC 5893 only on labels that hold such characters, RFC 5893 section 2 "
     "applies it to every label of a Bidi domain name"),
    ("RFC 5893 rule 4 alone (an RTL label holds both EN and AN characters): libidn2 2.3.3 does "
     "not check that rule"),
    ("IDN2_UNASSIGNED from libidn2 where xn's tables (Unicode " TEST_UNICODE_VERSION ", checked "
     "whole against Idna2008.txt by the tables test) find every code point PVALID: libidn2's "
     "tables are of an older Unicode"),
    ("an A-label with upper-case Punycode letters: xn decodes it lower-cased (RFC 5890 section "
     "2.3.2.1: A-labels compare without regard to case), libidn2 decodes the capital to a "
     "U-label that IDNA2008 disallows"),
};

/* Some label of the U-label form holds R or AL first and both EN and AN. */
static bool rtl_en_an(const char *s, size_t n)
{
    char u8[4096];
    size_t len = 0, i, start = 0;
    int rc = xn_idna2008_to_unicode(s, n, u8, sizeof u8, &len,
                                    XN_NO_STD3_RULES | XN_ALLOW_ROOT_DOT, NULL);
    if (rc != XN_OK && rc != XN_E_INVALID_DOMAIN)
        return false;
    for (i = 0; i <= len; i++) {
        if (i == len || u8[i] == '.') {
            size_t p = start;
            bool en = false, an = false, first = true, rtl = false;
            while (p < i) {
                uint32_t c;
                size_t l = xn__utf8_decode((const unsigned char *)u8 + p, i - p, &c);
                unsigned bc;
                if (l == 0)
                    return false;
                bc = xn__bidi(xn__props(c));
                if (first)
                    rtl = bc == XN_BIDI_R || bc == XN_BIDI_AL;
                first = false;
                en = en || bc == XN_BIDI_EN;
                an = an || bc == XN_BIDI_AN;
                p += l;
            }
            if (rtl && en && an)
                return true;
            start = i + 1;
        }
    }
    return false;
}

#define EXCUSES (sizeof excuse_text / sizeof excuse_text[0])

#define BIDI_BITS \
    (XN_ERR_B1 | XN_ERR_B2 | XN_ERR_B3 | XN_ERR_B4 | XN_ERR_B5 | XN_ERR_B6)

static bool has_empty_label(const char *s, size_t n)
{
    size_t i, start = 0;
    if (n == 0)
        return true;
    for (i = 0; i <= n; i++) {
        if (i == n || s[i] == '.') {
            if (i == start && !(i == n && start > 0)) /* not the root after a last dot */
                return true;
            start = i + 1;
        }
    }
    return false;
}

/* Some "xn--" label has an upper-case letter after its prefix. */
static bool has_upper_punycode(const char *s, size_t n)
{
    size_t i, start = 0;
    bool ace = false;
    for (i = 0; i < n; i++) {
        if (s[i] == '.') {
            start = i + 1;
            ace = false;
        } else if (i == start + 3) {
            ace = (s[start] | 0x20) == 'x' && (s[start + 1] | 0x20) == 'n' &&
                  s[start + 2] == '-' && s[i] == '-';
        } else if (ace && i > start + 3 && s[i] >= 'A' && s[i] <= 'Z') {
            return true;
        }
    }
    return false;
}

static bool has_cased_ace(const char *s, size_t n)
{
    size_t i, start = 0;
    for (i = 0; i <= n; i++) {
        if (i == n || s[i] == '.') {
            if (i - start >= 4 && (s[start] | 0x20) == 'x' && (s[start + 1] | 0x20) == 'n' &&
                s[start + 2] == '-' && s[start + 3] == '-' &&
                !(s[start] == 'x' && s[start + 1] == 'n'))
                return true;
            start = i + 1;
        }
    }
    return false;
}

/* Every label of the name's U-label form that holds an R, AL or AN
 * character passes RFC 5893 on its own (so the B codes came from labels
 * without such characters). */
static bool bidi_only_ltr_labels(const char *s, size_t n)
{
    char u8[4096];
    size_t len = 0, i, start = 0;
    int rc = xn_idna2008_to_unicode(s, n, u8, sizeof u8, &len,
                                    XN_NO_STD3_RULES | XN_ALLOW_ROOT_DOT,
                                    NULL);
    if (rc != XN_OK && rc != XN_E_INVALID_DOMAIN)
        return false;
    for (i = 0; i <= len; i++) {
        if (i == len || u8[i] == '.') {
            uint32_t cps[256];
            size_t k = 0, p = start;
            while (p < i && k < 256) {
                size_t l = xn__utf8_decode((const unsigned char *)u8 + p, i - p, &cps[k]);
                if (l == 0)
                    return false;
                k++;
                p += l;
            }
            if (p < i || (xn__is_rtl_label(cps, k) && xn__check_bidi(cps, k, NULL) != 0))
                return false;
            start = i + 1;
        }
    }
    return true;
}

static void diff_one(const char *s, size_t n, void *ctx)
{
    test_tally *t = ctx;
    char out[4096], esc[512], esc2[512], codes[256];
    size_t len = 0;
    uint8_t *theirs = NULL;
    xn_report rep = XN_REPORT_INIT;
    char *z;
    int rc, their;
    bool ok;

    if (memchr(s, '\0', n))
        return;
    z = test_cstring(s, n);
    test_checks++;
    t->compared++;
    rc = xn_idna2008_lookup(s, n, out, sizeof out, &len, XN_NO_STD3_RULES | XN_ALLOW_ROOT_DOT,
                            &rep);
    their = idn2_lookup_u8((const uint8_t *)z, &theirs, IDN2_NO_TR46);
    ok = (rc == XN_OK) == (their == IDN2_OK) &&
         (rc != XN_OK || (strlen((char *)theirs) == len && memcmp(theirs, out, len) == 0));
    if (ok) {
        t->same++;
    } else if (their == IDN2_OK && rc == XN_E_INVALID_DOMAIN &&
               !(rep.errors & ~(XN_ERR_A4_1 | XN_ERR_A4_2)) && has_empty_label(s, n)) {
        test_excused(t, 0);
    } else if (their == IDN2_OK && has_cased_ace(s, n)) {
        test_excused(t, 1);
    } else if (their == IDN2_OK && rc == XN_E_INVALID_DOMAIN && rep.errors == XN_ERR_CONTEXTO) {
        test_excused(t, 2);
    } else if (their == IDN2_OK && rc == XN_E_INVALID_DOMAIN && !(rep.errors & ~BIDI_BITS) &&
               bidi_only_ltr_labels(s, n)) {
        test_excused(t, 3);
    } else if (their == IDN2_OK && rc == XN_E_INVALID_DOMAIN && rep.errors == XN_ERR_B4 &&
               rtl_en_an(s, n)) {
        test_excused(t, 4);
    } else if (their == IDN2_UNASSIGNED && rc == XN_OK) {
        test_excused(t, 5);
    } else if (their != IDN2_OK && rc == XN_OK && has_upper_punycode(s, n)) {
        test_excused(t, 6);
    } else {
        t->differ++;
        test_escape(esc, sizeof esc, s, n);
        test_escape(esc2, sizeof esc2, out, rc == XN_OK ? len : 0);
        xn_errors_format(rep.errors, codes, sizeof codes);
        CHECK_MSG(0, "lookup(%s): xn rc %d %s [%s], libidn2 %s [%s]", esc, rc, codes, esc2,
                  idn2_strerror_name(their), theirs ? (char *)theirs : "");
    }
    idn2_free(theirs);
    free(z);
}

static int diff_main(const char *testdata, const char *corpus)
{
    static const char *const files[] = {"top500.txt", "ascii.txt", "unicode.txt", "alabel.txt"};
    static const char v2[] = "unicode-" TEST_UNICODE_VERSION "/IdnaTestV2.txt";
    test_tally t;
    printf("libidn2 %s, IDN2_NO_TR46; xn with XN_NO_STD3_RULES | XN_ALLOW_ROOT_DOT "
           "(libidn2 leaves NR-LDH labels alone)\n", idn2_check_version(NULL));
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        memset(&t, 0, sizeof t);
        test_each_name(corpus, files[f], TEST_LINES, diff_one, &t);
        test_tally_print("libidn2", files[f], &t, excuse_text, EXCUSES);
    }
    memset(&t, 0, sizeof t);
    test_each_name(testdata, v2, TEST_V2_SOURCE, diff_one, &t);
    test_tally_print("libidn2", "IdnaTestV2 " TEST_UNICODE_VERSION " sources", &t, excuse_text, EXCUSES);
    memset(&t, 0, sizeof t);
    test_each_name(testdata, v2, TEST_V2_TO_UNICODE, diff_one, &t);
    test_tally_print("libidn2", "IdnaTestV2 " TEST_UNICODE_VERSION " toUnicode column", &t, excuse_text, EXCUSES);
    return test_finish("idna2008-libidn2");
}
#else
#define diff_main NULL /* built without libidn2: test_diff_mode says so */
#endif

static void test_own(void)
{
    test_vectors();
    test_register();
    test_api();
}

/* IdnaTestV2 through the IDNA2008 functions, then the derived property
 * table it loaded goes. */
static void test_data(const char *testdata)
{
    test_v2(testdata);
    free(g_prop);
    g_prop = NULL;
}

int main(int argc, char **argv)
{
    return test_main_with_diff(argc, argv, "idna2008", diff_main,
                               "built without libidn2 (pkg-config libidn2 not found): no "
                               "IDNA2008 differential",
                               test_own, test_data);
}
