/*
 * Tests of the name functions beyond the standards' conversions: mail
 * addresses (xn_email_*, RFC 5321 / 6531), label categories
 * (xn_label_class, RFC 5890 §2.3.1) and comparison (xn_equal, its rows in
 * vectors/names.txt; the folder is the first argument).  Expected
 * values come from those documents and from the issue's examples;
 * A-labels are those of RFC 3492 for the given text.  Every input is
 * copied into an exact-size heap block first.
 */
#include <stdbool.h>

#include "xn.h"
#include "rowfile.h"
#include "test.h"

#define LEN(s) (sizeof(s) - 1)

/* ---- mail addresses -------------------------------------------------------------- */

/* The mail forms in the shape of test_alloc_fn for test_alloc_agrees():
 * their SMTPUTF8 answer lands in alloc_smtputf8 (single-threaded use only). */
static int alloc_smtputf8;

static int email_ascii_alloc(const char *in, size_t n, char **out, size_t *len, unsigned flags,
                             xn_report *rep)
{
    return xn_email_to_ascii_alloc(in, n, out, len, flags, rep, &alloc_smtputf8);
}

static int email_unicode_alloc(const char *in, size_t n, char **out, size_t *len, unsigned flags,
                               xn_report *rep)
{
    return xn_email_to_unicode_alloc(in, n, out, len, flags, rep, &alloc_smtputf8);
}

static void email_is(bool to_ascii, const char *in, size_t in_len, unsigned flags, int want_rc,
                     const char *want, int want_utf8)
{
    char out[512], esc[256];
    size_t len = 12345;
    int utf8 = -1, rc;
    xn_report rep = XN_REPORT_INIT;
    char *p = test_exact_copy(in, in_len);

    test_escape(esc, sizeof esc, in, in_len);
    rc = to_ascii ? xn_email_to_ascii(p, in_len, out, sizeof out, &len, flags, &rep, &utf8)
                  : xn_email_to_unicode(p, in_len, out, sizeof out, &len, flags, &rep, &utf8);
    alloc_smtputf8 = -1;
    test_alloc_agrees(to_ascii ? "email_to_ascii" : "email_to_unicode",
                      to_ascii ? email_ascii_alloc : email_unicode_alloc, p, in_len, flags, rc,
                      &rep, rc == XN_OK || (!to_ascii && rc == XN_E_INVALID_DOMAIN), out, len);
    CHECK_MSG(alloc_smtputf8 == utf8, "email_to_%s_alloc(%s): smtputf8 %d, the buffer call %d",
              to_ascii ? "ascii" : "unicode", esc, alloc_smtputf8, utf8);
    if (want) {
        CHECK_MSG(rc == want_rc && len == strlen(want) && strcmp(out, want) == 0 &&
                      utf8 == want_utf8,
                  "email_to_%s(%s): rc %d \"%s\" smtputf8 %d, want %d \"%s\" %d",
                  to_ascii ? "ascii" : "unicode", esc, rc, out, utf8, want_rc, want, want_utf8);
    } else {
        CHECK_MSG(rc == want_rc && len == 0 && out[0] == '\0' && utf8 == 0,
                  "email_to_%s(%s): rc %d len %zu smtputf8 %d, want %d and no output",
                  to_ascii ? "ascii" : "unicode", esc, rc, len, utf8, want_rc);
    }
    free(p);
}

/* The cases of email_is(): to_ascii, the input and its length, flags, and
 * the status, output (NULL: none) and SMTPUTF8 answer expected. */
typedef struct {
    bool to_ascii;
    const char *in;
    size_t in_len;
    unsigned flags;
    int rc;
    const char *want;
    int utf8;
} email_case;

#define TO_A(s) true, s, LEN(s)
#define TO_U(s) false, s, LEN(s)

