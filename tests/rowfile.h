/*
 * The tests' own vector files, tests/vectors/NAME.txt (format in
 * tests/vectors/README.md): rows of fields between ';', grouped under
 * "[section]" lines, with '#' comments.
 *
 *   test_rowfile_open(&r, dir, name, sections)  reads dir/name, whole
 *   test_rowfile_next(&r)          the next row: r.section, r.no, r.nf
 *   test_rowfile_fields(&r, n)     the row must have n fields
 *   test_rowfile_text(&r, k, &n)   field k with its escapes undone
 *   test_rowfile_out(&r, k, &n)    the same, or NULL for the word (none)
 *   test_rowfile_errors(&r, k)     "V2 B1" -> XN_ERR_V2 | XN_ERR_B1; "0" -> 0
 *   test_rowfile_status(&r, k)     "XN_E_INVALID_DOMAIN" -> its value
 *   test_rowfile_flags(&r, k)      "XN_TRANSITIONAL | 0x8000" -> the bits
 *   test_rowfile_number(&r, k)     a decimal or 0x-hex number
 *   test_rowfile_bool(&r, k)       yes or no
 *   test_rowfile_where(&r)         "vectors/uts46.txt:12", for messages
 *   test_rowfile_close(&r)         the rows read in each section, printed;
 *                                  a section of the expected list with no
 *                                  row is a failed check
 *
 * These files are part of the tests, not data that may be absent: a file
 * that is missing or a field that does not parse ends the program with exit
 * code 99 (a hard error), naming the file and line.
 */
#ifndef XN_ROWFILE_H
#define XN_ROWFILE_H

#include "testdata.h"

#define TEST_ROWFILE_FIELDS 8

typedef struct test_rowfile {
    const char *name;                     /* "uts46.txt" */
    const char *const *sections;          /* the sections the test knows, NULL-ended */
    unsigned long counts[16];             /* rows read, by index in sections */
    char *data;
    test_lines lines;
    const char *section;                  /* of the current row; "" before any */
    size_t section_index;
    unsigned no;                          /* its line number */
    size_t nf;                            /* its number of fields */
    test_field f[TEST_ROWFILE_FIELDS];
    test_buf text[TEST_ROWFILE_FIELDS];   /* field k unescaped, by test_rowfile_text */
} test_rowfile;

/* Ends the program: the file is part of the tests and cannot be wrong. */
static inline void test_rowfile_die(const test_rowfile *r, const char *what, size_t k)
{
    fprintf(stderr, "vectors/%s:%u: field %zu: %s\n", r->name, r->no, k + 1, what);
    exit(99);
}

static inline const char *test_rowfile_where(const test_rowfile *r)
{
    static char where[128];
    snprintf(where, sizeof where, "vectors/%s:%u", r->name, r->no);
    return where;
}

/* Opens dir/name (dir: tests/vectors, from the test's arguments; NULL when
 * they did not give it) with the sections it may hold (a NULL-ended list;
 * rows before any "[section]" line are not allowed). */
static inline void test_rowfile_open(test_rowfile *r, const char *dir, const char *name,
                                     const char *const *sections)
{
    char path[4096];
    FILE *probe;
    size_t len = 0, k;
    memset(r, 0, sizeof *r);
    r->name = name;
    r->sections = sections;
    r->section = "";
    for (k = 0; sections[k]; k++)
        if (k >= sizeof r->counts / sizeof r->counts[0]) {
            fprintf(stderr, "test_rowfile_open: too many sections\n");
            exit(99);
        }
    if (!dir) {
        fprintf(stderr, "no vectors folder given: the test needs tests/vectors/%s\n", name);
        exit(99);
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!(probe = fopen(path, "rb"))) {
        fprintf(stderr, "%s: the test's own vectors cannot be read: %s\n", path, strerror(errno));
        exit(99);
    }
    fclose(probe);
    r->data = test_read_file(dir, name, &len);
    if (!r->data)
        exit(99);
    r->lines = test_lines_of(r->data, len);
}

