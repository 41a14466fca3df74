/*
 * The display policy's confusable data beyond UTS #39 (display.c and
 * display_known.c read it):
 *
 *  - letters that read as Latin letters or digits, with the ASCII they read
 *    as, which ICU's skeleton (confusables.txt) does not map there: the
 *    mappings Chromium's spoof checker adds on top of UTS #39 (its
 *    skeleton generator's "extra confusables", and "ł > l; ø > o; đ > d",
 *    components/url_formatter/spoof_checks/skeleton_generator.cc), as
 *    facts: Cyrillic ш and щ read "w", н "h", т "t", з "3", Thai ฟ "w",
 *    Georgian კ "3", Bengali ০ "o" ...;
 *  - for the scripts whose letters can make a whole label that reads as
 *    Latin, the letters that do (Chromium's whole-script confusable lists,
 *    idn_spoof_checker.cc; the Thai list is the larger one of its Linux
 *    build, where more Thai letters render as Latin ones);
 *  - words that are whole-script confusables but are common words of their
 *    language and read as no Latin word (Chromium's list).
 *
 * Each table is sorted by code point; lookups are binary searches.
 */
#include <string.h>

#include "display_data.h"
#include "icu.h"
#include "utf8.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- letters that read as ASCII ------------------------------------------- */

