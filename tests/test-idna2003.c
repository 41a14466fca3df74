/*
 * IDNA2003: xn_idna2003_to_ascii() and xn_idna2003_to_unicode().
 *
 *   test-idna2003 TESTDATA           unit and conformance checks
 *   test-idna2003 --diff TESTDATA CORPUS
 *                                    differential against GNU libidn
 *
 * 1. ICU 72.1's IDNA2003 conformance cases (icu-72.1-testdata/idna_conf.txt),
 *    every record, read as ICU's own runner reads them (IdnaConfTest in
 *    icu4c/source/test/intltest/idnaconf.cpp): `namebase` with <XXXX>
 *    escapes is the input; a record whose desc names UseSTD3ASCIIRules runs
 *    with STD3 rules on and AllowUnassigned off, any other record with STD3
 *    off and AllowUnassigned on.  toascii "pass": XN_OK and exactly
 *    namezone; toascii "fail": a failure status.  tounicode "pass": XN_OK
 *    and namezone; tounicode "fail": the input comes back unchanged (RFC
 *    3490 §4.2: ToUnicode never fails, it returns its input), with
 *    XN_E_INVALID_DOMAIN unless no label of the input begins with "xn--"
 *    (then step 3 just returns the label, which is no failure; these are
 *    the "old prefix" records that ICU's runner accepts the same way).  The
 *    file is not valid UTF-8 (nameutf8 uses CESU-8), so only namebase is
 *    read; a lone surrogate escape becomes the ill-formed bytes ED xx xx,
 *    which must fail as XN_E_BAD_UTF8.
 * 2. Vectors derived from RFC 3490 and RFC 3491 / RFC 3454 (see each row).
 * 3. API conventions: arguments, flags, capacity sweep, reports.
 * 4. Threads: the Nameprep profile opened from several threads at once,
 *    before any other call, gives every thread one thread's answers.
 * With --diff, every name of the benchmark corpora and every source of
 * IdnaTestV2.txt of the data set goes through both libraries (see diff_main()).
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"
#include "xn.h"
#include "props.h"
#include "test-version.h"
#include "testdata.h"

#ifdef HAVE_LIBIDN
#include <idna.h>
#include <stringprep.h>
#endif

/* ---- 1. ICU's idna_conf.txt ------------------------------------------------- */

/* namebase/namezone: ASCII with <XXXX> escapes. */
static bool unescape_angle(const char *s, size_t n, test_buf *out, bool *surrogate)
{
    size_t i = 0;
    out->n = 0;
    test_buf_put(out, "", 0);
    *surrogate = false;
    while (i < n) {
        if (s[i] == '<') {
            uint32_t cp = 0;
            size_t j = i + 1;
            while (j < n && s[j] != '>') {
                char c = s[j++];
                unsigned d = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                             : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                             : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                                    : 99u;
                if (d == 99u)
                    return false;
                cp = cp * 16 + d;
            }
            if (j >= n || cp > 0x10FFFF)
                return false;
            if (cp >= 0xD800 && cp <= 0xDFFF)
                *surrogate = true;
            test_buf_cp(out, cp);
            i = j + 1;
        } else {
            test_buf_put(out, s + i, 1);
            i++;
        }
    }
    return true;
}

typedef struct record {
    char desc[512];
    char base[512];
    char zone[512];
    int type;     /* 0 toascii, 1 tounicode */
    int passfail; /* 0 pass, 1 fail */
} record;

static bool has_ace_label(const char *s, size_t n)
{
    size_t i, start = 0;
    for (i = 0; i <= n; i++) {
        if (i == n || s[i] == '.') {
            if (i - start >= 4 && (s[start] | 0x20) == 'x' && (s[start + 1] | 0x20) == 'n' &&
                s[start + 2] == '-' && s[start + 3] == '-')
                return true;
            start = i + 1;
        }
    }
    return false;
}

static unsigned long conf_pass, conf_total;

