/*
 * Reading the conformance data in tests/data (or the bench corpus):
 *
 *   test_read_file(dir, rel, &len)   the whole file, NUL-appended; NULL, a loud
 *                                    SKIP line and test_missing++ when it is
 *                                    absent; NULL and a failed check when it
 *                                    is there but cannot be read
 *   test_lines_of, test_next_line    a file's lines, numbered from 1
 *   test_split(s, n, sep, f, max)    fields between separators, trimmed
 *   test_uncomment, test_field_is    a line without its '#' comment; a field
 *   test_read_range(f, &lo, &hi)     a UCD code point range "XXXX..YYYY"
 *   test_uts46_line(s, n, &row)      one IdnaMappingTable.txt line
 *   test_idna2008_line(s, n, &row)   one Idna2008.txt line
 *   test_buf, test_buf_put/_cp/_free a growable NUL-terminated byte string
 *   test_hexval, test_read_hex       hex digits; a code point written in hex
 *   test_unescape(s, n, &b)          the escapes of the test data undone
 *   test_unescape_v2(s, n, &b)       an IdnaTestV2 field, without surrogates
 *   test_v2_field(line, n, k, ...)   column k of an IdnaTestV2 line, trimmed
 *   test_each_name(dir, rel, what, fn, ctx)
 *                                    fn on each name a file gives: its lines,
 *                                    or an IdnaTestV2 column, unescaped
 *   test_tally, test_tally_print     the counts of a differential test
 *   test_diff_mode(argc, argv, ...)  main()'s "--diff TESTDATA CORPUS" mode
 *   test_testdata_arg(argc, argv)    argv[1], or NULL and a SKIP when absent
 *   test_finish(name)                test_done(), or 77 (skipped, not passed)
 *                                    when nothing failed but data was missing
 *   test_main_with_diff(...)         main() of a program with a --diff mode
 *
 * Out of memory ends the test program with exit code 99 (a hard error).
 */
#ifndef XN_TESTDATA_H
#define XN_TESTDATA_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "test.h"

static unsigned long test_missing;

/* A byte string in generalized UTF-8: a lone surrogate (which only test
 * data's escapes can produce) is appended by test_buf_cp like any other code
 * point, as the three ill-formed bytes ED A0..BF xx, and flagged. */
typedef struct test_buf {
    char *s;
    size_t n, cap;
    bool surrogate;
} test_buf;

static inline void test_buf_put(test_buf *b, const void *p, size_t n)
{
    if (!b->s || b->cap - b->n < n + 1) {
        b->cap = (b->n + n + 1) * 2;
        b->s = (char *)test_xrealloc(b->s, b->cap);
    }
    if (n)
        memcpy(b->s + b->n, p, n);
    b->n += n;
    b->s[b->n] = '\0';
}

/* Appends cp in UTF-8's generalized form: a surrogate gets the three
 * (ill-formed) bytes its pattern gives, which hostile-input tests want, and
 * sets b->surrogate. */
static inline void test_buf_cp(test_buf *b, uint32_t cp)
{
    char t[4];
    if (cp >= 0xD800 && cp <= 0xDFFF)
        b->surrogate = true;
    test_buf_put(b, t, test_utf8_put(cp, t));
}

/* Frees b and leaves it empty, ready for reuse. */
static inline void test_buf_free(test_buf *b)
{
    free(b->s);
    memset(b, 0, sizeof *b);
}

static inline char *test_read_file(const char *dir, const char *rel, size_t *len)
{
    char path[4096], chunk[65536];
    test_buf b = {NULL, 0, 0, false};
    size_t got;
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    f = fopen(path, "rb");
    if (!f) {
        int e = errno;
        if (e == ENOENT || e == ENOTDIR) {
            fprintf(stderr, "SKIP: %s not found (%s)\n", path, strerror(e));
            test_missing++;
        } else {
            CHECK_MSG(0, "%s: cannot open: %s", path, strerror(e));
        }
        return NULL;
    }
    test_buf_put(&b, "", 0);
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
        test_buf_put(&b, chunk, got);
    if (ferror(f)) {
        CHECK_MSG(0, "%s: read error", path);
        fclose(f);
        free(b.s);
        return NULL;
    }
    fclose(f);
    *len = b.n;
    return b.s;
}

