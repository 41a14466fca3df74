/*
 * Property: the xn command's line handling (tools/xn.c, compiled into this
 * target) on any standard input, under options taken from the input's first
 * byte (direction, --status, profile, --locale with a single-byte or UTF-8
 * charset) and flags from its last bytes, never crashes, leaks, or reads or
 * writes out of bounds, and keeps its contract:
 *  - exactly one output line for every input line, in order (a last line
 *    without its newline counts);
 *  - with --status every output line starts with "OK\t" or with a status
 *    column of upper-case codes, digits, '_' and ',' then a tab;
 *  - the run fails (exit status 1) exactly when some line did not say OK;
 *  - no write error is reported while standard output works.
 * Standard output and standard error are memory streams during a run.
 */
#define main xn_main
int xn_main(int argc, char **argv);
#include "../../tools/xn.c"
#undef main

#include "fuzz.h"

/* The charsets --locale may find, one of each kind libunistring converts. */
static const char *const charsets[] = {NULL, "UTF-8", "ISO-8859-1", "ISO-8859-7"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct run r;
    struct line l = {NULL, 0};
    unsigned flags, mode;
    FILE *in, *saved_out = stdout, *saved_err = stderr, *out, *err;
    char *obuf = NULL, *ebuf = NULL;
    size_t olen = 0, elen = 0, len = 0, lines = 0, i, start;
    bool ok = true, any_fail = false;
    int got;

    fuzz_set_input(data, size);
    if (size < 1)
        return 0;
    mode = data[0];
    data++;
    size--;
    flags = fuzz_flags(&data, &size);

    memset(&r, 0, sizeof r);
    r.to_unicode = (mode & 1) != 0;
    r.status = (mode & 2) != 0;
    {
        const struct profile *p = &profiles[(mode >> 2) % PROFILE_COUNT];
        r.convert = r.to_unicode ? p->to_unicode : p->to_ascii;
        r.flags = p->flags | (flags & FUZZ_KNOWN_FLAGS); /* what options can set */
    }
    r.charset = charsets[(mode >> 5) & 3];

    /* Lines as the command counts them: every '\n', plus a last line
     * without one. */
    for (i = 0, start = 0; i < size; i++) {
        if (data[i] == '\n') {
            lines++;
            start = i + 1;
        }
    }
    if (start < size)
        lines++;

    in = size ? fmemopen((void *)(uintptr_t)data, size, "r") : fopen("/dev/null", "r");
    out = open_memstream(&obuf, &olen);
    err = open_memstream(&ebuf, &elen);
    FUZZ_ASSERT(in && out && err, "cannot open the streams");
    stdout = out;
    stderr = err;
    while ((got = read_line(in, &l, &len)) > 0) {
        if (!process_name(&r, l.buf ? l.buf : "", len)) {
            ok = false;
            break;
        }
    }
    stdout = saved_out;
    stderr = saved_err;
    fclose(in);
    fclose(out);
    fclose(err);
    free(l.buf);
    free(r.heap);

    FUZZ_ASSERT(got == 0 && ok && r.write_errno == 0, "read %d, process %d, write errno %d",
                got, (int)ok, r.write_errno);
    {
        size_t count = 0, ls = 0;
        for (i = 0; i < olen; i++) {
            if (obuf[i] != '\n')
                continue;
            if (r.status) {
                size_t j = ls;
                bool line_ok = olen - ls >= 3 && memcmp(obuf + ls, "OK\t", 3) == 0;
                while (j < i && ((obuf[j] >= 'A' && obuf[j] <= 'Z') ||
                                 (obuf[j] >= '0' && obuf[j] <= '9') || obuf[j] == '_' ||
                                 obuf[j] == ','))
                    j++;
                FUZZ_ASSERT(j > ls && j < i && obuf[j] == '\t',
                            "output line %zu has no status column: \"%s\"", count,
                            fuzz_show(obuf + ls, i - ls));
                if (!line_ok)
                    any_fail = true;
            }
            count++;
            ls = i + 1;
        }
        FUZZ_ASSERT(ls == olen, "output does not end with a newline: \"%s\"",
                    fuzz_show(obuf, olen));
        FUZZ_ASSERT(count == lines, "%zu input lines, %zu output lines", lines, count);
        if (r.status)
            FUZZ_ASSERT(any_fail == r.failed, "some line failed: %d, the run failed: %d",
                        (int)any_fail, (int)r.failed);
    }
    free(obuf);
    free(ebuf);
    return 0;
}
