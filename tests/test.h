/*
 * A minimal test harness: no framework, just checks that say what failed.
 *
 *   CHECK(cond)                 fails the test, printing file:line and cond
 *   CHECK_EQ_INT(a, b)          compares two integers, printing both
 *   CHECK_MSG(cond, fmt, ...)   prints an explanation of its own
 *   test_escape(buf, cap, s, n) renders bytes as ASCII with \xHH / \u{...}
 *   test_done()                 prints "N checks, N failed", returns the exit code
 *
 * Every failing check is reported; a test program runs to its end and then
 * exits 1 if anything failed.  Exit code 77 tells meson a suite was skipped.
 */
#ifndef XN_TEST_H
#define XN_TEST_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Renders s[0..n) for a message: printable ASCII as is, other bytes that
 * form UTF-8 as \u{XXXX}, anything else as \xHH.  Always NUL-terminates. */
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
        } else if (c >= 0xC2 && c < 0xF5) {
            size_t len = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4, k;
            uint32_t cp = c & (c < 0xE0 ? 0x1Fu : c < 0xF0 ? 0x0Fu : 0x07u);
            if (i + len > n)
                goto raw;
            for (k = 1; k < len; k++) {
                if ((u[i + k] & 0xC0) != 0x80)
                    goto raw;
                cp = (cp << 6) | (u[i + k] & 0x3Fu);
            }
            o += (size_t)snprintf(buf + o, cap - o, "\\u{%04" PRIX32 "}", cp);
            i += len;
        } else {
        raw:
            o += (size_t)snprintf(buf + o, cap - o, "\\x%02X", (unsigned)u[i]);
            i++;
        }
    }
    if (i < n && o + 4 < cap) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o < cap ? o : cap - 1] = '\0';
    return buf;
}

/* Copies n bytes to a fresh heap block of exactly n bytes (1 when n == 0), so
 * that AddressSanitizer and valgrind see any read past the end. */
static inline char *test_exact_copy(const void *s, size_t n)
{
    char *p = (char *)malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "test: out of memory\n");
        exit(99);
    }
    if (n)
        memcpy(p, s, n);
    return p;
}

static inline int test_done(const char *name)
{
    printf("%s: %lu checks, %lu failed\n", name, test_checks, test_failures);
    return test_failures ? 1 : 0;
}

#endif