static const email_case email_cases[] = {
    /* The issue's example: a Chinese local part needs SMTPUTF8 (RFC 6531
     * §3.3 extends the local part to UTF-8), the domain becomes A-labels. */
    {TO_A("\xE7\x94\xA8\xE6\x88\xB7@\xE4\xBE\x8B\xE5\xAD\x90.\xE5\xB9\xBF\xE5\x91\x8A"), 0, XN_OK,
     "\xE7\x94\xA8\xE6\x88\xB7@xn--fsqu00a.xn--4rr70v", 1},
    {TO_U("\xE7\x94\xA8\xE6\x88\xB7@xn--fsqu00a.xn--4rr70v"), 0, XN_OK,
     "\xE7\x94\xA8\xE6\x88\xB7@\xE4\xBE\x8B\xE5\xAD\x90.\xE5\xB9\xBF\xE5\x91\x8A", 1},
    /* An ASCII local part travels without SMTPUTF8 once the domain is ASCII. */
    {TO_A("user@b\xC3\xBC" "cher.de"), 0, XN_OK, "user@xn--bcher-kva.de", 0},
    {TO_U("user@xn--bcher-kva.de"), 0, XN_OK, "user@b\xC3\xBC" "cher.de", 0},
    /* The local part is kept byte for byte (RFC 5321 §2.4: case-sensitive);
     * the domain is lower-cased by the mapping. */
    {TO_A("User.Name+Tag@Example.COM"), 0, XN_OK, "User.Name+Tag@example.com", 0},
    {TO_A("J\xC3\xB6rg@B\xC3\x9C" "CHER.de"), 0, XN_OK, "J\xC3\xB6rg@xn--bcher-kva.de", 1},
    /* Several '@': the domain follows the last one (a quoted local part,
     * RFC 5321 §4.1.2, may hold '@'). */
    {TO_A("\"a@b\"@b\xC3\xBC" "cher.de"), 0, XN_OK, "\"a@b\"@xn--bcher-kva.de", 0},
    {TO_A("a@b@example.com"), 0, XN_OK, "a@b@example.com", 0},
    /* Address literals (RFC 5321 §4.1.3) are kept. */
    {TO_A("user@[192.0.2.1]"), 0, XN_OK, "user@[192.0.2.1]", 0},
    {TO_A("user@[IPv6:2001:db8::1]"), 0, XN_OK, "user@[IPv6:2001:db8::1]", 0},
    {TO_U("\xE7\x94\xA8@[192.0.2.1]"), 0, XN_OK, "\xE7\x94\xA8@[192.0.2.1]", 1},
    /* Every form of RFC 5321's IPv6-addr: IPv6-full (8 groups), IPv6-comp
     * (at most 6 groups beside "::"), IPv6v4-full (6 groups and IPv4),
     * IPv6v4-comp (at most 4 beside "::" and IPv4); the tag and the hex
     * digits in any case (ABNF); Snum with its leading zeros. */
    {TO_A("joe@[127.0.0.1]"), 0, XN_OK, "joe@[127.0.0.1]", 0},
    {TO_A("a@[0.0.0.0]"), 0, XN_OK, "a@[0.0.0.0]", 0},
    {TO_A("a@[255.255.255.255]"), 0, XN_OK, "a@[255.255.255.255]", 0},
    {TO_A("a@[010.001.000.255]"), 0, XN_OK, "a@[010.001.000.255]", 0},
    {TO_A("joe@[IPv6:::1]"), 0, XN_OK, "joe@[IPv6:::1]", 0},
    {TO_A("a@[IPv6:::]"), 0, XN_OK, "a@[IPv6:::]", 0},
    {TO_A("a@[IPv6:1::]"), 0, XN_OK, "a@[IPv6:1::]", 0},
    {TO_A("a@[IPv6:1:2:3:4:5:6:7:8]"), 0, XN_OK, "a@[IPv6:1:2:3:4:5:6:7:8]", 0},
    {TO_A("a@[ipv6:ABCD:ef01::ffff]"), 0, XN_OK, "a@[ipv6:ABCD:ef01::ffff]", 0},
    {TO_A("a@[IPv6:1:2:3:4:5:6::]"), 0, XN_OK, "a@[IPv6:1:2:3:4:5:6::]", 0},
    {TO_A("a@[IPv6:1:2:3::4:5:6]"), 0, XN_OK, "a@[IPv6:1:2:3::4:5:6]", 0},
    {TO_A("a@[IPv6:::1:2:3:4:5:6]"), 0, XN_OK, "a@[IPv6:::1:2:3:4:5:6]", 0},
    {TO_A("a@[IPv6:1:2:3:4:5:6:192.0.2.1]"), 0, XN_OK, "a@[IPv6:1:2:3:4:5:6:192.0.2.1]", 0},
    {TO_A("a@[IPv6:::192.0.2.1]"), 0, XN_OK, "a@[IPv6:::192.0.2.1]", 0},
    {TO_A("a@[IPv6:::ffff:192.0.2.1]"), 0, XN_OK, "a@[IPv6:::ffff:192.0.2.1]", 0},
    {TO_A("a@[IPv6:1:2::3:4:192.0.2.1]"), 0, XN_OK, "a@[IPv6:1:2::3:4:192.0.2.1]", 0},
    {TO_A("a@[IPv6:1:2:3:4::192.0.2.1]"), 0, XN_OK, "a@[IPv6:1:2:3:4::192.0.2.1]", 0},
    /* A local part of any other non-ASCII text is kept (RFC 6531 §3.3):
     * ZWNJ is no bidi control. */
    {TO_A("\xD9\x86\xD8\xA7\xD9\x85\xD9\x87\xE2\x80\x8C\xD8\xA7\xDB\x8C@example.com"), 0,
     XN_OK, "\xD9\x86\xD8\xA7\xD9\x85\xD9\x87\xE2\x80\x8C\xD8\xA7\xDB\x8C@example.com", 1},
    /* The flags reach the domain. */
    {TO_A("user@a_b.example"), 0, XN_E_INVALID_DOMAIN, NULL, 0},
    {TO_A("user@a_b.example"), XN_NO_STD3_RULES, XN_OK, "user@a_b.example", 0},
    {TO_A("user@fa\xC3\x9F.de"), XN_TRANSITIONAL, XN_OK, "user@fass.de", 0},
    {TO_A("user@example.com"), 0x8000u, XN_E_INVALID_ARG, NULL, 0},
};

