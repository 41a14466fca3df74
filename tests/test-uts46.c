/*
 * UTS #46 front end: what callers depend on, one row per behaviour, in
 * vectors/uts46.txt (the folder is the first argument).  Every row also
 * goes through a capacity sweep, the *_alloc wrappers, and (for successful
 * ToASCII rows) idempotence and the ToUnicode round trip.
 */
#include "ascii.h"
#include "rules.h"
#include "uts46.h"
#include "xn.h"
#include "rowfile.h"
#include "test.h"

enum op { A, U }; /* xn_to_ascii, xn_to_unicode */

/* A row of vectors/uts46.txt. */
typedef struct row {
    const char *where; /* "vectors/uts46.txt:LINE" */
    enum op op;
    const char *in;
    size_t in_len;
    unsigned flags;
    int status;
    const char *out;   /* expected output; NULL for a failing ToASCII */
    size_t out_len;
    uint64_t errors;   /* exact set expected in the report */
} row;

static void check_row(const row *r)
{
    char out[4096], esc[512];
    size_t len = 0, alen = 0;
    xn_report rep = XN_REPORT_INIT;
    char *in = test_exact_copy(r->in, r->in_len), *aout = NULL;
    size_t in_len = r->in_len;
    int rc = (r->op == A ? xn_to_ascii : xn_to_unicode)(in, in_len, out, sizeof out, &len,
                                                          r->flags, &rep);
    int arc;

    test_escape(esc, sizeof esc, r->in, in_len);
    CHECK_MSG(rc == r->status, "%s %s(%s): status %s, expected %s", r->where,
              r->op == A ? "to_ascii" : "to_unicode", esc, xn_strerror_name(rc),
              xn_strerror_name(r->status));
    CHECK_MSG(rep.errors == r->errors, "%s (%s): errors %#llx, expected %#llx", r->where,
              esc, (unsigned long long)rep.errors, (unsigned long long)r->errors);
    if (r->out) {
        char e2[512];
        CHECK_MSG(len == r->out_len && memcmp(out, r->out, len) == 0 && out[len] == '\0',
                  "%s (%s): output %s", r->where, esc,
                  test_escape(e2, sizeof e2, out, len));
    } else {
        CHECK_MSG(len == 0 && out[0] == '\0', "%s (%s): output on failure", r->where, esc);
    }

    /* Capacity sweep: every too-small buffer fails cleanly with the size. */
    if (r->out) {
        size_t need = r->out_len;
        char what[600];
        snprintf(what, sizeof what, "%s (%s)", r->where, esc);
        test_caps(what, r->op == A ? xn_to_ascii : xn_to_unicode, in, in_len, r->flags, need + 2,
                  r->status, r->out, need);
    }

    /* The allocating wrapper gives the same answer. */
    arc = (r->op == A ? xn_to_ascii_alloc : xn_to_unicode_alloc)(in, in_len, &aout, &alen,
                                                                 r->flags, NULL);
    CHECK_MSG(arc == rc, "%s alloc: %s", r->where, xn_strerror_name(arc));
    if (r->out) {
        CHECK_MSG(aout && alen == len && strcmp(aout, r->out) == 0, "%s alloc output",
                  r->where);
    } else {
        CHECK_MSG(aout == NULL, "%s alloc output on failure", r->where);
    }
    xn_free(aout);

    /* ToASCII is idempotent, and ToUnicode of its result is ToUnicode of
     * the input. */
    if (r->op == A && rc == XN_OK && !(r->flags & XN_TRANSITIONAL)) {
        char again[4096], u1[4096], u2[4096];
        size_t l2, lu1, lu2;
        int r2 = xn_to_ascii(out, len, again, sizeof again, &l2, r->flags, NULL);
        CHECK_MSG(r2 == XN_OK && l2 == len && memcmp(again, out, len) == 0,
                  "%s: ToASCII not idempotent (%s)", r->where, xn_strerror_name(r2));
        if (!(r->flags & XN_URL_RULES)) {
            int ra = xn_to_unicode(in, in_len, u1, sizeof u1, &lu1, r->flags, NULL);
            int rb = xn_to_unicode(out, len, u2, sizeof u2, &lu2, r->flags, NULL);
            CHECK_MSG(ra == rb && lu1 == lu2 && memcmp(u1, u2, lu1) == 0,
                      "%s: ToUnicode(ToASCII(x)) != ToUnicode(x)", r->where);
        }
    }
    free(in);
}