static void run_record(const record *r)
{
    test_buf in = {NULL, 0, 0, false}, want = {NULL, 0, 0, false};
    bool sur = false, sur2 = false;
    char out[1024], esc[1024], esc2[1024];
    size_t len = 0;
    xn_report rep = XN_REPORT_INIT;
    unsigned flags = strstr(r->desc, "UseSTD3ASCIIRules") ? 0u
                                                         : XN_ALLOW_UNASSIGNED | XN_NO_STD3_RULES;
    int rc;
    unsigned long before = test_failures;

    conf_total++;
    CHECK_MSG(unescape_angle(r->base, strlen(r->base), &in, &sur), "bad namebase %s", r->base);
    CHECK_MSG(unescape_angle(r->zone, strlen(r->zone), &want, &sur2), "bad namezone %s", r->zone);
    rc = (r->type ? xn_idna2003_to_unicode : xn_idna2003_to_ascii)(in.s, in.n, out, sizeof out,
                                                                  &len, flags, &rep);
    test_escape(esc, sizeof esc, in.s, in.n);
    test_escape(esc2, sizeof esc2, out, rc == XN_OK || rc == XN_E_INVALID_DOMAIN ? len : 0);
    if (sur) {
        CHECK_MSG(rc == XN_E_BAD_UTF8, "idna_conf %s: lone surrogate %s: rc %d", r->desc, esc, rc);
    } else if (r->passfail == 0) {
        CHECK_MSG(rc == XN_OK && len == want.n && memcmp(out, want.s, len) == 0,
                  "idna_conf %s: %s -> rc %d [%s], want [%s]", r->desc, esc, rc, esc2, r->zone);
    } else if (r->type == 0) {
        CHECK_MSG(rc != XN_OK, "idna_conf %s: %s -> [%s], want a failure", r->desc, esc, esc2);
    } else {
        CHECK_MSG((rc == XN_E_INVALID_DOMAIN || (rc == XN_OK && !has_ace_label(in.s, in.n))) &&
                      len == in.n && memcmp(out, in.s, len) == 0,
                  "idna_conf %s: %s -> rc %d [%s], want the input back%s", r->desc, esc, rc,
                  esc2, has_ace_label(in.s, in.n) ? " and XN_E_INVALID_DOMAIN" : "");
    }
    if (test_failures == before)
        conf_pass++;
    free(in.s);
    free(want.s);
}

static void copy_value(char *dst, size_t cap, const char *v, size_t n)
{
    while (n > 0 && (*v == ' ' || *v == '\t')) {
        v++;
        n--;
    }
    while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
        n--;
    if (n >= cap)
        n = cap - 1;
    memcpy(dst, v, n);
    dst[n] = '\0';
}

