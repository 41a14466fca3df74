/*
 * What the hostile-input tests share (test-hostile.c, test-hostile-names.c):
 * one UTS #46 call through fuzz_convert() (tests/fuzz/fuzz_util.c), which
 * besides the result checks the size query, capacities 0, len/2, len - 1,
 * len, len + 1 in exact-size heap buffers, the report at each and the
 * *_alloc wrapper; an expectation of its status, output and error bits;
 * byte strings built by repetition.
 */
#ifndef XN_TESTS_HOSTILE_H
#define XN_TESTS_HOSTILE_H

#include <stdbool.h>

#include "fuzz/fuzz.h"
#include "testdata.h"

#define ASCII_A true
#define UNI false
#define BAD XN_E_INVALID_DOMAIN

/* The escaped form of the input of the last expectation, for messages. */
static char esc[600];

/* ---- helpers ------------------------------------------------------------- */

static inline fuzz_result conv(bool to_ascii, const char *in, size_t n, unsigned flags)
{
    char *copy = test_exact_copy(in, n);
    fuzz_result r;
    fuzz_set_input((const uint8_t *)copy, n);
    r = fuzz_convert(to_ascii, copy, n, flags);
    free(copy);
    return r;
}

/* One expectation: status, output (NULL: not checked), error bits that must
 * all be present (0: the report must be empty). */
static inline void expect_n(int line, bool to_ascii, const char *in, size_t n, unsigned flags,
                     int status, const char *out, uint64_t errors)
{
    fuzz_result r = conv(to_ascii, in, n, flags);
    test_escape(esc, sizeof esc, in, n);
    CHECK_MSG(r.rc == status, "line %d: %s(\"%s\", 0x%X) = %s, want %s", line,
              to_ascii ? "to_ascii" : "to_unicode", esc, flags, xn_strerror_name(r.rc),
              xn_strerror_name(status));
    if (out && r.rc == status) {
        char e2[600];
        CHECK_MSG(r.out && r.len == strlen(out) && memcmp(r.out, out, r.len) == 0,
                  "line %d: %s(\"%s\") gave \"%s\", want \"%s\"", line,
                  to_ascii ? "to_ascii" : "to_unicode", esc,
                  r.out ? test_escape(e2, sizeof e2, r.out, r.len) : "(none)", out);
    }
    if (errors)
        CHECK_MSG((r.report.errors & errors) == errors,
                  "line %d: \"%s\": errors 0x%llX lack 0x%llX", line, esc,
                  (unsigned long long)r.report.errors, (unsigned long long)errors);
    else if (status == XN_OK)
        CHECK_MSG(r.report.errors == 0, "line %d: errors on success", line);
    fuzz_result_free(&r);
}

#define EXPECT(a, in, flags, status, out, errors) \
    expect_n(__LINE__, a, in, strlen(in), flags, status, out, errors)
#define EXPECT_N(a, in, n, flags, status, out, errors) \
    expect_n(__LINE__, a, in, n, flags, status, out, errors)

/* Appends s to b (testdata.h's byte string). */
static inline void adds(test_buf *b, const char *s)
{
    test_buf_put(b, s, strlen(s));
}

static inline void repeat(test_buf *b, const char *s, size_t times)
{
    size_t i;
    for (i = 0; i < times; i++)
        adds(b, s);
}


#endif
