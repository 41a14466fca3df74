/*
 * Shared by the fuzz targets in this folder (each a libFuzzer
 * LLVMFuzzerTestOneInput, also linked with main.c as a plain replayer).
 *
 *   FUZZ_ASSERT(cond, fmt, ...)  a violated property: prints it with the
 *                                input that broke it, then abort()s
 *   fuzz_flags()                 flags taken from the input's last bytes
 *   fuzz_out_new/_done()         output buffers of exactly the capacity
 *                                passed (under ASan), or with a guard
 *   fuzz_convert()               one call of xn_to_ascii/xn_to_unicode,
 *                                checked at every interesting capacity and
 *                                against the *_alloc wrapper
 */
#ifndef XN_FUZZ_H
#define XN_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xn.h"
#include "../entries.h"
#include "../utf8-ref.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every flag bit that xn.h defines (entries.h): any other bit must give
 * XN_E_INVALID_ARG. */
#define FUZZ_KNOWN_FLAGS TEST_FLAGS_UTS46
#define FUZZ_FLAGS_DNS TEST_FLAGS_DNS

#if defined(__GNUC__)
#define FUZZ_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define FUZZ_NORETURN __attribute__((noreturn))
#else
#define FUZZ_PRINTF(a, b)
#define FUZZ_NORETURN
#endif

/* The input being tested, for failure messages; the target sets it first. */
void fuzz_set_input(const uint8_t *data, size_t size);

FUZZ_NORETURN void fuzz_fail(const char *file, int line, const char *cond,
                             const char *fmt, ...) FUZZ_PRINTF(4, 5);

#define FUZZ_ASSERT(cond, ...)                                       \
    do {                                                             \
        if (!(cond))                                                 \
            fuzz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);       \
    } while (0)

/* Renders s[0..n) as printable ASCII with \xHH escapes, truncated, into a
 * static buffer (one of eight, so that several may appear in one message). */
const char *fuzz_show(const void *s, size_t n);

/* Takes the flags from the last two bytes of the input (and removes them):
 * the top two bits of the last byte pick the kind:
 *   0: any set of the known bits      1: XN_WHATWG plus/minus known bits
 *   2: a named preset (0, XN_WHATWG, ...)
 *   3: a random set that may hold unknown bits (up to bit 31)
 * With fewer than two bytes, the flags are 0. */
unsigned fuzz_flags(const uint8_t **data, size_t *size);

/* An output buffer of cap bytes (a non-NULL one even for cap 0): exactly cap
 * bytes under AddressSanitizer, else cap bytes followed by a guard that
 * fuzz_out_done() checks.  The content starts as a fill pattern. */
char *fuzz_out_new(size_t cap);
void fuzz_out_done(char *p, size_t cap);

/* A copy of n bytes in a heap block of exactly n bytes (n == 0: a valid
 * pointer to nothing readable under ASan). */
char *fuzz_copy(const void *s, size_t n);

/* The start of most targets: sets the input (fuzz_set_input), takes the
 * flags from its end (fuzz_flags, *flags) and returns an exact-size copy of
 * the rest, data[0..*size) after the call. */
char *fuzz_begin(const uint8_t **data, size_t *size, unsigned *flags);

/* fuzz_begin() as the first line of LLVMFuzzerTestOneInput(data, size):
 * declares `in`, the exact-size copy of the input (size bytes after it),
 * and `flags`, the flags taken from its end.  fuzz_end() is the last. */
#define FUZZ_INPUT(in, flags) \
    unsigned flags;           \
    char *in = fuzz_begin(&data, &size, &flags)

/* Either converter. */
typedef int (*fuzz_conv_fn)(const char *, size_t, char *, size_t, size_t *, unsigned,
                            xn_report *);
typedef int (*fuzz_alloc_fn)(const char *, size_t, char **, size_t *, unsigned,
                             xn_report *);

typedef struct fuzz_result {
    int rc;          /* status of the call with room for the whole output */
    char *out;       /* malloc'ed copy of the output, NUL-terminated (or NULL) */
    size_t len;      /* its length */
    xn_report report;
} fuzz_result;

/* Which function fuzz_convert() calls (0 and 1 are false and true); odd
 * ones write no output on XN_E_INVALID_DOMAIN, even ones do. */