static void test_conf(const char *dir)
{
    size_t len = 0, pos = 0;
    char *data = test_read_file(dir, "icu-72.1-testdata/idna_conf.txt", &len);
    record r;
    bool in_record = false;
    test_buf line = {NULL, 0, 0, false};
    unsigned long toascii = 0, tounicode = 0;

    if (!data)
        return;
    memset(&r, 0, sizeof r);
    r.type = r.passfail = -1;
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        pos = 3;
    while (pos < len) {
        /* One logical line: CRLF or LF ends it, a backslash before the end
         * joins the next one. */
        line.n = 0;
        test_buf_put(&line, "", 0);
        while (pos < len) {
            size_t e = pos;
            while (e < len && data[e] != '\n')
                e++;
            {
                size_t le = e;
                if (le > pos && data[le - 1] == '\r')
                    le--;
                if (le > pos && data[le - 1] == '\\') {
                    test_buf_put(&line, data + pos, le - 1 - pos);
                    pos = e + 1;
                    continue;
                }
                test_buf_put(&line, data + pos, le - pos);
                pos = e + 1;
                break;
            }
        }
        if (strcmp(line.s, "=====") == 0) {
            if (in_record) {
                CHECK_MSG(r.type >= 0 && r.passfail >= 0, "idna_conf: incomplete record %s",
                          r.desc);
                if (r.type >= 0 && r.passfail >= 0) {
                    run_record(&r);
                    if (r.type)
                        tounicode++;
                    else
                        toascii++;
                }
            }
            memset(&r, 0, sizeof r);
            r.type = r.passfail = -1;
            in_record = true;
            continue;
        }
        {
            char *colon = strchr(line.s, ':');
            size_t klen;
            const char *v;
            if (!colon || !in_record)
                continue;
            klen = (size_t)(colon - line.s);
            v = colon + 1;
            if (klen == 4 && memcmp(line.s, "desc", 4) == 0)
                copy_value(r.desc, sizeof r.desc, v, strlen(v));
            else if (klen == 8 && memcmp(line.s, "namebase", 8) == 0)
                copy_value(r.base, sizeof r.base, v, strlen(v));
            else if (klen == 8 && memcmp(line.s, "namezone", 8) == 0)
                copy_value(r.zone, sizeof r.zone, v, strlen(v));
            else if (klen == 4 && memcmp(line.s, "type", 4) == 0)
                r.type = strstr(v, "tounicode") ? 1 : strstr(v, "toascii") ? 0 : -1;
            else if (klen == 8 && memcmp(line.s, "passfail", 8) == 0)
                r.passfail = strstr(v, "pass") ? 0 : strstr(v, "fail") ? 1 : -1;
        }
    }
    if (in_record && r.type >= 0 && r.passfail >= 0) {
        run_record(&r);
        if (r.type)
            tounicode++;
        else
            toascii++;
    }
    printf("idna_conf.txt: %lu records (%lu toascii, %lu tounicode), %lu passed\n", conf_total,
           toascii, tounicode, conf_pass);
    CHECK_EQ_INT(conf_total, 113);
    free(line.s);
    free(data);
}

/* ---- 2. vectors -------------------------------------------------------------- */

/* The rows' op: ToASCII or ToUnicode (entries.h); the expected output is
 * written by ToUnicode on XN_E_INVALID_DOMAIN too. */
enum { A = TEST_IDNA2003_TO_ASCII, U = TEST_IDNA2003_TO_UNICODE };