/* The value of hex digit c (either case), or -1. */
static inline int test_hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Reads a code point written in hex at *pp (before end) and advances *pp:
 * exactly min digits when min == max (what follows is not looked at), else
 * the whole run of digits, which must be min..max long.  False, *pp left
 * alone, on fewer or more digits or a value past U+10FFFF. */
static inline bool test_read_hex(const char **pp, const char *end, int min, int max,
                                 uint32_t *out)
{
    const char *p = *pp;
    uint32_t v = 0;
    int k = 0, h, limit = min == max ? max : max + 1;
    while (p < end && k < limit && (h = test_hexval(*p)) >= 0) {
        v = v * 16 + (uint32_t)h;
        p++;
        k++;
    }
    if (k < min || k > max || v > 0x10FFFF)
        return false;
    *pp = p;
    *out = v;
    return true;
}

/* A text's lines, one at a time (test_lines_of, test_next_line). */
typedef struct test_lines {
    const char *p, *end;
    unsigned no; /* the number of the line test_next_line returned last */
} test_lines;

static inline test_lines test_lines_of(const char *data, size_t len)
{
    test_lines L;
    L.p = data;
    L.end = data + len;
    L.no = 0;
    return L;
}

/* The next line, without its '\n' (a '\r' before it is kept); NULL at the
 * end.  A final '\n' opens no further empty line. */
static inline const char *test_next_line(test_lines *L, size_t *n)
{
    const char *s = L->p, *nl;
    if (s >= L->end)
        return NULL;
    nl = (const char *)memchr(s, '\n', (size_t)(L->end - s));
    *n = nl ? (size_t)(nl - s) : (size_t)(L->end - s);
    L->p = nl ? nl + 1 : L->end;
    L->no++;
    return s;
}

typedef struct test_field {
    const char *p;
    size_t n;
} test_field;

/* Splits s[0..n) at each sep into at most max fields, each trimmed of
 * blanks (space, tab, CR); returns the number of fields, or max + 1 when
 * there are more (f[0..max) are filled then).  An empty s is one empty
 * field. */
static inline size_t test_split(const char *s, size_t n, char sep, test_field *f, size_t max)
{
    size_t count = 0, i = 0;
    for (;;) {
        size_t a = i, b;
        while (i < n && s[i] != sep)
            i++;
        b = i;
        while (a < b && (s[a] == ' ' || s[a] == '\t' || s[a] == '\r'))
            a++;
        while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\r'))
            b--;
        if (count == max)
            return max + 1;
        f[count].p = s + a;
        f[count].n = b - a;
        count++;
        if (i >= n)
            return count;
        i++;
    }
}

/* The length of s[0..n) before a '#' comment. */
static inline size_t test_uncomment(const char *s, size_t n)
{
    const char *hash = (const char *)memchr(s, '#', n);
    return hash ? (size_t)(hash - s) : n;
}

static inline bool test_field_is(const test_field *f, const char *s)
{
    return f->n == strlen(s) && memcmp(f->p, s, f->n) == 0;
}

/* A UCD code point field, "XXXX" or "XXXX..YYYY" (4 to 6 hex digits each),
 * the whole of f, lo <= hi. */
static inline bool test_read_range(const test_field *f, uint32_t *lo, uint32_t *hi)
{
    const char *p = f->p, *end = f->p + f->n;
    if (!test_read_hex(&p, end, 4, 6, lo))
        return false;
    *hi = *lo;
    if (end - p >= 2 && p[0] == '.' && p[1] == '.') {
        p += 2;
        if (!test_read_hex(&p, end, 4, 6, hi))
            return false;
    }
    return p == end && *lo <= *hi;
}

/* The RFC 5892 derived property values, in Idna2008.txt's words and
 * the order of the library's values. */
enum {
    TEST_IDNA2008_PVALID,
    TEST_IDNA2008_CONTEXTJ,
    TEST_IDNA2008_CONTEXTO,
    TEST_IDNA2008_DISALLOWED,
    TEST_IDNA2008_UNASSIGNED
};

