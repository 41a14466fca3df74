/*
 * A minimal test harness: no framework, just checks that say what failed.
 *
 *   CHECK(cond)                 fails the test, printing file:line and cond
 *   CHECK_EQ_INT(a, b)          compares two integers, printing both
 *   CHECK_MSG(cond, fmt, ...)   prints an explanation of its own
 *   test_escape(buf, cap, s, n) renders bytes as ASCII with \xHH / \u{...}
 *   test_xmalloc/_xrealloc(...) malloc/realloc that end the program (exit 99)
 *                               on failure, so callers need no checks
 *   test_utf8_put, test_utf8_get  the UTF-8 codec of the tests (utf8-ref.h)
 *   test_done()                 prints "N checks, N failed", returns the exit code
 *   test_alloc_agrees(...)      a *_alloc wrapper gives what the caller-buffer call gave
 *   test_entry_of(k) ...        the public conversions in one table (entries.h)
 *   test_caps(...)              a conversion at every capacity below a bound
 *   CHECK_NAMES(fn, type, rows) fn((type)value) is name, for a table of test_name
 *   test_report_is(...)         a conversion fails with a report that points there
 *   test_vec, test_vector(v)    a row of a vector table, run through entries.h
 *
 * Every failing check is reported; a test program runs to its end and then
 * exits 1 if anything failed.  Exit code 77 tells meson a suite was skipped.
 */
#ifndef XN_TEST_H
#define XN_TEST_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entries.h"
#include "utf8-ref.h"
#include "xn.h"

static unsigned long test_checks, test_failures;

#define TEST_SKIP 77

#define CHECK(cond) CHECK_MSG((cond), "%s", #cond)

#define CHECK_MSG(cond, ...)                                   \
    do {                                                       \
        test_checks++;                                         \
        if (!(cond)) {                                         \
            test_failures++;                                   \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                      \
            fputc('\n', stderr);                               \
        }                                                      \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                  \
    do {                                                                    \
        long long test_a_ = (long long)(a), test_b_ = (long long)(b);       \
        CHECK_MSG(test_a_ == test_b_, "%s == %s: %lld != %lld", #a, #b,     \
                  test_a_, test_b_);                                        \
    } while (0)

/* A table of the names a naming function (xn_error_name, xn_unsafe_name,
 * ...) gives: CHECK_NAMES(fn, type, rows) checks fn((type)value) against
 * name in every row of the array rows, one check a row.  A macro, so that
 * functions with any integer parameter fit. */
typedef struct test_name {
    uint64_t value;
    const char *name;
} test_name;

#define CHECK_NAMES(fn, type, rows)                                                         \
    do {                                                                                    \
        size_t test_i_;                                                                     \
        for (test_i_ = 0; test_i_ < sizeof(rows) / sizeof((rows)[0]); test_i_++) {          \
            const char *test_got_ = fn((type)(rows)[test_i_].value);                        \
            CHECK_MSG(test_got_ && strcmp(test_got_, (rows)[test_i_].name) == 0,            \
                      "%s(0x%" PRIX64 ") is \"%s\", want \"%s\"", #fn,                   \
                      (rows)[test_i_].value,                                                \
                      test_got_ ? test_got_ : "(null)", (rows)[test_i_].name);              \
        }                                                                                   \
    } while (0)

/* Out of memory in a test program is a hard error (meson: exit code 99),
 * never a failed or skipped check. */
static inline void *test_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fprintf(stderr, "test: out of memory (%zu bytes)\n", n);
        exit(99);
    }
    return p;
}

static inline void *test_xmalloc(size_t n)
{
    return test_xrealloc(NULL, n);
}

/* Renders s[0..n) for a message: printable ASCII as is, other bytes that
 * form UTF-8 (surrogates included) as \u{XXXX}, anything else as \xHH.
 * Always NUL-terminates. */
