/*
 * The display policy: which labels of a name are safe to show in Unicode,
 * a client of the public conversions and of xn's own UTS #39 mechanisms
 * (uts39.h); no ICU but what a conversion itself needs.
 *
 * A name is converted with UTS #46 ToASCII once, which keeps the code
 * points of the U-labels it writes (uts46.h); every check reads those code
 * points and each one's UTS #39 word, looked up once a name, and gives its
 * own XN_UNSAFE_* reason:
 *  - UTS #39 (Unicode Security Mechanisms) §3.1 General Security Profile
 *    and §5.2 restriction levels, and §5.3 mixed numbers, §5.4 repeated
 *    marks, more than four nonspacing marks in a row and hidden overlays
 *    (uts39.h), on xn's allowed set (data/display-allowed.txt and
 *    Identifier_Status Allowed, less the browsers' removals);
 *  - §4 confusables: a label with letters of a script other than Latin
 *    whose skeleton, accents removed (NFD, nonspacing marks dropped), is
 *    all letters of the Latin alphabets and digits can pass for a Latin
 *    label (whole-script: Cyrillic "аррӏе", "ск"; mixed-script: "pаypal");
 *    a label of Cyrillic or Greek alone under a country-code TLD of its
 *    script is exempt (display_rules.c has the table); a label of digits
 *    and digit lookalikes only ("০২") can pass for a number.  The words
 *    tell when a label can read as neither: no skeleton is made for it;
 *  - default-ignorable characters;
 *  - UTS #46 §6 deviation characters (ß, ς, ZWJ, ZWNJ);
 *  - the patterns the browsers' policies add (display_rules.c);
 *  - with a caller's set of known domains or the built-in one, the labels
 *    that make the end of the name look like one of them without being it
 *    (display_known.c);
 *  - IDNA2008: RFC 5891 §5.4 lookup's tests on the U-label (DISALLOWED,
 *    and CONTEXTJ / CONTEXTO, U+00B7 and U+30FB out of their contexts),
 *    for a label the words show could fail them.
 * A label none of them hits is shown as its U-label, any other stays the
 * A-label of the ASCII form.
 */
#include <string.h>

#include "alloc.h"
#include "ascii.h"
#include "bytes.h"
#include "compiler.h"
#include "display_data.h"
#include "display_rules.h"
#include "idna2008.h"
#include "props.h"
#include "report.h"
#include "rules.h"
#include "sink.h"
#include "status.h"
#include "utf8.h"
#include "uts39.h"
#include "uts46.h"
#include "xn.h"


/* ---- checks on one decoded label ----------------------------------------- */

/* The restriction level a display flag asks for. */
static int wanted_level(unsigned flags)
{
    switch (flags & XN_DISPLAY_LEVEL_MASK) {
    case XN_DISPLAY_SINGLE_SCRIPT:
        return XN_U39_SINGLE_SCRIPT;
    case XN_DISPLAY_MODERATE:
        return XN_U39_MODERATELY;
    case XN_DISPLAY_MINIMAL:
        return XN_U39_MINIMALLY;
    default:
        return XN_U39_HIGHLY;
    }
}

/* The skeleton sk[0..n) is of decimal digits (of any system), the ASCII
 * digits' skeletons and '-' only, with one of the ASCII digits' skeletons
 * at least: it reads as a number ("০২" is "O২").  (A label of digits of
 * other systems only, whatever their skeletons, counts through
 * scripts.digits_only: most of them look like ASCII digits.) */
static bool digit_skeleton_only(const uint32_t *sk, size_t n)
{
    size_t i;
    bool ascii = false;
    for (i = 0; i < n; i++) {
        uint32_t c = sk[i];
        if (xn__display_digit_skeleton(c))
            ascii = true;
        else if (c != '-' && !xn__u39_is_digit(c))
            return false;
    }
    return ascii;
}

/* Whether the label cp[0..n) is one of the common words that read as no
 * Latin word (display_data.h). */
static bool allowed_word(const uint32_t *cp, size_t n)
{
    char u8[U8_CAP];
    size_t i, u8n = 0;
    for (i = 0; i < n && u8n <= U8_CAP - 4; i++)
        u8n += xn__utf8_put(cp[i], u8 + u8n);
    return i == n && xn__display_allowed_word(u8, u8n);
}

/* What a label's scripts tell: whether it has a letter of a script other
 * than Latin, an ASCII letter, and the one script of its letters (Common
 * and Inherited aside), or -1 when they have none or several. */
typedef struct scripts {
    bool foreign, ascii_letter;
    bool latin_accented, cjk; /* a Latin letter beyond ASCII; Han, kana, Hangul or Bopomofo */
    bool digits_only; /* decimal digits of any system and '-' only */
    int one;
} scripts;

