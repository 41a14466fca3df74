/*
 * Property (measured, not asserted): the cost per input byte of
 * xn_to_ascii() and xn_to_unicode() stays flat from 100 KB to 1 MB, for
 * inputs of every shape that might hide a quadratic path (the class of
 * Python idna's CVE-2024-3651), in the profiles that have no DNS length
 * limit (XN_NO_VERIFY_DNS_LENGTH, XN_WHATWG); so does that of xn_nfc() for
 * the shapes of the form nfc (a run of combining marks as long as the
 * input: ICU's canonical reordering is quadratic in it, so xn refuses a run
 * over 30, XN_E_NOT_STREAM_SAFE).
 *
 *   fuzz-flatness [SHAPE]      prints ns/byte at 100 KB, 300 KB and 1 MB,
 *                              and the 1 MB / 100 KB ratio (~1.0 is flat)
 *
 * The shapes are the rows of tests/vectors/flatness.txt, read from the
 * folder the build gives (TEST_VECTORS_DIR) or from $XN_VECTORS.
 *
 * Each measurement repeats the call until 0.2 s have passed and keeps the
 * fastest run.  The bound is a ratio of 2: above it a row is flagged with
 * "<- NOT FLAT", and the exit status is 1.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xn.h"
#include "../rowfile.h"

/* The stated bound: the cost per byte at 1 MB at most twice that at
 * 100 KB. */
#define MAX_RATIO 2.0

/* Appends the unit of a shape, field k of its row (vectors/flatness.txt):
 * pieces between blanks, each TEXT, TEXT*N or U+XXXX..U+YYYY. */
static void build_unit(test_rowfile *f, size_t k, test_buf *unit)
{
    const test_field *field = test_rowfile_field(f, k);
    const char *p = field->p, *end = field->p + field->n;
    test_field w;
    while (p < end) {
        while (p < end && *p == ' ')
            p++;
        if (p == end)
            break;
        w.p = p;
        while (p < end && *p != ' ')
            p++;
        w.n = (size_t)(p - w.p);
        if (w.n > 2 && w.p[0] == 'U' && w.p[1] == '+') {
            const char *q = w.p + 2, *wend = w.p + w.n;
            uint32_t lo, hi;
            if (!test_read_hex(&q, wend, 4, 6, &lo) || wend - q < 4 || memcmp(q, "..U+", 4) != 0)
                test_rowfile_die(f, "a bad U+XXXX..U+YYYY range", k);
            q += 4;
            if (!test_read_hex(&q, wend, 4, 6, &hi) || q != wend || hi < lo ||
                (lo <= 0xDFFF && hi >= 0xD800))
                test_rowfile_die(f, "a bad U+XXXX..U+YYYY range", k);
            for (; lo <= hi; lo++)
                test_buf_cp(unit, lo);
        } else {
            const char *star = (const char *)memchr(w.p, '*', w.n);
            unsigned long long times = 1, t;
            size_t text_n = star ? (size_t)(star - w.p) : w.n;
            test_buf piece = {NULL, 0, 0, false};
            test_field count;
            if (star) {
                count.p = star + 1;
                count.n = w.n - text_n - 1;
                if (!test_rowfile_parse_number(&count, &times) || times == 0 || times > 100000)
                    test_rowfile_die(f, "a bad *N count", k);
            }
            if (!test_unescape(w.p, text_n, &piece) || piece.surrogate)
                test_rowfile_die(f, "a bad escape", k);
            for (t = 0; t < times; t++)
                test_buf_put(unit, piece.s, piece.n);
            test_buf_free(&piece);
        }
    }
    if (unit->n == 0)
        test_rowfile_die(f, "an empty unit", k);
}