static void test_arguments(void)
{
    char out[64];
    size_t len = 99;
    xn_report rep = XN_REPORT_INIT;
    rep.errors = 1;
    CHECK_EQ_INT(xn_to_ascii("a", 1, out, sizeof out, &len, 0x8000u, &rep), XN_E_INVALID_ARG);
    CHECK_EQ_INT(rep.errors, 0);
    /* The other arguments, the flags and the size query of every
     * conversion are test-api.c's (test_contract). */
    /* NULL with length 0 is the empty name. */
    CHECK_EQ_INT(xn_to_ascii(NULL, 0, out, sizeof out, &len, 0, &rep), XN_E_INVALID_DOMAIN);
    CHECK_EQ_INT(xn_to_ascii(NULL, 0, out, sizeof out, &len, XN_NO_VERIFY_DNS_LENGTH, NULL),
                 XN_OK);
    CHECK_EQ_INT(len, 0);
    /* Size query. */
    CHECK_EQ_INT(xn_to_ascii("bücher.example", 15, NULL, 0, &len, 0, NULL),
                 XN_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(len, 21);
}

static void test_bad_utf8(void)
{
    static const char *const bad[] = {
        "\xC3", "abc.\xFF", "a\xC0\xAF" "b", "\xED\xA0\x80.com", "x\xF4\x90\x80\x80",
        "bücher\xE2\x82", "\x80" "abc",
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char out[64];
        size_t len = 7;
        CHECK_EQ_INT(xn_to_ascii(bad[i], strlen(bad[i]), out, sizeof out, &len, 0, NULL),
                     XN_E_BAD_UTF8);
        CHECK_EQ_INT(len, 0);
        CHECK_EQ_INT(xn_to_unicode(bad[i], strlen(bad[i]), out, sizeof out, &len, 0, NULL),
                     XN_E_BAD_UTF8);
        CHECK_EQ_INT(xn_to_ascii(bad[i], strlen(bad[i]), out, sizeof out, &len, XN_WHATWG, NULL),
                     XN_E_BAD_UTF8);
    }
    /* An embedded NUL is disallowed by STD3, and by xn's policy (NUL) in
     * every profile; the URL Standard's forbidden code point under its
     * rules, in either direction. */
    {
        char out[64];
        size_t len;
        xn_report rep = XN_REPORT_INIT;
        CHECK_EQ_INT(xn_to_ascii("a\0b", 3, out, sizeof out, &len, 0, &rep), XN_E_INVALID_DOMAIN);
        CHECK_EQ_INT(rep.errors, XN_ERR_U1 | XN_ERR_NUL);
        CHECK_EQ_INT(rep.offset, 1);
        CHECK_EQ_INT(xn_to_ascii("a\0b", 3, out, sizeof out, &len, XN_NO_STD3_RULES, &rep),
                     XN_E_INVALID_DOMAIN);
        CHECK_EQ_INT(rep.errors, XN_ERR_NUL);
        CHECK_EQ_INT(rep.offset, 1);
        CHECK_EQ_INT(rep.code_point, 0);
        CHECK_EQ_INT(xn_to_ascii("a\0b", 3, out, sizeof out, &len, XN_WHATWG, &rep),
                     XN_E_INVALID_DOMAIN);
        CHECK_EQ_INT(xn_to_unicode("example.com\0.evil.com", 21, out, sizeof out, &len,
                                   XN_WHATWG, &rep),
                     XN_E_INVALID_DOMAIN);
        CHECK_EQ_INT(rep.errors, XN_ERR_URL_FORBIDDEN);
        CHECK_EQ_INT(rep.label, 1);
        CHECK_EQ_INT(rep.offset, 11);
    }
}

static void test_report(void)
{
    char out[256];
    size_t len;
    xn_report rep = XN_REPORT_INIT;
    CHECK_EQ_INT(xn_to_ascii("ok.a_b", 6, out, sizeof out, &len, 0, &rep), XN_E_INVALID_DOMAIN);
    CHECK_EQ_INT(rep.label, 1);
    CHECK_EQ_INT(rep.offset, 4);
    CHECK_EQ_INT(rep.code_point, '_');
    /* U+0080 at byte 5 of the second label (after "ok.ü"). */
    CHECK_EQ_INT(xn_to_ascii("ok.\xC3\xBC\xC2\x80", 7, out, sizeof out, &len, 0, &rep),
                 XN_E_INVALID_DOMAIN);
    CHECK_EQ_INT(rep.errors, XN_ERR_V7);
    CHECK_EQ_INT(rep.label, 1);
    CHECK_EQ_INT(rep.offset, 5);
    CHECK_EQ_INT(rep.code_point, 0x80);
    /* Success clears the report. */
    CHECK_EQ_INT(xn_to_ascii("ok", 2, out, sizeof out, &len, 0, &rep), XN_OK);
    CHECK(rep.size == sizeof rep && rep.errors == 0 && rep.label == 0 && rep.offset == 0 &&
          rep.code_point == XN_NO_CODE_POINT);
    /* A rule about the label as a whole names no code point; an offending
     * U+0000 is told apart from that. */
    CHECK_EQ_INT(xn_to_ascii("-a", 2, out, sizeof out, &len, 0, &rep), XN_E_INVALID_DOMAIN);
    CHECK(rep.errors == XN_ERR_V3 && rep.code_point == XN_NO_CODE_POINT);
    CHECK_EQ_INT(xn_to_ascii("a\0b", 3, out, sizeof out, &len, 0, &rep), XN_E_INVALID_DOMAIN);
    CHECK(rep.errors == (XN_ERR_U1 | XN_ERR_NUL) && rep.offset == 1 && rep.code_point == 0);
}

/* Input and output must not overlap (xn.h): every entry point refuses such
 * a pair instead of reading what it has already written (IDNA2003
 * ToUnicode once returned XN_OK with a corrupted name). */
static void test_overlap(void)
{
    char buf[128];
    uint32_t cps[16] = {'a', 0xFC, 'b'};
    size_t len = 99;
    const char *name = "xn--bcher-kva.example";
    size_t n = strlen(name);
    int k;

    memcpy(buf, name, n + 1);
    /* The same buffer for both, in every conversion of entries.h's table. */
    for (k = 0; k < TEST_ENTRIES; k++) {
        const test_entry *e = test_entry_of(k);
        int rc = e->fn(buf, n, buf, sizeof buf, &len, 0, NULL);
        CHECK_MSG(rc == XN_E_INVALID_ARG, "%s: in == out gives %s, want XN_E_INVALID_ARG",
                  e->name, xn_strerror_name(rc));
    }
    CHECK_EQ_INT(xn_to_ascii(buf, n, buf + 4, sizeof buf - 4, &len, 0, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_to_ascii(buf + 4, n, buf, 5, &len, 0, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_label_to_unicode(buf, 13, buf + 12, 40, &len, 0, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_idna2008_register(NULL, 0, buf, 13, buf, sizeof buf, &len, 0, NULL),
                 XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_email_to_unicode(buf, n, buf, sizeof buf, &len, 0, NULL, NULL),
                 XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_to_display(buf, n, buf, sizeof buf, &len, 0, NULL, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_punycode_decode(buf + 4, 9, (uint32_t *)(void *)cps, 16, &len,
                                    (unsigned char *)cps), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_punycode_encode(cps, 3, NULL, (char *)(void *)cps, sizeof cps, &len),
                 XN_E_INVALID_ARG);
    CHECK(strcmp(buf, name) == 0); /* nothing written */
    /* Adjacent buffers do not overlap. */
    CHECK_EQ_INT(xn_to_unicode(buf, n, buf + n, sizeof buf - n, &len, 0, NULL), XN_OK);
    CHECK(strcmp(buf + n, "b\xC3\xBC" "cher.example") == 0);
    CHECK_EQ_INT(xn_to_ascii(buf + 64, 0, buf + 64, sizeof buf - 64, &len, XN_NO_VERIFY_DNS_LENGTH,
                             NULL), XN_OK); /* nothing read: no overlap */
}

/* The report's size field (xn.h): a caller built against another layout. */
static void test_report_abi(void)
{
    /* What a program of today allocates, with guard bytes after it: the
     * library must write exactly sizeof(xn_report) bytes and no more (a
     * later library with a longer report still writes only these). */
    struct {
        xn_report rep;
        unsigned char guard[64];
    } old_caller;
    /* A later program's longer report: this library fills the fields it
     * knows and leaves the rest as the caller set them. */
    struct {
        xn_report rep;
        uint64_t later_field;
    } new_caller;
    xn_report small = XN_REPORT_INIT;
    char out[64];
    size_t len, i;
    int k;
    bool guard_ok = true;

    memset(&old_caller, 0xA5, sizeof old_caller);
    old_caller.rep.size = sizeof old_caller.rep;
    CHECK_EQ_INT(xn_to_ascii("a_b", 3, out, sizeof out, &len, 0, &old_caller.rep),
                 XN_E_INVALID_DOMAIN);
    CHECK(old_caller.rep.size == sizeof old_caller.rep && old_caller.rep.errors == XN_ERR_U1 &&
          old_caller.rep.offset == 1 && old_caller.rep.code_point == '_');
    for (i = 0; i < sizeof old_caller.guard; i++)
        guard_ok = guard_ok && old_caller.guard[i] == 0xA5;
    CHECK(guard_ok);

    memset(&new_caller, 0, sizeof new_caller);
    new_caller.rep.size = sizeof new_caller;
    new_caller.later_field = UINT64_C(0x1122334455667788);
    CHECK_EQ_INT(xn_to_ascii("a_b", 3, out, sizeof out, &len, 0, &new_caller.rep),
                 XN_E_INVALID_DOMAIN);
    CHECK(new_caller.rep.size == sizeof new_caller && new_caller.rep.errors == XN_ERR_U1 &&
          new_caller.later_field == UINT64_C(0x1122334455667788));
    CHECK_EQ_INT(xn_to_unicode("xn--bcher-kva", 13, out, sizeof out, &len, 0,
                               &new_caller.rep), XN_OK);
    CHECK(new_caller.rep.errors == 0 && new_caller.rep.code_point == XN_NO_CODE_POINT);

    /* No size (a report not initialized with XN_REPORT_INIT), or one too
     * small for the first layout: refused, and the report left alone. */
    small.size = 0;
    small.errors = 7;
    CHECK_EQ_INT(xn_to_ascii("a", 1, out, sizeof out, &len, 0, &small), XN_E_INVALID_ARG);
    CHECK(small.size == 0 && small.errors == 7);
    small.size = sizeof small - sizeof(uint32_t) - 1;
    for (k = 0; k < TEST_ENTRIES; k++) {
        const test_entry *e = test_entry_of(k);
        const char *in = k == TEST_EMAIL_TO_UNICODE || k == TEST_EMAIL_TO_ASCII ? "u@a" : "a";
        char *p = NULL;
        int rc = e->fn(in, strlen(in), out, sizeof out, &len, 0, &small);
        CHECK_MSG(rc == XN_E_INVALID_ARG, "%s: a report of %u bytes gives %s", e->name,
                  (unsigned)small.size, xn_strerror_name(rc));
        if (e->afn) {
            rc = e->afn(in, strlen(in), &p, &len, 0, &small);
            CHECK_MSG(rc == XN_E_INVALID_ARG && p == NULL,
                      "%s_alloc: a report of %u bytes gives %s", e->name, (unsigned)small.size,
                      xn_strerror_name(rc));
            xn_free(p);
        }
    }
    CHECK_EQ_INT(xn_idna2008_register("a", 1, NULL, 0, out, sizeof out, &len, 0, &small),
                 XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_email_to_ascii("u@a", 3, out, sizeof out, &len, 0, &small, NULL),
                 XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_to_display("a", 1, out, sizeof out, &len, 0, &small, NULL), XN_E_INVALID_ARG);
    CHECK(small.errors == 7);
}

static void test_label_calls(void)
{
    char out[256];
    size_t len;
    xn_report rep = XN_REPORT_INIT;
    CHECK_EQ_INT(xn_label_to_ascii("Bücher", 7, out, sizeof out, &len, 0, &rep), XN_OK);
    CHECK(strcmp(out, "xn--bcher-kva") == 0);
    CHECK_EQ_INT(xn_label_to_unicode("xn--bcher-kva", 13, out, sizeof out, &len, 0, &rep), XN_OK);
    CHECK(strcmp(out, "bücher") == 0);
    /* A separator, typed or mapped, is V5; no A4_1 for one label. */
    CHECK_EQ_INT(xn_label_to_ascii("a.b", 3, out, sizeof out, &len, 0, &rep), XN_E_INVALID_DOMAIN);
    CHECK_EQ_INT(rep.errors, XN_ERR_V5);
    CHECK_EQ_INT(rep.offset, 1);
    CHECK_EQ_INT(xn_label_to_ascii("a\xE3\x80\x82" "b", 5, out, sizeof out, &len, 0, &rep),
                 XN_E_INVALID_DOMAIN);
    CHECK_EQ_INT(rep.errors, XN_ERR_V5);
    CHECK_EQ_INT(rep.offset, 1);
    CHECK_EQ_INT(xn_label_to_unicode("ü.x", 4, out, sizeof out, &len, 0, &rep),
                 XN_E_INVALID_DOMAIN);
    CHECK_EQ_INT(rep.errors, XN_ERR_V5);
    CHECK_EQ_INT(xn_label_to_ascii("", 0, out, sizeof out, &len, 0, &rep), XN_E_INVALID_DOMAIN);
    CHECK_EQ_INT(rep.errors, XN_ERR_A4_2);
    CHECK_EQ_INT(xn_label_to_ascii("", 0, out, sizeof out, &len, XN_NO_VERIFY_DNS_LENGTH, &rep),
                 XN_OK);
}

static void test_limits(void)
{
    size_t big = 3 * 1024 * 1024, i, len;
    char *s = (char *)test_xmalloc(big + 8), *out = (char *)test_xmalloc(big + 8);
    int rc;
    /* A plain ASCII label has no limit, on the fast path or beside a
     * non-ASCII label; an ACE label of XN_LABEL_LIMIT + 1 is too long. */
    memset(s, 'a', 5000);
    CHECK_EQ_INT(xn_to_unicode(s, 5000, out, big, &len, 0, NULL), XN_OK);
    CHECK_EQ_INT(xn_to_ascii(s, 5000, out, big, &len, XN_WHATWG, NULL), XN_OK);
    memcpy(s + 5000, ".\xC3\xBC", 3);
    CHECK_EQ_INT(xn_to_unicode(s, 5003, out, big, &len, 0, NULL), XN_OK);
    CHECK_EQ_INT(len, 5003);
    /* An ACE label: Punycode of up to XN_ACE_LIMIT characters is decoded,
     * but no more than XN_LABEL_LIMIT code points come out of it (each
     * 'a' inserts a U+0080, disallowed). */
    memcpy(s, "xn--", 4);
    CHECK_EQ_INT(xn_to_unicode(s, 4 + XN_LABEL_LIMIT, out, big, &len, 0, NULL),
                 XN_E_INVALID_DOMAIN);
    CHECK_EQ_INT(xn_to_unicode(s, 4 + XN_LABEL_LIMIT + 1, out, big, &len, 0, NULL),
                 XN_E_TOO_LONG);
    CHECK_EQ_INT(xn_to_ascii(s, 4 + XN_LABEL_LIMIT + 1, out, big, &len, XN_WHATWG, NULL),
                 XN_E_TOO_LONG);
    CHECK_EQ_INT(xn_to_unicode(s, 4 + XN_ACE_LIMIT + 1, out, big, &len, XN_WHATWG, NULL),
                 XN_E_TOO_LONG);
    /* Non-ASCII: 1024 ü encode (long Punycode); 1025 do not. */
    for (i = 0; i < 2 * (XN_LABEL_LIMIT + 1); i += 2)
        memcpy(s + i, "\xC3\xBC", 2);
    rc = xn_to_ascii(s, 2 * XN_LABEL_LIMIT, out, big, &len, XN_NO_VERIFY_DNS_LENGTH, NULL);
    CHECK_EQ_INT(rc, XN_OK);
    CHECK_EQ_INT(xn_to_ascii(s, 2 * (XN_LABEL_LIMIT + 1), out, big, &len,
                             XN_NO_VERIFY_DNS_LENGTH, NULL), XN_E_TOO_LONG);
    /* Ignored code points do not count: 100,000 soft hyphens and a letter. */
    for (i = 0; i < 200000; i += 2)
        memcpy(s + i, "\xC2\xAD", 2);
    s[200000] = 'q';
    CHECK_EQ_INT(xn_to_ascii(s, 200001, out, big, &len, 0, NULL), XN_OK);
    CHECK(len == 1 && out[0] == 'q');
    /* A 3 MB name of many short labels, and thousands of dots. */
    for (i = 0; i + 2 <= big; i += 2)
        memcpy(s + i, "a.", 2);
    s[big - 1] = 'a';
    CHECK_EQ_INT(xn_to_ascii(s, big, out, big + 8, &len, XN_NO_VERIFY_DNS_LENGTH, NULL), XN_OK);
    CHECK_EQ_INT(len, big);
    memset(s, '.', 100000);
    CHECK_EQ_INT(xn_to_unicode(s, 100000, out, big, &len, XN_NO_VERIFY_DNS_LENGTH, NULL), XN_OK);
    CHECK_EQ_INT(len, 100000);
    CHECK_EQ_INT(xn_to_ascii(s, 100000, out, big, &len, 0, NULL), XN_E_INVALID_DOMAIN);
    free(s);
    free(out);
}

/* The UTS #46 layer copies a verified A-label instead of encoding it again,
 * relying on the strict decoder being injective: every string it accepts
 * with a non-ASCII result must be exactly the encoding of that result.
 * Checked here on every string of 1 to 4 characters over [a-z0-9-]. */
static void test_decoder_injective(void)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789-";
    unsigned long decoded = 0, noncanonical = 0, x, total = 1;
    size_t len, k;
    for (len = 1; len <= 4; len++) {
        total *= 37;
        for (x = 0; x < total; x++) {
            char s[4], e[64];
            uint32_t dec[8];
            size_t dn, en;
            unsigned long y = x;
            for (k = 0; k < len; k++, y /= 37)
                s[k] = alphabet[y % 37];
            if (xn_punycode_decode(s, len, dec, 8, &dn, NULL) != XN_OK)
                continue;
            decoded++;
            for (k = 0; k < dn && dec[k] < 0x80; k++)
                ;
            if (k == dn) /* all ASCII: rejected by UTS #46 anyway (P4) */
                continue;
            if (xn_punycode_encode(dec, dn, NULL, e, sizeof e, &en) != XN_OK || en != len ||
                memcmp(e, s, len) != 0) {
                if (noncanonical++ < 10)
                    fprintf(stderr, "non-canonical Punycode accepted: %.*s\n", (int)len, s);
            }
        }
    }
    CHECK_MSG(noncanonical == 0, "%lu of %lu decodable strings are not canonical", noncanonical,
              decoded);
    CHECK(decoded > 1000000);
}

/* xn__ascii_label_end() (eight bytes at a time where it can) against a
 * byte-by-byte reading of the byte classes: where it stops and the class
 * there, from every position of pseudo-random strings over bytes of every
 * kind. */
static void test_ascii_label_end(void)
{
    static const unsigned char kinds[] = {'a', 'Z', '0', '-', '_', ' ', '.',
                                          0x7F, 0x80, 0xC3, 0xFF};
    unsigned char in[40];
    uint32_t seed = 20261124;
    unsigned long bad = 0, cases = 0, round;
    size_t n, pos, i;

    for (round = 0; round < 3000; round++) {
        n = round % sizeof in;
        for (i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            /* mostly letters, so that runs of eight and more occur */
            in[i] = (seed >> 16) % 8 ? 'x' : kinds[(seed >> 8) % sizeof kinds];
        }
        for (pos = 0; pos <= n; pos++) {
            unsigned stop, want_stop;
            size_t e, want = pos;
            while (want < n && !(xn__byte_class[in[want]] & (XN__BC_DOT | XN__BC_NONASCII)))
                want++;
            want_stop = want < n ? xn__byte_class[in[want]] : 0;
            e = xn__ascii_label_end(in, pos, n, &stop);
            cases++;
            if ((e != want || stop != want_stop) && bad++ < 5)
                CHECK_MSG(false, "label end of %zu bytes from %zu: %zu, want %zu", n, pos, e, want);
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(cases > 50000);
}

/* xn_to_ascii() and xn_to_unicode() without a report take a short ASCII
 * name on the whole-name fast path before any other step (ascii_fast.c):
 * against xn__uts46_general(), the same status, length and bytes, for
 * pseudo-random names of 1 to 70 bytes over bytes of every kind (mostly
 * letters, so that names pass), into buffers of exactly n + 1 bytes (the
 * fast path's last store may not spill) and of plenty, under the flag sets
 * the fast path reads. */
static void test_whole_name_path(void)
{
    static const unsigned char kinds[] = {'a', 'Z', '0', '-', '-', '.', '.', '_', ' ',
                                          'x', 'n', 0x7F, 0xC3, 0xA9};
    static const unsigned flag_sets[] = {0, XN_NO_STD3_RULES, XN_NO_CHECK_HYPHENS,
                                         XN_NO_VERIFY_DNS_LENGTH | XN_NO_STD3_RULES,
                                         XN_URL_RULES | XN_NO_STD3_RULES, XN_DNS_LABELS};
    char in[72], out[200], gout[200];
    uint32_t seed = 1124;
    unsigned long bad = 0, cases = 0, fast_ok = 0, round;
    size_t n, i, f;

    for (round = 0; round < 20000; round++) {
        n = 1 + round % 70;
        for (i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            in[i] = (char)((seed >> 16) % 6 ? 'a' + (seed >> 8) % 26
                                            : kinds[(seed >> 8) % sizeof kinds]);
        }
        for (f = 0; f < sizeof flag_sets / sizeof flag_sets[0]; f++) {
            unsigned flags = flag_sets[f];
            int to_ascii;
            for (to_ascii = 0; to_ascii < 2; to_ascii++) {
                size_t cap = round % 2 ? n + 1 : sizeof out;
                size_t len = 999, glen = 999;
                char *buf = test_xmalloc(cap); /* exact size: ASan sees a spill */
                int rc = to_ascii ? xn_to_ascii(in, n, buf, cap, &len, flags, NULL)
                                  : xn_to_unicode(in, n, buf, cap, &len, flags, NULL);
                int grc = xn__uts46_general(in, n, gout, cap, &glen, flags, NULL,
                                            to_ascii != 0, false);
                memcpy(out, buf, len < cap ? len + 1 : cap);
                free(buf);
                cases++;
                fast_ok += rc == XN_OK;
                if ((rc != grc || len != glen ||
                     ((rc == XN_OK || (!to_ascii && rc == XN_E_INVALID_DOMAIN)) &&
                      memcmp(out, gout, len + 1) != 0)) &&
                    bad++ < 5)
                    CHECK_MSG(false, "%s \"%.*s\" flags 0x%X cap %zu: %s/%zu, general %s/%zu",
                              to_ascii ? "ToASCII" : "ToUnicode", (int)n, in, flags, cap,
                              xn_strerror_name(rc), len, xn_strerror_name(grc), glen);
            }
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(cases == 20000ul * 6 * 2);
    CHECK(fast_ok > cases / 10); /* the names that pass are many, not a few */
}

/* The byte classes every layer reads names with are generated from one LDH
 * set (data/xngen/word.py): each byte against RFC 1123 §2.1 as written
 * (letters, digits and '-'), and the two LDH predicates of rules.h. */
static void test_byte_classes(void)
{
    unsigned b, bad = 0;
    for (b = 0; b < 256; b++) {
        bool lower = b >= 'a' && b <= 'z', upper = b >= 'A' && b <= 'Z';
        bool digit = b >= '0' && b <= '9';
        unsigned want = b >= 0x80   ? XN__BC_NONASCII
                        : b == '-'  ? XN__BC_LDH | XN__BC_HYPHEN
                        : lower || digit ? XN__BC_LDH
                        : upper     ? XN__BC_UPPER
                        : b == '.'  ? XN__BC_DOT
                        : b == 0    ? XN__BC_OTHER | XN__BC_NUL
                                    : XN__BC_OTHER;
        if (xn__byte_class[b] != want && bad++ < 5)
            CHECK_MSG(false, "class of byte 0x%02X: 0x%02X, want 0x%02X", b, xn__byte_class[b],
                      want);
        CHECK_EQ_INT(xn__is_ldh(b), lower || upper || digit || b == '-');
        CHECK_EQ_INT(xn__is_ldh_lower(b), lower || digit || b == '-');
    }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(XN__BC_UPPER << 4, 0x20); /* how the layers lower-case */
}

/* Every row of vectors/uts46.txt through check_row(). */
static void test_rows(const char *vectors)
{
    static const char *const sections[] = {"conversions", NULL};
    test_rowfile f;
    test_rowfile_open(&f, vectors, "uts46.txt", sections);
    while (test_rowfile_next(&f)) {
        row r;
        test_rowfile_fields(&f, 6);
        r.where = test_rowfile_where(&f);
        if (test_field_is(test_rowfile_field(&f, 0), "A"))
            r.op = A;
        else if (test_field_is(test_rowfile_field(&f, 0), "U"))
            r.op = U;
        else
            test_rowfile_die(&f, "neither A nor U", 0);
        r.in = test_rowfile_text(&f, 1, &r.in_len);
        r.flags = test_rowfile_flags(&f, 2);
        r.status = test_rowfile_status(&f, 3);
        r.out = test_rowfile_out(&f, 4, &r.out_len);
        r.errors = test_rowfile_errors(&f, 5);
        check_row(&r);
    }
    test_rowfile_close(&f);
}

int main(int argc, char **argv)
{
    test_decoder_injective();
    test_rows(argc > 1 ? argv[1] : NULL);
    test_arguments();
    test_bad_utf8();
    test_report();
    test_report_abi();
    test_overlap();
    test_label_calls();
    test_limits();
    test_ascii_label_end();
    test_byte_classes();
    test_whole_name_path();
    return test_done("uts46");
}