/* §4 and the browsers' whole-script and digit rules, on the skeleton of
 * the label cp[0..n) as it reads (xn__display_map(): the letters that read
 * as Latin beyond UTS #39's data mapped first): or-s CONFUSABLE and
 * DIGIT_LOOKALIKE into *bits.  tld: the name's TLD. */
static int skeleton_reasons(const uint32_t *cp, const uint32_t *words, size_t n,
                            const scripts *sx, const xn__tld *tld, uint32_t *bits)
{
    uint32_t small[128], sk_small[256], *mapped = NULL;
    void *heap = NULL;
    xn__cps sk;
    size_t mn = 0, i;
    bool latin = true, own_tld = sx->one >= 0 && sx->one == tld->script;
    /* The letters of one script only: the browsers' whole-script lists
     * and the lookalikes beyond UTS #39's data count (mixed with Latin, the
     * restriction level speaks). */
    bool one = sx->one >= 0 && sx->one != XN_SC_LATIN;
    /* What the skeleton could show: letters that read as Latin (of a label
     * with letters of another script, not under a TLD of its own script),
     * or a number.  The word tells it of each code point's own skeleton,
     * without one (uts39.h); a letter of the extra mappings may read as
     * either. */
    bool want_latin = sx->foreign && !own_tld, want_digits = !sx->digits_only;
    int rc;

    if (sx->digits_only && !own_tld) /* digits of one system alone, not under their TLD */
        *bits |= XN_UNSAFE_DIGIT_LOOKALIKE;
    for (i = 0; i < n && (want_latin || want_digits); i++) {
        uint32_t w = words[i];
        if ((w & (XN_U39_LATIN_SKELETON | XN_U39_DIGIT_SKELETON)) !=
                (XN_U39_LATIN_SKELETON | XN_U39_DIGIT_SKELETON) &&
            !xn__display_named(cp[i])) {
            want_latin = want_latin && (w & XN_U39_LATIN_SKELETON);
            want_digits = want_digits && (w & XN_U39_DIGIT_SKELETON);
        }
    }
    if (!want_latin && !want_digits)
        return XN_OK;

    if (one && xn__display_any(cp, n)) {
        mapped = xn__scratch(small, sizeof small, 2 * n * sizeof *mapped, &heap);
        if (!mapped)
            return XN_E_NOMEM;
        mn = xn__display_map(cp, n, true, mapped);
    }
    xn__cps_init(&sk, sk_small, sizeof sk_small / sizeof sk_small[0]);
    rc = mapped ? xn__u39_skeleton_words(mapped, NULL, mn, &sk)
                : xn__u39_skeleton_words(cp, words, n, &sk);
    xn__scratch_free(heap);
    if (rc != XN_OK) {
        xn__cps_free(&sk);
        return rc;
    }
    /* Letters of another script that read as Latin ones, accents aside
     * (the skeleton is in NFD: its nonspacing marks are the accents);
     * under a TLD of their own script, a label of that script alone is
     * what a reader expects, and so are a few common words anywhere. */
    if (want_latin) {
        for (i = 0; i < sk.len && latin; i++)
            latin = xn__u39_is_nonspacing(sk.p[i]) || xn__display_latin_looking(sk.p[i]);
        if (latin && !allowed_word(cp, n))
            *bits |= XN_UNSAFE_CONFUSABLE;
    }
    /* Digits of one system alone are a number in that script's country
     * (above); the skeleton of a number reads as one anywhere. */
    if (want_digits && digit_skeleton_only(sk.p, sk.len))
        *bits |= XN_UNSAFE_DIGIT_LOOKALIKE;
    xn__cps_free(&sk);
    return XN_OK;
}

/* Sets *unsafe to the XN_UNSAFE_* bits of the label cp[0..n); tld as for
 * skeleton_reasons().  Sets *idna2008 when the label needs the tests of
 * IDNA2008 lookup (idna2008_reason()): a label of code points IDNA2008
 * calls PVALID, with no right-to-left character, no mark first and no
 * "--" in its third and fourth positions passes them all (RFC 5891 §5.4:
 * no CONTEXTJ or CONTEXTO rule applies, and RFC 5893 only to a Bidi
 * domain name; ToASCII has checked NFC). */
