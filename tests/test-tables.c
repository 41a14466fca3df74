/*
 * The generated property tables (data/gen_tables.py) read through the
 * accessors of lib/props.h:
 *
 *   - spot values that the rest of the library depends on (the flag bits'
 *     rows in vectors/tables.txt, whose folder is argv[3]);
 *   - the Unicode version of the tables: the data set the build took;
 *   - with argv[1] = the conformance data folder and argv[2] = the data
 *     set's folder (data/<version>/), two whole-file checks, every code
 *     point 0..10FFFF:
 *       the RFC 5892 derived property against Unicode's Idna2008.txt of the
 *       same version (tests/data/unicode-<version>/),
 *       the UTS #46 status and mapping against the data set's
 *       IdnaMappingTable.txt, parsed here independently of the generator.
 *     Every mismatch is reported.  Missing files make the test SKIP (77),
 *     unless the checks above already failed.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xn.h"
#include "props.h"
#include "test-version.h"
#include "rowfile.h"
#include "testdata.h"

#define NCP 0x110000u
#define IDNA2008_FILE "unicode-" TEST_UNICODE_VERSION "/Idna2008.txt"

static const char *const status_names[] = {"valid", "ignored", "mapped", "deviation",
                                           "disallowed"};

/* ---- spot values ---------------------------------------------------------- */

/* True when cp's mapping is exactly want[0..n). */
static bool mapping_is(uint32_t cp, const uint32_t *want, unsigned n)
{
    const uint32_t *seq = NULL;
    unsigned got = xn__mapping(cp, &seq);
    if (got != n)
        return false;
    return n == 0 || memcmp(seq, want, n * sizeof *seq) == 0;
}

