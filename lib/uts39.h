/*
 * UTS #39, Unicode Security Mechanisms (uts39.c), on xn's own tables
 * (data/gen_uts39.py, from the Unicode files of data/<version>/): the
 * properties its checks read, NFD on xn's decompositions, the skeleton (§4),
 * the resolved script set and the restriction levels (§5.1, §5.2), mixed
 * numbers (§5.3) and the mark checks of §5.4.  It knows nothing of IDNA
 * profiles, domains or browsers, and needs no ICU.
 */
#ifndef XN_UTS39_H
#define XN_UTS39_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xn_uts39.h"

/* ---- properties ---------------------------------------------------------- */

/* The word of c (xn_uts39.h lays it out); a value above U+10FFFF reads as
 * U+10FFFF (unassigned, of the script Unknown). */
static inline uint32_t xn__u39_word(uint32_t c)
{
    const uint32_t lo_mask = (1u << XN_U39_WORD_LO) - 1, mid_mask = (1u << XN_U39_WORD_MID) - 1;
    uint32_t mid;
    if (c > 0x10FFFF)
        c = 0x10FFFF;
    mid = xn__u39_word_mid[((uint32_t)xn__u39_word_top[c >> (XN_U39_WORD_LO + XN_U39_WORD_MID)]
                            << XN_U39_WORD_MID) |
                           ((c >> XN_U39_WORD_LO) & mid_mask)];
    return xn__u39_word_data[(mid << XN_U39_WORD_LO) | (c & lo_mask)];
}

/* The Script of c: an XN_SC_* value. */
static inline int xn__u39_script(uint32_t c)
{
    return (int)(xn__u39_word(c) & XN_U39_SCRIPT_MASK);
}

/* The augmented Script_Extensions set of the word w (UTS #39 §5.1: Han
 * adds Hanb, Jpan and Kore, Hiragana and Katakana Jpan, Hangul Kore,
 * Bopomofo Hanb). */
static inline const uint64_t *xn__u39_set(uint32_t w)
{
    return xn__u39_scx[(w >> XN_U39_SCX_SHIFT) & XN_U39_SCX_MASK];
}

static inline bool xn__u39_set_has(const uint64_t *set, int script)
{
    return (set[script / 64] >> (script % 64)) & 1;
}

/* Whether script (XN_SC_*) is in c's Script_Extensions (augmented). */
static inline bool xn__u39_has_script(uint32_t c, int script)
{
    return xn__u39_set_has(xn__u39_set(xn__u39_word(c)), script);
}

/* The General_Category class (XN_U39_GC_*) of a word, of a code point. */
static inline unsigned xn__u39_word_gc(uint32_t w)
{
    return (w >> XN_U39_GC_SHIFT) & 3u;
}

static inline unsigned xn__u39_gc(uint32_t c)
{
    return xn__u39_word_gc(xn__u39_word(c));
}

/* General_Category M (Mn, Mc, Me), of a word and of a code point; Mn; Nd. */
static inline bool xn__u39_word_is_mark(uint32_t w)
{
    unsigned gc = xn__u39_word_gc(w);
    return gc == XN_U39_GC_MN || gc == XN_U39_GC_MARK;
}

static inline bool xn__u39_is_mark(uint32_t c)
{
    return xn__u39_word_is_mark(xn__u39_word(c));
}

static inline bool xn__u39_is_nonspacing(uint32_t c)
{
    return xn__u39_gc(c) == XN_U39_GC_MN;
}

static inline bool xn__u39_is_digit(uint32_t c)
{
    return xn__u39_gc(c) == XN_U39_GC_ND;
}

/* Alphabetic; Default_Ignorable_Code_Point. */
static inline bool xn__u39_is_alpha(uint32_t c)
{
    return (xn__u39_word(c) & XN_U39_ALPHA) != 0;
}

static inline bool xn__u39_is_ignorable(uint32_t c)
{
    return (xn__u39_word(c) & XN_U39_IGNORABLE) != 0;
}

/* The skeleton of c alone, nonspacing marks left out, when c is below
 * XN_U39_ASCII_SKELETON_END (Latin up to Latin Extended-B) and that
 * skeleton is one or two ASCII characters: c0 | c1 << 8 (c1 0 for one);
 * 0 otherwise.  A string's skeleton, marks left out, is its code points'
 * own in turn (NFD and the mapping go code point by code point, and the
 * reordering of NFD moves marks only). */