static int label_reasons(const uint32_t *cp, const uint32_t *words, size_t n, unsigned flags,
                         const xn__tld *tld, uint32_t *unsafe, bool *idna2008)
{
    scripts sx = {false, false, false, false, true, -1};
    bool several = false, mixed_scx = false, mixed_numbers, level_several = false;
    bool other = false; /* a letter of a script not of CJK: xn__display_patterns() */
    bool not_digits = false, lookup = false, deviation = false;
    int level_one = -1; /* as sx.one, deviation characters included, for the level */
    uint32_t bits = 0, w_and = ~UINT32_C(0), w_ign = 0, c_or = 0;
    unsigned marks = 0, gcs = 0;
    size_t i;
    int rc, level;

    /* One look at each code point's UTS #46 and UTS #39 words, most of
     * what it tells gathered in or-s and and-s. */
    for (i = 0; i < n; i++) {
        uint32_t c = cp[i], w = words[i];
        unsigned gc = xn__u39_word_gc(w);
        int script = (int)(w & XN_U39_SCRIPT_MASK);
        bool dev = false;
        w_and &= w;
        c_or |= c;
        gcs |= 1u << gc;
        not_digits = not_digits || (gc != XN_U39_GC_ND && c != '-');
        sx.ascii_letter = sx.ascii_letter || (c | 0x20) - 'a' < 26u;
        /* What IDNA2008 lookup may refuse (see above), and UTS #46's
         * deviations: neither is an ASCII letter, digit or '-' (PVALID,
         * left to right, valid), whose UTS #46 word is not looked up. */
        if (c >= 0x80 || !(xn__byte_class[c] & XN__BC_LDH)) {
            uint32_t p = xn__props_scalar(c); /* ToASCII's: scalars */
            lookup = lookup || xn__idna2008(p) != XN_IDNA2008_PVALID ||
                     (xn__bidi_bit(xn__bidi(p)) & XN_BIDI_SET_RTL_CLASSES);
            dev = xn__status(p) == XN_STATUS_DEVIATION;
        }
        if (script == XN_SC_COMMON || script == XN_SC_INHERITED) {
            /* §5.1: one that goes with every script; else its
             * Script_Extensions speak (xn__u39_level()). */
            const uint64_t *set = xn__u39_set(w);
            mixed_scx = mixed_scx || !(xn__u39_set_has(set, XN_SC_COMMON) ||
                                       xn__u39_set_has(set, XN_SC_INHERITED));
        } else {
            if (script != level_one) {
                level_several = level_several || level_one >= 0;
                level_one = script;
            }
            other = other || (script != XN_SC_HAN && !xn__display_cjk(w));
        }
        /* UTS #46 §6. */
        if (dev) {
            deviation = true;
            continue;
        }
        w_ign |= w;
        if (script == XN_SC_COMMON || script == XN_SC_INHERITED)
            continue;
        sx.foreign = sx.foreign || script != XN_SC_LATIN;
        sx.latin_accented = sx.latin_accented || (script == XN_SC_LATIN && c >= 0x80);
        sx.cjk = sx.cjk || script == XN_SC_HAN || script == XN_SC_HIRAGANA ||
                 script == XN_SC_KATAKANA || script == XN_SC_HANGUL || script == XN_SC_BOPOMOFO;
        if (script != sx.one) {
            several = several || sx.one >= 0;
            sx.one = script;
        }
    }
    if (several)
        sx.one = -1;
    sx.digits_only = !not_digits;
    /* Under Transitional_Processing a U-label with a deviation character
     * names another domain (ß maps to "ss"): shown, it would not be this
     * name. */
    if (deviation && (!(flags & XN_DISPLAY_ALLOW_DEVIATIONS) || (flags & XN_TRANSITIONAL)))
        bits |= XN_UNSAFE_DEVIATION;
    if (w_ign & XN_U39_IGNORABLE)
        bits |= XN_UNSAFE_INVISIBLE;
    /* §5.3, for a label with decimal digits. */
    mixed_numbers = (gcs & (1u << XN_U39_GC_ND)) && xn__u39_mixed_numbers(cp, n);
    *idna2008 = lookup || (n > 0 && xn__u39_word_is_mark(words[0])) ||
                (n >= 4 && cp[2] == '-' && cp[3] == '-');

    /* §3.1 and §5.2: the allowed characters, then the restriction level.
     * Letters of one script and characters of every script are of a
     * single script (a character's Script_Extensions hold its Script);
     * any other label asks xn__u39_level(). */
    if (!n)
        level = XN_U39_ASCII;
    else if (!(w_and & XN_U39_DISPLAY))
        level = XN_U39_UNRESTRICTED;
    else if (!level_several && !mixed_scx)
        level = c_or < 0x80 ? XN_U39_ASCII : XN_U39_SINGLE_SCRIPT;
    else
        level = xn__u39_level(cp, n, XN_U39_DISPLAY);
    if (level == XN_U39_UNRESTRICTED)
        bits |= XN_UNSAFE_RESTRICTED;
    else if (level > wanted_level(flags))
        bits |= XN_UNSAFE_MIXED_SCRIPT;
    /* Highly Restrictive lets Latin join Han, kana and Hangul for the
     * ASCII words Chinese, Japanese and Korean names hold; Chromium's
     * policy keeps that to ASCII ("héllo中国" is no such word). */
    else if (sx.latin_accented && sx.cjk && wanted_level(flags) <= XN_U39_HIGHLY)
        bits |= XN_UNSAFE_MIXED_SCRIPT;
    if (mixed_numbers)
        bits |= XN_UNSAFE_MIXED_NUMBERS;

    /* §5.4: a nonspacing mark repeated in a run, more than four in a row,
     * U+0307 over a dotted letter, in NFD.  A label with no mark of its own
     * (General_Category M) has none of them: no code point a U-label can
     * hold decomposes to more than four marks, one mark twice, or U+0307
     * over a letter with a dot, nor begins its NFD with a mark
     * (tests/test-uts39.c checks every code point). */
    if (gcs & (1u << XN_U39_GC_MN | 1u << XN_U39_GC_MARK)) {
        rc = xn__u39_marks(cp, n, &marks);
        if (rc != XN_OK)
            return rc;
        if (marks)
            bits |= XN_UNSAFE_INVISIBLE;
    }

    /* The browsers' patterns (display_rules.c). */
    bits |= xn__display_patterns(cp, words, n, tld, other);

    /* §4: confusable with a Latin label, or with a number.  A label with
     * ASCII letters and nothing but Latin ones can be neither. */
    if (sx.foreign || !sx.ascii_letter) {
        rc = skeleton_reasons(cp, words, n, &sx, tld, &bits);
        if (rc != XN_OK)
            return rc;
    }
    *unsafe = bits;
    return XN_OK;
}

