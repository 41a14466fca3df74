/*
 * Property: the xn command's line handling (tools/xn.c, compiled into this
 * target with tools/options.c) on any standard input, under options taken from the input's first
 * byte (direction, --status, profile, --locale with a single-byte or UTF-8
 * charset; with its top bit, --display, --email or --register in place of
 * the profile) and flags from its last bytes, never crashes, leaks, or
 * reads or writes out of bounds, and keeps its contract:
 *  - exactly one output line for every input line, in order (a last line
 *    without its newline counts);
 *  - with --status every output line starts with "OK\t" or with a status
 *    column of upper-case codes, digits, '_' and ',' then a tab;
 *  - the run fails (exit status 1) exactly when some line did not say OK
 *    (or, as converted lines, gave the reasons of --display or the
 *    SMTPUTF8 note of --email);
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

/* The status column s[0..n) of a converted line with a note: --display's
 * reasons (XN_UNSAFE_* names, comma-separated) or --email's SMTPUTF8. */
static bool converted_note(const struct run *r, const char *s, size_t n)
{
    size_t a = 0;
    if (r->email)
        return n == 8 && memcmp(s, "SMTPUTF8", 8) == 0;
    if (!r->display || n == 0)
        return false;
    while (a < n) {
        size_t b = a;
        unsigned bit;
        bool known = false;
        while (b < n && s[b] != ',')
            b++;
        for (bit = 0; bit < 32 && !known; bit++) {
            const char *name = xn_unsafe_name(1u << bit);
            known = strcmp(name, "?") != 0 && strlen(name) == b - a &&
                    memcmp(name, s + a, b - a) == 0;
        }
        if (!known)
            return false;
        a = b + 1;
    }
    return s[n - 1] != ',';
}

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
    r.format = r.status ? FMT_STATUS : FMT_PLAIN;
    if (!(mode & 0x80)) {
        const struct profile *p = &profiles[(mode >> 2) % profile_count];
        r.convert = r.to_unicode ? p->to_unicode : p->to_ascii;
        r.flags = p->flags | (flags & FUZZ_KNOWN_FLAGS); /* what options can set */
    } else if (((mode >> 2) & 3) == 3) {
        /* --register (no -u); the flag options make every line fail. */
        r.to_unicode = false;
        r.convert = register_profile.to_ascii;
        r.flags = (mode & 0x10) ? flags & FUZZ_KNOWN_FLAGS : 0;
    } else {
        /* --display or --email, with the uts46 or whatwg profile. */
        const struct profile *p = &profiles[(mode >> 4) & 1];
        r.display = ((mode >> 2) & 3) == 0;
        r.email = !r.display;
        r.convert = r.to_unicode ? p->to_unicode : p->to_ascii;
        r.flags = p->flags | (flags & FUZZ_KNOWN_FLAGS);
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
                if (!line_ok && !converted_note(&r, obuf + ls, j - ls))
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