enum {
    FUZZ_TO_UNICODE = TEST_TO_UNICODE,       /* xn_to_unicode, and xn_to_unicode_alloc */
    FUZZ_TO_ASCII = TEST_TO_ASCII,           /* xn_to_ascii, and xn_to_ascii_alloc */
    FUZZ_LABEL_TO_UNICODE = TEST_LABEL_TO_UNICODE, /* xn_label_to_unicode (no _alloc form) */
    FUZZ_LABEL_TO_ASCII = TEST_LABEL_TO_ASCII,     /* xn_label_to_ascii */
    FUZZ_IDNA2008_TO_UNICODE = TEST_IDNA2008_TO_UNICODE,
    FUZZ_IDNA2008_LOOKUP = TEST_IDNA2008_LOOKUP,
    FUZZ_IDNA2003_TO_UNICODE = TEST_IDNA2003_TO_UNICODE,
    FUZZ_IDNA2003_TO_ASCII = TEST_IDNA2003_TO_ASCII,
    FUZZ_EMAIL_TO_UNICODE = TEST_EMAIL_TO_UNICODE, /* the SMTPUTF8 answer is not looked at */
    FUZZ_EMAIL_TO_ASCII = TEST_EMAIL_TO_ASCII
};

/* The flags the IDNA2008 and IDNA2003 functions take (entries.h). */
#define FUZZ_IDNA2008_FLAGS TEST_FLAGS_IDNA2008
#define FUZZ_IDNA2003_FLAGS TEST_FLAGS_IDNA2003

/* The flag bits operation op takes. */
unsigned fuzz_known_flags(int op);

/* Converts r's output (r->rc == XN_OK) again with op and flags: the same
 * status and output, or an abort that names in[0..n), the first input. */
void fuzz_check_idempotent(int op, const char *in, size_t n, const fuzz_result *r,
                           unsigned flags);

/* A label function's result l and the name function's result name on the
 * same input in[0..n): a label that converts converts the same as a name,
 * and a name of one label that converts converts as a label. */
void fuzz_check_label_as_name(const char *in, size_t n, const fuzz_result *l,
                              const fuzz_result *name, unsigned flags);

/* Flags for a function that takes the bits `known`, from fuzz_flags()'s
 * answer: usually those of its bits that the function takes, plus bits
 * `extra` (XN_IDNA2008_MAP, XN_ALLOW_UNASSIGNED) when fuzz_flags() chose
 * XN_TRANSITIONAL, which these functions do not take; as it is when it
 * holds bits above bit 15, to test that unknown bits are refused. */
unsigned fuzz_flags_for(unsigned raw, unsigned known, unsigned extra);

/* Runs the function op names on in[0..n) with flags and checks, aborting
 * on any violation:
 *  - the status is a documented one and never XN_E_INTERNAL or XN_E_NOMEM;
 *    unknown flag bits give XN_E_INVALID_ARG and nothing else does (for a
 *    non-NULL input);
 *  - the size query (NULL, 0) gives XN_E_BUFFER_TOO_SMALL with the exact
 *    length, or the final status when nothing would be written;
 *  - capacities 0 (non-NULL), len/2, len - 1 give XN_E_BUFFER_TOO_SMALL with
 *    the exact length and write nothing past the capacity; len gives the
 *    result without a NUL, len + 1 with one;
 *  - the report is the same at every capacity and with report == NULL the
 *    status is the same; it is all zero on success;
 *  - ToASCII on failure writes nothing (*out_len == 0); ToUnicode with
 *    XN_E_INVALID_DOMAIN still yields its output;
 *  - the *_alloc wrapper (when there is one) gives the same status, output,
 *    length and report, also with out_len == NULL.
 * Returns the result; release it with fuzz_result_free(). */
fuzz_result fuzz_convert(int op, const char *in, size_t n, unsigned flags);
void fuzz_result_free(fuzz_result *r);

/* True when s[0..n) is well-formed UTF-8 (RFC 3629), checked independently
 * of the library. */
bool fuzz_utf8_valid(const char *s, size_t n);

/* r's output, when it has one, is well-formed UTF-8; what names the call
 * in the message. */
void fuzz_check_utf8(const fuzz_result *r, const char *what);

/* The end of a target: frees the results a and b (either may be NULL)
 * and in; returns 0, the answer LLVMFuzzerTestOneInput gives. */
int fuzz_end(char *in, fuzz_result *a, fuzz_result *b);

#endif