static const char *const test_idna2008_names[] = {"PVALID", "CONTEXTJ", "CONTEXTO",
                                                  "DISALLOWED", "UNASSIGNED"};

/* One line of Idna2008.txt. */
typedef struct test_idna2008_row {
    uint32_t lo, hi;
    int value;       /* TEST_IDNA2008_* */
    bool is_default; /* a "# @missing:" line: the value of code points not listed */
} test_idna2008_row;

/* Parses line[0..n) of Idna2008.txt strictly: 1 and *r for a row or
 * a "# @missing:" default; 0 for a blank or comment line; -1 when it is
 * malformed (not "range ; value", or a value the file does not define). */
static inline int test_idna2008_line(const char *line, size_t n, test_idna2008_row *r)
{
    test_field f[3];
    size_t nf, k;
    r->is_default = n >= 11 && memcmp(line, "# @missing:", 11) == 0;
    if (r->is_default) {
        line += 11;
        n -= 11;
    }
    nf = test_split(line, test_uncomment(line, n), ';', f, 2);
    if (nf == 1 && f[0].n == 0)
        return 0;
    if (nf != 2 || !test_read_range(&f[0], &r->lo, &r->hi))
        return -1;
    for (k = 0; k < sizeof test_idna2008_names / sizeof test_idna2008_names[0]; k++)
        if (test_field_is(&f[1], test_idna2008_names[k])) {
            r->value = (int)k;
            return 1;
        }
    return -1;
}

/* UTS #46 statuses, in the order of the library's XN_STATUS_* values, with
 * disallowed_STD3_valid/_mapped folded to valid/mapped (as 16.0 did). */
enum {
    TEST_UTS46_VALID,
    TEST_UTS46_IGNORED,
    TEST_UTS46_MAPPED,
    TEST_UTS46_DEVIATION,
    TEST_UTS46_DISALLOWED
};

#define TEST_UTS46_MAP_MAX 32

/* One line of an IdnaMappingTable.txt. */
typedef struct test_uts46_row {
    uint32_t lo, hi;
    int status;
    unsigned map_n;
    uint32_t map[TEST_UTS46_MAP_MAX];
} test_uts46_row;

/* Parses line[0..n) of an IdnaMappingTable.txt strictly: 1 and *r for a
 * row; 0 for a blank or comment line; -1 when it is malformed: not 2 to 4
 * fields, a bad range or status, a mapping that is not code points of 4 to
 * 6 hex digits between spaces, or one given where the status has none
 * (only mapped rows have one; deviation rows may). */
static inline int test_uts46_line(const char *line, size_t n, test_uts46_row *r)
{
    static const struct {
        const char *name;
        int status;
    } statuses[] = {
        {"valid", TEST_UTS46_VALID},
        {"disallowed_STD3_valid", TEST_UTS46_VALID},
        {"ignored", TEST_UTS46_IGNORED},
        {"mapped", TEST_UTS46_MAPPED},
        {"disallowed_STD3_mapped", TEST_UTS46_MAPPED},
        {"deviation", TEST_UTS46_DEVIATION},
        {"disallowed", TEST_UTS46_DISALLOWED},
    };
    test_field f[5];
    size_t nf = test_split(line, test_uncomment(line, n), ';', f, 4), k;
    const char *p, *end;
    if (nf == 1 && f[0].n == 0)
        return 0;
    if (nf < 2 || nf > 4 || !test_read_range(&f[0], &r->lo, &r->hi))
        return -1;
    for (k = 0; k < sizeof statuses / sizeof statuses[0]; k++)
        if (test_field_is(&f[1], statuses[k].name))
            break;
    if (k == sizeof statuses / sizeof statuses[0])
        return -1;
    r->status = statuses[k].status;
    r->map_n = 0;
    p = nf >= 3 ? f[2].p : "";
    end = nf >= 3 ? f[2].p + f[2].n : p;
    while (p < end) {
        if (r->map_n == TEST_UTS46_MAP_MAX || !test_read_hex(&p, end, 4, 6, &r->map[r->map_n]) ||
            (p < end && *p != ' '))
            return -1;
        r->map_n++;
        while (p < end && *p == ' ')
            p++;
    }
    if ((r->status == TEST_UTS46_MAPPED) != (r->map_n > 0) && r->status != TEST_UTS46_DEVIATION)
        return -1;
    return 1;
}