static const struct {
    uint32_t c;
    char ascii[3];
} extra[] = {
    {0x00DF, "b"},  /* ß */
    {0x00E6, "ae"}, /* æ */
    {0x00F8, "o"},  /* ø */
    {0x0111, "d"},  /* đ */
    {0x0127, "h"},  /* ħ */
    {0x0138, "k"},  /* ĸ */
    {0x0142, "l"},  /* ł */
    {0x014B, "n"},  /* ŋ */
    {0x0167, "t"},  /* ŧ */
    {0x0185, "b"},  /* ƅ */
    {0x03B8, "0"},  /* θ */
    {0x03BA, "k"},  /* κ */
    {0x03C7, "x"},  /* χ */
    {0x03C9, "w"},  /* ω */
    {0x03FC, "p"},  /* ϼ */
    {0x0432, "b"},  /* в */
    {0x0437, "3"},  /* з */
    {0x043A, "k"},  /* к */
    {0x043C, "m"},  /* м */
    {0x043D, "h"},  /* н */
    {0x043F, "n"},  /* п */
    {0x0442, "t"},  /* т */
    {0x0448, "w"},  /* ш */
    {0x0449, "w"},  /* щ */
    {0x044C, "b"},  /* ь */
    {0x0454, "e"},  /* є */
    {0x045B, "h"},  /* ћ */
    {0x048D, "b"},  /* ҍ */
    {0x048F, "p"},  /* ҏ */
    {0x0491, "r"},  /* ґ */
    {0x0493, "f"},  /* ғ */
    {0x0499, "3"},  /* ҙ */
    {0x049B, "k"},  /* қ */
    {0x049D, "k"},  /* ҝ */
    {0x049F, "k"},  /* ҟ */
    {0x04A1, "k"},  /* ҡ */
    {0x04A3, "h"},  /* ң */
    {0x04A5, "h"},  /* ҥ */
    {0x04AB, "c"},  /* ҫ */
    {0x04AD, "t"},  /* ҭ */
    {0x04B1, "y"},  /* ұ */
    {0x04B3, "x"},  /* ҳ */
    {0x04BD, "e"},  /* ҽ */
    {0x04BF, "e"},  /* ҿ */
    {0x04C4, "k"},  /* ӄ */
    {0x04C8, "h"},  /* ӈ */
    {0x04CA, "h"},  /* ӊ */
    {0x04CE, "m"},  /* ӎ */
    {0x04CF, "l"},  /* ӏ: ICU 78's data read it "l", earlier ones "i" */
    {0x04D5, "ae"}, /* ӕ */
    {0x04E1, "3"},  /* ӡ */
    {0x04FB, "f"},  /* ӻ */
    {0x04FD, "x"},  /* ӽ */
    {0x04FF, "x"},  /* ӿ */
    {0x0503, "d"},  /* ԃ */
    {0x050B, "h"},  /* ԋ */
    {0x050D, "g"},  /* ԍ */
    {0x050F, "t"},  /* ԏ */
    {0x051F, "k"},  /* ԟ */
    {0x0525, "n"},  /* ԥ */
    {0x0527, "h"},  /* ԧ */
    {0x0529, "h"},  /* ԩ */
    {0x0573, "6"},  /* ճ */
    {0x0577, "2"},  /* շ */
    {0x05D7, "n"},  /* ח */
    {0x0909, "3"},  /* उ */
    {0x0966, "o"},  /* ० */
    {0x0968, "2"},  /* २ */
    {0x0993, "3"},  /* ও */
    {0x09E6, "o"},  /* ০ */
    {0x09E8, "2"},  /* ২ */
    {0x09EA, "8"},  /* ৪ */
    {0x09ED, "q"},  /* ৭ */
    {0x0A24, "3"},  /* ਤ */
    {0x0A5C, "3"},  /* ੜ */
    {0x0A66, "o"},  /* ੦ */
    {0x0A67, "q"},  /* ੧ */
    {0x0A68, "2"},  /* ੨ */
    {0x0A69, "3"},  /* ੩ */
    {0x0A6A, "8"},  /* ੪ */
    {0x0A6B, "4"},  /* ੫ */
    {0x0AE6, "o"},  /* ૦ */
    {0x0AE7, "q"},  /* ૧ */
    {0x0AE8, "2"},  /* ૨ */
    {0x0AE9, "3"},  /* ૩ */
    {0x0AED, "9"},  /* ૭ */
    {0x0B20, "o"},  /* ଠ */
    {0x0B66, "o"},  /* ୦ */
    {0x0B68, "9"},  /* ୨ */
    {0x0B6B, "8"},  /* ୫ */
    {0x0C68, "9"},  /* ౨ */
    {0x0C69, "3"},  /* ౩ */
    {0x0CE6, "o"},  /* ೦ */
    {0x0CE9, "2"},  /* ೩ */
    {0x0CED, "2"},  /* ೭ */
    {0x0D1F, "s"},  /* ട */
    {0x0E01, "n"},  /* ก */
    {0x0E1A, "u"},  /* บ */
    {0x0E1E, "w"},  /* พ */
    {0x0E1F, "w"},  /* ฟ */
    {0x0E23, "s"},  /* ร */
    {0x0E9A, "u"},  /* ບ */
    {0x0E9E, "w"},  /* ພ */
    {0x0E9F, "w"},  /* ຟ */
    {0x0EA3, "s"},  /* ຣ */
    {0x0EAE, "s"},  /* ຮ */
    {0x1004, "c"},  /* င */
    {0x1005, "o"},  /* စ */
    {0x100C, "g"},  /* ဌ */
    {0x1012, "3"},  /* ဒ */
    {0x1042, "j"},  /* ၂ */
    {0x1054, "e"},  /* ၔ */
    {0x10D5, "3"},  /* ვ */
    {0x10D9, "3"},  /* კ */
    {0x10DE, "3"},  /* პ */
    {0x10EB, "d"},  /* ძ */
    {0x2014, "-"},  /* — */
    {0x2015, "-"},  /* ― */
    {0x2E3A, "-"},  /* ⸺ */
    {0x2E3B, "-"},  /* ⸻ */
    {0x3110, "4"},  /* ㄐ */
    {0x4E00, "-"},  /* 一 */
    {0x4E01, "t"},  /* 丁 */
    {0x4E03, "t"},  /* 七 */
    {0x4E05, "t"},  /* 丅 */
    {0x4E06, "t"},  /* 丆 */
    {0x4E29, "4"},  /* 丩 */
    {0x4E2B, "y"},  /* 丫 */
    {0x4E42, "x"},  /* 乂 */
};