static inline unsigned xn__u39_ascii_skeleton(uint32_t c)
{
    return c < XN_U39_ASCII_SKELETON_END ? xn__u39_ascii_skeleton_table[c] : 0;
}

/* ---- code point buffers ---------------------------------------------------- */

/* A sequence of code points in a caller's array (small), moved to the heap
 * when it outgrows it; nomem once an allocation failed. */
typedef struct xn__cps {
    uint32_t *p;
    size_t len, cap;
    uint32_t *heap;
    bool nomem;
} xn__cps;

static inline void xn__cps_init(xn__cps *b, uint32_t *small, size_t cap)
{
    b->p = small;
    b->len = 0;
    b->cap = cap;
    b->heap = NULL;
    b->nomem = false;
}

void xn__cps_free(xn__cps *b);

/* Appends c; false (and nomem) when the heap refused. */
bool xn__cps_grow(xn__cps *b);
static inline bool xn__cps_push(xn__cps *b, uint32_t c)
{
    if (b->len == b->cap && !xn__cps_grow(b))
        return false;
    b->p[b->len++] = c;
    return true;
}

/* ---- NFD and the skeleton (§4) ---------------------------------------------- */

/* Canonical_Combining_Class of c. */
uint8_t xn__u39_ccc(uint32_t c);

/* The confusable data a skeleton is made with: prototype(data, c, &p)
 * returns the length of c's prototype, with *p pointing to it, or 0 when c
 * is its own; drop_ignorable: the data's version of UTS #39 §4 removes the
 * Default_Ignorable_Code_Point characters after the first NFD (step 2, in
 * UTS #39 since Unicode 15.1).  xn__u39_builtin is confusables.txt of the
 * tables' version, with that step; the tests make one of ICU's data. */
typedef struct xn__u39_confusables {
    size_t (*prototype)(const void *data, uint32_t c, const uint32_t **p);
    const void *data;
    bool drop_ignorable;
} xn__u39_confusables;
extern const xn__u39_confusables xn__u39_builtin;

/* Appends NFD(in[0..n)) to *out (UAX #15: the full canonical decompositions,
 * then the canonical ordering of each run of non-starters).  XN_OK or
 * XN_E_NOMEM. */
int xn__u39_nfd(const uint32_t *in, size_t n, xn__cps *out);

/* Appends the skeleton of in[0..n) to *out (UTS #39 §4: NFD, the default
 * ignorables removed (t->drop_ignorable), each code point replaced by its
 * prototype in t, NFD).  XN_OK or XN_E_NOMEM. */
int xn__u39_skeleton(const xn__u39_confusables *t, const uint32_t *in, size_t n, xn__cps *out);

/* The same with the built-in data, given each code point's word
 * (xn__u39_word()) in words[0..n) when the caller has them (or NULL). */
int xn__u39_skeleton_words(const uint32_t *in, const uint32_t *words, size_t n, xn__cps *out);

/* ---- §5: restriction levels, mixed numbers, marks ------------------------ */

/* The restriction levels of UTS #39 §5.2, from the most restrictive. */
enum {
    XN_U39_ASCII = 1,
    XN_U39_SINGLE_SCRIPT,
    XN_U39_HIGHLY,
    XN_U39_MODERATELY,
    XN_U39_MINIMALLY,
    XN_U39_UNRESTRICTED
};

/* The restriction level of cp[0..n), n > 0 (§5.2 on the resolved script
 * sets of §5.1): UNRESTRICTED when a code point lacks the bit allowed of
 * its word (XN_U39_ALLOWED: Identifier_Status Allowed; or another set). */
int xn__u39_level(const uint32_t *cp, size_t n, uint32_t allowed);

/* §5.3: decimal digits (General_Category Nd) of more than one system, told
 * apart by the digit zero of each. */
bool xn__u39_mixed_numbers(const uint32_t *cp, size_t n);

/* The findings of §5.4 on the NFD of a string. */
#define XN_U39_REPEATED_MARK 1u  /* the same nonspacing mark twice in one run */
#define XN_U39_MARK_RUN 2u       /* more than four nonspacing marks in a row */
#define XN_U39_HIDDEN_OVERLAY 4u /* U+0307 over i, j, l, their dotless and
                                  * Soft_Dotted kin, or their lookalikes */

/* Sets *found to the XN_U39_* findings of §5.4 on cp[0..n).  XN_OK or
 * XN_E_NOMEM. */
int xn__u39_marks(const uint32_t *cp, size_t n, unsigned *found);

#endif