static inline const char *test_escape(char *buf, size_t cap, const char *s, size_t n)
{
    size_t o = 0, i = 0;
    const unsigned char *u = (const unsigned char *)s;
    if (cap == 0)
        return buf;
    while (i < n && o + 12 < cap) {
        unsigned char c = u[i];
        if (c >= 0x20 && c < 0x7F && c != '\\') {
            buf[o++] = (char)c;
            i++;
        } else {
            uint32_t cp;
            size_t len = test_utf8_get(u + i, n - i, &cp, true);
            if (len) {
                o += (size_t)snprintf(buf + o, cap - o, "\\u{%04" PRIX32 "}", cp);
                i += len;
            } else {
                o += (size_t)snprintf(buf + o, cap - o, "\\x%02X", (unsigned)u[i]);
                i++;
            }
        }
    }
    if (i < n && o + 4 < cap) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o < cap ? o : cap - 1] = '\0';
    return buf;
}

/* The whole file at path, NUL-appended (*len its length, when len is not
 * NULL), to free(); NULL when it cannot be read (the caller's check then
 * fails). */
static inline char *test_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0, got;
    if (!f)
        return NULL;
    do {
        if (cap - n < 4096) {
            cap = cap ? cap * 2 : 65536;
            buf = (char *)test_xrealloc(buf, cap + 1);
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    } while (got);
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

/* Copies n bytes to a fresh heap block of exactly n bytes (1 when n == 0), so
 * that AddressSanitizer and valgrind see any read past the end.  The byte of
 * an empty copy stays uninitialized, for valgrind; out of line, because gcc
 * 12 at -O3 takes that byte for one its callers read (-Wmaybe-uninitialized
 * on a pointer passed as const). */
#if defined(__GNUC__)
__attribute__((noinline, unused)) static char *test_exact_copy(const void *s, size_t n)
#else
static inline char *test_exact_copy(const void *s, size_t n)
#endif
{
    char *p = (char *)test_xmalloc(n);
    if (n)
        memcpy(p, s, n);
    return p;
}

/* unit repeated times times in a fresh heap block of exactly that many
 * bytes (1 when empty); its length in *len. */
static inline char *test_repeat(const char *unit, size_t times, size_t *len)
{
    size_t u = strlen(unit), n = u * times, i;
    char *p = (char *)test_xmalloc(n);
    for (i = 0; i < times; i++)
        memcpy(p + i * u, unit, u);
    *len = n;
    return p;
}

/* afn, the *_alloc form of a conversion, on in[0..n) with flags agrees with
 * the caller-buffer call, which returned rc and the report *rep, and when
 * has_out wrote out[0..len): the same status, report and output, a NUL
 * after it, and *out NULL with *out_len 0 when there is no output. */
static inline void test_alloc_agrees(const char *what, test_alloc_fn afn, const char *in,
                                     size_t n, unsigned flags, int rc, const xn_report *rep,
                                     int has_out, const char *out, size_t len)
{
    char *p = (char *)&n; /* must be replaced */
    size_t l = 12345;
    xn_report arep = XN_REPORT_INIT;
    int arc = afn(in, n, &p, &l, flags, &arep);
    CHECK_MSG(arc == rc && arep.errors == rep->errors && arep.label == rep->label &&
                  arep.offset == rep->offset && arep.code_point == rep->code_point,
              "%s_alloc: status %d and report differ from the buffer call's %d", what, arc, rc);
    if (has_out)
        CHECK_MSG(p != NULL && l == len && memcmp(p, out, len) == 0 && p[len] == '\0',
                  "%s_alloc: output differs from the buffer call's", what);
    else
        CHECK_MSG(p == NULL && l == 0, "%s_alloc: *out %p, *out_len %zu without output", what,
                  (void *)p, l);
    xn_free(p);
}

/* fn on in[0..n) with flags at every capacity below end, each in a heap
 * block of exactly that size (NULL for 0), so that ASan sees any write past
 * it: below len, XN_E_BUFFER_TOO_SMALL and *out_len == len; from len on,
 * status rc, *out_len == len, the output out[0..len) unless out is NULL,
 * and past len a NUL after it.  One check a capacity, and one more for
 * the NUL; what names the call in messages. */
static inline void test_caps(const char *what, test_conv_fn fn, const char *in, size_t n,
                             unsigned flags, size_t end, int rc, const char *out, size_t len)
{
    size_t cap;
    for (cap = 0; cap < end; cap++) {
        char *buf = cap ? (char *)test_xmalloc(cap) : NULL;
        size_t got = 12345;
        int r = fn(in, n, buf, cap, &got, flags, NULL);
        if (cap < len) {
            CHECK_MSG(r == XN_E_BUFFER_TOO_SMALL && got == len,
                      "%s, cap %zu: %s, *out_len %zu; want XN_E_BUFFER_TOO_SMALL, %zu", what,
                      cap, xn_strerror_name(r), got, len);
        } else {
            CHECK_MSG(r == rc && got == len && (!out || len == 0 || memcmp(buf, out, len) == 0),
                      "%s, cap %zu: %s, *out_len %zu; want %s, %zu and the output", what, cap,
                      xn_strerror_name(r), got, xn_strerror_name(rc), len);
            if (cap > len)
                CHECK_MSG(buf[len] == '\0', "%s, cap %zu: no NUL after the output", what, cap);
        }
        free(buf);
    }
}

/* fn on in[0..n) with flags gives status rc and a report that points at
 * label `label`, byte `offset` and code point cp: four checks; what names
 * the call in messages. */
static inline void test_report_is(const char *what, test_conv_fn fn, const char *in, size_t n,
                                  unsigned flags, int rc, size_t label, size_t offset,
                                  uint32_t cp)
{
    char out[256];
    size_t len = 0;
    xn_report rep = XN_REPORT_INIT;
    int r = fn(in, n, out, sizeof out, &len, flags, &rep);
    CHECK_MSG(r == rc, "%s: %s, want %s", what, xn_strerror_name(r), xn_strerror_name(rc));
    CHECK_MSG(rep.label == label, "%s: report on label %zu, want %zu", what, rep.label, label);
    CHECK_MSG(rep.offset == offset, "%s: report at byte %zu, want %zu", what, rep.offset,
              offset);
    CHECK_MSG(rep.code_point == cp, "%s: report on U+%04" PRIX32 ", want U+%04" PRIX32, what,
              rep.code_point, cp);
}

/* A vector: conversion op (an entry of entries.h) of in with flags gives
 * status rc, the error bits errors and, when it writes output, out (NULL:
 * not compared). */
typedef struct test_vec {
    int op;
    const char *in;
    unsigned flags;
    int rc;
    const char *out;
    uint64_t errors;
} test_vec;

/* Runs v on an exact-size heap copy of its input: the status and the
 * error bits; with output (XN_OK, or XN_E_INVALID_DOMAIN from a
 * ToUnicode-like entry) the output and every capacity below it
 * (test_caps()), without it *out_len 0; the *_alloc form, where there is
 * one, agrees (test_alloc_agrees()). */
static inline void test_vector(const test_vec *v)
{
    const test_entry *e = test_entry_of(v->op);
    size_t n = strlen(v->in), len = 99;
    char *in = test_exact_copy(v->in, n);
    char out[512], esc[256], codes[128], call[400];
    xn_report rep = XN_REPORT_INIT;
    int rc = e->fn(in, n, out, sizeof out, &len, v->flags, &rep);
    bool has_out = rc == XN_OK || (rc == XN_E_INVALID_DOMAIN && !test_entry_is_ascii(v->op));

    test_escape(esc, sizeof esc, v->in, n);
    snprintf(call, sizeof call, "%s(%s, 0x%x)", e->name, esc, v->flags);
    if (e->afn)
        test_alloc_agrees(e->name, e->afn, in, n, v->flags, rc, &rep, has_out, out, len);
    xn_errors_format(rep.errors, codes, sizeof codes);
    CHECK_MSG(rc == v->rc, "%s: %s, want %s", call, xn_strerror_name(rc),
              xn_strerror_name(v->rc));
    CHECK_MSG(rep.errors == v->errors, "%s: errors %s", call, codes);
    if (has_out) {
        CHECK_MSG(!v->out || (len == strlen(v->out) && memcmp(out, v->out, len) == 0 &&
                              out[len] == '\0'),
                  "%s: got [%.*s]", call, (int)len, out);
        /* Too small gives the size needed and no overrun (len bytes fit,
         * without the NUL). */
        test_caps(call, e->fn, in, n, v->flags, len, rc, out, len);
    } else {
        CHECK_MSG(len == 0, "%s: *out_len %zu on failure", call, len);
    }
    free(in);
}

static inline int test_done(const char *name)
{
    printf("%s: %lu checks, %lu failed\n", name, test_checks, test_failures);
    return test_failures ? 1 : 0;
}

#endif