static const test_vec vectors[] = {
    /* RFC 3490 §4.1 step 1: an ASCII label skips Nameprep: no lower-casing. */
    {A, "Example.COM", 0, XN_OK, "Example.COM", 0},
    {U, "Example.COM", 0, XN_OK, "Example.COM", 0},
    /* RFC 3490 §3.1 requirement 1: four label separators; U+002E out. */
    {A, "a\xE3\x80\x82" "b\xEF\xBC\x8E" "c\xEF\xBD\xA1" "d", 0, XN_OK, "a.b.c.d", 0},
    {U, "a\xE3\x80\x82" "b", 0, XN_OK, "a.b", 0},
    /* Nameprep (RFC 3491 §3, RFC 3454 B.2): case folding, then Punycode. */
    {A, "B\xC3\x9C" "CHER.example", 0, XN_OK, "xn--bcher-kva.example", 0},
    /* RFC 3454 B.2: U+00DF maps to "ss", an ASCII result (step 4). */
    {A, "fa\xC3\x9F.de", 0, XN_OK, "fass.de", 0},
    /* RFC 3454 B.1: U+00AD maps to nothing; an empty label fails step 8. */
    {A, "\xC2\xAD", 0, XN_E_INVALID_DOMAIN, "", XN_ERR_A4_2},
    /* §4.2: "xn--fa-hia" decodes to "faß", whose ToASCII is "fass" (step 7
     * fails): the label comes back unchanged. */
    {U, "xn--fa-hia.de", 0, XN_E_INVALID_DOMAIN, "xn--fa-hia.de", XN_ERR_ROUNDTRIP},
    {U, "xn--bcher-kva.example", 0, XN_OK, "b\xC3\xBC" "cher.example", 0},
    /* §4.2 step 3: no ACE prefix: returned as it is, no failure, no
     * Nameprep in the result. */
    {U, "B\xC3\x9C" "CHER", 0, XN_OK, "B\xC3\x9C" "CHER", 0},
    /* §4.2 step 5: bad Punycode. */
    {U, "xn--dn-mj", 0, XN_E_INVALID_DOMAIN, "xn--dn-mj", XN_ERR_P4},
    /* §4.1 step 3: STD3 (a) and (b), and off. */
    {A, "a_b.example", 0, XN_E_INVALID_DOMAIN, "", XN_ERR_U1},
    {A, "a_b.example", XN_NO_STD3_RULES, XN_OK, "a_b.example", 0},
    {A, "-ab", 0, XN_E_INVALID_DOMAIN, "", XN_ERR_V3},
    {A, "-ab", XN_NO_STD3_RULES, XN_OK, "-ab", 0},
    /* §4.1 step 5: ACE prefix on a non-ASCII label. */
    {A, "xn--\xC3\xAF" "dn", 0, XN_E_INVALID_DOMAIN, "", XN_ERR_ACE_PREFIX},
    /* §4.1 step 8: 63 is the longest label. */
    {A, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 0, XN_OK,
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 0},
    {A, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 0,
     XN_E_INVALID_DOMAIN, "", XN_ERR_A4_2},
    {A, "a..b", 0, XN_E_INVALID_DOMAIN, "", XN_ERR_A4_2},
    /* One trailing root dot is accepted by default (libidn, ICU and Python
     * agree); two dots are empty labels. */
    {A, "a.", 0, XN_OK, "a.", 0},
    {A, "b\xC3\xBC" "cher.de.", 0, XN_OK, "xn--bcher-kva.de.", 0},
    {A, "b\xC3\xBC" "cher.de\xEF\xBD\xA1", 0, XN_OK, "xn--bcher-kva.de.", 0},
    {A, "a..", 0, XN_E_INVALID_DOMAIN, "", XN_ERR_A4_2},
    /* A name that is one dot alone, any of the four, is the root (RFC 3490
     * §3.1 step 1 makes each of them a dot; GNU libidn gives "."). */
    {A, ".", 0, XN_OK, ".", 0},
    {A, "\xE3\x80\x82", 0, XN_OK, ".", 0},
    {A, "\xEF\xBC\x8E", 0, XN_OK, ".", 0},
    {A, "\xEF\xBD\xA1", 0, XN_OK, ".", 0},
    {A, "\xEF\xBD\xA1", XN_NO_STD3_RULES | XN_ALLOW_UNASSIGNED, XN_OK, ".", 0},
    {U, "\xE3\x80\x82", 0, XN_OK, ".", 0},
    {U, "\xEF\xBC\x8E", 0, XN_OK, ".", 0},
    {A, "\xE3\x80\x82\xE3\x80\x82", 0, XN_E_INVALID_DOMAIN, "", XN_ERR_A4_2},
    {A, "\xE3\x80\x82" "a", 0, XN_E_INVALID_DOMAIN, "", XN_ERR_A4_2},
    {A, "", 0, XN_E_INVALID_DOMAIN, "", XN_ERR_A4_2},
    {A, "a.", XN_ALLOW_ROOT_DOT, XN_OK, "a.", 0},
    {A, "a\xE3\x80\x82", XN_ALLOW_ROOT_DOT, XN_OK, "a.", 0},
    /* RFC 3454 C.3 private use: prohibited (RFC 3491 §5). */
    {A, "\xEE\x80\x80" "a", 0, XN_E_INVALID_DOMAIN, "", XN_ERR_NAMEPREP_PROHIBITED},
    /* RFC 3454 A.1: U+0237 is unassigned in Unicode 3.2. */
    {A, "\xC8\xB7" "a", 0, XN_E_INVALID_DOMAIN, "", XN_ERR_NAMEPREP_UNASSIGNED},
    /* ... and with AllowUnassigned: idna_conf.txt 5-1-1. */
    {A, "\xC8\xB7\xC3\xAD" "dn", XN_ALLOW_UNASSIGNED, XN_OK, "xn--dn-mja33k", 0},
    /* RFC 3454 §6: RandALCat first and last, no LCat. */
    {A, "\xD8\xA8" "o\xD8\xB8", 0, XN_E_INVALID_DOMAIN, "", XN_ERR_NAMEPREP_BIDI},
    /* U+2024 ONE DOT LEADER: NFKC gives U+002E inside a label. */
    {A, "a\xE2\x80\xA4" "b", XN_NO_STD3_RULES, XN_E_INVALID_DOMAIN, "", XN_ERR_V5},
    /* ToUnicode returns the rest converted and the failed label as it was. */
    {U, "xn--bcher-kva.xn--dn-mj", 0, XN_E_INVALID_DOMAIN, "b\xC3\xBC" "cher.xn--dn-mj",
     XN_ERR_P4},
    {A, "", 0, XN_E_INVALID_DOMAIN, "", XN_ERR_A4_2},
    {U, "", 0, XN_OK, "", 0},
};