/* ---- output -------------------------------------------------------------- */

typedef xn__sink sink;

/* ---- the name --------------------------------------------------------------- */

/* RFC 5891 §5.4 lookup of the U-label cp[0..n) alone, CONTEXTO included
 * (idna2008.h): or-s XN_UNSAFE_IDNA2008 into *bits when it refuses the
 * label.  Out of line, beside label_reasons(), to keep their stacks
 * apart. */
XN__NOINLINE static int idna2008_reason(const uint32_t *cp, size_t n, uint32_t *bits)
{
    bool refused = false;
    int rc = xn__idna2008_check_ulabel(cp, n, &refused);
    if (refused)
        *bits |= XN_UNSAFE_IDNA2008;
    return rc;
}

/* The labels of the ASCII form a[0..an) into l (room for an + 1),
 * each with its U-label from u where ToASCII kept one; returns how many
 * (an empty root label after a trailing dot included). */
static size_t split_labels(const char *a, size_t an, const xn__ulabels *u, xn__dlabel *l)
{
    size_t start = 0, count = 0, k = 0;
    for (;;) {
        const char *dot = memchr(a + start, '.', an - start);
        size_t end = dot ? (size_t)(dot - a) : an;
        l[count].a = (uint16_t)start;
        l[count].an = (uint16_t)(end - start);
        l[count].u = k < u->count && u->at[k].label == count;
        l[count].cp = l[count].u ? (uint16_t)u->at[k].start : 0;
        l[count].n = l[count].u ? (uint16_t)u->at[k].n : 0;
        l[count].deferred = l[count].u && u->at[k].deferred;
        k += l[count].u;
        count++;
        if (!dot)
            return count;
        start = end + 1;
    }
}

/* The checks and the output of a name ToASCII gave as ascii[0..alen),
 * with its U-labels in *u (none when it is shown as it is: keep_ascii).
 * Out of line, after ToASCII has returned: its frame is not on the stack
 * while ToASCII (and ICU, loaded on a first call) runs. */
