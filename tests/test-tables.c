/*
 * The generated property tables (data/gen_tables.py) read through the
 * accessors of lib/props.h:
 *
 *   - spot values that the rest of the library depends on;
 *   - the Unicode version of the tables, and that ICU's is not older;
 *   - with argv[1] = the conformance data folder, two whole-file checks,
 *     every code point 0..10FFFF:
 *       the RFC 5892 derived property against Unicode's Idna2008-15.0.0.txt,
 *       the UTS #46 status and mapping against IdnaMappingTable.txt, parsed
 *       here independently of the generator.
 *     Every mismatch is reported.  Missing files make the test SKIP (77),
 *     unless the checks above already failed.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "props.h"
#include "test.h"

#define NCP 0x110000u

static const char *const idna2008_names[] = {"PVALID", "CONTEXTJ", "CONTEXTO", "DISALLOWED",
                                             "UNASSIGNED"};
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

#define CHECK_STATUS(cp, st)                                                       \
    CHECK_MSG(xn__status(xn__props(cp)) == (st), "U+%04X: status %u, want %s",    \
              (unsigned)(cp), xn__status(xn__props(cp)), #st)
#define CHECK_BIDI(cp, b)                                                          \
    CHECK_MSG(xn__bidi(xn__props(cp)) == (b), "U+%04X: Bidi_Class %u, want %s",   \
              (unsigned)(cp), xn__bidi(xn__props(cp)), #b)
#define CHECK_JT(cp, j)                                                            \
    CHECK_MSG(xn__joining_type(xn__props(cp)) == (j),                              \
              "U+%04X: Joining_Type %u, want %s", (unsigned)(cp),                  \
              xn__joining_type(xn__props(cp)), #j)
#define CHECK_IDNA2008(cp, v)                                                      \
    CHECK_MSG(xn__idna2008(xn__props(cp)) == (v), "U+%04X: IDNA2008 %u, want %s", \
              (unsigned)(cp), xn__idna2008(xn__props(cp)), #v)
#define CHECK_SCRIPT(cp, s)                                                        \
    CHECK_MSG(xn__script(xn__props(cp)) == (s), "U+%04X: script %u, want %s",     \
              (unsigned)(cp), xn__script(xn__props(cp)), #s)
#define CHECK_BIT(cp, bit, want)                                                   \
    CHECK_MSG(((xn__props(cp) & (bit)) != 0) == (want), "U+%04X: %s should be %s", \
              (unsigned)(cp), #bit, (want) ? "set" : "clear")
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
     * UTS #46 makes it disallowed (since 6.0, and still in 17.0). */
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
    CHECK_BIT(0x94D, XN_PROP_VIRAMA, true);
    CHECK_BIT(0x94D, XN_PROP_CCC_NONZERO, true);
    CHECK_BIT(0x915, XN_PROP_VIRAMA, false);
    CHECK_BIT(0x300, XN_PROP_VIRAMA, false);
    CHECK_BIT(0x300, XN_PROP_MARK, true);   /* Mn */
    CHECK_BIT(0x903, XN_PROP_MARK, true);   /* Mc */
    CHECK_BIT(0x20DD, XN_PROP_MARK, true);  /* Me */
    CHECK_BIT(0x61, XN_PROP_MARK, false);
    CHECK_BIT(0x41, XN_PROP_NFC_QC_NOT_YES, false);
    CHECK_BIT(0x41, XN_PROP_CCC_NONZERO, false);
    CHECK_BIT(0x300, XN_PROP_NFC_QC_NOT_YES, true);  /* Maybe */
    CHECK_BIT(0x300, XN_PROP_CCC_NONZERO, true);
    CHECK_BIT(0x340, XN_PROP_NFC_QC_NOT_YES, true);  /* No */
    CHECK_BIT(0x958, XN_PROP_NFC_QC_NOT_YES, true);  /* No, composition exclusion */
    CHECK_BIT(0x1161, XN_PROP_NFC_QC_NOT_YES, true); /* Maybe, Hangul V */
    CHECK_BIT(0x1161, XN_PROP_CCC_NONZERO, false);
    CHECK_BIT(0xE9, XN_PROP_NFC_QC_NOT_YES, false);

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
                                     XN_PROP_CCC_NONZERO),
                 0);
    CHECK_EQ_INT(xn__mapping(0x110000, &seq), 0);
}

/* ---- Unicode versions ----------------------------------------------------- */

