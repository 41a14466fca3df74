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
#include "rfc3492.h"
#include "sink.h"
#include "uts39.h"
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

/* One label of a name, as the display checks see it: a[0..an) of the
 * name's ASCII form; for a label ToASCII wrote as an A-label (u), its
 * U-label, code points cp[0..n) of the name's U-labels (uts46.h's
 * xn__ulabels).  Offsets, not pointers: the 256 labels a name can have
 * (empty ones among them, with XN_NO_VERIFY_DNS_LENGTH) fit in 2.5 KiB of
 * stack. */
typedef struct xn__dlabel {
    uint16_t a, an, cp, n;
    bool u;
    bool deferred; /* a[0..an) is ToASCII's stand-in (uts46.h) */
} xn__dlabel;

/* A name as the display checks see it: its ASCII form, the code points of
 * its U-labels, and its labels (the root label after a trailing dot left
 * out). */
typedef struct xn__dname {
    const char *ascii;
    const uint32_t *cps, *words; /* words: each code point's xn__u39_word() */
    const xn__dlabel *l;
    size_t count;
} xn__dname;

/* Appends the ASCII form of the label l of nm to *s: the bytes of nm's
 * ASCII form, or for a label whose A-label ToASCII left unencoded, "xn--"
 * and its encoding.  XN_OK, or XN_E_INTERNAL when the encoding fails,
 * which ToASCII's bound (uts46.h) says it cannot. */
static inline int xn__dname_put_ascii(const xn__dname *nm, const xn__dlabel *l, xn__sink *s)
{
    size_t len = 0;
    if (!l->deferred) {
        xn__put(s, nm->ascii + l->a, l->an);
        return XN_OK;
    }
    xn__put(s, "xn--", 4);
    return xn__put_punycode(s, nm->cps + l->cp, l->n, &len) == XN_OK ? XN_OK : XN_E_INTERNAL;
}

/* A name's TLD: its last label (a root dot aside) in ASCII form, lower
 * case, s[0..n) (NULL and 0 for an A-label not made: see
 * xn__display_tld_ulabel()), and the script (XN_SC_*, uts39.h) whose labels it exempts
 * from the whole-script confusable rule, or -1. */
typedef struct xn__tld {
    const char *s;
    size_t n;
    int script;
} xn__tld;

/* Compares the string e (NUL-terminated) with s[0..n) (which may hold a
 * NUL) as memcmp() compares equal lengths, the shorter first on a tie:
 * the order of the sorted tables of TLDs, without a strlen() a probe. */
static inline int xn__cmp_label(const char *e, const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n && e[i]; i++)
        if (e[i] != s[i])
            return (unsigned char)e[i] < (unsigned char)s[i] ? -1 : 1;
    return e[i] ? 1 : i < n ? -1 : 0;
}

/* Fills *t for the TLD s[0..n), a name's last label in ASCII form (a
 * root dot aside); t->s is s. */
void xn__display_tld(const char *s, size_t n, xn__tld *t);

/* The same for a TLD that is the U-label cp[0..n) whose A-label ToASCII
 * left unencoded (uts46.h), found by its U-label: t->s is NULL and t->n 0
 * (no ASCII TLD the patterns name is an A-label). */
void xn__display_tld_ulabel(const uint32_t *cp, size_t n, xn__tld *t);

/* The i-th IDN TLD of the table of scripts: its A-label, its U-label in
 * UTF-8 and its script (XN_SC_*), for the tests; false past the last. */
bool xn__display_idn_tld(size_t i, const char **alabel, const char **ulabel, int *script);

/* The known-domain and TLD rules of the name nm (display_known.c): sets
 * *from to the first label of the longest run of labels that ends the name
 * and looks like a domain of set (may be NULL) or, with builtin, of the
 * built-in set, without being that domain (SIZE_MAX when none does); sets
 * *tld_lookalike when the TLD is a U-label whose key (display_known.h) is
 * an ASCII TLD's ("сом" reads "com"); and, when it is not, but a U-label
 * of letters of one script, sets tld->script to that script (an IDN TLD
 * exempts its script as a country-code TLD of the table does: ".орг",
 * ".中国").  A TLD counts as a U-label for these only if it is one under
 * UTS #46's defaults, whatever flags (the caller's) the name was
 * converted with.  XN_OK or XN_E_NOMEM. */
int xn__display_known(const xn_known_set *set, bool builtin, const xn__dname *nm,
                      unsigned flags, size_t *from, bool *tld_lookalike, xn__tld *tld);

/* The code points of the skeleton (UTS #39 §4, uts39.h) of cp[0..n),
 * accents removed (nonspacing marks left out: the skeleton is in NFD),
 * to *out (set up by the caller, who frees it); words: each code point's
 * xn__u39_word(), or NULL.  XN_OK or XN_E_NOMEM. */
int xn__display_bases(const uint32_t *cp, const uint32_t *words, size_t n, xn__cps *out);

/* The same as xn__display_map() without wsc and xn__display_bases() after
 * it, for a label whose code points all map to ASCII by
 * xn__u39_ascii_skeleton() (most Latin labels), from tables: writes the
 * ASCII to out (room for 4n bytes), its length to *len, and returns true;
 * false when some code point does not (out then holds nothing of use). */
bool xn__display_ascii_key(const uint32_t *cp, size_t n, char *out, size_t *len);

/* Whether c is the skeleton of an ASCII digit: "O", "l", "2" ... "9".
 * confusables.txt maps "0" to "O" and "1" to "l" and leaves the other
 * digits alone; tests/test-uts39.c checks this against the data. */
static inline bool xn__display_digit_skeleton(uint32_t c)
{
    return (c >= '2' && c <= '9') || c == 'O' || c == 'l';
}

/* The XN_UNSAFE_* bits of the dangerous patterns in the label cp[0..n)
 * (words: their xn__u39_word()s) of a name under the TLD tld:
 * DOTLESS_MARK, KANA_MARK, CJK_LOOKALIKE, SEPARATOR, FOREIGN_MARK,
 * RARE_LATIN.  other: the label has a character
 * of a script (Common and Inherited aside) whose Script_Extensions name
 * none of Han, Hiragana, Katakana and Bopomofo (xn__display_cjk()). */
uint32_t xn__display_patterns(const uint32_t *cp, const uint32_t *words, size_t n,
                              const xn__tld *tld, bool other);

/* Whether the Script_Extensions set of the UTS #39 word w name Han,
 * Hiragana, Katakana or Bopomofo: the scripts of Chinese and Japanese
 * text. */
static inline bool xn__display_cjk(uint32_t w)
{
    const uint64_t *set = xn__u39_set(w);
    return xn__u39_set_has(set, XN_SC_HAN) || xn__u39_set_has(set, XN_SC_HIRAGANA) ||
           xn__u39_set_has(set, XN_SC_KATAKANA) || xn__u39_set_has(set, XN_SC_BOPOMOFO);
}

/* A code point of a skeleton, accents removed, that reads as a letter of
 * the Latin alphabets or a digit: ASCII letters, digits and '-', and the
 * Latin letters of U+00C0..U+024F and ɑ ɡ ɩ (not the phonetic small
 * capitals and turned letters). */
bool xn__display_latin_looking(uint32_t c);


#endif