XN__NOINLINE static int display_labels(const char *ascii, size_t alen, const xn__ulabels *u,
                                       bool keep_ascii, char *out, size_t out_cap,
                                       size_t *out_len, unsigned flags,
                                       const xn_known_set *known, xn_display_report *display)
{
    uint32_t words[XN_DOMAIN_MAX]; /* of u->cp */
    xn__dlabel dl[XN_DOMAIN_MAX + 1]; /* a label takes its dot at least: it may be empty */
    xn__dname nm = {ascii, u->cp, words, dl, 0};
    size_t label, count, known_first = SIZE_MAX, i;
    bool tld_lookalike = false;
    xn__tld tld = {NULL, 0, -1}; /* set for a name with a U-label, the only one that reads it */
    sink s;
    int rc = XN_OK;

    count = split_labels(ascii, alen, u, dl);
    for (i = 0; i < u->used; i++) /* each check asks them */
        words[i] = xn__u39_word(u->cp[i]);
    /* The checks of the whole name: none for a name without a U-label,
     * which is shown as it is. */
    /* Trailing empty labels aside (a root dot, or more where empty labels
     * are allowed): they change nothing in the verdict, and the last
     * label before them is the TLD. */
    nm.count = count;
    while (nm.count > 1 && dl[nm.count - 1].an == 0)
        nm.count--;
    if (u->count) {
        const xn__dlabel *last = &dl[nm.count - 1];
        if (last->deferred)
            xn__display_tld_ulabel(u->cp + last->cp, last->n, &tld);
        else
            xn__display_tld(ascii + last->a, last->an, &tld);
        rc = xn__display_known(known, (flags & XN_DISPLAY_BUILTIN_KNOWN) != 0, &nm, flags,
                               &known_first, &tld_lookalike, &tld);
        if (rc != XN_OK)
            return rc;
    }

    s.buf = out;
    s.cap = out_cap;
    s.len = 0;
    s.full = false;
    for (label = 0; label < count && rc == XN_OK; label++) {
        const xn__dlabel *l = &dl[label];
        const char *a = ascii + l->a;
        uint32_t unsafe = 0, pre = 0;
        if (label)
            xn__put(&s, ".", 1);
        if (label >= known_first)
            pre |= XN_UNSAFE_KNOWN_DOMAIN;
        if (tld_lookalike)
            pre |= XN_UNSAFE_CONFUSABLE;
        if (l->u) {
            const uint32_t *cp = u->cp + l->cp;
            bool idna2008 = true;
            rc = label_reasons(cp, words + l->cp, l->n, flags, &tld, &unsafe, &idna2008);
            if (rc == XN_OK && idna2008)
                rc = idna2008_reason(cp, l->n, &pre);
            unsafe |= pre;
            if (rc != XN_OK)
                break;
            if (unsafe)
                rc = xn__dname_put_ascii(&nm, l, &s);
            else
                xn__put_utf8(&s, cp, l->n);
        } else {
            /* An ASCII label, shown as it is; one that starts with "xn--"
             * and is no A-label (XN_IGNORE_INVALID_PUNYCODE kept it)
             * IDNA2008 refuses. */
            if (!keep_ascii && xn__has_ace_prefix_bytes(a, l->an))
                unsafe = pre | XN_UNSAFE_IDNA2008;
            xn__put(&s, a, l->an);
        }
        display->unsafe |= unsafe;
        if (label < XN_DISPLAY_LABELS_MAX)
            display->label_unsafe[label] = unsafe;
    }
    if (rc != XN_OK) {
        for (label = 0; label < count && label < XN_DISPLAY_LABELS_MAX; label++)
            display->label_unsafe[label] = 0;
        display->unsafe = 0;
        display->labels = 0;
        if (out_cap)
            out[0] = '\0';
        return rc;
    }
    display->labels = count;
    *out_len = s.len;
    if (s.len >= out_cap) {
        if (s.len > out_cap) {
            if (out_cap)
                out[0] = '\0';
            return XN_E_BUFFER_TOO_SMALL;
        }
        return XN_OK; /* fits exactly, without the NUL */
    }
    out[s.len] = '\0';
    return XN_OK;
}

/* xn_to_display_known() with its arguments checked and a whole display
 * report of this library's layout, zeroed, to fill.  Out of line: the
 * ASCII names that xn_to_display_known() answers itself need none of its
 * frame. */
XN__NOINLINE static int to_display(const char *in, size_t in_len, char *out, size_t out_cap,
                      size_t *out_len, unsigned flags, const xn_known_set *known,
                      xn_report *report, xn_display_report *display)
{
    char ascii[XN_DOMAIN_MAX];
    xn__ulabels u;
    size_t alen = 0;
    bool keep_ascii = false;
    int rc;

    /* UTS #46 ToASCII validates the name, and keeps the code points of its
     * U-labels for the checks; its flags check the other bits. */
    u.defer = true;
    rc = xn__to_ascii_ulabels(in, in_len, ascii, sizeof ascii, &alen, flags & ~DISPLAY_FLAGS,
                              report, &u);
    if (u.deferred && (rc != XN_OK || alen >= XN_DOMAIN_MAX)) {
        /* The U-labels left unencoded counted at their bounds: made
         * again, encoded, for the true lengths and the true report. */
        u.defer = false;
        rc = xn__to_ascii_ulabels(in, in_len, ascii, sizeof ascii, &alen,
                                  flags & ~DISPLAY_FLAGS, report, &u);
    }
    /* An ASCII form of XN_DOMAIN_MAX bytes fits the buffer, without its
     * NUL, but is as much too long as a longer one (xn.h). */
    if (rc == XN_E_BUFFER_TOO_SMALL || (rc == XN_OK && alen >= XN_DOMAIN_MAX))
        return XN_E_TOO_LONG;
    if (rc != XN_OK)
        return rc;
    if (u.overflow)
        return XN_E_INTERNAL; /* the ASCII form fits: cannot happen (uts46.h) */
    if ((flags & XN_URL_RULES) && xn__all_ascii_bytes(in, in_len)) {
        /* The URL Standard keeps an ASCII name that ToASCII rejects as it
         * is.  Showing any of its labels in Unicode would make a name that
         * no longer converts ("xn--3v6h2bb--3v6h2bb6834b.xn----i38957g":
         * the first label is valid, the second is not): shown as it is.
         * A name with a byte beyond ASCII is never kept so: it converted
         * under the URL rules, which only add failures to ToASCII's. */
        size_t need = 0;
        keep_ascii = xn_to_ascii(in, in_len, NULL, 0, &need,
                                 flags & ~(DISPLAY_FLAGS | XN_URL_RULES),
                                 NULL) == XN_E_INVALID_DOMAIN;
    }
    if (keep_ascii)
        u.count = u.used = 0; /* no label is shown in Unicode */
    return display_labels(ascii, alen, &u, keep_ascii, out, out_cap, out_len, flags, known,
                          display);
}

