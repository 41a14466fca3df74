/*
 * The lookups on the display policy's confusable data beyond UTS #39
 * (display.c, display_known.c and display_rules.c ask them).  The data are
 * data/display-confusables.txt, with their sources there (Chromium's
 * spoof checker's extra confusables, whole-script lists and common
 * words, as facts), compiled at build time into the tables display_data.h
 * declares; each is sorted, and the lookups are binary searches.
 */
#include <string.h>

#include "display_data.h"
#include "utf8.h"
#include "uts39.h"


/* ---- letters that read as ASCII ------------------------------------------- */

const char *xn__display_extra(uint32_t c)
{
    size_t lo = 0, hi = xn__display_reads_count;
    if (c < 0xDF)
        return NULL;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (xn__display_reads[mid].c == c)
            return xn__display_reads[mid].ascii;
        if (xn__display_reads[mid].c < c)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* ---- whole-script confusable letters, per script ------------------------- */

bool xn__display_wsc_letter(uint32_t c, int script)
{
    size_t k;
    for (k = 0; k < xn__display_wsc_count; k++)
        if (xn__display_wsc[k].script == script)
            return xn__display_in_sorted(c, xn__display_wsc[k].set, xn__display_wsc[k].n);
    return false;
}

/* ---- common words ----------------------------------------------------------- */

bool xn__display_allowed_word(const char *u8, size_t n)
{
    size_t k;
    for (k = 0; k < xn__display_words_count; k++)
        if (strlen(xn__display_words[k]) == n && memcmp(xn__display_words[k], u8, n) == 0)
            return true;
    return false;
}

/* ---- a label as it reads ------------------------------------------------------ */

/* The letters of the basic Cyrillic (Russian) and Greek alphabets, which
 * make words that read as Latin ones only by the skeleton: "щука",
 * "москва" are words, not spoofs. */
static bool basic_letter(uint32_t c)
{
    return (c >= 0x0430 && c <= 0x044F) || c == 0x0451 || (c >= 0x03B1 && c <= 0x03C9);
}

/* Whether the label cp[0..n) has a letter of xn__display_extra() that
 * reads as a letter and is none of basic_letter(). */
static bool rare_lookalike(const uint32_t *cp, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint32_t c = cp[i];
        const char *a = c < 0x2000 && xn__display_named(c) && !basic_letter(c)
                            ? xn__display_extra(c)
                            : NULL;
        if (a && !(a[0] >= '0' && a[0] <= '9') && a[0] != '-')
            return true;
    }
    return false;
}

size_t xn__display_map(const uint32_t *cp, size_t n, bool wsc, uint32_t *out)
{
    size_t i, o = 0;
    bool letters = !wsc || rare_lookalike(cp, n);
    for (i = 0; i < n; i++) {
        uint32_t c = cp[i];
        const char *a = NULL;
        if (xn__display_named(c)) { /* no code point below U+0080 is */
            /* For the whole-script rule, the letters that read as digits
             * always; those that read as letters in a label with a rare
             * one (Cyrillic ҏ, ҫ, ԧ; Lao, Thai, Myanmar ...): a word of
             * the basic alphabets reads as itself ("щука"); never the
             * dashes and CJK letters, signs beside Latin only ("一丁"). */
            a = xn__display_extra(c);
            if (a && (!letters || (wsc && c >= 0x2000)) && !(a[0] >= '0' && a[0] <= '9'))
                a = NULL;
            if (!a && wsc && xn__display_wsc_letter(c, xn__u39_script(c)))
                a = "o";
        }
        if (!a)
            out[o++] = c;
        else
            while (*a)
                out[o++] = (unsigned char)*a++;
    }
    return o;
}
