/*
 * The display policy's rules on code points (display_rules.c), for
 * display.c: the patterns the browsers' IDN policies add to UTS #39, the
 * country-code TLDs that exempt a script from the whole-script confusable
 * rule, and the removal of accents that the confusable and known-domain
 * rules apply to a skeleton.
 */
#ifndef XN_DISPLAY_RULES_H
#define XN_DISPLAY_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flags.h"
#include "xn.h"

#define DISPLAY_FLAGS \
    (XN_DISPLAY_LEVEL_MASK | XN_DISPLAY_ALLOW_DEVIATIONS | XN_DISPLAY_BUILTIN_KNOWN)
_Static_assert(XN__FLAGS_LISTED(DISPLAY_FLAGS), "DISPLAY_FLAGS: a bit not in XN_FLAG_BITS");

/* The flags a label is decoded with on its own: the caller's, without the
 * display bits and the URL rules. */
#define LABEL_FLAGS(flags) ((flags) & ~(unsigned)(DISPLAY_FLAGS | XN_URL_RULES))

/* A decoded label of an ASCII form shorter than XN_DOMAIN_MAX bytes has
 * fewer code points than that, each at most 4 bytes of UTF-8.  Its skeleton
 * may be longer: it gets SMALL_UNITS bytes on the stack, and a heap block
 * beyond (the stack budget of xn.h). */
#define U8_CAP (4 * XN_DOMAIN_MAX)
#define SMALL_UNITS 512

/* The skeleton (UTS #39 §4, uts39.h) of the UTF-8 string s[0..n), in
 * UTF-8: *skeleton = small (SMALL_UNITS bytes) when it fits there, else a
 * heap block, *heap, to release with xn__scratch_free() (NULL otherwise);
 * *len its length.  XN_OK or XN_E_NOMEM (nothing to free). */
int xn__display_skeleton(const char *s, size_t n, char *small, char **skeleton, size_t *len,
                         void **heap);

/* Sets *from to the first label of the longest run of labels that ends the
 * name a[0..an) (an ASCII form) and looks like a domain of set (may be
 * NULL) or, with builtin, of the built-in set, without being that domain,
 * or to SIZE_MAX when none does (display_known.c). */
int xn__display_known_from(const xn_known_set *set, bool builtin,
                           const char *a, size_t an, unsigned flags, size_t *from);

/* Sets *hit when the TLD tld[0..n) (ASCII form) is an A-label whose key
 * (display_known.h) is an ASCII TLD's: "сом" reads "com". */
int xn__display_tld_lookalike(const char *tld, size_t n, bool *hit);

/* A name's TLD: its last label (a root dot aside) in ASCII form, lower
 * case, s[0..n), and the script (XN_SC_*, uts39.h) whose labels it exempts
 * from the whole-script confusable rule, or -1. */
typedef struct xn__tld {
    const char *s;
    size_t n;
    int script;
} xn__tld;

/* Fills *t for the name a[0..an) in ASCII form; t->s points into a. */
void xn__display_tld(const char *a, size_t an, xn__tld *t);

/* The TLD rules (display_known.c): when the TLD t is an A-label that
 * reads as an ASCII TLD, sets *lookalike; otherwise, when it is an A-label
 * of letters of one script, sets t->script to it (an IDN TLD exempts its
 * script as a ccTLD of the table does). */
int xn__display_tld_rules(xn__tld *t, bool *lookalike);

/* The XN_UNSAFE_* bits of the dangerous patterns in the label cp[0..n)
 * of a name under the TLD tld: DOTLESS_MARK, KANA_MARK, CJK_LOOKALIKE,
 * SEPARATOR, FOREIGN_MARK, RARE_LATIN. */
uint32_t xn__display_patterns(const uint32_t *cp, size_t n, const xn__tld *tld);

/* A code point of a skeleton, accents removed, that reads as a letter of
 * the Latin alphabets or a digit: ASCII letters, digits and '-', and the
 * Latin letters of U+00C0..U+024F and ɑ ɡ ɩ (not the phonetic small
 * capitals and turned letters). */
bool xn__display_latin_looking(uint32_t c);

/* Gives each code point of the UTF-8 string s[0..n), in NFD, nonspacing
 * marks left out, to each(c, ctx), in order, until it returns false. */
void xn__display_each_base(const char *s, size_t n, bool (*each)(uint32_t c, void *ctx),
                          void *ctx);

#endif
