/*
 * The per-process cost of xn's libidn2.so.0 against the system's libidn2.
 *
 *   compat-cost COMPAT_LIBDIR XN_LIBDIR [RUNS]
 *
 * Starts `idn2 example.com` RUNS times (default 300) on the system's
 * libidn2 and as many times on xn's (LD_LIBRARY_PATH=COMPAT_LIBDIR:
 * XN_LIBDIR), alternating, each with posix_spawnp() from this small
 * process (a child's peak memory then is its own), and prints the median
 * wall time from start to exit and the largest peak resident set size
 * wait4() reports, for each and their difference: what loading libxn and
 * the ICU libraries it links costs a program.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* environ without LD_LIBRARY_PATH and LD_PRELOAD, plus extra (may be NULL). */
static char **make_env(const char *extra)
{
    size_t n = 0, k = 0;
    char **e;
    while (environ[n])
        n++;
    e = calloc(n + 2, sizeof *e);
    if (!e)
        exit(1);
    for (n = 0; environ[n]; n++)
        if (strncmp(environ[n], "LD_LIBRARY_PATH=", 16) != 0 &&
            strncmp(environ[n], "LD_PRELOAD=", 11) != 0)
            e[k++] = environ[n];
    if (extra)
        e[k++] = (char *)extra;
    return e;
}

/* One run: wall time in ms, peak RSS in KiB; exits on failure. */
static double one(char **env, posix_spawn_file_actions_t *fa, long *rss)
{
    char *argv[] = {"idn2", "example.com", NULL};
    struct timespec a, b;
    struct rusage ru;
    pid_t pid;
    int st;

    clock_gettime(CLOCK_MONOTONIC, &a);
    if (posix_spawnp(&pid, "idn2", fa, NULL, argv, env) != 0) {
        fprintf(stderr, "compat-cost: idn2 (Debian package idn2) cannot be started\n");
        exit(1);
    }
    if (wait4(pid, &st, 0, &ru) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        fprintf(stderr, "compat-cost: idn2 example.com failed\n");
        exit(1);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    *rss = ru.ru_maxrss;
    return (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6;
}

int main(int argc, char **argv)
{
    static const char *name[2] = {"system libidn2", "xn libidn2.so.0"};
    char *path, **env[2];
    double *t[2], med[2];
    long peak[2] = {0, 0}, rss;
    int runs = argc > 3 ? atoi(argv[3]) : 300, i, k;
    size_t len;
    posix_spawn_file_actions_t fa;

    if (argc < 3 || argc > 4 || runs < 1) {
        fprintf(stderr, "usage: compat-cost COMPAT_LIBDIR XN_LIBDIR [RUNS]\n");
        return 2;
    }
    len = strlen(argv[1]) + strlen(argv[2]) + 32;
    path = malloc(len);
    t[0] = calloc((size_t)runs, sizeof *t[0]);
    t[1] = calloc((size_t)runs, sizeof *t[1]);
    if (!path || !t[0] || !t[1])
        return 1;
    snprintf(path, len, "LD_LIBRARY_PATH=%s:%s", argv[1], argv[2]);
    env[0] = make_env(NULL);
    env[1] = make_env(path);
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    for (i = 0; i < runs; i++)
        for (k = 0; k < 2; k++) {
            t[k][i] = one(env[k], &fa, &rss);
            if (rss > peak[k])
                peak[k] = rss;
        }
    for (k = 0; k < 2; k++) {
        qsort(t[k], (size_t)runs, sizeof *t[k], cmp_double);
        med[k] = t[k][runs / 2];
        printf("%-16s %6.2f ms  %5.1f MiB peak RSS\n", name[k], med[k], (double)peak[k] / 1024);
    }
    printf("%-16s %+6.2f ms  %+5.1f MiB\n", "difference", med[1] - med[0],
           (double)(peak[1] - peak[0]) / 1024);
    return 0;
}