static void test_vectors(void)
{
    size_t i;
    for (i = 0; i < sizeof vectors / sizeof vectors[0]; i++)
        test_vector(&vectors[i]);
}

/* ---- 3. API conventions ------------------------------------------------------- */

static const test_name idna2003_errors[] = {
    {XN_ERR_ROUNDTRIP, "ROUNDTRIP"}, {XN_ERR_NAMEPREP_PROHIBITED, "NAMEPREP_PROHIBITED"},
};

static void test_api(void)
{
    char out[64];
    size_t len = 7;
    xn_report rep = XN_REPORT_INIT;
    /* NULL arguments, flags that mean nothing to IDNA2003, the size query,
     * ill-formed UTF-8 and over-long labels are test-api.c's
     * (test_contract).  NULL with length 0 is the
     * empty name. */
    CHECK_EQ_INT(xn_idna2003_to_unicode(NULL, 0, out, sizeof out, &len, 0, NULL), XN_OK);
    CHECK_EQ_INT(xn_idna2003_to_ascii(NULL, 0, out, sizeof out, &len, 0, &rep),
                 XN_E_INVALID_DOMAIN);
    CHECK_EQ_INT(rep.errors, XN_ERR_A4_2);
    /* The report names the label and the offending code point. */
    test_report_is("idna2003_to_ascii(ok.a\\u{237})", xn_idna2003_to_ascii, "ok.a\xC8\xB7", 6, 0,
                   XN_E_INVALID_DOMAIN, 1, 4, 0x237);
    CHECK_NAMES(xn_error_name, uint64_t, idna2003_errors);
}

/* ---- 4. threads -------------------------------------------------------------------- */

#define THREADS 4
#define ROUNDS 300

static const char *const thread_names[] = {
    "b\xC3\xBC" "cher.example", "xn--bcher-kva.example", "fa\xC3\x9F.de", "\xEE\x80\x80" "a",
    "\xC8\xB7" "a", "xn--fa-hia.de", "www.example.com", "\xD8\xA8" "o\xD8\xB8",
    "\xE4\xB8\xAD\xE5\x9B\xBD", "a\xE3\x80\x82" "b",
};
#define TN (sizeof thread_names / sizeof thread_names[0])

typedef struct answer {
    int rc;
    size_t len;
    uint64_t errors;
    char out[128];
} answer;

static answer thread_answers[THREADS][2][TN];

static void answer_of(int op, const char *name, answer *a)
{
    xn_report rep = XN_REPORT_INIT;
    memset(a, 0, sizeof *a);
    a->rc = (op ? xn_idna2003_to_unicode : xn_idna2003_to_ascii)(name, strlen(name), a->out,
                                                                 sizeof a->out, &a->len, 0, &rep);
    a->errors = rep.errors;
}

static bool same(const answer *a, const answer *b)
{
    return a->rc == b->rc && a->len == b->len && a->errors == b->errors &&
           memcmp(a->out, b->out, sizeof a->out) == 0;
}