/* ToASCII's whole-name fast path (ascii.h) for a display call: true when
 * it took the name, which is then shown as it is. */
static XN__ALWAYS_INLINE bool ascii_whole(const char *in, size_t n, char *out, size_t cap,
                                          size_t *out_len, unsigned flags, xn_report *report)
{
    const unsigned known = XN__UTS46_FLAGS | DISPLAY_FLAGS;
    int how;
    if (!in || !n || (flags & ~known) || (report && (flags & XN_URL_RULES)))
        return false;
    how = xn__ascii_whole_name(in, n, out, cap, out_len, flags, report, known,
                               flags & ~DISPLAY_FLAGS);
    if (how == XN__WHOLE_TAKEN)
        return true;
    return how == XN__WHOLE_UNCHECKED &&
           xn__ascii_fast(in, n, out, cap, out_len, flags & ~DISPLAY_FLAGS) &&
           *out_len < XN_DOMAIN_MAX;
}

/* The number of '.' in the ASCII s[0..n), eight bytes at a time. */
static size_t count_dots(const char *s, size_t n)
{
    const uint64_t low7 = UINT64_C(0x7F7F7F7F7F7F7F7F), dots = UINT64_C(0x2E2E2E2E2E2E2E2E);
    size_t i = 0, k = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        w ^= dots; /* a '.' byte is now 0, every other byte below 0x80 not */
        w = ~(((w & low7) + low7) | low7); /* 0x80 in each byte that was a '.' */
        /* Their number, summed into the top byte (at most 8: no carry);
         * no popcount, which is a call into libgcc without -mpopcnt. */
        k += (size_t)(((w >> 7) * UINT64_C(0x0101010101010101)) >> 56);
    }
    for (; i < n; i++)
        k += s[i] == '.';
    return k;
}

/* The report of a name shown as its ASCII form a[0..n): no reasons, one
 * entry per label, and those of a previous call up to stale cleared. */
static void whole_labels(const char *a, size_t n, size_t stale, xn_display_report *d)
{
    size_t dots = count_dots(a, n), i;
    d->labels = dots + 1;
    if (stale > XN_DISPLAY_LABELS_MAX)
        stale = XN_DISPLAY_LABELS_MAX;
    for (i = 0; (i <= dots || i < stale) && i < XN_DISPLAY_LABELS_MAX; i++)
        d->label_unsafe[i] = 0;
}

/* xn_to_display_known() of a name of ASCII without an ACE prefix
 * (xn__ascii_without_ace()): every label is shown as ToASCII gives it, so
 * ToASCII straight into out, no label to check, and no ICU. */
static int ascii_display(const char *in, size_t in_len, char *out, size_t out_cap,
                         size_t *out_len, unsigned flags, xn_report *report, size_t dots,
                         xn_display_report *d)
{
    size_t i;
    int rc = xn_to_ascii(in, in_len, out, out_cap, out_len, flags & ~DISPLAY_FLAGS, report);
    if (rc == XN_E_INVALID_DOMAIN && (flags & XN_URL_RULES))
        return rc; /* as to_display(): the URL rules' own failure */
    if ((rc == XN_OK || rc == XN_E_BUFFER_TOO_SMALL) && *out_len >= XN_DOMAIN_MAX) {
        *out_len = 0;
        if (out_cap)
            out[0] = '\0';
        return XN_E_TOO_LONG;
    }
    if (rc != XN_OK && rc != XN_E_BUFFER_TOO_SMALL)
        return rc;
    /* The labels of the ASCII form are the input's: ASCII has no other dot. */
    d->labels = dots + 1;
    for (i = 0; i <= dots && i < XN_DISPLAY_LABELS_MAX; i++)
        d->label_unsafe[i] = 0;
    return rc;
}

