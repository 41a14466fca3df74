/*
 * A corpus of host names for the benchmarks (bench.c, display-cost.c):
 * read whole, one name a line (a CR before the newline dropped), each name
 * NUL-terminated in place, for the APIs that want that (libidn2's): no
 * copy is timed with them.
 */
#ifndef XN_BENCH_CORPUS_H
#define XN_BENCH_CORPUS_H

#include <stdio.h>
#include <stdlib.h>

typedef struct corpus {
    char *data;
    const char **name;
    size_t *len;
    size_t count;
} corpus;

static int corpus_load(const char *path, corpus *c)
{
    FILE *f = fopen(path, "rb");
    long size;
    size_t i, n = 0, start = 0;
    if (!f)
        return -1;
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return -1;
    }
    c->data = (char *)malloc((size_t)size + 1);
    if (!c->data || fread(c->data, 1, (size_t)size, f) != (size_t)size) {
        fclose(f);
        return -1;
    }
    fclose(f);
    c->data[size] = '\n';
    for (i = 0; i <= (size_t)size; i++)
        if (c->data[i] == '\n')
            n++;
    c->name = (const char **)malloc(n * sizeof *c->name);
    c->len = (size_t *)malloc(n * sizeof *c->len);
    if (!c->name || !c->len)
        return -1;
    c->count = 0;
    for (i = 0; i <= (size_t)size; i++) {
        if (c->data[i] == '\n') {
            size_t l = i - start;
            if (l > 0 && c->data[start + l - 1] == '\r')
                l--;
            /* Each name NUL-terminated in place, for the APIs that want
             * that (libidn2's): no copy is timed with them. */
            c->data[start + l] = '\0';
            if (l > 0) {
                c->name[c->count] = c->data + start;
                c->len[c->count++] = l;
            }
            start = i + 1;
        }
    }
    return 0;
}

#endif