/* Appends s[0..n) to out with the escapes of the test data undone:
 * \uXXXX (a high surrogate escape followed by a low one is one pair),
 * \u{X...} and \x{X...} (IdnaTestV2) a code point; \xHH the byte HH as it is,
 * so that ill-formed UTF-8 can be written; \\ a backslash.  A lone surrogate
 * goes in as generalized UTF-8 and sets out->surrogate.  False at an escape
 * that is not one of these. */
static inline bool test_unescape(const char *s, size_t n, test_buf *out)
{
    const char *p = s, *end = s + n;
    test_buf_put(out, "", 0);
    while (p < end) {
        uint32_t cp, lo;
        if (*p != '\\') {
            test_buf_put(out, p++, 1);
            continue;
        }
        p++;
        if (p < end && *p == '\\') {
            test_buf_put(out, p++, 1);
            continue;
        }
        if (end - p >= 3 && p[0] == 'x' && p[1] != '{') {
            int hi = test_hexval(p[1]), low = test_hexval(p[2]);
            char byte;
            if (hi < 0 || low < 0)
                return false;
            byte = (char)(hi * 16 + low);
            test_buf_put(out, &byte, 1);
            p += 3;
            continue;
        }
        if (end - p >= 2 && (p[0] == 'u' || p[0] == 'x') && p[1] == '{') {
            p += 2;
            if (!test_read_hex(&p, end, 1, 6, &cp) || p >= end || *p != '}')
                return false;
            p++;
        } else if (p < end && *p == 'u') {
            p++;
            if (!test_read_hex(&p, end, 4, 4, &cp))
                return false;
            if (cp >= 0xD800 && cp <= 0xDBFF && end - p >= 6 && p[0] == '\\' && p[1] == 'u') {
                const char *q = p + 2;
                if (test_read_hex(&q, end, 4, 4, &lo) && lo >= 0xDC00 && lo <= 0xDFFF) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    p = q;
                }
            }
        } else {
            return false;
        }
        test_buf_cp(out, cp);
    }
    return true;
}

/* An IdnaTestV2 field into out (emptied first), by test_unescape(); false
 * for a surrogate, which UTF-8 cannot carry, and for a malformed escape,
 * which is also a failed check. */
static inline bool test_unescape_v2(const char *s, size_t n, test_buf *out)
{
    out->n = 0;
    out->surrogate = false;
    if (!test_unescape(s, n, out)) {
        CHECK_MSG(false, "a malformed escape in test data: %.*s", (int)n, s);
        return false;
    }
    return !out->surrogate;
}

/* Column k (from 0) of the ';'-separated line[0..n), without surrounding
 * blanks and without a '#' comment; false when the line has fewer columns
 * or is a comment (columns past the 16th are not read). */
static inline bool test_v2_field(const char *line, size_t n, unsigned k, const char **field,
                                 size_t *len)
{
    test_field f[16];
    size_t nf;
    if (n && line[0] == '#')
        return false;
    nf = test_split(line, test_uncomment(line, n), ';', f, 16);
    if (k >= nf || k >= 16)
        return false;
    *field = f[k].p;
    *len = f[k].n;
    return true;
}

enum test_names {
    TEST_LINES,          /* every non-empty line, as is */
    TEST_V2_SOURCE,      /* IdnaTestV2's source column */
    TEST_V2_TO_UNICODE,  /* its toUnicode column (the source where that is empty) */
};

/* Calls fn(s, n, ctx) on each name of dir/rel.  IdnaTestV2 names holding a
 * surrogate escape (which UTF-8 cannot carry) and the empty name "" are left
 * out; a missing file counts in test_missing. */