static void *worker(void *arg)
{
    size_t t = (size_t)(uintptr_t)arg, r, i;
    unsigned long bad = 0;
    int op;
    /* The first calls of the process: all threads open Nameprep at once. */
    for (op = 0; op < 2; op++)
        for (i = 0; i < TN; i++)
            answer_of(op, thread_names[i], &thread_answers[t][op][i]);
    for (r = 0; r < ROUNDS; r++) {
        answer a;
        i = (r * 7 + t) % TN;
        op = (int)(r & 1);
        answer_of(op, thread_names[i], &a);
        if (!same(&a, &thread_answers[t][op][i]))
            bad++;
    }
    return (void *)(uintptr_t)bad;
}

static void test_threads(void)
{
    pthread_t th[THREADS];
    size_t t, i;
    int op;
    for (t = 0; t < THREADS; t++)
        CHECK(pthread_create(&th[t], NULL, worker, (void *)(uintptr_t)t) == 0);
    for (t = 0; t < THREADS; t++) {
        void *res = NULL;
        CHECK(pthread_join(th[t], &res) == 0);
        CHECK_MSG(res == NULL, "thread %zu: %lu answers changed", t,
                  (unsigned long)(uintptr_t)res);
    }
    for (op = 0; op < 2; op++)
        for (i = 0; i < TN; i++) {
            answer a;
            answer_of(op, thread_names[i], &a);
            for (t = 0; t < THREADS; t++)
                CHECK_MSG(same(&a, &thread_answers[t][op][i]),
                          "thread %zu, name %zu: differs from one thread's answer", t, i);
        }
}

/* ---- differential against GNU libidn ------------------------------------------------ */

#ifdef HAVE_LIBIDN

/* One pass of the differential: the flags and what came out. */
typedef struct diff_run {
    unsigned flags;
    test_tally t;
} diff_run;

static const char *const excuse_text[] = {
    "the empty name: libidn returns it, RFC 3490 step 8 rejects an empty label",
    "a label beyond XN_LABEL_LIMIT code points (XN_E_TOO_LONG by contract)",
    ("AllowUnassigned and a code point unassigned in Unicode 3.2 whose Bidi_Class today is R, AL "
     "or L: ICU's StringPrep applies RFC 3454 section 6 with today's Bidi classes, libidn with the "
     "Unicode 3.2 tables D.1/D.2, which leave unassigned code points out"),
    ("without STD3 rules, Nameprep made a U+002E inside a label (from U+2488 and the like): xn "
     "rejects it (V5), libidn writes the dot inside the label and so changes the name's labels"),
};

/* Excuse 3: our report has V5 and libidn's output has more dots than the
 * input has separators. */
static bool dot_from_nameprep(const char *s, size_t n, const char *theirs, uint64_t errors)
{
    size_t seps = 0, dots = 0, i;
    if (!(errors & XN_ERR_V5) || !theirs)
        return false;
    for (i = 0; i < n; i++)
        if (s[i] == '.' || (i + 2 < n && (memcmp(s + i, "\xE3\x80\x82", 3) == 0 ||
                                          memcmp(s + i, "\xEF\xBC\x8E", 3) == 0 ||
                                          memcmp(s + i, "\xEF\xBD\xA1", 3) == 0)))
            seps++;
    for (i = 0; theirs[i]; i++)
        if (theirs[i] == '.')
            dots++;
    return dots > seps;
}

#define EXCUSES (sizeof excuse_text / sizeof excuse_text[0])


/* Excuse 2, computed on the input: the report names the Nameprep Bidi rule,
 * AllowUnassigned is on, and the name holds a code point that Nameprep
 * without AllowUnassigned rejects as unassigned and whose Bidi_Class (in
 * the tables' Unicode version) is R, AL or L. */
