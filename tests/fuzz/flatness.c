/*
 * Property (measured, not asserted): the cost per input byte of
 * xn_to_ascii() and xn_to_unicode() stays flat from 100 KB to 1 MB, for
 * inputs of every shape that might hide a quadratic path (the class of
 * Python idna's CVE-2024-3651), in the profiles that have no DNS length
 * limit (XN_NO_VERIFY_DNS_LENGTH, XN_WHATWG).
 *
 *   fuzz-flatness [SHAPE]      prints ns/byte at 100 KB, 300 KB and 1 MB,
 *                              and the 1 MB / 100 KB ratio (~1.0 is flat)
 *
 * Each measurement repeats the call until 0.2 s have passed and keeps the
 * fastest run.  A ratio above 2 is flagged with "<- NOT FLAT".
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xn.h"
#include "../utf8-ref.h"

typedef struct shape {
    const char *name;
    const char *what;
    void (*make)(char *buf, size_t cap, size_t *len); /* fills about cap bytes */
} shape;

/* Appends the UTF-8 of c (utf8-ref.h). */
static size_t put_cp(char *o, unsigned long c)
{
    return test_utf8_put((uint32_t)c, o);
}

/* Repeats unit (a UTF-8 string) until cap - slack bytes are filled. */
static void fill(char *buf, size_t cap, size_t *len, const char *unit)
{
    size_t u = strlen(unit), n = 0;
    while (n + u <= cap) {
        memcpy(buf + n, unit, u);
        n += u;
    }
    *len = n;
}

static void make_ascii(char *b, size_t cap, size_t *len)
{
    fill(b, cap, len, "www.example.com.");
}

static void make_ascii_upper(char *b, size_t cap, size_t *len)
{
    fill(b, cap, len, "WWW.Example.COM.");
}

static void make_one_label(char *b, size_t cap, size_t *len)
{
    fill(b, cap, len, "abcdefghijklmnopqrstuvwxyz0123456789");
}

static void make_mixed(char *b, size_t cap, size_t *len)
{
    fill(b, cap, len, "b\xC3\xBC" "cher.\xE4\xBE\x8B\xE3\x81\x88.Example.");
}

static void make_alabels(char *b, size_t cap, size_t *len)
{
    fill(b, cap, len, "xn--bcher-kva.XN--R8JZ45G.example.");
}

/* Labels of 1024 distinct ideographs: the Punycode encoder's worst case
 * (one pass per distinct code point). */
static void make_cjk_max(char *b, size_t cap, size_t *len)
{
    size_t n = 0;
    unsigned long base = 0x4E00;
    while (n + 1024 * 3 + 1 <= cap) {
        int i;
        for (i = 0; i < 1024; i++)
            n += put_cp(b + n, base + (unsigned long)i * 13 % 20000);
        b[n++] = '.';
        base += 7;
    }
    *len = n;
}

/* A-labels of about 1000 characters (the decoder inserts 1000 times). */
static void make_alabel_max(char *b, size_t cap, size_t *len)
{
    char label[1100];
    unsigned int cps[300];
    size_t l = 0, n = 0;
    int i;
    for (i = 0; i < 300; i++)
        cps[i] = 0x4E00 + (unsigned)i * 37;
    memcpy(label, "xn--", 4);
    if (xn_punycode_encode(cps, 300, NULL, label + 4, sizeof label - 5, &l) != XN_OK)
        l = 0;
    label[4 + l] = '.';
    l += 5;
    while (n + l <= cap) {
        memcpy(b + n, label, l);
        n += l;
    }
    *len = n;
}

/* (LAM ZWNJ) x 511 LAM: every ZWNJ needs its joining context. */
static void make_zwnj(char *b, size_t cap, size_t *len)
{
    size_t n = 0;
    while (n + 511 * 5 + 3 <= cap) {
        int i;
        for (i = 0; i < 511; i++) {
            memcpy(b + n, "\xD9\x84\xE2\x80\x8C", 5);
            n += 5;
        }
        memcpy(b + n, "\xD9\x84.", 3);
        n += 3;
    }
    *len = n;
}

/* 'a' and 1000 combining marks in alternating classes 230, 220: NFC must
 * reorder them (canonical ordering is an insertion sort in most code). */
static void make_marks(char *b, size_t cap, size_t *len)
{
    size_t n = 0;
    while (n + 1 + 1000 * 2 + 1 <= cap) {
        int i;
        b[n++] = 'a';
        for (i = 0; i < 1000; i++)
            n += put_cp(b + n, i & 1 ? 0x0316 : 0x0301);
        b[n++] = '.';
    }
    *len = n;
}

