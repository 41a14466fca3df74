/*
 * display_data.c: the display policy's confusable data beyond UTS #39, and
 * the lookups on it.  Below display_rules.c, display_known.c and display.c,
 * which ask it; it asks nothing of theirs.
 */
#ifndef XN_DISPLAY_DATA_H
#define XN_DISPLAY_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The data, generated at build time from data/display-confusables.txt
 * (data/gen_display_data.py), each table in ascending order: */
/* letters that read as ASCII where ICU's skeleton does not map them there; */
typedef struct xn__display_reading {
    uint32_t c;
    char ascii[3];
} xn__display_reading;
extern const xn__display_reading xn__display_reads[];
extern const size_t xn__display_reads_count;
/* per script (an XN_SC_* value, uts39.h), the letters that make a whole label of it
 * read as Latin; */
typedef struct xn__display_wsc_set {
    int script;
    const uint32_t *set;
    size_t n;
} xn__display_wsc_set;
extern const xn__display_wsc_set xn__display_wsc[];
extern const size_t xn__display_wsc_count;
/* common words (UTF-8) that are whole-script confusables but read as no
 * Latin word. */
extern const char *const xn__display_words[];
extern const size_t xn__display_words_count;

/* Every code point the tables above name, as a bitmap: see
 * xn__display_named(). */
extern const uint8_t xn__display_block[0x1100];
extern const uint32_t xn__display_bits[][8];

/* Whether c is a code point of the tables above: a quick no for all the
 * others, before any search. */
static inline bool xn__display_named(uint32_t c)
{
    unsigned b = c < 0x110000 ? xn__display_block[c >> 8] : 0;
    return b && (xn__display_bits[b - 1][(c & 255) >> 5] >> (c & 31)) & 1;
}

/* Whether some code point of cp[0..n) is xn__display_named(): else
 * xn__display_map() writes the label as it is. */
static inline bool xn__display_any(const uint32_t *cp, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (xn__display_named(cp[i]))
            return true;
    return false;
}

/* The ASCII that the letter c reads as beyond ICU's
 * skeleton ("w" for Cyrillic ш, "3" for з), or NULL. */
const char *xn__display_extra(uint32_t c);

/* Whether c is a letter of the script (an XN_SC_* value, uts39.h) that, with others of
 * the same kind, makes a label of that script read as Latin. */
bool xn__display_wsc_letter(uint32_t c, int script);

/* Whether c is in set[0..n), sorted ascending (a binary search). */
static inline bool xn__display_in_sorted(uint32_t c, const uint32_t *set, size_t n)
{
    /* The last entry not above c, halving without a branch to mispredict. */
    while (n > 1) {
        size_t half = n / 2;
        set = set[half] <= c ? set + half : set;
        n -= half;
    }
    return n && *set == c;
}

/* Whether the UTF-8 label u8[0..n) is a common word that reads as no Latin
 * word although its letters all have Latin lookalikes ("курс"). */
bool xn__display_allowed_word(const char *u8, size_t n);

/* Writes the label cp[0..n) to out (room for 2n code points: a letter
 * reads as two ASCII letters at most) with each letter of
 * xn__display_extra() as its ASCII and, with wsc (for the whole-script
 * rule), each letter of xn__display_wsc_letter() of its own script as "o"
 * and the dashes and CJK letters of xn__display_extra() as they are;
 * returns the number of code points written. */
size_t xn__display_map(const uint32_t *cp, size_t n, bool wsc, uint32_t *out);

#endif