/* Addresses refused with no output and no SMTPUTF8: to_ascii, the input
 * and its length, the status. */
typedef struct {
    bool to_ascii;
    const char *in;
    size_t in_len;
    int rc;
} email_refusal;

static const email_refusal email_refused[] = {
    /* Not an address. */
    {TO_A("example.com"), XN_E_BAD_ADDRESS},
    {TO_A("@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("user@"), XN_E_BAD_ADDRESS},
    {TO_A("@"), XN_E_BAD_ADDRESS},
    {TO_A(""), XN_E_BAD_ADDRESS},
    {TO_U("user@"), XN_E_BAD_ADDRESS},
    /* Control characters are no local-part text, quoted or not. */
    {TO_A("a\nb@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("\"a\rb\"@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("a\x7F" "b@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("a\0b@example.com"), XN_E_BAD_ADDRESS},
    /* Nor are C1 controls (RFC 5198 §2), the bidi controls (Bidi_Control)
     * or U+2028, U+2029 (xn.h: xn's rule): the issue's CSI, U+0085, each
     * bidi control, the separators. */
    {TO_A("x\xC2\x9B" "31my@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("\xC2\x80@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("a\xC2\x85@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("a\xC2\x9F@example.com"), XN_E_BAD_ADDRESS},
    {TO_U("a\xD8\x9C@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("a\xE2\x80\x8E@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("a\xE2\x80\x8F@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("a\xE2\x80\xAA@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("a\xE2\x80\xAE@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("a\xE2\x81\xA6@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("a\xE2\x81\xA9@example.com"), XN_E_BAD_ADDRESS},
    {TO_A("a\xE2\x80\xA8@example.com"), XN_E_BAD_ADDRESS},
    {TO_U("\"a\xE2\x80\xA9\"@example.com"), XN_E_BAD_ADDRESS},
    /* Ill-formed UTF-8 in the local part: truncated, overlong, surrogate,
     * stray continuation byte, above U+10FFFF; then in the domain. */
    {TO_A("\xC3@example.com"), XN_E_BAD_UTF8},
    {TO_A("\xC0\xAF@example.com"), XN_E_BAD_UTF8},
    {TO_A("\xED\xA0\x80@example.com"), XN_E_BAD_UTF8},
    {TO_A("a\x80@example.com"), XN_E_BAD_UTF8},
    {TO_A("\xF4\x90\x80\x80@example.com"), XN_E_BAD_UTF8},
    {TO_U("\xE7\x94@example.com"), XN_E_BAD_UTF8},
    {TO_A("user@\xC3.com"), XN_E_BAD_UTF8},
    /* Address literals (RFC 5321 §4.1.3) that are none. */
    {TO_A("user@[]"), XN_E_BAD_ADDRESS},
    {TO_A("user@[a b]"), XN_E_BAD_ADDRESS},
    {TO_A("user@[192.0.2.1"), XN_E_BAD_ADDRESS},
    /* IPv4: four Snum of 0..255, 1 to 3 digits each. */
    {TO_A("joe@[127.0.0.300]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[256.0.0.1]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[1.2.3]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[1.2.3.4.5]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[1.2.3.0004]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[1..3.4]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[1.2.3.4.]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[-1.2.3.4]"), XN_E_BAD_ADDRESS},
    /* IPv6: the group counts, one "::", 1 to 4 hex digits a group. */
    {TO_A("test@[IPv6:1::2:]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:1:2:3:4:5:6:7]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:1:2:3:4:5:6:7:8:9]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:1:2:3:4:5:6:7::]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:1:2:3:4::5:6:7]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:1::2::3]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:1:::2]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6::1]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:12345::1]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:g::1]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:1:2:3:4:5:6:7:192.0.2.1]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:1:2:3:4:5:192.0.2.1]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:1:2:3:4:5::192.0.2.1]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:::192.0.2.300]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:::1.2.3]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6:1.2.3.4]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6::::1.2.3.4]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv6 :::1]"), XN_E_BAD_ADDRESS},
    /* A General-address-literal's tag must be registered with IANA, and
     * none is but IPv6 (xn.h); a bare IPv6 address needs its tag. */
    {TO_A("a@[x-tag:foo]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[IPv4:192.0.2.1]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[2001:db8::1]"), XN_E_BAD_ADDRESS},
    {TO_A("a@[:foo]"), XN_E_BAD_ADDRESS},
};

static void test_email(void)
{
    size_t i;

    /* A domain that maps to nothing (U+00AD is ignored) still leaves
     * "a@" to write: a size query gets its length, never a write through
     * the NULL buffer; ToUnicode yields "a@" with the X4_2 violation. */
    {
        size_t len = 99;
        int utf8 = -1;
        char small[2];
        CHECK_EQ_INT(xn_email_to_unicode("a@\xC2\xAD", 4, NULL, 0, &len, 0, NULL, &utf8),
                     XN_E_BUFFER_TOO_SMALL);
        CHECK_EQ_INT(len, 2);
        CHECK_EQ_INT(xn_email_to_unicode("a@\xC2\xAD", 4, small, 1, &len, 0, NULL, &utf8),
                     XN_E_BUFFER_TOO_SMALL);
        CHECK_EQ_INT(len, 2);
        CHECK_EQ_INT(xn_email_to_unicode("a@\xC2\xAD", 4, small, 2, &len, 0, NULL, &utf8),
                     XN_E_INVALID_DOMAIN);
        CHECK(len == 2 && memcmp(small, "a@", 2) == 0);
        CHECK_EQ_INT(xn_email_to_ascii("a@\xC2\xAD", 4, NULL, 0, &len, 0, NULL, &utf8),
                     XN_E_INVALID_DOMAIN);
    }
    for (i = 0; i < sizeof email_cases / sizeof email_cases[0]; i++) {
        const email_case *c = &email_cases[i];
        email_is(c->to_ascii, c->in, c->in_len, c->flags, c->rc, c->want, c->utf8);
    }
    for (i = 0; i < sizeof email_refused / sizeof email_refused[0]; i++) {
        const email_refusal *c = &email_refused[i];
        email_is(c->to_ascii, c->in, c->in_len, 0, c->rc, NULL, 0);
    }

    /* A domain that breaks rules: the report points into the address;
     * ToUnicode still gives the address, as UTS #46 requires. */
    {
        char out[64];
        size_t len = 0;
        xn_report rep = XN_REPORT_INIT;
        int utf8 = -1;
        CHECK_EQ_INT(xn_email_to_ascii("j\xC3\xB6rg@xn--a.com", 15, out, sizeof out, &len, 0, &rep,
                                       &utf8),
                     XN_E_INVALID_DOMAIN);
        CHECK(len == 0 && (rep.errors & XN_ERR_V7) && rep.label == 0 && rep.offset == 6 &&
              utf8 == 1);
        CHECK_EQ_INT(xn_email_to_unicode("a@xn--a.com", 11, out, sizeof out, &len, 0, &rep, NULL),
                     XN_E_INVALID_DOMAIN);
        CHECK(len == 8 && strcmp(out, "a@\xC2\x80.com") == 0 && (rep.errors & XN_ERR_V7) &&
              rep.offset == 2);
        CHECK_EQ_INT(xn_email_to_ascii("a@b\xC3\xBC" "cher.de", 12, out, sizeof out, &len, 0, &rep,
                                       NULL),
                     XN_OK);
        CHECK(rep.errors == 0);
    }

    /* Buffers: every capacity below the size needed reports that size. */
    {
        static const char in[] = "\xE7\x94\xA8\xE6\x88\xB7@\xE4\xBE\x8B\xE5\xAD\x90.\xE5\xB9\xBF\xE5\x91\x8A";
        static const char want[] = "\xE7\x94\xA8\xE6\x88\xB7@xn--fsqu00a.xn--4rr70v";
        size_t cap, len;
        for (cap = 0; cap <= LEN(want); cap++) {
            char *buf = (char *)test_xmalloc(cap);
            int utf8 = -1, rc;
            len = 0;
            rc = xn_email_to_ascii(in, LEN(in), cap ? buf : NULL, cap, &len, 0, NULL, &utf8);
            if (cap < LEN(want)) {
                CHECK_MSG(rc == XN_E_BUFFER_TOO_SMALL && len == LEN(want) && utf8 == 1,
                          "cap %zu: rc %d len %zu", cap, rc, len);
            } else {
                CHECK_MSG(rc == XN_OK && len == LEN(want) && memcmp(buf, want, len) == 0,
                          "cap %zu: rc %d len %zu", cap, rc, len);
            }
            free(buf);
        }
        for (cap = 0; cap < LEN("user@[192.0.2.1]"); cap++) {
            char buf[32];
            CHECK_EQ_INT(xn_email_to_ascii("user@[192.0.2.1]", 16, cap ? buf : NULL, cap, &len, 0,
                                           NULL, NULL),
                         XN_E_BUFFER_TOO_SMALL);
            CHECK_EQ_INT(len, 16);
        }
    }
    {
        size_t len;
        /* The other arguments: test-api.c (test_contract).  The SMTPUTF8
         * answer of a refused call is 0. */
        alloc_smtputf8 = 7;
        CHECK_EQ_INT(xn_email_to_ascii_alloc("\xC3\xA9@b.c", 6, NULL, &len, 0, NULL,
                                             &alloc_smtputf8),
                     XN_E_INVALID_ARG);
        CHECK_EQ_INT(alloc_smtputf8, 0);
    }
    /* A local part longer than any domain (200 U+00E9, 400 bytes): the
     * allocating forms take their second conversion (email_is compares
     * them with the buffer calls). */
    {
        char addr[450], ace[450];
        size_t n = 0;
        for (i = 0; i < 200; i++, n += 2)
            memcpy(addr + n, "\xC3\xA9", 2);
        memcpy(ace, addr, n);
        memcpy(ace + n, "@xn--bcher-kva.de", LEN("@xn--bcher-kva.de") + 1);
        memcpy(addr + n, "@b\xC3\xBC" "cher.de", LEN("@b\xC3\xBC" "cher.de") + 1);
        email_is(true, addr, strlen(addr), 0, XN_OK, ace, 1);
        email_is(false, ace, strlen(ace), 0, XN_OK, addr, 1);
        memcpy(ace + n, "@xn--a.de", LEN("@xn--a.de") + 1);
        memcpy(addr + n, "@\xC2\x80.de", LEN("@\xC2\x80.de") + 1);
        email_is(false, ace, strlen(ace), 0, XN_E_INVALID_DOMAIN, addr, 1);
    }
    CHECK(strcmp(xn_strerror_name(XN_E_BAD_ADDRESS), "XN_E_BAD_ADDRESS") == 0);
    CHECK_EQ_INT(XN_E_BAD_ADDRESS, -30);
}

/* ---- label categories ------------------------------------------------------------ */

static void class_is(const char *label, size_t len, xn_label_category want)
{
    char esc[256];
    char *p = test_exact_copy(label, len);
    xn_label_category got = xn_label_class(p, len);
    test_escape(esc, sizeof esc, label, len);
    CHECK_MSG(got == want, "xn_label_class(%s) = %s, want %s", esc, xn_label_class_name(got),
              xn_label_class_name(want));
    free(p);
}

#define CLASS(s, want) class_is(s, LEN(s), want)

static const test_name class_names[] = {
    {XN_LABEL_NR_LDH, "NR-LDH"}, {XN_LABEL_RESERVED_LDH, "R-LDH"}, {XN_LABEL_A_LABEL, "A-label"},
    {XN_LABEL_FAKE_A_LABEL, "fake A-label"}, {XN_LABEL_NON_LDH, "non-LDH"},
    {XN_LABEL_U_LABEL, "U-label"}, {XN_LABEL_NON_ASCII, "non-ASCII"},
    {XN_LABEL_NOT_A_LABEL, "not a label"}, {99, "?"},
};

static void test_label_class(void)
{
    char buf[300];
    uint32_t cps[70];
    size_t i, n;

    /* NR-LDH: letters, digits, hyphens inside (RFC 5890 §2.3.1, RFC 1123). */
    CLASS("example", XN_LABEL_NR_LDH);
    CLASS("EXAMPLE", XN_LABEL_NR_LDH);
    CLASS("a1-b", XN_LABEL_NR_LDH);
    CLASS("1", XN_LABEL_NR_LDH);
    CLASS("a-b-c", XN_LABEL_NR_LDH);
    memset(buf, 'a', 63);
    class_is(buf, 63, XN_LABEL_NR_LDH);
    /* R-LDH: "??--"; XN-labels among them are A-labels or fake ones. */
    CLASS("ab--c", XN_LABEL_RESERVED_LDH);
    CLASS("r3--x", XN_LABEL_RESERVED_LDH);
    CLASS("xn--bcher-kva", XN_LABEL_A_LABEL);
    CLASS("XN--BCHER-KVA", XN_LABEL_A_LABEL);
    CLASS("Xn--Bcher-Kva", XN_LABEL_A_LABEL);
    CLASS("xn--fiqs8s", XN_LABEL_A_LABEL);
    CLASS("xn--zca", XN_LABEL_A_LABEL); /* ß is PVALID in IDNA2008 */
    CLASS("xn--a", XN_LABEL_FAKE_A_LABEL);     /* decodes to U+0080, DISALLOWED */
    CLASS("xn--ls8h", XN_LABEL_FAKE_A_LABEL);  /* U+1F4A9, DISALLOWED in IDNA2008 */
    CLASS("xn--bcher-kvb", XN_LABEL_FAKE_A_LABEL);
    CLASS("xn--bcher-kv", XN_LABEL_FAKE_A_LABEL);
    CLASS("xn--9", XN_LABEL_FAKE_A_LABEL);
    /* Punycode of a U-label that is not NFC (a + U+0301), and of one that
     * starts with a combining mark: the encodings exist, the A-labels do
     * not. */
    cps[0] = 'a';
    cps[1] = 0x301;
    memcpy(buf, "xn--", 4);
    CHECK(xn_punycode_encode(cps, 2, NULL, buf + 4, sizeof buf - 4, &n) == XN_OK);
    class_is(buf, 4 + n, XN_LABEL_FAKE_A_LABEL);
    cps[0] = 0x301;
    cps[1] = 'a';
    CHECK(xn_punycode_encode(cps, 2, NULL, buf + 4, sizeof buf - 4, &n) == XN_OK);
    class_is(buf, 4 + n, XN_LABEL_FAKE_A_LABEL);
    /* ... and of upper-case text, which IDNA2008 disallows. */
    cps[0] = 'B';
    cps[1] = 0xDC;
    CHECK(xn_punycode_encode(cps, 2, NULL, buf + 4, sizeof buf - 4, &n) == XN_OK);
    class_is(buf, 4 + n, XN_LABEL_FAKE_A_LABEL);
    /* Non-LDH: other ASCII, or a hyphen at either end. */
    CLASS("_sip", XN_LABEL_NON_LDH);
    CLASS("a_b", XN_LABEL_NON_LDH);
    CLASS("*", XN_LABEL_NON_LDH);
    CLASS("-a", XN_LABEL_NON_LDH);
    CLASS("a-", XN_LABEL_NON_LDH);
    CLASS("xn--", XN_LABEL_NON_LDH);
    CLASS("xn--abc-", XN_LABEL_NON_LDH);
    CLASS("a b", XN_LABEL_NON_LDH);
    /* U-labels. */
    CLASS("b\xC3\xBC" "cher", XN_LABEL_U_LABEL);
    CLASS("\xE4\xB8\xAD\xE5\x9B\xBD", XN_LABEL_U_LABEL);
    CLASS("\xCE\xB4\xCE\xBF\xCE\xBA\xCE\xB9\xCE\xBC\xCE\xAE", XN_LABEL_U_LABEL);
    CLASS("fa\xC3\x9F", XN_LABEL_U_LABEL);
    /* 25 CJK characters take 75 octets of UTF-8, but their A-label fits. */
    for (i = 0; i < 25; i++)
        memcpy(buf + 3 * i, "\xE4\xB8\xAD", 3);
    class_is(buf, 75, XN_LABEL_U_LABEL);
    /* Non-ASCII labels that are no U-labels: upper case, not NFC,
     * full-width letters, an emoji, an A-label over 63 octets. */
    CLASS("B\xC3\xBC" "cher", XN_LABEL_NON_ASCII);
    CLASS("bu\xCC\x88" "cher", XN_LABEL_NON_ASCII);
    CLASS("\xEF\xBD\x85\xEF\xBD\x98", XN_LABEL_NON_ASCII);
    CLASS("\xF0\x9F\x92\xA9", XN_LABEL_NON_ASCII);
    for (i = 0; i < 60; i++)
        memcpy(buf + 2 * i, "\xC3\xBC", 2);
    class_is(buf, 120, XN_LABEL_NON_ASCII);
    /* Not labels. */
    CLASS("", XN_LABEL_NOT_A_LABEL);
    class_is(NULL, 0, XN_LABEL_NOT_A_LABEL);
    CHECK_EQ_INT(xn_label_class(NULL, 4), XN_LABEL_NOT_A_LABEL);
    CLASS("a.b", XN_LABEL_NOT_A_LABEL);
    CLASS("\xFF", XN_LABEL_NOT_A_LABEL);
    CLASS("b\xC3", XN_LABEL_NOT_A_LABEL);
    CLASS("\xED\xA0\x80", XN_LABEL_NOT_A_LABEL);
    memset(buf, 'a', 64);
    class_is(buf, 64, XN_LABEL_NOT_A_LABEL); /* RFC 1034: 63 octets at most */

    CHECK_NAMES(xn_label_class_name, xn_label_category, class_names);
}

/* ---- comparison ------------------------------------------------------------------ */

static void equal_is(const char *where, const char *a, size_t na, const char *b, size_t nb,
                     unsigned flags, int want_rc, int want)
{
    char ea[128], eb[128];
    int eq = -1, rc;
    char *pa = test_exact_copy(a, na), *pb = test_exact_copy(b, nb);
    rc = xn_equal(pa, na, pb, nb, flags, &eq);
    test_escape(ea, sizeof ea, a, na);
    test_escape(eb, sizeof eb, b, nb);
    CHECK_MSG(rc == want_rc && eq == want,
              "%s: xn_equal(%s, %s, 0x%x): %s equal %d, want %s %d", where, ea, eb, flags,
              xn_strerror_name(rc), eq, xn_strerror_name(want_rc), want);
    free(pa);
    free(pb);
}

/* The rows of vectors/names.txt: "a ; b ; flags ; status ; equal". */
static void test_equal(const char *vectors)
{
    static const char *const sections[] = {"equal", NULL};
    test_rowfile f;
    int eq = -1;

    test_rowfile_open(&f, vectors, "names.txt", sections);
    while (test_rowfile_next(&f)) {
        size_t na, nb;
        const char *a, *b;
        test_rowfile_fields(&f, 5);
        a = test_rowfile_text(&f, 0, &na);
        b = test_rowfile_text(&f, 1, &nb);
        equal_is(test_rowfile_where(&f), a, na, b, nb, test_rowfile_flags(&f, 2),
                 test_rowfile_status(&f, 3), (int)test_rowfile_number(&f, 4));
    }
    test_rowfile_close(&f);
    CHECK_EQ_INT(xn_equal("a", 1, "a", 1, 0, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_equal(NULL, 1, "a", 1, 0, &eq), XN_E_INVALID_ARG);
    CHECK(eq == 0);
    /* Over-long ASCII forms are refused, not compared in part. */
    {
        char big[600];
        memset(big, 'a', sizeof big);
        eq = -1;
        CHECK_EQ_INT(xn_equal(big, sizeof big, big, sizeof big, XN_NO_VERIFY_DNS_LENGTH, &eq),
                     XN_E_TOO_LONG);
        CHECK(eq == 0);
    }
}

/* xn_idna2008_register_name(): RFC 5891 §4 on every label of a name, then
 * the name's rules.  Each case: the name and its length, the status, the
 * registered name (XN_OK) or the rule codes (xn_errors_format()) with the
 * label and byte offset of the first violation. */
typedef struct {
    const char *in;
    size_t in_len;
    int rc;
    const char *want; /* the output, or the codes */
    size_t label, offset;
} register_case;

#define S(s) s, LEN(s)

static const register_case register_cases[] = {
    /* The empty name breaks both lengths, as every profile says. */
    {"", 0, XN_E_INVALID_DOMAIN, "A4_1,A4_2", 0, 0},
    /* Every label registered: U-labels to lower-case A-labels, A-labels
     * lower-cased, LDH labels as given. */
    {S("b\xC3\xBC" "cher.example"), XN_OK, "xn--bcher-kva.example", 0, 0},
    {S("XN--BCHER-KVA.Example"), XN_OK, "xn--bcher-kva.Example", 0, 0},
    {S("www.xn--mgbh0fb.xn--mgbh0fb"), XN_OK, "www.xn--mgbh0fb.xn--mgbh0fb", 0, 0},
    {S("example"), XN_OK, "example", 0, 0},
    /* Each label checked, the violations of all of them or-ed: 'B' is no
     * PVALID character of a U-label, '_' no LDH character. */
    {S("B\xC3\xBC" "cher.a_b"), XN_E_INVALID_DOMAIN, "U1,DISALLOWED", 0, 0},
    {S("ok.a_b"), XN_E_INVALID_DOMAIN, "U1", 1, 4},
    {S("a.b.-c"), XN_E_INVALID_DOMAIN, "V3", 2, 4},
    {S("ok.xn--a"), XN_E_INVALID_DOMAIN, "DISALLOWED", 1, 3}, /* it decodes to U+0080 */
    /* Empty labels and the root dot. */
    {S("a..b"), XN_E_INVALID_DOMAIN, "A4_2", 1, 2},
    {S("a."), XN_E_INVALID_DOMAIN, "A4_2", 1, 2},
    {S(".a"), XN_E_INVALID_DOMAIN, "A4_2", 0, 0},
    /* U+3002, U+FF0E, U+FF61 separate no IDNA2008 labels. */
    {S("a\xE3\x80\x82" "b"), XN_E_INVALID_DOMAIN, "DISALLOWED", 0, 1},
    {S("a\xEF\xBC\x8E" "b"), XN_E_INVALID_DOMAIN, "DISALLOWED", 0, 1},
    {S("a\xEF\xBD\xA1" "b"), XN_E_INVALID_DOMAIN, "DISALLOWED", 0, 1},
    /* A Bidi domain name (an AL label): its LTR label starting with a
     * digit breaks rule 1 (RFC 5893), which that label alone passes. */
    {S("1a.xn--mgbh0fb"), XN_E_INVALID_DOMAIN, "B1", 0, 0},
    {S("xn--mgbh0fb.1a"), XN_E_INVALID_DOMAIN, "B1", 1, 12},
    {S("1a.example"), XN_OK, "1a.example", 0, 0},
};

#undef S

static void test_register_name(void)
{
    char out[XN_DOMAIN_MAX], codes[256], esc[512];
    size_t i, len;
    xn_report rep = XN_REPORT_INIT;
    int rc;

    for (i = 0; i < sizeof register_cases / sizeof register_cases[0]; i++) {
        const register_case *c = &register_cases[i];
        char *p = test_exact_copy(c->in, c->in_len); /* ASan sees overreads */
        len = 99;
        rc = xn_idna2008_register_name(p, c->in_len, out, sizeof out, &len, 0, &rep);
        test_escape(esc, sizeof esc, c->in, c->in_len);
        xn_errors_format(rep.errors, codes, sizeof codes);
        if (c->rc == XN_OK)
            CHECK_MSG(rc == XN_OK && len == strlen(c->want) && strcmp(out, c->want) == 0,
                      "register_name(\"%s\"): %s \"%s\", want \"%s\"", esc,
                      xn_strerror_name(rc), rc == XN_OK ? out : codes, c->want);
        else
            CHECK_MSG(rc == c->rc && strcmp(codes, c->want) == 0 && rep.label == c->label &&
                          rep.offset == c->offset && len == 0 && out[0] == '\0',
                      "register_name(\"%s\"): %s %s label %zu offset %zu, want %s label %zu "
                      "offset %zu", esc, xn_strerror_name(rc), codes, rep.label, rep.offset,
                      c->want, c->label, c->offset);
        free(p);
    }
    /* A name of one label is what xn_idna2008_register() says of it. */
    {
        static const char *const labels[] = {"xn--bcher-kva", "b\xC3\xBC" "cher", "XN--MGBH0FB",
                                             "a-b", "-a", "xn--a", "ab--c", "B\xC3\xBC" "cher",
                                             "\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A"};
        for (i = 0; i < sizeof labels / sizeof labels[0]; i++) {
            const char *l = labels[i];
            size_t n = strlen(l), one_len = 0;
            char one[XN_DOMAIN_MAX];
            xn_report one_rep = XN_REPORT_INIT;
            bool ace = n >= 4 && (l[0] | 0x20) == 'x' && (l[1] | 0x20) == 'n' && l[2] == '-' &&
                       l[3] == '-';
            int one_rc = xn_idna2008_register(ace ? NULL : l, ace ? 0 : n, ace ? l : NULL,
                                              ace ? n : 0, one, sizeof one, &one_len, 0,
                                              &one_rep);
            rc = xn_idna2008_register_name(l, n, out, sizeof out, &len, 0, &rep);
            CHECK_MSG(rc == one_rc && rep.errors == one_rep.errors &&
                          (rc != XN_OK || (len == one_len && memcmp(out, one, len) == 0)),
                      "register_name(\"%s\") %s, register() %s", l, xn_strerror_name(rc),
                      xn_strerror_name(one_rc));
        }
    }
    /* 4 labels of 63 octets and their dots: 255 octets, over the 253. */
    {
        char big[4 * 64];
        memset(big, 'a', sizeof big);
        big[63] = big[127] = big[191] = '.';
        CHECK_EQ_INT(xn_idna2008_register_name(big, 4 * 64 - 1, out, sizeof out, &len, 0, &rep),
                     XN_E_INVALID_DOMAIN);
        CHECK(rep.errors == XN_ERR_A4_1);
        CHECK_EQ_INT(xn_idna2008_register_name(big, 3 * 64 + 61, out, sizeof out, &len, 0, &rep),
                     XN_OK);
        CHECK_EQ_INT(len, 253);
    }
    /* Size query, a buffer one short, one exact without room for the NUL. */
    CHECK_EQ_INT(xn_idna2008_register_name("b\xC3\xBC" "cher.de", 10, NULL, 0, &len, 0, NULL),
                 XN_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(len, 16);
    CHECK_EQ_INT(xn_idna2008_register_name("b\xC3\xBC" "cher.de", 10, out, 15, &len, 0, NULL),
                 XN_E_BUFFER_TOO_SMALL);
    CHECK(len == 16 && out[0] == '\0');
    CHECK_EQ_INT(xn_idna2008_register_name("b\xC3\xBC" "cher.de", 10, out, 16, &len, 0, NULL),
                 XN_OK);
    CHECK(len == 16 && memcmp(out, "xn--bcher-kva.de", 16) == 0);
    /* Arguments: flags, NULL, ill-formed UTF-8. */
    CHECK_EQ_INT(xn_idna2008_register_name("a", 1, out, sizeof out, &len, XN_NO_STD3_RULES, NULL),
                 XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_idna2008_register_name(NULL, 1, out, sizeof out, &len, 0, NULL),
                 XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_idna2008_register_name("a", 1, out, sizeof out, NULL, 0, NULL),
                 XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_idna2008_register_name("a.\xC3", 3, out, sizeof out, &len, 0, NULL),
                 XN_E_BAD_UTF8);
}

int main(int argc, char **argv)
{
    test_email();
    test_register_name();
    test_label_class();
    test_equal(argc > 1 ? argv[1] : NULL);
    return test_done("names");
}
