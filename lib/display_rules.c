/*
 * The display policy's rules beyond UTS #39, on the code points of one
 * U-label (display.c applies them).  Each is a fact of how text renders
 * that the browsers' published IDN display policies act on (Chromium's
 * "IDN in Google Chrome" and its spoof checker's patterns, Mozilla's "IDN
 * Display Algorithm"), written here from those descriptions:
 *
 *  - a dotless ı or ȷ with a combining mark above reads as i or j with
 *    that mark: "pı̀xel";
 *  - the kana sound marks U+3099, U+309A, the prolonged sound mark U+30FC
 *    and the iteration marks U+30FD, U+30FE mean something only after kana
 *    (the iteration marks after katakana); elsewhere they pass for a
 *    hyphen, a dot or a quote;
 *  - some Han, kana and Bopomofo characters look like '-', '/', 'T', 'I'
 *    or '+': beside a character of another script they read as those
 *    ("丁est", "com乀test");
 *  - some characters render as a path or dot separator or as a hyphen:
 *    "com̸abc" shows "com/abc";
 *  - a combining mark of U+0300..U+036F belongs on Latin, Greek and
 *    Cyrillic letters; on any other base, fonts put it anywhere;
 *  - ð, þ, ə and ĸ pass for d, p, e and k but where they are written.
 *
 * Scripts are read with Script_Extensions (uts39.h), so
 * the marks and signs that several scripts share count for each.
 *
 * Also here: the country-code TLDs that exempt a script from the
 * whole-script confusable rule, and the removal of accents from a
 * skeleton.  The sets of known domains are display_known.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "display_rules.h"
#include "compiler.h"
#include "display_data.h"
#include "rules.h"
#include "sink.h"
#include "utf8.h"
#include "uts39.h"
#include "xn.h"

/* ---- script classes ------------------------------------------------------ */

static bool has_script(uint32_t c, int s)
{
    return xn__u39_has_script(c, s);
}

/* Han, Hiragana, Katakana or Bopomofo: the scripts of Chinese and Japanese
 * text, where the lookalikes below are ordinary letters. */
static bool is_cjk(uint32_t c)
{
    return xn__display_cjk(xn__u39_word(c));
}