/* U+FDFA x 56 per label: 18 code points each after mapping. */
static void make_expand(char *b, size_t cap, size_t *len)
{
    size_t n = 0;
    while (n + 56 * 3 + 1 <= cap) {
        int i;
        for (i = 0; i < 56; i++)
            n += put_cp(b + n, 0xFDFA);
        b[n++] = '.';
    }
    *len = n;
}

static void make_dots(char *b, size_t cap, size_t *len)
{
    fill(b, cap, len, ".");
}

static void make_ideo_dots(char *b, size_t cap, size_t *len)
{
    fill(b, cap, len, "a\xE3\x80\x82"); /* a + IDEOGRAPHIC FULL STOP */
}

/* Labels that break rules (disallowed, bad Punycode, bidi): the error
 * paths, which go on to the end to report everything. */
static void make_invalid(char *b, size_t cap, size_t *len)
{
    fill(b, cap, len, "a\xE2\x92\x88" "b.xn--a.\xD7\x90" "1a.-x-.");
}

static const shape shapes[] = {
    {"ascii", "www.example.com. repeated", make_ascii},
    {"ascii-upper", "WWW.Example.COM. repeated", make_ascii_upper},
    {"one-label", "one ASCII label, no dot", make_one_label},
    {"mixed", "bücher.例え.Example. repeated", make_mixed},
    {"alabels", "xn--bcher-kva.XN--R8JZ45G.example.", make_alabels},
    {"cjk-1024", "labels of 1024 distinct ideographs", make_cjk_max},
    {"alabel-1000", "A-labels of ~1000 characters", make_alabel_max},
    {"zwnj", "(LAM ZWNJ)x511 LAM labels", make_zwnj},
    {"marks", "a + 1000 marks of classes 230/220", make_marks},
    {"fdfa", "U+FDFA x56 labels (x18 mapping)", make_expand},
    {"dots", "only dots", make_dots},
    {"ideo-dots", "a + U+3002 repeated", make_ideo_dots},
    {"invalid", "labels breaking rules", make_invalid},
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The fastest of the runs in 0.2 s, in ns per input byte; *rc the status. */
static double measure(int to_ascii, const char *in, size_t n, char *out, size_t cap,
                      unsigned flags, int *rc)
{
    double best = 1e30, start = now();
    int runs = 0;
    do {
        size_t len = 0;
        double t0 = now(), t;
        *rc = (to_ascii ? xn_to_ascii : xn_to_unicode)(in, n, out, cap, &len, flags, NULL);
        t = now() - t0;
        if (t < best)
            best = t;
        runs++;
    } while (now() - start < 0.2 || runs < 3);
    return best * 1e9 / (double)n;
}

int main(int argc, char **argv)
{
    static const size_t sizes[] = {100 * 1024, 300 * 1024, 1024 * 1024};
    static const struct {
        unsigned flags;
        const char *name;
    } profiles[] = {{XN_NO_VERIFY_DNS_LENGTH, "no-dns-length"}, {XN_WHATWG, "whatwg"}};
    size_t cap_in = 1024 * 1024 + 16, cap_out = 16 * cap_in;
    char *in = (char *)malloc(cap_in), *out = (char *)malloc(cap_out);
    size_t s, z, p;
    int unflat = 0;

    if (!in || !out)
        return 99;
    printf("%-12s %-10s %-13s %10s %10s %10s %7s  %s\n", "shape", "op", "profile", "100KB",
           "300KB", "1MB", "ratio", "status (1MB)");
    for (s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        if (argc > 1 && strcmp(argv[1], shapes[s].name) != 0)
            continue;
        for (p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
            int op;
            for (op = 1; op >= 0; op--) {
                double ns[3];
                int rc = 0;
                for (z = 0; z < 3; z++) {
                    size_t n = 0;
                    shapes[s].make(in, sizes[z], &n);
                    ns[z] = measure(op, in, n, out, cap_out, profiles[p].flags, &rc);
                }
                printf("%-12s %-10s %-13s %10.2f %10.2f %10.2f %7.2f  %s%s\n", shapes[s].name,
                       op ? "to_ascii" : "to_unicode", profiles[p].name, ns[0], ns[1], ns[2],
                       ns[2] / ns[0], xn_strerror_name(rc),
                       ns[2] / ns[0] > 2.0 ? "  <- NOT FLAT" : "");
                if (ns[2] / ns[0] > 2.0)
                    unflat++;
                fflush(stdout);
            }
        }
    }
    printf("(ns per input byte, fastest of the runs in 0.2 s; ratio = 1MB / 100KB)\n");
    free(in);
    free(out);
    return unflat ? 1 : 0;
}