static void check_versions(void)
{
    unsigned tv[3] = {0, 0, 0};
    unsigned char icu[4];
    const char *v = xn_unicode_version();

    CHECK_MSG(v != NULL && strcmp(v, "15.0.0") == 0, "xn_unicode_version() is \"%s\", want 15.0.0",
              v ? v : "(null)");
    CHECK(strcmp(XN_TABLES_UNICODE_VERSION, "15.0.0") == 0);
    CHECK_MSG(sscanf(XN_TABLES_UNICODE_VERSION, "%u.%u.%u", &tv[0], &tv[1], &tv[2]) == 3,
              "cannot parse XN_TABLES_UNICODE_VERSION %s", XN_TABLES_UNICODE_VERSION);

    xn__icu_unicode_version(icu);
    printf("tables: Unicode %s, ICU's Unicode %u.%u.%u\n", XN_TABLES_UNICODE_VERSION, icu[0],
           icu[1], icu[2]);
    {
        bool icu_ok = icu[0] != tv[0] ? icu[0] > tv[0]
                      : icu[1] != tv[1] ? icu[1] > tv[1]
                                        : icu[2] >= tv[2];
        CHECK_MSG(icu_ok, "ICU's Unicode %u.%u.%u is older than the tables' %s", icu[0], icu[1],
                  icu[2], XN_TABLES_UNICODE_VERSION);
    }
}

/* ---- reading UCD-format files --------------------------------------------- */

