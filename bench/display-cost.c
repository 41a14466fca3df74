/*
 * What the display policy costs over plain conversion (issue 35): for each
 * corpus of real host names, the time per name of xn_to_unicode() and of
 * xn_to_display() without a known list, with the built-in list
 * (XN_DISPLAY_BUILTIN_KNOWN, what xn --display does) and with the built-in
 * list and a caller's set on top (the corpus's first 500 names), and each
 * one's ratio to xn_to_unicode().  The goal: at most 3x on Unicode names,
 * at most 1.2x on ASCII names, with or without a list.
 *
 *   bench-display [--samples N] CORPUS_DIR
 *   bench-display --once K FILE     (for bench/display-cost.py)
 *
 * CORPUS_DIR holds unicode.txt, alabel.txt and ascii.txt, one name a line
 * (tests/data/bench-corpus).  Each figure is the median of N passes over
 * the whole corpus (after one warm-up pass, which also loads ICU where a
 * conversion needs its normalizer).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "corpus.h"
#include "xn.h"


typedef struct way {
    const char *title;
    unsigned flags;
    const xn_known_set *known;
    int op; /* 0 xn_to_unicode, 1 xn_to_display_known, 2 xn_to_ascii */
} way;

static volatile size_t sink;

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* One pass over the corpus: the bytes written. */
static size_t run(const way *w, const corpus *c)
{
    char out[4 * XN_DOMAIN_MAX];
    size_t i, len, total = 0;
    for (i = 0; i < c->count; i++) {
        len = 0;
        if (w->op == 1)
            xn_to_display_known(c->name[i], c->len[i], out, sizeof out, &len, w->flags, w->known,
                                NULL, NULL);
        else if (w->op == 2)
            xn_to_ascii(c->name[i], c->len[i], out, sizeof out, &len, w->flags, NULL);
        else
            xn_to_unicode(c->name[i], c->len[i], out, sizeof out, &len, w->flags, NULL);
        total += len;
    }
    return total;
}

/* One pass: ns per name. */
static double pass(const way *w, const corpus *c)
{
    double t0 = now_ns();
    sink += run(w, c);
    return (now_ns() - t0) / (double)(c->count ? c->count : 1);
}

/* The pass that bench/display-cost.py counts under callgrind
 * (--toggle-collect=once_pass): out of line, by that name. */
__attribute__((noinline)) static void once_pass(const way *w, const corpus *c)
{
    sink += run(w, c);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A caller's set: the corpus's first 500 names (those that convert). */
static xn_known_set *first_500(const corpus *c)
{
    const char **names = malloc(500 * sizeof *names);
    char (*store)[XN_DOMAIN_MAX] = malloc(500 * sizeof *store);
    xn_known_set *set;
    size_t m = 0, i;
    int status = 0;
    for (i = 0; names && store && i < c->count && m < 500; i++) {
        size_t alen = 0;
        if (c->len[i] >= XN_DOMAIN_MAX ||
            xn_to_ascii(c->name[i], c->len[i], store[m], XN_DOMAIN_MAX, &alen, 0, NULL) !=
                XN_OK || alen >= XN_DOMAIN_MAX)
            continue;
        store[m][alen] = '\0';
        names[m] = store[m];
        m++;
    }
    set = names && store ? xn_known_set_new(names, m, &status) : NULL;
    free(names);
    free(store);
    if (!set)
        fprintf(stderr, "bench-display: no set: %s\n", xn_strerror_name(status));
    return set;
}

#define WAYS 5

static void ways_of(way *ways, const xn_known_set *set)
{
    const way all[WAYS] = {
        {"xn_to_unicode", 0, NULL, 0},
        {"xn_to_ascii", 0, NULL, 2},
        {"display", 0, NULL, 1},
        {"display, built-in list", XN_DISPLAY_BUILTIN_KNOWN, NULL, 1},
        {"display, built-in + 500 known", XN_DISPLAY_BUILTIN_KNOWN, set, 1},
    };
    memcpy(ways, all, sizeof all);
}

static void free_corpus(corpus *c)
{
    free(c->data);
    free(c->name);
    free(c->len);
}

/* Loads the corpus at path into *c, its set of 500 and the ways over them:
 * the set (to free with the corpus), or NULL, said on stderr. */
static xn_known_set *setup(const char *path, corpus *c, way *ways)
{
    xn_known_set *set;
    if (corpus_load(path, c) != 0 || c->count == 0) {
        fprintf(stderr, "bench-display: cannot read %s\n", path);
        return NULL;
    }
    set = first_500(c);
    if (!set) {
        free_corpus(c);
        return NULL;
    }
    ways_of(ways, set);
    return set;
}

/* --once K FILE: way K over the names of FILE once, after a warm-up pass
 * (which loads ICU where a conversion needs it), the counted pass in
 * once_pass(); prints the number of names. */
static int once(const char *k_arg, const char *path)
{
    way ways[WAYS];
    corpus c;
    xn_known_set *set;
    char *end;
    unsigned long k = strtoul(k_arg, &end, 10);
    if (*end || k >= WAYS) {
        fprintf(stderr, "bench-display: --once K FILE, K below %d\n", WAYS);
        return 2;
    }
    set = setup(path, &c, ways);
    if (!set)
        return 2;
    sink += run(&ways[k], &c);
    once_pass(&ways[k], &c);
    printf("%s: %zu names\n", ways[k].title, c.count);
    xn_known_set_free(set);
    free_corpus(&c);
    return 0;
}

int main(int argc, char **argv)
{
    static const char *const files[] = {"unicode.txt", "alabel.txt", "ascii.txt"};
    unsigned samples = 7, s;
    const char *dir;
    size_t f, k;
    int argi = 1;

    if (argc == 4 && strcmp(argv[1], "--once") == 0)
        return once(argv[2], argv[3]);
    if (argc > 2 && strcmp(argv[1], "--samples") == 0) {
        samples = (unsigned)atoi(argv[2]);
        argi = 3;
    }
    if (argi >= argc || samples == 0 || samples > 101) {
        fprintf(stderr, "usage: bench-display [--samples N] CORPUS_DIR\n"
                        "       bench-display --once K FILE\n");
        return 2;
    }
    dir = argv[argi];
    printf("ns per name, median of %u passes; ratio to xn_to_unicode()\n", samples);
    for (f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[4096];
        way ways[WAYS];
        corpus c;
        xn_known_set *set;
        double base = 0;
        snprintf(path, sizeof path, "%s/%s", dir, files[f]);
        set = setup(path, &c, ways);
        if (!set)
            return 2;
        printf("\n%s (%zu names)\n", files[f], c.count);
        for (k = 0; k < WAYS; k++) {
            double t[101];
            pass(&ways[k], &c); /* warm-up */
            for (s = 0; s < samples; s++)
                t[s] = pass(&ways[k], &c);
            qsort(t, samples, sizeof t[0], cmp_double);
            if (k == 0)
                base = t[samples / 2];
            printf("  %-32s %8.1f ns  %5.2fx\n", ways[k].title, t[samples / 2],
                   t[samples / 2] / base);
        }
        xn_known_set_free(set);
        free_corpus(&c);
    }
    return 0;
}