/* Moves to the next row; false at the end of the file. */
static inline bool test_rowfile_next(test_rowfile *r)
{
    const char *line;
    size_t n;
    while ((line = test_next_line(&r->lines, &n)) != NULL) {
        r->no = r->lines.no;
        n = test_uncomment(line, n);
        while (n && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
            n--;
        if (n == 0)
            continue;
        if (line[0] == '[') {
            size_t k;
            for (k = 0; r->sections[k]; k++)
                if (strlen(r->sections[k]) == n - 2 && line[n - 1] == ']' &&
                    memcmp(r->sections[k], line + 1, n - 2) == 0)
                    break;
            if (!r->sections[k])
                test_rowfile_die(r, "a section this test does not know", 0);
            r->section = r->sections[k];
            r->section_index = k;
            continue;
        }
        if (!*r->section)
            test_rowfile_die(r, "a row before any [section]", 0);
        r->nf = test_split(line, n, ';', r->f, TEST_ROWFILE_FIELDS);
        if (r->nf > TEST_ROWFILE_FIELDS)
            test_rowfile_die(r, "too many fields", TEST_ROWFILE_FIELDS);
        r->counts[r->section_index]++;
        return true;
    }
    return false;
}

static inline void test_rowfile_fields(const test_rowfile *r, size_t n)
{
    if (r->nf != n) {
        fprintf(stderr, "vectors/%s:%u: %zu fields, where [%s] has %zu\n", r->name, r->no, r->nf,
                r->section, n);
        exit(99);
    }
}

static inline const test_field *test_rowfile_field(test_rowfile *r, size_t k)
{
    if (k >= r->nf)
        test_rowfile_die(r, "missing", k);
    return &r->f[k];
}

/* Field k with its escapes undone (test_unescape(); no surrogates); ';',
 * '#' and blanks at either end are written \x3B, \x23 and \x20.  Valid
 * until the next call for field k. */
static inline const char *test_rowfile_text(test_rowfile *r, size_t k, size_t *len)
{
    const test_field *f = test_rowfile_field(r, k);
    test_buf *b = &r->text[k];
    b->n = 0;
    b->surrogate = false;
    if (!test_unescape(f->p, f->n, b) || b->surrogate)
        test_rowfile_die(r, "a bad escape", k);
    *len = b->n;
    return b->s;
}

/* As test_rowfile_text, but NULL for the bare word (none): no output. */
static inline const char *test_rowfile_out(test_rowfile *r, size_t k, size_t *len)
{
    if (test_field_is(test_rowfile_field(r, k), "(none)")) {
        *len = 0;
        return NULL;
    }
    return test_rowfile_text(r, k, len);
}

/* The words of field k, one at a time: *p moves past the next word (a run
 * of characters other than blanks and '|'); false when none is left. */
static inline bool test_rowfile_word(const char **p, const char *end, test_field *w)
{
    const char *s = *p;
    while (s < end && (*s == ' ' || *s == '\t' || *s == '|'))
        s++;
    if (s == end)
        return false;
    w->p = s;
    while (s < end && *s != ' ' && *s != '\t' && *s != '|')
        s++;
    w->n = (size_t)(s - w->p);
    *p = s;
    return true;
}

/* A number, decimal or 0x-hex, that fills the word. */
static inline bool test_rowfile_parse_number(const test_field *w, unsigned long long *v)
{
    size_t i = 0, base = 10;
    *v = 0;
    if (w->n > 2 && w->p[0] == '0' && (w->p[1] == 'x' || w->p[1] == 'X')) {
        base = 16;
        i = 2;
    }
    if (i == w->n)
        return false;
    for (; i < w->n; i++) {
        int d = test_hexval(w->p[i]);
        if (d < 0 || (unsigned)d >= base || *v > (~0ULL - (unsigned)d) / base)
            return false;
        *v = *v * base + (unsigned)d;
    }
    return true;
}

static inline unsigned long long test_rowfile_number(test_rowfile *r, size_t k)
{
    unsigned long long v;
    if (!test_rowfile_parse_number(test_rowfile_field(r, k), &v))
        test_rowfile_die(r, "not a number", k);
    return v;
}

static inline bool test_rowfile_bool(test_rowfile *r, size_t k)
{
    const test_field *f = test_rowfile_field(r, k);
    if (test_field_is(f, "yes"))
        return true;
    if (!test_field_is(f, "no"))
        test_rowfile_die(r, "neither yes nor no", k);
    return false;
}

/* Error codes by the names xn_error_name() gives, between blanks; "0" for
 * none. */
static inline uint64_t test_rowfile_errors(test_rowfile *r, size_t k)
{
    const test_field *f = test_rowfile_field(r, k);
    const char *p = f->p;
    test_field w;
    uint64_t bits = 0;
    if (test_field_is(f, "0"))
        return 0;
    while (test_rowfile_word(&p, f->p + f->n, &w)) {
        unsigned bit;
        for (bit = 0; bit < 64; bit++) {
            const char *name = xn_error_name(UINT64_C(1) << bit);
            if (name && strlen(name) == w.n && memcmp(name, w.p, w.n) == 0)
                break;
        }
        if (bit == 64)
            test_rowfile_die(r, "an error code xn_error_name() does not know", k);
        bits |= UINT64_C(1) << bit;
    }
    if (!bits)
        test_rowfile_die(r, "no error codes (write 0 for none)", k);
    return bits;
}

/* A status by the name xn_strerror_name() gives it. */
static inline int test_rowfile_status(test_rowfile *r, size_t k)
{
#define TEST_ROWFILE_STATUS_(name, value, text) value,
    static const int all[] = {XN_STATUS_LIST(TEST_ROWFILE_STATUS_)};
#undef TEST_ROWFILE_STATUS_
    const test_field *f = test_rowfile_field(r, k);
    size_t i;
    for (i = 0; i < sizeof all / sizeof all[0]; i++)
        if (test_field_is(f, xn_strerror_name(all[i])))
            return all[i];
    test_rowfile_die(r, "a status xn_strerror_name() does not know", k);
    return 0;
}

/* The flags the vectors may use, by name: every bit of xn.h's list, and
 * the URL Standard's combination. */
#define TEST_ROWFILE_FLAGS(X) XN_FLAG_BITS(X) X(XN_WHATWG)

/* Flags by name (TEST_ROWFILE_FLAGS) or as a number, joined by '|'; "0"
 * for none. */
static inline unsigned test_rowfile_flags(test_rowfile *r, size_t k)
{
#define TEST_ROWFILE_FLAG_(flag) {#flag, flag},
    static const struct {
        const char *name;
        unsigned bits;
    } known[] = {TEST_ROWFILE_FLAGS(TEST_ROWFILE_FLAG_)};
#undef TEST_ROWFILE_FLAG_
    const test_field *f = test_rowfile_field(r, k);
    const char *p = f->p;
    test_field w;
    unsigned bits = 0, words = 0;
    while (test_rowfile_word(&p, f->p + f->n, &w)) {
        unsigned long long v;
        size_t i;
        for (i = 0; i < sizeof known / sizeof known[0]; i++)
            if (test_field_is(&w, known[i].name))
                break;
        if (i < sizeof known / sizeof known[0])
            bits |= known[i].bits;
        else if (test_rowfile_parse_number(&w, &v) && v <= 0xFFFFFFFFu)
            bits |= (unsigned)v;
        else
            test_rowfile_die(r, "a flag this file does not know", k);
        words++;
    }
    if (!words)
        test_rowfile_die(r, "no flags (write 0 for none)", k);
    return bits;
}

/* Prints the rows read in each section; a known section without a row is a
 * failed check (a table the test would pass by not running).  Frees r. */
static inline void test_rowfile_close(test_rowfile *r)
{
    size_t k;
    printf("vectors/%s:", r->name);
    for (k = 0; r->sections[k]; k++) {
        printf(" %lu %s", r->counts[k], r->sections[k]);
        CHECK_MSG(r->counts[k] > 0, "vectors/%s: no row in [%s]", r->name, r->sections[k]);
    }
    printf("\n");
    for (k = 0; k < TEST_ROWFILE_FIELDS; k++)
        test_buf_free(&r->text[k]);
    free(r->data);
}

#endif