/* Reads the whole file; NULL with *missing set when it does not exist. */
static char *read_whole(const char *path, bool *missing)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t len = 0, cap = 0, n;

    *missing = false;
    if (!f) {
        if (errno == ENOENT || errno == ENOTDIR)
            *missing = true;
        else
            CHECK_MSG(0, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    for (;;) {
        if (cap - len < 65536) {
            char *p;
            cap = cap ? 2 * cap : 1u << 20;
            p = realloc(buf, cap + 1);
            if (!p) {
                fprintf(stderr, "test-tables: out of memory\n");
                exit(99);
            }
            buf = p;
        }
        n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
    }
    CHECK_MSG(!ferror(f), "%s: read error", path);
    fclose(f);
    buf[len] = '\0';
    return buf;
}

/* Splits text in place into lines; returns the next line or NULL. */
static char *next_line(char **pos)
{
    char *s = *pos, *e;
    if (!s || !*s)
        return NULL;
    e = strchr(s, '\n');
    if (e) {
        *e = '\0';
        *pos = e + 1;
    } else {
        *pos = s + strlen(s);
    }
    return s;
}

static char *trim(char *s)
{
    char *e;
    while (*s == ' ' || *s == '\t')
        s++;
    e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        *--e = '\0';
    return s;
}

/* Parses 4-6 hex digits at *p; advances *p. */
static bool parse_hex(const char **p, uint32_t *out)
{
    const char *s = *p;
    uint32_t v = 0;
    int n = 0;
    for (;;) {
        char c = *s;
        unsigned d;
        if (c >= '0' && c <= '9')
            d = (unsigned)(c - '0');
        else if (c >= 'A' && c <= 'F')
            d = (unsigned)(c - 'A' + 10);
        else
            break;
        v = v * 16 + d;
        s++;
        if (++n > 6)
            return false;
    }
    if (n < 4)
        return false;
    *p = s;
    *out = v;
    return true;
}

/* Parses "XXXX" or "XXXX..YYYY" (the whole of s). */
static bool parse_range(const char *s, uint32_t *lo, uint32_t *hi)
{
    if (!parse_hex(&s, lo))
        return false;
    *hi = *lo;
    if (s[0] == '.' && s[1] == '.') {
        s += 2;
        if (!parse_hex(&s, hi))
            return false;
    }
    return *s == '\0' && *lo <= *hi && *hi < NCP;
}

/* Splits line (comment removed) at ';' into up to max trimmed fields. */
static int split_fields(char *line, char **fields, int max)
{
    int n = 0;
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    for (;;) {
        char *semi = strchr(line, ';');
        if (n == max)
            return max + 1;
        if (semi)
            *semi = '\0';
        fields[n++] = trim(line);
        if (!semi)
            return n;
        line = semi + 1;
    }
}

/* ---- Idna2008-15.0.0.txt: the RFC 5892 derived property ------------------- */

static int idna2008_value(const char *s)
{
    int i;
    for (i = 0; i < 5; i++)
        if (strcmp(s, idna2008_names[i]) == 0)
            return i;
    return -1;
}

/* Returns false when the file is missing. */
static bool check_idna2008_file(const char *dir)
{
    char path[4096];
    char *text, *pos, *line;
    bool missing;
    unsigned char *want;
    unsigned char *seen;
    unsigned long lineno = 0, mismatches = 0, counts[5] = {0}, parse_errors = 0;
    uint32_t cp;
    int v;

    snprintf(path, sizeof path, "%s/unicode-idna-15.0.0/Idna2008-15.0.0.txt", dir);
    text = read_whole(path, &missing);
    if (!text)
        return !missing;
    want = calloc(NCP, 1);
    seen = calloc(NCP, 1);
    if (!want || !seen) {
        fprintf(stderr, "test-tables: out of memory\n");
        exit(99);
    }
    memset(want, 0xFF, NCP);

    pos = text;
    while ((line = next_line(&pos)) != NULL) {
        char *f[3];
        uint32_t lo, hi;
        int n;
        bool is_missing = false;
        lineno++;
        if (strncmp(line, "# @missing:", 11) == 0) {
            line += 11;
            is_missing = true;
        } else if (line[0] == '#' || trim(line)[0] == '\0') {
            continue;
        }
        n = split_fields(line, f, 2);
        v = n == 2 ? idna2008_value(f[1]) : -1;
        if (n != 2 || !parse_range(f[0], &lo, &hi) || v < 0) {
            CHECK_MSG(0, "%s:%lu: malformed line", path, lineno);
            parse_errors++;
            continue;
        }
        for (cp = lo; cp <= hi; cp++) {
            if (is_missing) {
                /* A default: explicit lines override it. */
                if (!seen[cp])
                    want[cp] = (unsigned char)v;
                continue;
            }
            if (seen[cp]) {
                CHECK_MSG(0, "%s:%lu: U+%04" PRIX32 " listed twice", path, lineno, cp);
                parse_errors++;
            }
            seen[cp] = 1;
            want[cp] = (unsigned char)v;
        }
    }

    for (cp = 0; cp < NCP; cp++) {
        unsigned got = xn__idna2008(xn__props(cp));
        if (got < 5)
            counts[got]++;
        if (want[cp] == 0xFF) {
            CHECK_MSG(0, "%s: U+%04" PRIX32 " has no value", path, cp);
            parse_errors++;
        } else if (got != want[cp]) {
            CHECK_MSG(0, "IDNA2008 U+%04" PRIX32 ": ours %s, Idna2008-15.0.0.txt %s", cp,
                      got < 5 ? idna2008_names[got] : "?", idna2008_names[want[cp]]);
            mismatches++;
        }
    }
    test_checks++;
    printf("IDNA2008: %lu code points compared with Idna2008-15.0.0.txt, %lu mismatches"
           " (%lu lines unparsable); PVALID %lu, CONTEXTJ %lu, CONTEXTO %lu, DISALLOWED %lu,"
           " UNASSIGNED %lu\n",
           (unsigned long)NCP, mismatches, parse_errors, counts[0], counts[1], counts[2],
           counts[3], counts[4]);
    free(want);
    free(seen);
    free(text);
    return true;
}

/* ---- IdnaMappingTable.txt: UTS #46 status and mapping --------------------- */

#define MAX_MAP 32

struct map_line {
    uint32_t seq[MAX_MAP];
    unsigned n;
};

/* The folded status of a status field, or -1. */
static int uts46_status(const char *s)
{
    if (strcmp(s, "valid") == 0 || strcmp(s, "disallowed_STD3_valid") == 0)
        return XN_STATUS_VALID;
    if (strcmp(s, "ignored") == 0)
        return XN_STATUS_IGNORED;
    if (strcmp(s, "mapped") == 0 || strcmp(s, "disallowed_STD3_mapped") == 0)
        return XN_STATUS_MAPPED;
    if (strcmp(s, "deviation") == 0)
        return XN_STATUS_DEVIATION;
    if (strcmp(s, "disallowed") == 0)
        return XN_STATUS_DISALLOWED;
    return -1;
}

static bool parse_seq(const char *s, struct map_line *m)
{
    m->n = 0;
    for (;;) {
        while (*s == ' ')
            s++;
        if (!*s)
            return true;
        if (m->n == MAX_MAP || !parse_hex(&s, &m->seq[m->n]) || (*s != ' ' && *s != '\0'))
            return false;
        m->n++;
    }
}

/* Renders n code points (n <= MAX_MAP) as "0061 0062" into buf. */
static const char *format_seq(char *buf, const uint32_t *seq, unsigned n)
{
    unsigned i;
    buf[0] = '\0';
    for (i = 0; i < n && i < MAX_MAP; i++)
        sprintf(buf + strlen(buf), "%s%04" PRIX32, i ? " " : "", seq[i]);
    return buf;
}

static bool check_mapping_file(const char *dir)
{
    char path[4096];
    char *text, *pos, *line;
    bool missing;
    unsigned char *want_status;
    uint32_t *line_of; /* index into maps, per code point; UINT32_MAX = unlisted */
    struct map_line *maps = NULL;
    size_t nmaps = 0, maps_cap = 0;
    unsigned long lineno = 0, status_bad = 0, map_bad = 0, parse_errors = 0;
    unsigned long counts[5] = {0};
    uint32_t cp;

    snprintf(path, sizeof path, "%s/unicode-idna-15.0.0/IdnaMappingTable.txt", dir);
    text = read_whole(path, &missing);
    if (!text)
        return !missing;
    want_status = malloc(NCP);
    line_of = malloc(NCP * sizeof *line_of);
    if (!want_status || !line_of) {
        fprintf(stderr, "test-tables: out of memory\n");
        exit(99);
    }
    memset(line_of, 0xFF, NCP * sizeof *line_of);

    pos = text;
    while ((line = next_line(&pos)) != NULL) {
        char *f[4];
        uint32_t lo, hi;
        int n, st;
        lineno++;
        if (line[0] == '#' || trim(line)[0] == '\0')
            continue;
        if (nmaps == maps_cap) {
            struct map_line *p;
            maps_cap = maps_cap ? 2 * maps_cap : 4096;
            p = realloc(maps, maps_cap * sizeof *maps);
            if (!p) {
                fprintf(stderr, "test-tables: out of memory\n");
                exit(99);
            }
            maps = p;
        }
        n = split_fields(line, f, 4);
        st = n >= 2 && n <= 4 ? uts46_status(f[1]) : -1;
        if (st < 0 || !parse_range(f[0], &lo, &hi) ||
            !parse_seq(n >= 3 ? f[2] : "", &maps[nmaps])) {
            CHECK_MSG(0, "%s:%lu: malformed line", path, lineno);
            parse_errors++;
            continue;
        }
        for (cp = lo; cp <= hi; cp++) {
            if (line_of[cp] != UINT32_MAX) {
                CHECK_MSG(0, "%s:%lu: U+%04" PRIX32 " listed twice", path, lineno, cp);
                parse_errors++;
            }
            line_of[cp] = (uint32_t)nmaps;
            want_status[cp] = (unsigned char)st;
        }
        nmaps++;
    }

    for (cp = 0; cp < NCP; cp++) {
        unsigned got = xn__status(xn__props(cp));
        const struct map_line *m;
        const uint32_t *seq = NULL;
        unsigned len, want_len;
        if (got < 5)
            counts[got]++;
        if (line_of[cp] == UINT32_MAX) {
            CHECK_MSG(0, "%s: U+%04" PRIX32 " not listed", path, cp);
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
                       ? m->n
                       : 0;
        len = xn__mapping(cp, &seq);
        if (len != want_len || (len && memcmp(seq, m->seq, len * sizeof *seq) != 0)) {
            char ours[MAX_MAP * 7 + 1], theirs[MAX_MAP * 7 + 1];
            CHECK_MSG(0, "UTS #46 U+%04" PRIX32 ": mapping ours <%s>, IdnaMappingTable.txt <%s>",
                      cp, format_seq(ours, seq, len), format_seq(theirs, m->seq, want_len));
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
    free(text);
    return true;
}

int main(int argc, char **argv)
{
    bool have_all = true;

    check_spot_values();
    check_versions();

    if (argc < 2) {
        have_all = false;
    } else {
        if (!check_idna2008_file(argv[1]))
            have_all = false;
        if (!check_mapping_file(argv[1]))
            have_all = false;
    }
    if (!have_all) {
        if (test_failures)
            return test_done("tables");
        fprintf(stderr,
                "\n*** SKIP: test data not found: %s/unicode-idna-15.0.0/"
                "{Idna2008-15.0.0.txt,IdnaMappingTable.txt}; the whole-table comparisons did "
                "NOT run ***\n\n",
                argc < 2 ? "(no folder given)" : argv[1]);
        test_done("tables");
        return TEST_SKIP;
    }
    return test_done("tables");
}
