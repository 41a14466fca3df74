/*
 * Micro-benchmark of the Punycode codec alone (RFC 3492, lib/punycode.c):
 * xn_punycode_encode() and xn_punycode_decode() on the A-labels of a corpus
 * of names (tests/data/bench-corpus/alabel.txt), without the mapping,
 * normalization and checks around them in ToASCII / ToUnicode.
 *
 *   bench-punycode FILE...             ns per label, encode and decode
 *   bench-punycode --once OP FILE...   one pass of OP (encode or decode),
 *                                      for callgrind:
 *     valgrind --tool=callgrind --toggle-collect='pass*' \
 *         bench-punycode --once encode tests/data/bench-corpus/alabel.txt
 *     and divide the instructions by the label count it prints.
 *
 * Every "xn--" label of the files is decoded once up front; the labels that
 * decode are the workload of both operations: encode takes their code
 * points, decode their Punycode (the label after "xn--").
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xn.h"

typedef struct label {
    char ace[64]; /* the Punycode, after "xn--" */
    size_t ace_len;
    uint32_t cp[64];
    size_t cp_len;
} label;

static label *labels;
static size_t nlabels, cap_labels;

/* Adds the "xn--" labels of one name that decode to at most 64 code points. */
static void add_name(const char *s, size_t n)
{
    size_t start = 0, i;
    for (i = 0; i <= n; i++) {
        label *l;
        size_t len = i - start;
        if (i < n && s[i] != '.')
            continue;
        if (len > 4 && len - 4 < sizeof l->ace && (s[start] | 0x20) == 'x' &&
            (s[start + 1] | 0x20) == 'n' && s[start + 2] == '-' && s[start + 3] == '-') {
            if (nlabels == cap_labels) {
                cap_labels = cap_labels ? 2 * cap_labels : 256;
                labels = realloc(labels, cap_labels * sizeof *labels);
                if (!labels) {
                    perror("bench-punycode");
                    exit(1);
                }
            }
            l = &labels[nlabels];
            l->ace_len = len - 4;
            memcpy(l->ace, s + start + 4, l->ace_len);
            if (xn_punycode_decode(l->ace, l->ace_len, l->cp, 64, &l->cp_len, NULL) == XN_OK)
                nlabels++;
        }
        start = i + 1;
    }
}

static int load(const char *path)
{
    char line[1024];
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f)) {
        size_t n = strcspn(line, "\r\n");
        add_name(line, n);
    }
    fclose(f);
    return 0;
}

static volatile size_t sink;

/* Not inlined: callgrind counts the instructions inside pass() alone. */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* reps passes over the labels, encoding their code points or decoding
 * their Punycode. */
NOINLINE static void pass(unsigned reps, bool encode)
{
    char ace[256];
    uint32_t cps[64];
    size_t i, len = 0, acc = 0;
    unsigned r;
    for (r = 0; r < reps; r++)
        for (i = 0; i < nlabels; i++) {
            const label *l = &labels[i];
            int rc = encode ? xn_punycode_encode(l->cp, l->cp_len, NULL, ace, sizeof ace, &len)
                            : xn_punycode_decode(l->ace, l->ace_len, cps, 64, &len, NULL);
            acc += (size_t)rc + len;
        }
    sink = acc;
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The median of 15 samples of about 20 ms each, in ns per label. */
static double time_op(bool encode)
{
    double v[15], t0;
    unsigned reps = 1, s, a, b;
    for (;;) {
        t0 = now_ns();
        pass(reps, encode);
        if (now_ns() - t0 > 20e6)
            break;
        reps *= 2;
    }
    for (s = 0; s < 15; s++) {
        t0 = now_ns();
        pass(reps, encode);
        v[s] = (now_ns() - t0) / ((double)reps * (double)nlabels);
    }
    for (a = 1; a < 15; a++) /* insertion sort */
        for (b = a; b > 0 && v[b - 1] > v[b]; b--) {
            double x = v[b];
            v[b] = v[b - 1];
            v[b - 1] = x;
        }
    return v[7];
}

int main(int argc, char **argv)
{
    const char *once = NULL;
    int f = 1;
    if (argc > 2 && strcmp(argv[1], "--once") == 0) {
        once = argv[2];
        f = 3;
    }
    if (f >= argc) {
        fprintf(stderr, "usage: %s [--once encode|decode] FILE...\n", argv[0]);
        return 2;
    }
    for (; f < argc; f++)
        if (load(argv[f]) != 0) {
            perror(argv[f]);
            return 1;
        }
    if (nlabels == 0) {
        fprintf(stderr, "bench-punycode: no A-labels\n");
        return 1;
    }
    if (once) {
        if (strcmp(once, "encode") != 0 && strcmp(once, "decode") != 0) {
            fprintf(stderr, "bench-punycode: no operation \"%s\"\n", once);
            return 2;
        }
        pass(1, strcmp(once, "encode") == 0);
        printf("once %s: %zu labels\n", once, nlabels);
        free(labels);
        return 0;
    }
    printf("%zu labels: encode %.1f ns/label, decode %.1f ns/label\n", nlabels,
           time_op(true), time_op(false));
    free(labels);
    return 0;
}