static bool is_kana(uint32_t c)
{
    return has_script(c, XN_SC_HIRAGANA) || has_script(c, XN_SC_KATAKANA);
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- the patterns --------------------------------------------------------- */

/* Each set below is a list macro, LIST(X) calling X(c) on each code point
 * in ascending order: it makes the sorted array that is searched, and, at
 * compile time, a bitmap of the 256-code-point blocks that hold one, which
 * answers most code points without a search.  Every code point of them is
 * in the BMP (NOT_BMP() counts those that are not). */
#define AS_ITEM(c) c,
#define NOT_BMP(c) +((c) > 0xFFFF)
#define BLOCK_BIT(c, word) | ((((c) >> 14) == (word)) ? (UINT64_C(1) << (((c) >> 8) & 63)) : 0)
#define BLOCK_0(c) BLOCK_BIT(c, 0)
#define BLOCK_1(c) BLOCK_BIT(c, 1)
#define BLOCK_2(c) BLOCK_BIT(c, 2)
#define BLOCK_3(c) BLOCK_BIT(c, 3)
#define BLOCKS_OF(LIST) {0 LIST(BLOCK_0), 0 LIST(BLOCK_1), 0 LIST(BLOCK_2), 0 LIST(BLOCK_3)}

/* Whether c is in a block of the bitmap b (BLOCKS_OF()). */
static bool in_blocks(const uint64_t *b, uint32_t c)
{
    return c <= 0xFFFF && (b[c >> 14] >> ((c >> 8) & 63)) & 1;
}

/* Han, kana and Bopomofo characters that look like '-' (一 ㄧ 乛 ー ㆺ),
 * '|' or 'I' (丨 ㄧ), '/' or '\' (丿 乀 乁 丶 讠), 'T' (丅 丁 丆 ㄒ), '+' or
 * 't' (十 七), 'O' (〇), 'Y' 'X' 'U' 'C' 'I' (ㄚ 丫 ㄨ 乂 ㄩ 丩 ㄈ 工 ㆲ ㆳ ㄟ):
 * a lookalike when a neighbour is of another script; and the katakana that
 * look like '/' (ノ ソ ゾ ン), a lookalike between two characters of other
 * scripts. */
#define CJK_LOOKALIKES(X)                                                                     \
    X(0x3007) X(0x30FC) X(0x3108) X(0x3112) X(0x311A) X(0x311F) X(0x3127) X(0x3128)         \
    X(0x3129) X(0x31B2) X(0x31B3) X(0x31BA) X(0x4E00) X(0x4E01) X(0x4E03) X(0x4E05)         \
    X(0x4E06) X(0x4E28) X(0x4E29) X(0x4E2B) X(0x4E36) X(0x4E3F) X(0x4E40) X(0x4E41)         \
    X(0x4E42) X(0x4E5B) X(0x5341) X(0x5DE5) X(0x8BA0)
#define KANA_SLASHES(X) X(0x30BD) X(0x30BE) X(0x30CE) X(0x30F3)
static const uint32_t cjk_lookalikes[] = {CJK_LOOKALIKES(AS_ITEM)};
static const uint32_t kana_slashes[] = {KANA_SLASHES(AS_ITEM)};
#define CJK_PATTERNS(X) CJK_LOOKALIKES(X) KANA_SLASHES(X)
static const uint64_t cjk_blocks[4] = BLOCKS_OF(CJK_PATTERNS);
_Static_assert((0 CJK_LOOKALIKES(NOT_BMP) KANA_SLASHES(NOT_BMP)) == 0, "a CJK lookalike beyond the BMP");

/* Characters that render as, or look like, a path separator, a dot or a
 * hyphen wherever they stand. */
#define SEPARATORS(X) \
    X(0x02D7) /* ˗ modifier letter minus sign */                                          \
    X(0x02EC) /* ˬ modifier letter voicing: a low dot */                                  \
    X(0x0335) X(0x0336) X(0x0337) X(0x0338) /* combining stroke and solidus overlays */   \
    X(0x0589) /* ։ Armenian full stop */                                                  \
    X(0x058A) /* ֊ Armenian hyphen */                                                     \
    X(0x05BE) /* ־ Hebrew maqaf */                                                        \
    X(0x05C3) /* ׃ Hebrew sof pasuq */                                                    \
    X(0x06D4) /* ۔ Arabic full stop */                                                    \
    X(0x0701) X(0x0702) /* Syriac supralinear and sublinear full stops */                 \
    X(0x1400) /* ᐀ Canadian syllabics hyphen */                                           \
    X(0x16EB) /* ᛫ runic single punctuation */                                            \
    X(0x1806) /* ᠆ Mongolian todo soft hyphen */                                          \
    X(0x2010) X(0x2011) X(0x2012) X(0x2013) X(0x2014) X(0x2015) /* hyphens and dashes */  \
    X(0x2024) /* ․ one dot leader */                                                      \
    X(0x2027) /* ‧ hyphenation point */                                                   \
    X(0x2043) /* ⁃ hyphen bullet */                                                       \
    X(0x2044) /* ⁄ fraction slash */                                                      \
    X(0x20E5) /* combining reverse solidus overlay */                                     \
    X(0x2212) /* − minus sign */                                                          \
    X(0x2215) /* ∕ division slash */                                                      \
    X(0x2219) /* ∙ bullet operator */                                                     \
    X(0x22C5) /* ⋅ dot operator */                                                        \
    X(0x2E17) X(0x2E1A) X(0x2E3A) X(0x2E3B) X(0x2E40) /* hyphens and dashes */            \
    X(0x30A0) /* ゠ katakana-hiragana double hyphen */                                     \
    X(0xA60E) /* ꘎ Vai full stop */                                                       \
    X(0xA78F) /* ꞏ Latin letter sinological dot */                                        \
    X(0xFE58) X(0xFE63) X(0xFF0D) X(0xFF0E) X(0xFF0F) /* small and fullwidth forms */
static const uint32_t separators[] = {SEPARATORS(AS_ITEM)};
static const uint64_t separator_blocks[4] = BLOCKS_OF(SEPARATORS);
_Static_assert((0 SEPARATORS(NOT_BMP)) == 0, "a separator beyond the BMP");

/* U+00B7 is a dot but in Catalan's "l·l" under .cat (catalan); U+30FB a
 * dot but beside kana or Han only (IDNA2008's CONTEXTO rule asks for kana
 * or Han anywhere in the label, not beside it). */
static bool separator_at(const uint32_t *cp, size_t n, size_t i, bool catalan)
{
    uint32_t c = cp[i];
    if (c == 0x00B7)
        return !(catalan && i > 0 && i + 1 < n && cp[i - 1] == 'l' && cp[i + 1] == 'l');
    if (c == 0x30FB)
        return (i > 0 && !is_cjk(cp[i - 1])) || (i + 1 < n && !is_cjk(cp[i + 1]));
    return in_blocks(separator_blocks, c) &&
           xn__display_in_sorted(c, separators, COUNT(separators));
}

/* The sound and iteration marks of kana after what they follow. */
static bool kana_mark_misplaced(const uint32_t *cp, size_t i)
{
    uint32_t c = cp[i];
    if (c != 0x3099 && c != 0x309A && c != 0x30FC && c != 0x30FD && c != 0x30FE)
        return false;
    if (i == 0)
        return true;
    if (c == 0x30FD || c == 0x30FE)
        return !has_script(cp[i - 1], XN_SC_KATAKANA);
    return !is_kana(cp[i - 1]);
}

/* A CJK lookalike with a neighbour of another script. */
static bool cjk_lookalike_at(const uint32_t *cp, size_t n, size_t i)
{
    bool slash = xn__display_in_sorted(cp[i], kana_slashes, COUNT(kana_slashes)), before, after;
    if (!slash && !xn__display_in_sorted(cp[i], cjk_lookalikes, COUNT(cjk_lookalikes)))
        return false;
    before = i > 0 && !is_cjk(cp[i - 1]);
    after = i + 1 < n && !is_cjk(cp[i + 1]);
    return slash ? before && after : before || after;
}

/* A combining mark on a base it does not belong with: one of
 * U+0300..U+036F on a base that is not Latin, Greek or Cyrillic, or a mark
 * of some scripts' own (its Script_Extensions name them: Arabic's harakat,
 * Hebrew's points, the Indic vowel signs) on a base of another script
 * ("gooِgle", an Arabic kasra on a Latin o: Firefox's rule).  The base is
 * the code point before the run of marks; *run remembers where the run that
 * ends at the last mark asked about starts, so that the marks of a run,
 * asked in order, are scanned back over once in all (linear, however long
 * the run). */
typedef struct mark_run {
    bool known;
    size_t last, start;
} mark_run;

static bool foreign_mark_at(const uint32_t *cp, const uint32_t *words, size_t i,
                            mark_run *run)
{
    int base;
    size_t b = i;
    bool generic = cp[i] >= 0x0300 && cp[i] <= 0x036F;
    if (cp[i] < 0x0300 || (!generic && !xn__u39_word_is_mark(words[i])))
        return false;
    if (run->known && run->last + 1 == i)
        b = run->start; /* cp[i - 1] was the last mark of that run */
    else
        while (b > 0 && xn__u39_word_is_mark(words[b - 1]))
            b--;
    run->known = true;
    run->last = i;
    run->start = b;
    if (b == 0)
        return true; /* no base at all (IDNA refuses a leading mark: V6) */
    b--;
    if (generic)
        return !has_script(cp[b], XN_SC_LATIN) && !has_script(cp[b], XN_SC_GREEK) &&
               !has_script(cp[b], XN_SC_CYRILLIC);
    if (has_script(cp[i], XN_SC_INHERITED) || has_script(cp[i], XN_SC_COMMON))
        return false; /* a mark of any script */
    base = xn__u39_script(cp[b]);
    return base != XN_SC_COMMON && base != XN_SC_INHERITED && !has_script(cp[i], base);
}

/* Latin letters that pass for other ones (ð for d, þ for p, ĸ for k, ə
 * for e), shown only under the TLDs of the languages written with them
 * (Icelandic, Faroese, Azerbaijani; kra's Greenlandic spelling is out of
 * use): the browsers' policies. */
#define RARE_LATIN(X) X(0x00F0, "is fo") X(0x00FE, "is") X(0x0138, "") X(0x0259, "az")
#define RARE_ENTRY(c, tlds) {c, tlds},
#define RARE_ABOVE(c, tlds) +((c) >= 0x0300)
static const struct {
    uint32_t c;
    const char *tlds; /* space-separated */
} rare_latin[] = {RARE_LATIN(RARE_ENTRY)};
/* xn__display_patterns() looks for them below U+0300 only. */
_Static_assert((0 RARE_LATIN(RARE_ABOVE)) == 0, "a rare Latin letter at U+0300 or above");

static bool tld_in(const xn__tld *tld, const char *list)
{
    while (*list) {
        size_t k = strcspn(list, " ");
        if (k == tld->n && memcmp(list, tld->s, k) == 0)
            return true;
        list += k + (list[k] == ' ');
    }
    return false;
}

static bool rare_latin_at(uint32_t c, const xn__tld *tld)
{
    size_t k;
    for (k = 0; k < COUNT(rare_latin); k++)
        if (rare_latin[k].c == c)
            return !tld_in(tld, rare_latin[k].tlds);
    return false;
}

uint32_t xn__display_patterns(const uint32_t *cp, const uint32_t *words, size_t n,
                              const xn__tld *tld, bool other)
{
    uint32_t bits = 0;
    size_t i;
    bool catalan = tld->n == 3 && memcmp(tld->s, "cat", 3) == 0;
    mark_run run = {false, 0, 0};

    for (i = 0; i < n; i++) {
        uint32_t c = cp[i];
        if (c < 0x80)
            continue; /* no pattern starts with ASCII */
        if (c < 0x0300) { /* Latin letters and signs: no mark, kana or CJK */
            if ((c == 0x0131 || c == 0x0237) && i + 1 < n && xn__u39_word_is_mark(words[i + 1]))
                bits |= XN_UNSAFE_DOTLESS_MARK;
            if (separator_at(cp, n, i, catalan))
                bits |= XN_UNSAFE_SEPARATOR;
            if (rare_latin_at(c, tld))
                bits |= XN_UNSAFE_RARE_LATIN;
            continue;
        }
        if (c - 0x3099 <= 0x30FE - 0x3099 && kana_mark_misplaced(cp, i))
            bits |= XN_UNSAFE_KANA_MARK;
        /* The CJK lookalikes pass for Latin signs beside letters of another
         * script; beside digits and hyphens alone they are words
         * ("一123"). */
        if (other && in_blocks(cjk_blocks, c) &&
            cjk_lookalike_at(cp, n, i))
            bits |= XN_UNSAFE_CJK_LOOKALIKE;
        if (separator_at(cp, n, i, catalan))
            bits |= XN_UNSAFE_SEPARATOR;
        if (foreign_mark_at(cp, words, i, &run))
            bits |= XN_UNSAFE_FOREIGN_MARK;
    }
    return bits;
}

/* ---- country-code TLDs of a script ---------------------------------------- */

/* The TLDs under which a label of one script alone is what a reader
 * expects, so that its resemblance to a Latin label is no reason to hide
 * it: the ISO 3166-1 codes of the countries whose national language is
 * written in that script, and their IDN ccTLDs in the IANA root zone (as
 * the browsers' policies list them; .su is the Soviet Union's code, still
 * delegated; .ευ the European Union's in Greek).  In ASCII form: the last
 * label of a name is compared as ToASCII gives it.  The two-letter codes
 * are read off a table by their letters; the IDN TLDs, sorted, are
 * searched. */
#define CC_SCRIPTS(X) \
    X('a', 'm', XN_SC_ARMENIAN)  \
    X('b', 'g', XN_SC_CYRILLIC)  \
    X('b', 'y', XN_SC_CYRILLIC)  \
    X('c', 'y', XN_SC_GREEK)     \
    X('e', 't', XN_SC_ETHIOPIC)  \
    X('g', 'e', XN_SC_GEORGIAN)  \
    X('g', 'r', XN_SC_GREEK)     \
    X('i', 'l', XN_SC_HEBREW)    \
    X('k', 'g', XN_SC_CYRILLIC)  \
    X('k', 'z', XN_SC_CYRILLIC)  \
    X('m', 'k', XN_SC_CYRILLIC)  \
    X('m', 'm', XN_SC_MYANMAR)   \
    X('m', 'n', XN_SC_CYRILLIC)  \
    X('r', 's', XN_SC_CYRILLIC)  \
    X('r', 'u', XN_SC_CYRILLIC)  \
    X('s', 'u', XN_SC_CYRILLIC)  \
    X('t', 'h', XN_SC_THAI)      \
    X('t', 'j', XN_SC_CYRILLIC)  \
    X('u', 'a', XN_SC_CYRILLIC)
/* The two-letter codes, by their letters: cc_script[(a - 'a') * 26 + b - 'a']
 * is the script + 1, 0 for a code not listed (no search). */
#define CC_ENTRY(a, b, script) [((a) - 'a') * 26 + (b) - 'a'] = (script) + 1,
static const uint8_t cc_script[26 * 26] = {CC_SCRIPTS(CC_ENTRY)};
#define CC_BAD(a, b, script) +((a) < 'a' || (a) > 'z' || (b) < 'a' || (b) > 'z' || (script) > 254)
_Static_assert((0 CC_SCRIPTS(CC_BAD)) == 0, "a country code of the table is not two letters");

#define IDN_TLD_SCRIPTS(X) \
    X("xn--4dbrk0ce", "ישראל", XN_SC_HEBREW) /* Israel */                   \
    X("xn--7idjb0f4ck", "မြန်မာ", XN_SC_MYANMAR) /* Myanmar */              \
    X("xn--80ao21a", "қаз", XN_SC_CYRILLIC) /* Kazakhstan */                \
    X("xn--90a3ac", "срб", XN_SC_CYRILLIC) /* Serbia */                     \
    X("xn--90ae", "бг", XN_SC_CYRILLIC) /* Bulgaria */                      \
    X("xn--90ais", "бел", XN_SC_CYRILLIC) /* Belarus */                     \
    X("xn--d1alf", "мкд", XN_SC_CYRILLIC) /* North Macedonia */             \
    X("xn--j1amh", "укр", XN_SC_CYRILLIC) /* Ukraine */                     \
    X("xn--l1acc", "мон", XN_SC_CYRILLIC) /* Mongolia */                    \
    X("xn--m0d3gwjla96a", "ኢትዮጵያ", XN_SC_ETHIOPIC) /* Ethiopia */           \
    X("xn--node", "გე", XN_SC_GEORGIAN) /* Georgia */                       \
    X("xn--o3cw4h", "ไทย", XN_SC_THAI) /* Thailand */                       \
    X("xn--p1acf", "рус", XN_SC_CYRILLIC) /* Russian-speaking community */  \
    X("xn--p1ai", "рф", XN_SC_CYRILLIC) /* Russia */                        \
    X("xn--qxa6a", "ευ", XN_SC_GREEK) /* the European Union */              \
    X("xn--qxam", "ελ", XN_SC_GREEK) /* Greece */                           \
    X("xn--y9a3aq", "հայ", XN_SC_ARMENIAN) /* Armenia */
#define TLD_ENTRY(tld, u, script) {tld, u, script},
#define TLD_LENGTH_BIT(tld, u, script) | (UINT32_C(1) << (sizeof(tld) - 1))
#define TLD_U_LENGTH_BIT(tld, u, script) | (UINT32_C(1) << (sizeof(u) - 1))
#define TLD_TOO_LONG(tld, u, script) +(sizeof(tld) > 32 || sizeof(u) > 32)
static const struct {
    const char *tld, *u; /* its A-label, sorted; its U-label in UTF-8 */
    int script;
} tld_scripts[] = {IDN_TLD_SCRIPTS(TLD_ENTRY)};
/* The lengths the table's IDN TLDs have, A-labels and U-labels in UTF-8,
 * as bits: a TLD of another length is in no entry ("com", "org": no
 * search). */
static const uint32_t tld_lengths = 0 IDN_TLD_SCRIPTS(TLD_LENGTH_BIT);
static const uint32_t tld_u_lengths = 0 IDN_TLD_SCRIPTS(TLD_U_LENGTH_BIT);
_Static_assert((0 IDN_TLD_SCRIPTS(TLD_TOO_LONG)) == 0, "a TLD of the table is 32 bytes or longer");

bool xn__display_idn_tld(size_t i, const char **alabel, const char **ulabel, int *script)
{
    if (i >= COUNT(tld_scripts))
        return false;
    *alabel = tld_scripts[i].tld;
    *ulabel = tld_scripts[i].u;
    *script = tld_scripts[i].script;
    return true;
}

void xn__display_tld_ulabel(const uint32_t *cp, size_t n, xn__tld *t)
{
    char u8[32];
    size_t i, len = 0;
    t->s = NULL;
    t->n = 0;
    t->script = -1;
    for (i = 0; i < n && len < sizeof u8 - 4; i++)
        len += xn__utf8_put(cp[i], u8 + len);
    if (i < n || !((tld_u_lengths >> len) & 1))
        return;
    for (i = 0; i < COUNT(tld_scripts); i++) {
        if (strlen(tld_scripts[i].u) == len && memcmp(tld_scripts[i].u, u8, len) == 0) {
            t->script = tld_scripts[i].script;
            return;
        }
    }
}

void xn__display_tld(const char *s, size_t n, xn__tld *t)
{
    size_t lo = 0, hi = COUNT(tld_scripts);
    t->s = s;
    t->n = n;
    t->script = -1;
    if (n == 2) {
        unsigned a = (unsigned char)s[0] - 'a', b = (unsigned char)s[1] - 'a';
        if (a < 26 && b < 26)
            t->script = (int)cc_script[a * 26 + b] - 1;
        return;
    }
    if (n >= 32 || !((tld_lengths >> n) & 1))
        return;
    while (lo < hi) { /* binary search: a name's display costs it on every call */
        size_t mid = lo + (hi - lo) / 2;
        const char *e = tld_scripts[mid].tld;
        /* The first byte decides most probes.  Not strncmp: an ASCII
         * label may hold a NUL (without STD3 rules), and the entry must
         * not be read past its end. */
        int cmp = e[0] != s[0] ? ((unsigned char)e[0] < (unsigned char)s[0] ? -1 : 1)
                               : xn__cmp_label(e, s, n);
        if (cmp == 0) {
            t->script = tld_scripts[mid].script;
            return;
        }
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
}

/* ---- skeletons, accents removed -------------------------------------------- */

bool xn__display_latin_looking(uint32_t c)
{
    if (c < 0x80)
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '-';
    if (c == 0x0251 || c == 0x0261 || c == 0x0269)
        return true;
    return c >= 0x00C0 && c <= 0x024F && xn__u39_is_alpha(c) && xn__u39_script(c) == XN_SC_LATIN;
}

bool xn__display_ascii_key(const uint32_t *cp, size_t n, char *out, size_t *len)
{
    size_t i, o = 0;
    for (i = 0; i < n; i++) {
        uint32_t c = cp[i];
        /* xn__display_map() without wsc: a letter of xn__display_extra()
         * as its ASCII (no code point below U+00DF has any). */
        const char *e = c >= 0xDF && xn__display_named(c) ? xn__display_extra(c) : NULL;
        do {
            unsigned k = xn__u39_ascii_skeleton(e ? (unsigned char)*e : c);
            if (!k)
                return false;
            out[o++] = (char)(k & 0xFF);
            if (k >> 8)
                out[o++] = (char)(k >> 8);
        } while (e && *++e);
    }
    *len = o;
    return true;
}

int xn__display_bases(const uint32_t *cp, const uint32_t *words, size_t n, xn__cps *out)
{
    size_t i, o, from = out->len;
    int rc = xn__u39_skeleton_words(cp, words, n, out);
    if (rc != XN_OK)
        return rc;
    for (i = o = from; i < out->len; i++)
        if (out->p[i] < 0x80 || !xn__u39_is_nonspacing(out->p[i]))
            out->p[o++] = out->p[i];
    out->len = o;
    return XN_OK;
}