const char *xn__display_extra(uint32_t c)
{
    size_t lo = 0, hi = COUNT(extra);
    if (c < 0xDF)
        return NULL;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (extra[mid].c == c)
            return extra[mid].ascii;
        if (extra[mid].c < c)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* ---- whole-script confusable letters, per script ------------------------- */

static const uint32_t armenian[] = {0x0559, 0x0561, 0x0563, 0x0566, 0x0567, 0x056C, 0x0570,
                                    0x0575, 0x0578, 0x057D, 0x0582, 0x0585};
static const uint32_t cyrillic[] = {
    0x0430, 0x0433, 0x0435, 0x043A, 0x043E, 0x043F, 0x0440, 0x0441, 0x0443, 0x0445, 0x044A,
    0x044B, 0x044C, 0x044E, 0x0455, 0x0456, 0x0458, 0x0461, 0x0475, 0x04BB, 0x04BD, 0x04CF,
    0x0501, 0x050D, 0x0517, 0x051B, 0x051D};
static const uint32_t ethiopic[] = {0x1200, 0x1220, 0x1230, 0x1235, 0x1260, 0x1270, 0x1290,
                                    0x12A8, 0x12D0, 0x12D5, 0x12D8, 0x1320, 0x1350, 0xAB05};
static const uint32_t georgian[] = {0x10D8, 0x10DD, 0x10E7, 0x10EB, 0x10EE, 0x10FD, 0x10FF};
static const uint32_t greek[] = {0x03B1, 0x03B7, 0x03B9, 0x03BA, 0x03BD,
                                 0x03BF, 0x03C1, 0x03C4, 0x03C5, 0x03C9};
static const uint32_t hebrew[] = {0x05D3, 0x05D5, 0x05D7, 0x05D9, 0x05DF,
                                  0x05E1, 0x05F0, 0x05F2, 0x05F3, 0xFB26};
static const uint32_t bengali[] = {0x09E6, 0x09ED};
static const uint32_t devanagari[] = {0x093D, 0x0966, 0x0971};
static const uint32_t gujarati[] = {0x0A9F, 0x0AA1, 0x0AE6, 0x0AE7};
static const uint32_t gurmukhi[] = {0x0A66, 0x0A67};
static const uint32_t kannada[] = {0x0CBD, 0x0CE6, 0x0CE7};
static const uint32_t lao[] = {0x0E9A, 0x0E9E, 0x0E9F, 0x0EA3, 0x0EAE, 0x0ED0};
static const uint32_t malayalam[] = {0x0D1F, 0x0D20, 0x0D27, 0x0D28, 0x0D31, 0x0D66};
static const uint32_t oriya[] = {0x0B20, 0x0B66, 0x0B6E};
static const uint32_t tamil[] = {0x0B9F, 0x0BAA, 0x0BE6};
static const uint32_t telugu[] = {0x0C66, 0x0C67};
static const uint32_t myanmar[] = {0x1001, 0x1002, 0x1004, 0x1011, 0x1015, 0x101D, 0x1040,
                                   0x1042, 0x1054, 0x105C, 0x1090, 0x1091, 0x1095, 0x1096,
                                   0x1097};
static const uint32_t thai[] = {0x0E14, 0x0E17, 0x0E19, 0x0E1A, 0x0E1B, 0x0E1E, 0x0E1F,
                                0x0E21, 0x0E23, 0x0E25, 0x0E2B, 0x0E40, 0x0E41, 0x0E50};

#define SET(s) s, COUNT(s)

static const struct {
    int script;
    const uint32_t *set;
    size_t n;
} wsc_sets[] = {
    {USCRIPT_ARMENIAN, SET(armenian)}, {USCRIPT_BENGALI, SET(bengali)},
    {USCRIPT_CYRILLIC, SET(cyrillic)}, {USCRIPT_DEVANAGARI, SET(devanagari)},
    {USCRIPT_ETHIOPIC, SET(ethiopic)}, {USCRIPT_GEORGIAN, SET(georgian)},
    {USCRIPT_GREEK, SET(greek)},       {USCRIPT_GUJARATI, SET(gujarati)},
    {USCRIPT_GURMUKHI, SET(gurmukhi)}, {USCRIPT_HEBREW, SET(hebrew)},
    {USCRIPT_KANNADA, SET(kannada)},   {USCRIPT_LAO, SET(lao)},
    {USCRIPT_MALAYALAM, SET(malayalam)},
    {USCRIPT_MYANMAR, SET(myanmar)},   {USCRIPT_ORIYA, SET(oriya)},
    {USCRIPT_TAMIL, SET(tamil)},       {USCRIPT_TELUGU, SET(telugu)},
    {USCRIPT_THAI, SET(thai)},
};

bool xn__display_in_sorted(uint32_t c, const uint32_t *set, size_t n)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (set[mid] == c)
            return true;
        if (set[mid] < c)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

bool xn__display_wsc_letter(uint32_t c, int script)
{
    size_t k;
    for (k = 0; k < COUNT(wsc_sets); k++)
        if (wsc_sets[k].script == script)
            return xn__display_in_sorted(c, wsc_sets[k].set, wsc_sets[k].n);
    return false;
}

/* ---- common words ----------------------------------------------------------- */

static const char *const allowed_words[] = {
    "\xD1\x81\xD0\xB5\xD0\xBA\xD1\x81",                                 /* секс */
    "\xD0\xBA\xD0\xB0\xD0\xBA",                                         /* как */
    "\xD0\xBA\xD0\xBE\xD1\x81\xD0\xB0",                                 /* коса */
    "\xD0\xBA\xD1\x83\xD1\x80\xD1\x81",                                 /* курс */
    "\xD0\xBF\xD0\xB0\xD1\x80\xD0\xBA",                                 /* парк */
    "\xD1\x82\xD0\xB0\xD0\xBA\xD0\xB8\xD0\xB9",                         /* такий */
    "\xD1\x83\xD0\xBA\xD1\x80\xD0\xBE\xD0\xBF",                         /* укроп */
    "\xD1\x81\xD0\xB0\xD1\x85\xD0\xB0\xD1\x80\xD0\xBE\xD0\xBA",         /* сахарок */
    "\xD0\xBF\xD0\xBE\xD0\xBA\xD1\x80\xD0\xB0\xD1\x81\xD0\xBA\xD0\xB0", /* покраска */
};

bool xn__display_allowed_word(const char *u8, size_t n)
{
    size_t k;
    for (k = 0; k < COUNT(allowed_words); k++)
        if (strlen(allowed_words[k]) == n && memcmp(allowed_words[k], u8, n) == 0)
            return true;
    return false;
}

/* ---- a label as it reads ------------------------------------------------------ */

/* The letters of the basic Cyrillic (Russian) and Greek alphabets, which
 * make words that read as Latin ones only by ICU's skeleton: "щука",
 * "москва" are words, not spoofs. */
static bool basic_letter(uint32_t c)
{
    return (c >= 0x0430 && c <= 0x044F) || c == 0x0451 || (c >= 0x03B1 && c <= 0x03C9);
}

/* Whether the label s[0..n) has a letter of xn__display_extra() that reads
 * as a letter and is none of basic_letter(). */
static bool rare_lookalike(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        uint32_t c;
        size_t len = xn__utf8_decode((const unsigned char *)s + i, n - i, &c);
        const char *a;
        if (len == 0)
            return false;
        i += len;
        a = c >= 0x80 && c < 0x2000 && !basic_letter(c) ? xn__display_extra(c) : NULL;
        if (a && !(a[0] >= '0' && a[0] <= '9') && a[0] != '-')
            return true;
    }
    return false;
}