static bool unassigned_strong_bidi(const char *s, size_t n, unsigned flags, uint64_t errors)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t pos = 0;
    if (!(flags & XN_ALLOW_UNASSIGNED) || !(errors & XN_ERR_NAMEPREP_BIDI))
        return false;
    while (pos < n) {
        uint32_t c;
        size_t len = xn__utf8_decode(u + pos, n - pos, &c);
        if (len == 0)
            return false;
        if (c >= 0x80) {
            unsigned bc = xn__bidi(xn__props(c));
            if (bc == XN_BIDI_R || bc == XN_BIDI_AL || bc == XN_BIDI_L) {
                char tmp[8];
                size_t tl;
                xn_report rep = XN_REPORT_INIT;
                tl = xn__utf8_put(c, tmp);
                if (xn_idna2003_to_ascii(tmp, tl, NULL, 0, &tl, XN_NO_STD3_RULES, &rep) ==
                        XN_E_INVALID_DOMAIN &&
                    (rep.errors & XN_ERR_NAMEPREP_UNASSIGNED))
                    return true;
            }
        }
        pos += len;
    }
    return false;
}

/* Some label of s (split on the four dots) holds a code point of excuse 2
 * (unassigned in 3.2, strong Bidi_Class today) and libidn's Nameprep
 * rejects that label on the Bidi rule of RFC 3454 section 6. */
static bool libidn_bidi_refuses(const char *s, size_t n)
{
    size_t start = 0, i = 0;
    while (i <= n) {
        size_t sep = i == n ? 1 : s[i] == '.' ? 1 : (i + 2 < n && (memcmp(s + i, "\xE3\x80\x82", 3) == 0 ||
                                                                   memcmp(s + i, "\xEF\xBC\x8E", 3) == 0 ||
                                                                   memcmp(s + i, "\xEF\xBD\xA1", 3) == 0))
                                                         ? 3
                                                         : 0;
        if (sep) {
            char lab[1024];
            size_t ln = i - start;
            if (ln < sizeof lab / 4) {
                int r;
                memcpy(lab, s + start, ln);
                lab[ln] = '\0';
                r = stringprep_nameprep(lab, sizeof lab);
                if ((r == STRINGPREP_BIDI_BOTH_L_AND_RAL || r == STRINGPREP_BIDI_LEADTRAIL_NOT_RAL) &&
                    unassigned_strong_bidi(s + start, ln, XN_ALLOW_UNASSIGNED, XN_ERR_NAMEPREP_BIDI))
                    return true;
            }
            i += sep;
            start = i;
        } else {
            i++;
        }
    }
    return false;
}