/* Property get of cp (xn__status, xn__bidi, ...) is want; what names it. */
#define CHECK_PROP(get, what, cp, want)                                            \
    CHECK_MSG(get(xn__props(cp)) == (want), "U+%04X: %s %u, want %s", (unsigned)(cp), \
              what, (unsigned)get(xn__props(cp)), #want)
#define CHECK_STATUS(cp, st) CHECK_PROP(xn__status, "status", cp, st)
#define CHECK_BIDI(cp, b) CHECK_PROP(xn__bidi, "Bidi_Class", cp, b)
#define CHECK_JT(cp, j) CHECK_PROP(xn__joining_type, "Joining_Type", cp, j)
#define CHECK_IDNA2008(cp, v) CHECK_PROP(xn__idna2008, "IDNA2008", cp, v)
#define CHECK_SCRIPT(cp, s) CHECK_PROP(xn__script, "script", cp, s)
#define CHECK_MAP(cp, ...)                                                         \
    do {                                                                           \
        static const uint32_t want_[] = {__VA_ARGS__};                            \
        CHECK_MSG(mapping_is((cp), want_, (unsigned)(sizeof want_ / sizeof *want_)), \
                  "U+%04X: wrong mapping", (unsigned)(cp));                        \
    } while (0)
#define CHECK_MAP_EMPTY(cp)                                                        \
    do {                                                                           \
        const uint32_t *seq_;                                                      \
        CHECK_MSG(xn__mapping((cp), &seq_) == 0, "U+%04X: mapping not empty",     \
                  (unsigned)(cp));                                                 \
    } while (0)

/* The flag bits of a property word that vectors/tables.txt names. */
#define PROP_BITS(X)                                                                     \
    X(VIRAMA) X(MARK) X(NFC_QC_NOT_YES) X(CCC_NONZERO) X(SIMPLE) X(SIMPLE_TR) X(LTR_START) \
    X(LTR_END) X(NFC_BOTH_WAYS) X(NON_STARTER)

/* The rows of vectors/tables.txt, "code point ; bit ; set": the bit of the
 * code point's property word is set, or clear. */
static void check_bit_rows(const char *vectors)
{
#define PROP_BIT_ROW_(name) {#name, XN_PROP_##name},
    static const struct {
        const char *name;
        uint32_t bit;
    } bits[] = {PROP_BITS(PROP_BIT_ROW_)};
#undef PROP_BIT_ROW_
    static const char *const sections[] = {"bits", NULL};
    test_rowfile f;
    test_rowfile_open(&f, vectors, "tables.txt", sections);
    while (test_rowfile_next(&f)) {
        uint32_t cp, hi;
        size_t k;
        bool want;
        test_rowfile_fields(&f, 3);
        if (!test_read_range(test_rowfile_field(&f, 0), &cp, &hi) || hi != cp)
            test_rowfile_die(&f, "not one code point", 0);
        for (k = 0; k < sizeof bits / sizeof bits[0]; k++)
            if (test_field_is(test_rowfile_field(&f, 1), bits[k].name))
                break;
        if (k == sizeof bits / sizeof bits[0])
            test_rowfile_die(&f, "a bit this test does not know", 1);
        want = test_rowfile_bool(&f, 2);
        CHECK_MSG(((xn__props(cp) & bits[k].bit) != 0) == want, "%s: U+%04" PRIX32 ": %s should be %s",
                  test_rowfile_where(&f), cp, bits[k].name, want ? "set" : "clear");
    }
    test_rowfile_close(&f);
}

static void check_spot_values(void)
{
    const uint32_t *seq;

    /* UTS #46 status and mapping, STD3 statuses folded. */
    CHECK_STATUS(0x41, XN_STATUS_MAPPED);
    CHECK_MAP(0x41, 0x61);
    CHECK_STATUS(0x61, XN_STATUS_VALID);
    CHECK_MAP_EMPTY(0x61);
    CHECK_STATUS(0x2D, XN_STATUS_VALID);
    CHECK_STATUS(0x21, XN_STATUS_VALID);  /* disallowed_STD3_valid */
    CHECK_STATUS(0x20, XN_STATUS_VALID);  /* disallowed_STD3_valid */
    CHECK_STATUS(0xDF, XN_STATUS_DEVIATION);
    CHECK_MAP(0xDF, 0x73, 0x73);
    CHECK_STATUS(0x3C2, XN_STATUS_DEVIATION);
    CHECK_MAP(0x3C2, 0x3C3);
    CHECK_STATUS(0x200C, XN_STATUS_DEVIATION);
    CHECK_MAP_EMPTY(0x200C);
    CHECK_STATUS(0x200D, XN_STATUS_DEVIATION);
    CHECK_MAP_EMPTY(0x200D);
    CHECK_STATUS(0xAD, XN_STATUS_IGNORED);
    CHECK_MAP_EMPTY(0xAD);
    CHECK_STATUS(0xFDFA, XN_STATUS_MAPPED);
    CHECK_MSG(xn__mapping(0xFDFA, &seq) == 18 && seq[0] == 0x635 && seq[17] == 0x645,
              "U+FDFA: mapping should be 18 code points, U+0635 .. U+0645");
    /* U+2488 DIGIT ONE FULL STOP would map to "1." (a label separator);
     * UTS #46 makes it disallowed (since 6.0, and still in 18.0). */
    CHECK_STATUS(0x2488, XN_STATUS_DISALLOWED);
    CHECK_MAP_EMPTY(0x2488);
    CHECK_STATUS(0x2474, XN_STATUS_MAPPED);  /* disallowed_STD3_mapped */
    CHECK_MAP(0x2474, 0x28, 0x31, 0x29);
    CHECK_STATUS(0xA0, XN_STATUS_MAPPED);  /* disallowed_STD3_mapped */
    CHECK_MAP(0xA0, 0x20);
    CHECK_STATUS(0xFF01, XN_STATUS_MAPPED);
    CHECK_MAP(0xFF01, 0x21);
    CHECK_STATUS(0x80, XN_STATUS_DISALLOWED);
    CHECK_MAP_EMPTY(0x80);
    CHECK_STATUS(0x378, XN_STATUS_DISALLOWED);
    CHECK_STATUS(0x10FFFF, XN_STATUS_DISALLOWED);
    CHECK_STATUS(0x1E900, XN_STATUS_MAPPED);
    CHECK_MAP(0x1E900, 0x1E922);

    /* Bidi_Class, with the @missing defaults for unassigned code points. */
    CHECK_BIDI(0x5D0, XN_BIDI_R);
    CHECK_BIDI(0x627, XN_BIDI_AL);
    CHECK_BIDI(0x660, XN_BIDI_AN);
    CHECK_BIDI(0x31, XN_BIDI_EN);
    CHECK_BIDI(0x300, XN_BIDI_NSM);
    CHECK_BIDI(0x61, XN_BIDI_L);
    CHECK_BIDI(0x2D, XN_BIDI_ES);
    CHECK_BIDI(0x2E, XN_BIDI_CS);
    CHECK_BIDI(0x200D, XN_BIDI_BN);
    CHECK_BIDI(0x2067, XN_BIDI_RLI);
    CHECK_BIDI(0x5FF, XN_BIDI_R);    /* unassigned, Hebrew block */
    CHECK_BIDI(0x88F, XN_BIDI_AL);   /* unassigned, Arabic Extended-B */
    CHECK_BIDI(0x20C1, XN_BIDI_ET);  /* unassigned, Currency Symbols */
    CHECK_BIDI(0x50000, XN_BIDI_L);  /* unassigned elsewhere */

    /* Joining_Type. */
    CHECK_JT(0x628, XN_JT_D);
    CHECK_JT(0x627, XN_JT_R);
    CHECK_JT(0x200D, XN_JT_C);
    CHECK_JT(0x300, XN_JT_T);
    CHECK_JT(0xA872, XN_JT_L);
    CHECK_JT(0x61, XN_JT_U);

    /* Flag bits. */

    /* The RFC 5892 derived property. */
    CHECK_IDNA2008(0xDF, XN_IDNA2008_PVALID);
    CHECK_IDNA2008(0x3C2, XN_IDNA2008_PVALID);
    CHECK_IDNA2008(0xB7, XN_IDNA2008_CONTEXTO);
    CHECK_IDNA2008(0x660, XN_IDNA2008_CONTEXTO);
    CHECK_IDNA2008(0x200C, XN_IDNA2008_CONTEXTJ);
    CHECK_IDNA2008(0x200D, XN_IDNA2008_CONTEXTJ);
    CHECK_IDNA2008(0x41, XN_IDNA2008_DISALLOWED);
    CHECK_IDNA2008(0x61, XN_IDNA2008_PVALID);
    CHECK_IDNA2008(0x2D, XN_IDNA2008_PVALID);
    CHECK_IDNA2008(0x640, XN_IDNA2008_DISALLOWED);
    CHECK_IDNA2008(0x19DA, XN_IDNA2008_DISALLOWED);
    CHECK_IDNA2008(0x1100, XN_IDNA2008_DISALLOWED);  /* old Hangul jamo */
    CHECK_IDNA2008(0x378, XN_IDNA2008_UNASSIGNED);
    CHECK_IDNA2008(0xFFFF, XN_IDNA2008_DISALLOWED);  /* noncharacter */

    /* Scripts for the CONTEXTO rules. */
    CHECK_SCRIPT(0x3B1, XN_SCRIPT_GREEK);
    CHECK_SCRIPT(0x5D0, XN_SCRIPT_HEBREW);
    CHECK_SCRIPT(0x3042, XN_SCRIPT_HIRAGANA);
    CHECK_SCRIPT(0x30A2, XN_SCRIPT_KATAKANA);
    CHECK_SCRIPT(0x6F22, XN_SCRIPT_HAN);
    CHECK_SCRIPT(0x20000, XN_SCRIPT_HAN);
    CHECK_SCRIPT(0x61, XN_SCRIPT_OTHER);
    CHECK_SCRIPT(0x30FB, XN_SCRIPT_OTHER);  /* Common */

    /* Beyond U+10FFFF. */
    CHECK_EQ_INT(xn__props(0x110000), XN_PROPS_INVALID);
    CHECK_EQ_INT(xn__props(UINT32_MAX), XN_PROPS_INVALID);
    CHECK_EQ_INT(xn__status(XN_PROPS_INVALID), XN_STATUS_DISALLOWED);
    CHECK_EQ_INT(xn__bidi(XN_PROPS_INVALID), XN_BIDI_L);
    CHECK_EQ_INT(xn__joining_type(XN_PROPS_INVALID), XN_JT_U);
    CHECK_EQ_INT(xn__idna2008(XN_PROPS_INVALID), XN_IDNA2008_UNASSIGNED);
    CHECK_EQ_INT(xn__script(XN_PROPS_INVALID), XN_SCRIPT_OTHER);
    CHECK_EQ_INT(XN_PROPS_INVALID & (XN_PROP_VIRAMA | XN_PROP_MARK | XN_PROP_NFC_QC_NOT_YES |
                                     XN_PROP_CCC_NONZERO | XN_PROP_SIMPLE | XN_PROP_SIMPLE_TR),
                 0);
    CHECK_EQ_INT(xn__mapping(0x110000, &seq), 0);
}

/* ---- Unicode versions ----------------------------------------------------- */

static void check_versions(void)
{
    const char *v = xn_unicode_version();

    CHECK_MSG(strcmp(v, TEST_UNICODE_VERSION) == 0,
              "xn_unicode_version() is \"%s\", the build's data set %s", v, TEST_UNICODE_VERSION);
    CHECK(strcmp(XN_TABLES_UNICODE_VERSION, TEST_UNICODE_VERSION) == 0);
    printf("tables: Unicode %s; ICU %s runs NFC on them\n", XN_TABLES_UNICODE_VERSION,
           xn_icu_version());
}

/* ---- reading UCD-format files (testdata.h) ----------------------------------- */

/* A UCD-format file read whole: its path for messages, whether it is
 * missing, its text, its lines and the current one (line[0..n)). */
typedef struct ucd_file {
    char path[4096];
    bool missing;
    char *text;
    test_lines lines;
    const char *line;
    size_t n;
} ucd_file;

/* Reads dir/rel into *f; false when it is missing (f->missing) or
 * unreadable.  Being readable is a check. */
static bool ucd_open(ucd_file *f, const char *dir, const char *rel)
{
    unsigned long before = test_missing;
    size_t len = 0;
    snprintf(f->path, sizeof f->path, "%s/%s", dir, rel);
    f->text = test_read_file(dir, rel, &len);
    f->missing = !f->text && test_missing != before;
    if (!f->missing)
        CHECK_MSG(f->text != NULL, "%s: could not be read", f->path);
    if (f->text)
        f->lines = test_lines_of(f->text, len);
    return f->text != NULL;
}

/* The next line of f into f->line and f->n; false at the end. */
static bool ucd_next(ucd_file *f)
{
    return (f->line = test_next_line(&f->lines, &f->n)) != NULL;
}

/* ---- the lines of a data file ---------------------------------------------- */

/* got, a line parser's answer for line `no` of path: true for a row; false
 * for a line without one (0) or a malformed line (< 0, a failed check and
 * one more in *parse_errors). */
static bool is_row(int got, const char *path, unsigned no, unsigned long *parse_errors)
{
    if (got < 0) {
        CHECK_MSG(0, "%s:%u: malformed line", path, no);
        ++*parse_errors;
    }
    return got > 0;
}

/* cp, listed at line `no` of path, was listed before (twice): a failed
 * check and one more in *parse_errors. */
static void listed_once(bool twice, const char *path, unsigned no, uint32_t cp,
                        unsigned long *parse_errors)
{
    if (twice) {
        CHECK_MSG(0, "%s:%u: U+%04" PRIX32 " listed twice", path, no, cp);
        ++*parse_errors;
    }
}

/* ---- Idna2008.txt: the RFC 5892 derived property ------------------------- */

/* testdata.h's values are the library's. */
_Static_assert(TEST_IDNA2008_PVALID == XN_IDNA2008_PVALID &&
                   TEST_IDNA2008_CONTEXTJ == XN_IDNA2008_CONTEXTJ &&
                   TEST_IDNA2008_CONTEXTO == XN_IDNA2008_CONTEXTO &&
                   TEST_IDNA2008_DISALLOWED == XN_IDNA2008_DISALLOWED &&
                   TEST_IDNA2008_UNASSIGNED == XN_IDNA2008_UNASSIGNED,
               "test_idna2008_line's values differ from XN_IDNA2008_*");

/* Returns false when the file is missing. */
static bool check_idna2008_file(const char *dir)
{
    ucd_file F;
    unsigned char *want;
    unsigned char *seen;
    unsigned long mismatches = 0, counts[5] = {0}, parse_errors = 0;
    uint32_t cp;
    int v;

    if (!ucd_open(&F, dir, IDNA2008_FILE))
        return !F.missing;
    want = test_xmalloc(NCP);
    seen = test_xmalloc(NCP);
    memset(want, 0xFF, NCP);
    memset(seen, 0, NCP);

    while (ucd_next(&F)) {
        test_idna2008_row row;
        memset(&row, 0, sizeof row);
        if (!is_row(test_idna2008_line(F.line, F.n, &row), F.path, F.lines.no, &parse_errors))
            continue;
        v = row.value;
        for (cp = row.lo; cp <= row.hi; cp++) {
            if (row.is_default) {
                /* A default: explicit lines override it. */
                if (!seen[cp])
                    want[cp] = (unsigned char)v;
                continue;
            }
            listed_once(seen[cp], F.path, F.lines.no, cp, &parse_errors);
            seen[cp] = 1;
            want[cp] = (unsigned char)v;
        }
    }
    for (cp = 0; cp < NCP; cp++) {
        unsigned got = xn__idna2008(xn__props(cp));
        if (got < 5)
            counts[got]++;
        if (want[cp] == 0xFF) {
            CHECK_MSG(0, "%s: U+%04" PRIX32 " has no value", F.path, cp);
            parse_errors++;
        } else if (got != want[cp]) {
            CHECK_MSG(0, "IDNA2008 U+%04" PRIX32 ": ours %s, Idna2008.txt %s", cp,
                      got < 5 ? test_idna2008_names[got] : "?", test_idna2008_names[want[cp]]);
            mismatches++;
        }
    }
    test_checks++;
    printf("IDNA2008: %lu code points compared with Idna2008.txt, %lu mismatches"
           " (%lu lines unparsable); PVALID %lu, CONTEXTJ %lu, CONTEXTO %lu, DISALLOWED %lu,"
           " UNASSIGNED %lu\n",
           (unsigned long)NCP, mismatches, parse_errors, counts[0], counts[1], counts[2],
           counts[3], counts[4]);
    free(want);
    free(seen);
    free(F.text);
    return true;
}

/* ---- IdnaMappingTable.txt: UTS #46 status and mapping --------------------- */

/* testdata.h's statuses are the library's. */
_Static_assert(TEST_UTS46_VALID == XN_STATUS_VALID && TEST_UTS46_IGNORED == XN_STATUS_IGNORED &&
                   TEST_UTS46_MAPPED == XN_STATUS_MAPPED &&
                   TEST_UTS46_DEVIATION == XN_STATUS_DEVIATION &&
                   TEST_UTS46_DISALLOWED == XN_STATUS_DISALLOWED,
               "test_uts46_line's statuses differ from XN_STATUS_*");

/* Renders n code points (n <= TEST_UTS46_MAP_MAX) as "0061 0062" into buf. */
static const char *format_seq(char *buf, const uint32_t *seq, unsigned n)
{
    unsigned i;
    buf[0] = '\0';
    for (i = 0; i < n && i < TEST_UTS46_MAP_MAX; i++)
        sprintf(buf + strlen(buf), "%s%04" PRIX32, i ? " " : "", seq[i]);
    return buf;
}

static bool check_mapping_file(const char *dir)
{
    ucd_file F;
    unsigned char *want_status;
    uint32_t *line_of; /* index into maps, per code point; UINT32_MAX = unlisted */
    test_uts46_row *maps = NULL;
    size_t nmaps = 0, maps_cap = 0;
    unsigned long status_bad = 0, map_bad = 0, parse_errors = 0;
    unsigned long counts[5] = {0};
    uint32_t cp;

    if (!ucd_open(&F, dir, "IdnaMappingTable.txt"))
        return !F.missing;
    want_status = test_xmalloc(NCP);
    line_of = test_xmalloc(NCP * sizeof *line_of);
    memset(line_of, 0xFF, NCP * sizeof *line_of);

    while (ucd_next(&F)) {
        if (nmaps == maps_cap) {
            maps_cap = maps_cap ? 2 * maps_cap : 4096;
            maps = test_xrealloc(maps, maps_cap * sizeof *maps);
        }
        if (!is_row(test_uts46_line(F.line, F.n, &maps[nmaps]), F.path, F.lines.no,
                    &parse_errors))
            continue;
        for (cp = maps[nmaps].lo; cp <= maps[nmaps].hi; cp++) {
            listed_once(line_of[cp] != UINT32_MAX, F.path, F.lines.no, cp, &parse_errors);
            line_of[cp] = (uint32_t)nmaps;
            want_status[cp] = (unsigned char)maps[nmaps].status;
        }
        nmaps++;
    }

    for (cp = 0; cp < NCP; cp++) {
        unsigned got = xn__status(xn__props(cp));
        const test_uts46_row *m;
        const uint32_t *seq = NULL;
        unsigned len, want_len;
        if (got < 5)
            counts[got]++;
        if (line_of[cp] == UINT32_MAX) {
            CHECK_MSG(0, "%s: U+%04" PRIX32 " not listed", F.path, cp);
            parse_errors++;
            continue;
        }
        if (got != want_status[cp]) {
            CHECK_MSG(0, "UTS #46 U+%04" PRIX32 ": status ours %s, IdnaMappingTable.txt %s", cp,
                      got < 5 ? status_names[got] : "?", status_names[want_status[cp]]);
            status_bad++;
        }
        /* Mapped and deviation code points map to the file's sequence,
         * ignored ones to nothing; every other status has no mapping. */
        m = &maps[line_of[cp]];
        want_len = want_status[cp] == XN_STATUS_MAPPED || want_status[cp] == XN_STATUS_DEVIATION
                       ? m->map_n
                       : 0;
        len = xn__mapping(cp, &seq);
        if (len != want_len || (len && memcmp(seq, m->map, len * sizeof *seq) != 0)) {
            char ours[TEST_UTS46_MAP_MAX * 7 + 1], theirs[TEST_UTS46_MAP_MAX * 7 + 1];
            CHECK_MSG(0, "UTS #46 U+%04" PRIX32 ": mapping ours <%s>, IdnaMappingTable.txt <%s>",
                      cp, format_seq(ours, seq, len), format_seq(theirs, m->map, want_len));
            map_bad++;
        }
    }
    test_checks++;
    printf("UTS #46: %lu code points compared with IdnaMappingTable.txt (%lu lines), %lu status"
           " and %lu mapping mismatches (%lu unparsable); valid %lu, ignored %lu, mapped %lu,"
           " deviation %lu, disallowed %lu\n",
           (unsigned long)NCP, (unsigned long)nmaps, status_bad, map_bad, parse_errors,
           counts[0], counts[1], counts[2], counts[3], counts[4]);
    free(maps);
    free(line_of);
    free(want_status);
    free(F.text);
    return true;
}

int main(int argc, char **argv)
{
    bool have_all = true;

    check_spot_values();
    check_bit_rows(argc > 3 ? argv[3] : NULL);
    check_versions();

    if (argc < 3) {
        have_all = false;
    } else {
        if (!check_idna2008_file(argv[1]))
            have_all = false;
        if (!check_mapping_file(argv[2]))
            have_all = false;
    }
    if (!have_all) {
        if (test_failures)
            return test_done("tables");
        fprintf(stderr,
                "\n*** SKIP: test data not found: %s/" IDNA2008_FILE " or %s/IdnaMappingTable.txt;"
                " the whole-table comparisons did NOT run ***\n\n",
                argc < 2 ? "(no folder given)" : argv[1], argc < 3 ? "(no folder given)" : argv[2]);
        test_done("tables");
        return TEST_SKIP;
    }
    return test_done("tables");
}
