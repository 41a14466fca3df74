/*
 * A replayer for the fuzz targets without libFuzzer: links with one target
 * and runs LLVMFuzzerTestOneInput once on every file named on the command
 * line, or on every file of every directory named there (in name order,
 * skipping names that start with '.').  Used by the fuzz-regress suite, so
 * that every seed and every reproducer runs with gcc and in CI.
 *
 * A path that does not exist, an unreadable file, or no input at all is an
 * error (exit 1): the corpora are part of the repository, never optional.
 * A violated property aborts; the name of the input is printed first.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

static const char *current = "";

static void on_abort(int sig)
{
    static const char msg[] = "fuzz-replay: the input that failed: ";
    (void)sig;
    if (write(2, msg, sizeof msg - 1) < 0 || write(2, current, strlen(current)) < 0 ||
        write(2, "\n", 1) < 0) {
        /* nothing more to do */
    }
    signal(SIGABRT, SIG_DFL);
    raise(SIGABRT);
}

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL, *exact;
    size_t len = 0, cap = 0;
    if (!f) {
        fprintf(stderr, "fuzz-replay: cannot open %s\n", path);
        return -1;
    }
    for (;;) {
        size_t got;
        if (cap - len < 4096) {
            unsigned char *nb;
            cap = cap ? 2 * cap : 65536;
            nb = (unsigned char *)realloc(buf, cap);
            if (!nb) {
                fprintf(stderr, "fuzz-replay: out of memory on %s\n", path);
                free(buf);
                fclose(f);
                return -1;
            }
            buf = nb;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        fprintf(stderr, "fuzz-replay: cannot read %s\n", path);
        free(buf);
        fclose(f);
        return -1;
    }
    fclose(f);
    /* An exact-size copy, so that AddressSanitizer sees any overread. */
    exact = (unsigned char *)malloc(len ? len : 1);
    if (!exact) {
        free(buf);
        return -1;
    }
    if (len)
        memcpy(exact, buf, len);
    free(buf);
    current = path;
    LLVMFuzzerTestOneInput(exact, len);
    current = "";
    free(exact);
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every file of dir in name order; returns the count, or -1. */
static long run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    long count = 0;
    if (!d) {
        fprintf(stderr, "fuzz-replay: cannot open directory %s\n", dir);
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            char **nn;
            cap = cap ? 2 * cap : 256;
            nn = (char **)realloc(names, cap * sizeof *names);
            if (!nn)
                abort();
            names = nn;
        }
        names[n] = (char *)malloc(strlen(dir) + strlen(e->d_name) + 2);
        if (!names[n])
            abort();
        sprintf(names[n], "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, cmp_names);
    for (i = 0; i < n; i++) {
        struct stat st;
        if (count >= 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            if (run_file(names[i]) != 0)
                count = -1;
            else
                count++;
        }
        free(names[i]);
    }
    free(names);
    return count;
}

int main(int argc, char **argv)
{
    long total = 0;
    int i;
    signal(SIGABRT, on_abort);
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR|FILE...\n", argv[0]);
        return 1;
    }
    for (i = 1; i < argc; i++) {
        struct stat st;
        long n;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "fuzz-replay: %s does not exist\n", argv[i]);
            return 1;
        }
        if (S_ISDIR(st.st_mode)) {
            n = run_dir(argv[i]);
        } else {
            n = run_file(argv[i]) == 0 ? 1 : -1;
        }
        if (n < 0)
            return 1;
        printf("%s: %ld inputs\n", argv[i], n);
        total += n;
    }
    if (total == 0) {
        fprintf(stderr, "fuzz-replay: no input found\n");
        return 1;
    }
    printf("%ld inputs replayed, every property held\n", total);
    return 0;
}