static void diff_one(const char *s, size_t n, void *ctx)
{
    unsigned flags = ((diff_run *)ctx)->flags;
    test_tally *t = &((diff_run *)ctx)->t;
    char out[4096];
    size_t len = 0;
    char *theirs = NULL, esc[512], esc2[512];
    int idn_flags = ((flags & XN_NO_STD3_RULES) ? 0 : IDNA_USE_STD3_ASCII_RULES) |
                    ((flags & XN_ALLOW_UNASSIGNED) ? IDNA_ALLOW_UNASSIGNED : 0);
    int rc, their;
    bool ok;
    xn_report rep = XN_REPORT_INIT;
    char *z = test_cstring(s, n);

    test_checks += 2;
    t->compared++;
    /* ToASCII: both succeed with the same name, or both fail.  A trailing
     * root dot is allowed on both sides (libidn keeps it). */
    rc = xn_idna2003_to_ascii(s, n, out, sizeof out, &len, flags | XN_ALLOW_ROOT_DOT, &rep);
    their = idna_to_ascii_8z(z, &theirs, idn_flags);
    ok = (rc == XN_OK) == (their == IDNA_SUCCESS) &&
         (rc != XN_OK || (strlen(theirs) == len && memcmp(theirs, out, len) == 0));
    if (ok) {
        t->same++;
    } else if (n == 0) {
        test_excused(t, 0);
    } else if (rc == XN_E_TOO_LONG) {
        test_excused(t, 1);
    } else if (their == IDNA_SUCCESS && unassigned_strong_bidi(s, n, flags, rep.errors)) {
        test_excused(t, 2);
    } else if (their == IDNA_SUCCESS && dot_from_nameprep(s, n, theirs, rep.errors)) {
        test_excused(t, 3);
    } else if (rc == XN_OK && their == IDNA_STRINGPREP_ERROR && (flags & XN_ALLOW_UNASSIGNED) &&
               libidn_bidi_refuses(s, n)) {
        /* The other way round: ICU's Nameprep accepts, libidn's refuses. */
        test_excused(t, 2);
    } else {
        t->differ++;
        test_escape(esc, sizeof esc, s, n);
        test_escape(esc2, sizeof esc2, out, rc == XN_OK ? len : 0);
        CHECK_MSG(0, "ToASCII(%s, %#x): xn rc %d [%s], libidn rc %d [%s]", esc, flags, rc, esc2,
                  their, theirs ? theirs : "");
    }
    free(theirs);
    theirs = NULL;

    /* ToUnicode never fails in RFC 3490: compare what both return. */
    t->compared++;
    rc = xn_idna2003_to_unicode(s, n, out, sizeof out, &len, flags, &rep);
    their = idna_to_unicode_8z8z(z, &theirs, idn_flags);
    ok = (rc == XN_OK || rc == XN_E_INVALID_DOMAIN) && their == IDNA_SUCCESS &&
         strlen(theirs) == len && memcmp(theirs, out, len) == 0;
    if (ok) {
        t->same++;
    } else if (rc == XN_E_TOO_LONG) {
        test_excused(t, 1);
    } else if (their == IDNA_SUCCESS && theirs &&
               unassigned_strong_bidi(theirs, strlen(theirs), flags, rep.errors)) {
        /* The label libidn decoded holds the code point. */
        test_excused(t, 2);
    } else if (their == IDNA_SUCCESS && (flags & XN_ALLOW_UNASSIGNED) &&
               libidn_bidi_refuses(out, len)) {
        /* The other way round: ICU's Nameprep accepts the decoded label,
         * libidn's refuses it for RFC 3454 section 6 and returns the input. */
        test_excused(t, 2);
    } else {
        t->differ++;
        test_escape(esc, sizeof esc, s, n);
        test_escape(esc2, sizeof esc2, out, rc == XN_OK || rc == XN_E_INVALID_DOMAIN ? len : 0);
        CHECK_MSG(0, "ToUnicode(%s, %#x): xn rc %d [%s], libidn rc %d [%s]", esc, flags, rc,
                  esc2, their, theirs ? theirs : "");
    }
    free(theirs);
    free(z);
}

static int diff_main(const char *testdata, const char *corpus)
{
    static const char *const files[] = {"top500.txt", "ascii.txt", "unicode.txt", "alabel.txt"};
    static const unsigned flag_sets[] = {0, XN_NO_STD3_RULES | XN_ALLOW_UNASSIGNED};
    char what[128];
    for (size_t k = 0; k < 2; k++) {
        diff_run r;
        for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
            memset(&r, 0, sizeof r);
            r.flags = flag_sets[k];
            test_each_name(corpus, files[f], TEST_LINES, diff_one, &r);
            snprintf(what, sizeof what, "%s flags %#x", files[f], flag_sets[k]);
            test_tally_print("libidn", what, &r.t, excuse_text, EXCUSES);
        }
        memset(&r, 0, sizeof r);
        r.flags = flag_sets[k];
        test_each_name(testdata, "unicode-" TEST_UNICODE_VERSION "/IdnaTestV2.txt", TEST_V2_SOURCE, diff_one,
                       &r);
        snprintf(what, sizeof what, "IdnaTestV2 " TEST_UNICODE_VERSION " sources flags %#x", flag_sets[k]);
        test_tally_print("libidn", what, &r.t, excuse_text, EXCUSES);
    }
    return test_finish("idna2003-libidn");
}
#else
#define diff_main NULL /* built without GNU libidn: test_diff_mode says so */
#endif

static void test_own(void)
{
    test_threads(); /* first, so that the threads make the first ICU calls */
    test_vectors();
    test_api();
}

int main(int argc, char **argv)
{
    return test_main_with_diff(argc, argv, "idna2003", diff_main,
                               "built without GNU libidn (pkg-config libidn not found): no "
                               "IDNA2003 differential",
                               test_own, test_conf);
}
