/*
 * The public conversions in one table, for the test programs and the fuzz
 * targets: every function that takes (in, in_len, out, out_cap, &out_len,
 * flags, report), with its *_alloc form and the flag bits it takes.
 *
 *   test_entry_of(TEST_TO_ASCII)->fn   xn_to_ascii, and so on (TEST_ENTRIES)
 *   TEST_FLAGS_UTS46/_IDNA2008/_IDNA2003  the flag bits xn.h gives each family
 *
 * The mail functions enter with their SMTPUTF8 answer dropped (test-names.c
 * and fuzz/extras.c check that answer).  The order is fuzz.h's FUZZ_* one:
 * odd entries write no output on XN_E_INVALID_DOMAIN (ToASCII-like), even
 * ones do (ToUnicode-like).
 */
#ifndef XN_TEST_ENTRIES_H
#define XN_TEST_ENTRIES_H

#include <stdbool.h>

#include "xn.h"

typedef int (*test_conv_fn)(const char *in, size_t in_len, char *out, size_t out_cap,
                            size_t *out_len, unsigned flags, xn_report *report);
typedef int (*test_alloc_fn)(const char *in, size_t in_len, char **out, size_t *out_len,
                             unsigned flags, xn_report *report);

/* Every flag bit that xn.h defines for UTS #46: any other bit must give
 * XN_E_INVALID_ARG.  (Bits that are being added are taken when defined.) */
#ifdef XN_DNS_LABELS
#define TEST_FLAGS_DNS XN_DNS_LABELS
#else
#define TEST_FLAGS_DNS 0u
#endif
#define TEST_FLAGS_UTS46                                                                 \
    (XN_TRANSITIONAL | XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_CHECK_BIDI |       \
     XN_NO_CHECK_JOINERS | XN_NO_VERIFY_DNS_LENGTH | XN_IGNORE_INVALID_PUNYCODE |        \
     XN_ALLOW_ROOT_DOT | XN_URL_RULES | TEST_FLAGS_DNS)
#ifdef XN_IDNA2008_HYPHEN_ENDS
#define TEST_FLAGS_HYPHEN_ENDS XN_IDNA2008_HYPHEN_ENDS
#else
#define TEST_FLAGS_HYPHEN_ENDS 0u
#endif
/* The flags the IDNA2008 and IDNA2003 functions take (xn.h). */
#define TEST_FLAGS_IDNA2008                                                          \
    (XN_IDNA2008_MAP | XN_NO_STD3_RULES | XN_ALLOW_ROOT_DOT | XN_NO_VERIFY_DNS_LENGTH | \
     TEST_FLAGS_DNS | TEST_FLAGS_HYPHEN_ENDS)
#define TEST_FLAGS_IDNA2003 (XN_ALLOW_UNASSIGNED | XN_NO_STD3_RULES | XN_ALLOW_ROOT_DOT)

static inline int test_email_to_unicode(const char *in, size_t n, char *out, size_t cap,
                                        size_t *len, unsigned flags, xn_report *rep)
{
    int smtputf8;
    return xn_email_to_unicode(in, n, out, cap, len, flags, rep, &smtputf8);
}

static inline int test_email_to_ascii(const char *in, size_t n, char *out, size_t cap,
                                      size_t *len, unsigned flags, xn_report *rep)
{
    int smtputf8;
    return xn_email_to_ascii(in, n, out, cap, len, flags, rep, &smtputf8);
}

static inline int test_email_to_unicode_alloc(const char *in, size_t n, char **out,
                                              size_t *len, unsigned flags, xn_report *rep)
{
    int smtputf8;
    return xn_email_to_unicode_alloc(in, n, out, len, flags, rep, &smtputf8);
}

static inline int test_email_to_ascii_alloc(const char *in, size_t n, char **out, size_t *len,
                                            unsigned flags, xn_report *rep)
{
    int smtputf8;
    return xn_email_to_ascii_alloc(in, n, out, len, flags, rep, &smtputf8);
}

/* xn_to_display_alloc with its display report dropped. */
static inline int test_display_alloc(const char *in, size_t n, char **out, size_t *len,
                                     unsigned flags, xn_report *rep)
{
    xn_display_report d = XN_DISPLAY_REPORT_INIT;
    return xn_to_display_alloc(in, n, out, len, flags, rep, &d);
}

enum {
    TEST_TO_UNICODE,
    TEST_TO_ASCII,
    TEST_LABEL_TO_UNICODE,
    TEST_LABEL_TO_ASCII,
    TEST_IDNA2008_TO_UNICODE,
    TEST_IDNA2008_LOOKUP,
    TEST_IDNA2003_TO_UNICODE,
    TEST_IDNA2003_TO_ASCII,
    TEST_EMAIL_TO_UNICODE,
    TEST_EMAIL_TO_ASCII,
    TEST_ENTRIES
};

typedef struct test_entry {
    const char *name;
    test_conv_fn fn;
    test_alloc_fn afn; /* its *_alloc form, or NULL */
    unsigned known;    /* the flag bits it takes */
} test_entry;

/* Entry k (0 <= k < TEST_ENTRIES). */
static inline const test_entry *test_entry_of(int k)
{
    static const test_entry entries[TEST_ENTRIES] = {
        {"xn_to_unicode", xn_to_unicode, xn_to_unicode_alloc, TEST_FLAGS_UTS46},
        {"xn_to_ascii", xn_to_ascii, xn_to_ascii_alloc, TEST_FLAGS_UTS46},
        {"xn_label_to_unicode", xn_label_to_unicode, NULL, TEST_FLAGS_UTS46},
        {"xn_label_to_ascii", xn_label_to_ascii, NULL, TEST_FLAGS_UTS46},
        {"xn_idna2008_to_unicode", xn_idna2008_to_unicode, xn_idna2008_to_unicode_alloc,
         TEST_FLAGS_IDNA2008},
        {"xn_idna2008_lookup", xn_idna2008_lookup, xn_idna2008_lookup_alloc,
         TEST_FLAGS_IDNA2008},
        {"xn_idna2003_to_unicode", xn_idna2003_to_unicode, xn_idna2003_to_unicode_alloc,
         TEST_FLAGS_IDNA2003},
        {"xn_idna2003_to_ascii", xn_idna2003_to_ascii, xn_idna2003_to_ascii_alloc,
         TEST_FLAGS_IDNA2003},
        {"xn_email_to_unicode", test_email_to_unicode, test_email_to_unicode_alloc,
         TEST_FLAGS_UTS46},
        {"xn_email_to_ascii", test_email_to_ascii, test_email_to_ascii_alloc,
         TEST_FLAGS_UTS46},
    };
    return &entries[k];
}

/* True for the entries that write no output on XN_E_INVALID_DOMAIN. */
static inline bool test_entry_is_ascii(int k)
{
    return (k & 1) != 0;
}

#endif