/* in[0..cap) filled with the unit as many times as it fits; the length. */
static size_t fill(char *in, size_t cap, const test_buf *unit)
{
    size_t n = 0;
    while (unit->n && n + unit->n <= cap) {
        memcpy(in + n, unit->s, unit->n);
        n += unit->n;
    }
    return n;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What a row measures: ToUnicode, ToASCII, or NFC. */
enum op { OP_TO_UNICODE, OP_TO_ASCII, OP_NFC };

/* The fastest of the runs in 0.2 s, in ns per input byte; *rc the status. */
static double measure(enum op op, const char *in, size_t n, char *out, size_t cap,
                      unsigned flags, int *rc)
{
    double best = 1e30, start = now();
    int runs = 0;
    do {
        size_t len = 0;
        double t0 = now(), t;
        if (op == OP_NFC)
            *rc = xn_nfc(in, n, out, cap, &len);
        else
            *rc = (op == OP_TO_ASCII ? xn_to_ascii : xn_to_unicode)(in, n, out, cap, &len,
                                                                   flags, NULL);
        t = now() - t0;
        if (t < best)
            best = t;
        runs++;
    } while (now() - start < 0.2 || runs < 3);
    return best * 1e9 / (double)n;
}

/* The input of a row, one unit: its text, or for the form a-labels that
 * text converted by xn_to_ascii(); for the form nfc, its text, to
 * xn_nfc(). */
static void shape_unit(test_rowfile *f, test_buf *unit)
{
    test_buf text = {NULL, 0, 0, false};
    char *ascii = NULL;
    size_t len = 0;
    build_unit(f, 3, &text);
    if (test_field_is(test_rowfile_field(f, 2), "text") ||
        test_field_is(test_rowfile_field(f, 2), "nfc")) {
        *unit = text;
        return;
    }
    if (!test_field_is(test_rowfile_field(f, 2), "a-labels"))
        test_rowfile_die(f, "not text, a-labels or nfc", 2);
    if (xn_to_ascii_alloc(text.s, text.n, &ascii, &len, XN_NO_VERIFY_DNS_LENGTH, NULL) != XN_OK)
        test_rowfile_die(f, "xn_to_ascii() refuses the unit", 3);
    unit->n = 0;
    test_buf_put(unit, ascii, len);
    xn_free(ascii);
    test_buf_free(&text);
}

int main(int argc, char **argv)
{
    static const size_t sizes[] = {100 * 1024, 300 * 1024, 1024 * 1024};
    static const struct {
        unsigned flags;
        const char *name;
    } profiles[] = {{XN_NO_VERIFY_DNS_LENGTH, "no-dns-length"}, {XN_WHATWG, "whatwg"}};
    static const char *const sections[] = {"shapes", NULL};
    size_t cap_in = 1024 * 1024 + 16, cap_out = 16 * cap_in;
    char *in = (char *)malloc(cap_in), *out = (char *)malloc(cap_out);
    const char *vectors = getenv("XN_VECTORS");
    test_rowfile f;
    size_t z, p;
    int unflat = 0, shown = 0;
    bool nfc;

    if (!in || !out)
        return 99;
    test_rowfile_open(&f, vectors && *vectors ? vectors : TEST_VECTORS_DIR, "flatness.txt", sections);
    printf("%-12s %-10s %-13s %10s %10s %10s %7s  %s\n", "shape", "op", "profile", "100KB",
           "300KB", "1MB", "ratio", "status (1MB)");
    while (test_rowfile_next(&f)) {
        test_buf unit = {NULL, 0, 0, false};
        size_t name_len;
        const char *name;
        test_rowfile_fields(&f, 4);
        name = test_rowfile_text(&f, 0, &name_len);
        if (argc > 1 && strcmp(argv[1], name) != 0)
            continue;
        shown++;
        shape_unit(&f, &unit);
        if (unit.n > sizes[0])
            test_rowfile_die(&f, "a unit longer than the smallest input", 3);
        nfc = test_field_is(test_rowfile_field(&f, 2), "nfc");
        for (p = 0; p < (nfc ? 1 : sizeof profiles / sizeof profiles[0]); p++) {
            int op;
            for (op = nfc ? OP_NFC : OP_TO_ASCII; op >= (nfc ? OP_NFC : OP_TO_UNICODE); op--) {
                double ns[3];
                int rc = 0;
                for (z = 0; z < 3; z++)
                    ns[z] = measure((enum op)op, in, fill(in, sizes[z], &unit), out, cap_out,
                                    profiles[p].flags, &rc);
                printf("%-12s %-10s %-13s %10.2f %10.2f %10.2f %7.2f  %s%s\n", name,
                       op == OP_NFC ? "nfc" : op == OP_TO_ASCII ? "to_ascii" : "to_unicode",
                       nfc ? "-" : profiles[p].name, ns[0], ns[1], ns[2], ns[2] / ns[0],
                       xn_strerror_name(rc), ns[2] / ns[0] > MAX_RATIO ? "  <- NOT FLAT" : "");
                if (ns[2] / ns[0] > MAX_RATIO)
                    unflat++;
                fflush(stdout);
            }
        }
        test_buf_free(&unit);
    }
    test_rowfile_close(&f);
    printf("(ns per input byte, fastest of the runs in 0.2 s; ratio = 1MB / 100KB)\n");
    free(in);
    free(out);
    if (argc > 1 && !shown) {
        fprintf(stderr, "fuzz-flatness: no shape %s in flatness.txt\n", argv[1]);
        return 2;
    }
    return unflat || test_failures ? 1 : 0; /* test_failures: a section with no rows */
}