static inline void test_each_name(const char *dir, const char *rel, enum test_names what,
                                  void (*fn)(const char *s, size_t n, void *ctx), void *ctx)
{
    size_t len = 0, n;
    char *data = test_read_file(dir, rel, &len);
    test_buf u = {NULL, 0, 0, false};
    test_lines L;
    const char *line;
    if (!data)
        return;
    L = test_lines_of(data, len);
    while ((line = test_next_line(&L, &n)) != NULL) {
        const char *f;
        size_t fn_len;
        if (n && line[n - 1] == '\r')
            n--;
        if (what == TEST_LINES) {
            if (n)
                fn(line, n, ctx);
        } else if (n && test_v2_field(line, n, 0, &f, &fn_len)) {
            const char *g;
            size_t g_len;
            if (what == TEST_V2_TO_UNICODE && test_v2_field(line, n, 1, &g, &g_len) && g_len) {
                f = g;
                fn_len = g_len;
            }
            if (test_unescape_v2(f, fn_len, &u) &&
                !(u.n == 2 && memcmp(u.s, "\"\"", 2) == 0))
                fn(u.s, u.n, ctx);
        }
    }
    free(u.s);
    free(data);
}

typedef struct test_tally {
    unsigned long compared, same, excused, differ;
    unsigned long excuse[8];
} test_tally;

/* Counts one difference that excuse k explains. */
static inline void test_excused(test_tally *t, size_t k)
{
    t->excused++;
    t->excuse[k]++;
}

/* s[0..n) as a NUL-terminated heap string, for a peer's C-string API. */
static inline char *test_cstring(const char *s, size_t n)
{
    char *z = (char *)test_xmalloc(n + 1);
    memcpy(z, s, n);
    z[n] = '\0';
    return z;
}

/* The start of main() in a program with a differential mode: stderr
 * line-buffered; then, for "--diff TESTDATA CORPUS", the differential diff
 * runs (or, when the program was built without its peer, diff NULL, the
 * skip is reported and why) and its exit code is returned; otherwise -1
 * (the program's own tests run). */
static inline int test_diff_mode(int argc, char **argv,
                                 int (*diff)(const char *testdata, const char *corpus),
                                 const char *without)
{
    setvbuf(stderr, NULL, _IOLBF, 0);
    if (argc < 2 || strcmp(argv[1], "--diff") != 0)
        return -1;
    if (!diff) {
        fprintf(stderr, "SKIP: %s\n", without);
        return TEST_SKIP;
    }
    if (argc < 4) {
        fprintf(stderr, "usage: %s --diff TESTDATA CORPUS\n", argv[0]);
        return 2;
    }
    return diff(argv[2], argv[3]);
}

/* "<peer> <what>: N names, ..." and a line per excuse that was used. */
static inline void test_tally_print(const char *peer, const char *what, const test_tally *t,
                                    const char *const *excuse_text, size_t excuses)
{
    printf("%s %s: %lu comparisons, %lu same, %lu excused, %lu differ\n", peer, what, t->compared,
           t->same, t->excused, t->differ);
    for (size_t i = 0; i < excuses; i++)
        if (t->excuse[i])
            printf("  excused %lu: %s\n", t->excuse[i], excuse_text[i]);
}

/* argv[1], the testdata folder; NULL, with a SKIP line and test_missing++,
 * when none was given. */
static inline const char *test_testdata_arg(int argc, char **argv)
{
    if (argc >= 2)
        return argv[1];
    fprintf(stderr, "SKIP: no testdata folder given\n");
    test_missing++;
    return NULL;
}

static inline int test_finish(const char *name)
{
    int rc = test_done(name);
    if (rc == 0 && test_missing) {
        fprintf(stderr, "SKIP: %lu data file(s) missing: a partial run is not a pass\n",
                test_missing);
        return TEST_SKIP;
    }
    return rc;
}

/* main() of a test program with a differential mode: "--diff TESTDATA
 * CORPUS" runs diff (test_diff_mode(), which says why when diff is NULL);
 * otherwise own() runs, then data(TESTDATA) with the testdata folder of
 * argv[1] (test_testdata_arg()).  Returns the exit code (test_finish()). */
static inline int test_main_with_diff(int argc, char **argv, const char *name,
                                      int (*diff)(const char *testdata, const char *corpus),
                                      const char *without, void (*own)(void),
                                      void (*data)(const char *testdata))
{
    const char *dir;
    int rc = test_diff_mode(argc, argv, diff, without);
    if (rc >= 0)
        return rc;
    own();
    if ((dir = test_testdata_arg(argc, argv)) != NULL)
        data(dir);
    return test_finish(name);
}

#endif