size_t xn__display_map(const char *s, size_t n, bool wsc, char *out, size_t cap)
{
    size_t i = 0, o = 0;
    bool letters = !wsc || rare_lookalike(s, n);
    while (i < n) {
        uint32_t c;
        size_t len = xn__utf8_decode((const unsigned char *)s + i, n - i, &c);
        const char *a = NULL;
        if (len == 0)
            break; /* xn's own UTF-8: cannot happen */
        if (c >= 0x80) {
            /* For the whole-script rule, the letters that read as digits
             * always; those that read as letters in a label with a rare
             * one (Cyrillic ҏ, ҫ, ԧ; Lao, Thai, Myanmar ...): a word of
             * the basic alphabets reads as itself ("щука"); never the
             * dashes and CJK letters, signs beside Latin only ("一丁"). */
            a = xn__display_extra(c);
            if (a && (!letters || (wsc && c >= 0x2000)) && !(a[0] >= '0' && a[0] <= '9'))
                a = NULL;
            if (!a && wsc) {
                UErrorCode err = U_ZERO_ERROR;
                UScriptCode sc = XN__ICU(uscript_getScript)((UChar32)c, &err);
                if (U_SUCCESS(err) && xn__display_wsc_letter(c, (int)sc))
                    a = "o";
            }
        }
        if (a) {
            size_t k = strlen(a);
            if (k > len || o + k > cap)
                break; /* never longer than the letter: cannot happen */
            memmove(out + o, a, k);
            o += k;
        } else {
            if (o + len > cap)
                break;
            memmove(out + o, s + i, len);
            o += len;
        }
        i += len;
    }
    return o;
}