/* Whether a conversion's status says that the policy could not decide (no
 * engine normalizes a character of the name, or memory ran out), and not
 * that the name is bad. */
static bool cannot_decide(int rc)
{
    return rc == XN_E_NOMEM || rc == XN_E_ICU_UNAVAILABLE || rc == XN_E_ICU_TOO_OLD ||
           rc == XN_E_NFC_TOO_OLD;
}

/* The fail-safe of a name given in its ASCII form whose checks could not
 * run (cannot_decide()): it is shown as it is, lower-cased, and each of
 * its A-labels carries XN_UNSAFE_UNDECIDED, for the ASCII form is always
 * safe to show.  Only a name of LDH labels of 1 to 63 octets (a trailing
 * root dot as XN_ALLOW_ROOT_DOT allows it), at most XN_DNS_NAME_MAX octets,
 * whose A-labels decode by RFC 3492 to a label holding a code point beyond
 * ASCII: what a valid A-label form is before normalization can tell more.
 * XN_OK (or XN_E_BUFFER_TOO_SMALL), or rc, the conversion's status, for any
 * other name. */
static int undecided(int rc, const char *in, size_t n, char *out, size_t out_cap,
                     size_t *out_len, unsigned flags, xn_report *report, xn_display_report *d)
{
    size_t start = 0, i, label = 0;
    uint32_t unsafe = 0;

    if (!in || n == 0 || n > XN_DNS_NAME_MAX + 1 ||
        (n == XN_DNS_NAME_MAX + 1 && in[n - 1] != '.'))
        return rc;
    for (i = 0; i <= n; i++) {
        uint32_t cp[XN_DNS_LABEL_MAX];
        size_t len, k, cpn = 0;
        bool beyond = false;
        if (i < n && in[i] != '.') {
            unsigned char c = (unsigned char)in[i];
            if (!((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && !(c >= '0' && c <= '9') && c != '-')
                return rc;
            continue;
        }
        len = i - start;
        if (len == 0 && !(i == n && label > 0 && (flags & XN_ALLOW_ROOT_DOT)))
            return rc;
        if (len > XN_DNS_LABEL_MAX)
            return rc;
        if (xn__has_ace_prefix_bytes(in + start, len)) {
            if (xn_punycode_decode(in + start + 4, len - 4, cp, XN_DNS_LABEL_MAX, &cpn, NULL) !=
                XN_OK)
                return rc;
            for (k = 0; k < cpn; k++)
                beyond = beyond || cp[k] >= 0x80;
            if (!beyond)
                return rc;
            unsafe |= XN_UNSAFE_UNDECIDED;
            if (label < XN_DISPLAY_LABELS_MAX)
                d->label_unsafe[label] = XN_UNSAFE_UNDECIDED;
        } else if (label < XN_DISPLAY_LABELS_MAX) {
            d->label_unsafe[label] = 0;
        }
        label++;
        start = i + 1;
    }
    xn__clear_report(report);
    d->labels = label;
    d->unsafe = unsafe;
    {
        xn__sink s = {out, out_cap, 0, false};
        xn__put_lower(&s, in, n);
        return xn__finish(&s, 0, false, out, out_cap, out_len);
    }
}

/* The smallest size a caller's xn_display_report may give: its first layout. */
#define DISPLAY_REPORT_MIN_SIZE sizeof(xn_display_report)

/* xn_to_display_known() for every name but those display_entry()
 * answers: out of line, so that the commonest call makes none of its
 * frame.  stale: the labels a previous call wrote into the caller's report
 * (its count, read before the entry zeroed it). */
XN__NOINLINE static int display_general(const char *in, size_t in_len, char *out,
                                        size_t out_cap, size_t *out_len, unsigned flags,
                                        const xn_known_set *known, xn_report *report,
                                        xn_display_report *display, size_t stale)
{
    bool display_bad = display && display->size < DISPLAY_REPORT_MIN_SIZE;
    xn_display_report local, *d = display && !display_bad ? display : &local;
    size_t i, dots = 0;
    int rc = XN_E_INVALID_ARG;

    if (d != display)
        stale = 0;
    d->unsafe = 0;
    d->labels = 0;
    if (out_len)
        *out_len = 0;
    if ((!out && out_cap) || !out_len || xn__report_bad(report) || display_bad ||
        xn__overlap(in, in_len, out, out_cap)) {
        xn__clear_report(report);
    } else if (ascii_whole(in, in_len, out, out_cap, out_len, flags, report)) {
        /* ToASCII's whole-name path: ASCII that breaks no rule and has no
         * "xn--" label, lower-cased into out; shown as it is. */
        xn__clear_report(report);
        if (d == display) /* nobody reads the local one */
            whole_labels(out, *out_len, 0, d);
        rc = XN_OK;
    } else if (in && xn__ascii_without_ace(in, in_len)) {
        dots = count_dots(in, in_len); /* its labels are the input's */
        rc = ascii_display(in, in_len, out, out_cap, out_len, flags, report, dots, d);
    } else {
        if (out_cap)
            out[0] = '\0';
        rc = to_display(in, in_len, out, out_cap, out_len, flags, known, report, d);
        if (cannot_decide(rc))
            rc = undecided(rc, in, in_len, out, out_cap, out_len, flags, report, d);
    }
    if (d == display) {
        if (stale > XN_DISPLAY_LABELS_MAX)
            stale = XN_DISPLAY_LABELS_MAX;
        for (i = d->labels < XN_DISPLAY_LABELS_MAX ? d->labels : XN_DISPLAY_LABELS_MAX; i < stale;
             i++)
            d->label_unsafe[i] = 0;
    }
    return rc;
}

/* Both entry points: first the commonest name, ASCII that ToASCII's
 * whole-name kernel takes (it checks the arguments it reads itself),
 * shown as it is; every other call goes to display_general().  The
 * caller's report is written in place (its size covers this layout): its
 * header, then one entry per label.  Entries past the labels keep the
 * zeros of XN_DISPLAY_REPORT_INIT; those a previous call wrote are cleared
 * (all of them when the count is no count). */
static XN__ALWAYS_INLINE int display_entry(const char *in, size_t in_len, char *out,
                                           size_t out_cap, size_t *out_len, unsigned flags,
                                           const xn_known_set *known, xn_report *report,
                                           xn_display_report *display)
{
    size_t stale = 0;
    if (display) {
        if (display->size < DISPLAY_REPORT_MIN_SIZE)
            return display_general(in, in_len, out, out_cap, out_len, flags, known, report,
                                   display, 0);
        stale = display->labels;
        display->unsafe = 0;
        display->labels = 0;
    }
    if (!(flags & ~(unsigned)(XN__UTS46_FLAGS | DISPLAY_FLAGS)) &&
        xn__ascii_whole_name(in, in_len, out, out_cap, out_len, flags, report,
                             XN__UTS46_FLAGS | DISPLAY_FLAGS,
                             flags & ~DISPLAY_FLAGS) == XN__WHOLE_TAKEN) {
        if (display)
            whole_labels(out, *out_len, stale, display);
        return XN_OK;
    }
    return display_general(in, in_len, out, out_cap, out_len, flags, known, report, display,
                           stale);
}

int
xn_to_display_known(const char *in, size_t in_len, char *out, size_t out_cap,
                    size_t *out_len, unsigned flags, const xn_known_set *known,
                    xn_report *report, xn_display_report *display)
{
    return display_entry(in, in_len, out, out_cap, out_len, flags, known, report, display);
}

int
xn_to_display(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
              unsigned flags, xn_report *report, xn_display_report *display)
{
    return display_entry(in, in_len, out, out_cap, out_len, flags, NULL, report, display);
}

/* ---- reason names ------------------------------------------------------------ */

/* Indexed by bit number. */
static const char *const unsafe_names[] = {
    "MIXED_SCRIPT", "RESTRICTED",     "CONFUSABLE",    "MIXED_NUMBERS",   "INVISIBLE",
    "DEVIATION",    "IDNA2008",       "DOTLESS_MARK",  "KANA_MARK",       "CJK_LOOKALIKE",
    "SEPARATOR",    "DIGIT_LOOKALIKE", "KNOWN_DOMAIN", "FOREIGN_MARK",    "RARE_LATIN",
    "UNDECIDED",
};

#define UNSAFE_NAME_COUNT (sizeof unsafe_names / sizeof unsafe_names[0])

const char *
xn_unsafe_name(uint32_t unsafe_bit)
{
    unsigned i;
    for (i = 0; i < UNSAFE_NAME_COUNT; i++)
        if (unsafe_bit == (UINT32_C(1) << i))
            return unsafe_names[i];
    return "?";
}

static const char *unsafe_name64(uint64_t bit)
{
    return bit >> 32 ? "?" : xn_unsafe_name((uint32_t)bit);
}

size_t
xn_unsafe_format(uint32_t unsafe, char *buf, size_t buf_cap)
{
    return xn__format_bits(unsafe, unsafe_name64, buf, buf_cap);
}

static int display_extra(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
                         unsigned flags, xn_report *report, void *display)
{
    return xn_to_display(in, in_len, out, out_cap, out_len, flags, report,
                         (xn_display_report *)display);
}

int
xn_to_display_alloc(const char *in, size_t in_len, char **out, size_t *out_len,
                    unsigned flags, xn_report *report, xn_display_report *display)
{
    return xn__convert_alloc_extra(display_extra, display, false, in, in_len, out, out_len, flags,
                                   report);
}
