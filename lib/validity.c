/*
 * Per-label validity checks: UTS #46 §4.1 (Validity Criteria) steps 2-8,
 * the RFC 5892 derived property of each code point (RFC 5891 §5.4, §4.2.2),
 * RFC 5892 appendix A (CONTEXTJ A.1-A.2, CONTEXTO A.3-A.9) and RFC 5893 §2
 * (the Bidi rule).
 *
 * Every property comes from the generated tables through props.h; the only
 * code points named here are the ones the rules name themselves.  Each
 * function makes one pass over the label (the CONTEXTO check keeps a few
 * first positions so its whole-label rules need no second pass), allocates
 * nothing and keeps no state, so all of them are linear and thread-safe.
 *
 * `where`, when not NULL, receives the index of the first offending code
 * point, n when the violation concerns the label as a whole, and n when
 * nothing is wrong.
 */
#include "validity.h"
#include "rules.h"

#define ZWNJ 0x200Cu /* ZERO WIDTH NON-JOINER, RFC 5892 A.1 */
#define ZWJ 0x200Du /* ZERO WIDTH JOINER, RFC 5892 A.2 */

/* Step 8: a code point of status valid, or deviation when not
 * transitional. */
static inline bool uts46_valid(unsigned status, bool transitional)
{
    return status == XN_STATUS_VALID || (status == XN_STATUS_DEVIATION && !transitional);
}

/* The Bidi_Class of an ASCII code point: letters, digits and '-' without a
 * table look-up. */
static inline unsigned ascii_bidi(uint32_t c)
{
    if ((c | 0x20) - 'a' < 26u)
        return XN_BIDI_L;
    if (c - '0' < 10u)
        return XN_BIDI_EN;
    if (c == '-')
        return XN_BIDI_ES;
    return xn__bidi(xn__props(c));
}

/* RFC 5893 rules 1, 5 and 6 from what one pass over a non-empty label
 * gathered (the classes of its code points as xn__bidi_bit() masks, the
 * first and the last class): it starts with L, ends with L or EN, and
 * holds only classes rule 5 allows, so it passes as an LTR label, with no
 * R, AL or AN that would make the name a Bidi domain name.  (A label whose
 * last code point is an NSM is left to xn__check_bidi(), which looks past
 * it.) */
static inline bool bidi_plain_ltr(unsigned first, unsigned last, uint32_t classes)
{
    return first == XN_BIDI_L && (xn__bidi_bit(last) & XN_BIDI_SET_LTR_END) &&
           !(classes & ~XN_BIDI_SET_LTR_ALLOWED);
}

/* Keeps i as the first offending index when it comes before *first. */
static inline void note_at(size_t *first, size_t i)
{
    if (i < *first)
        *first = i;
}

/* ---- RFC 5892 A.1, A.2: ZERO WIDTH NON-JOINER and JOINER (CONTEXTJ) ---- */

static bool is_virama(uint32_t cp)
{
    return (xn__props(cp) & XN_PROP_VIRAMA) != 0; /* Canonical_Combining_Class = 9 */
}

/*
 * A.1: ZWNJ is valid after a virama, or when
 *   (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
 * matches around it.  A.2: ZWJ is valid only after a virama.
 *
 * One forward pass.  `left` is the Joining_Type of the nearest code point
 * before i that is not T (U at the start), which settles the left half of
 * the expression.  A ZWNJ whose left half holds waits in `pending` for the
 * next code point that is not T, which settles the right half; that code
 * point settles every ZWNJ still waiting, since only T lies between them and
 * it.  So no code point is looked at twice, whatever the runs of T.
 */
uint64_t xn__check_joiners(const uint32_t *label, size_t n, size_t *where)
{
    uint64_t bits = 0;
    size_t first = n, pending = n, i;
    unsigned left = XN_JT_U;

    for (i = 0; i < n; i++) {
        uint32_t c = label[i];
        unsigned jt = xn__joining_type(xn__props(c));

        /* A.1, right half: the first non-T after the waiting ZWNJ(s). */
        if (jt != XN_JT_T && pending < n) {
            if (jt != XN_JT_R && jt != XN_JT_D) {
                bits |= XN_ERR_C1;
                if (pending < first)
                    first = pending;
            }
            pending = n;
        }

        if (c == ZWNJ || c == ZWJ) {
            /* A.1 and A.2: If Canonical_Combining_Class(Before(cp)) .eq.
             * Virama Then True. */
            if (i > 0 && is_virama(label[i - 1])) {
                /* valid */
            } else if (c == ZWJ) {
                bits |= XN_ERR_C2;
                if (i < first)
                    first = i;
            } else if (left != XN_JT_L && left != XN_JT_D) {
                /* A.1, left half fails. */
                bits |= XN_ERR_C1;
                if (i < first)
                    first = i;
            } else if (pending == n) {
                pending = i;
            }
        }

        if (jt != XN_JT_T)
            left = jt;
    }
    /* A.1: a ZWNJ followed by nothing but T has no right half. */
    if (pending < n) {
        bits |= XN_ERR_C1;
        if (pending < first)
            first = pending;
    }
    if (where)
        *where = first;
    return bits;
}

/* ---- RFC 5893 §2: the Bidi rule ----------------------------------------- */

/* The Bidi_Class of the i-th character: of bytes[i] when bytes is given
 * (an ASCII label, read without decoding), else of cps[i]. */
static inline unsigned bidi_of(const uint32_t *cps, const unsigned char *bytes, size_t i)
{
    return xn__bidi(xn__props(bytes ? (uint32_t)bytes[i] : cps[i]));
}

/* RFC 5893 §2 on one label of n characters, given as code points or as
 * bytes (exactly one of cps and bytes is used).  Inlined into its two
 * callers, so each gets its own loop without the choice inside. */
static inline uint64_t bidi_rule(const uint32_t *cps, const unsigned char *bytes, size_t n,
                                 size_t *where)
{
    uint64_t bits = 0;
    unsigned first_bc;
    bool rtl;
    uint32_t allowed, end_ok;
    size_t bad = n, last = 0, en = n, an = n, first = n, i;

    if (n == 0)
        goto out;

    /* Rule 1: the first character must be L, R or AL; R or AL make an RTL
     * label, L an LTR label. */
    first_bc = bidi_of(cps, bytes, 0);
    if (first_bc == XN_BIDI_R || first_bc == XN_BIDI_AL) {
        rtl = true;
    } else if (first_bc == XN_BIDI_L) {
        rtl = false;
    } else {
        /* A label that breaks rule 1 is neither RTL nor LTR, so rules 2-6
         * have no direction to go by: it gets B1 alone.  That is what
         * IdnaTestV2.txt reports (18.0.0 passes whole with it).  Counted on
         * 17.0.0: in the 2665 lines where a label of a Bidi domain name
         * breaks rule 1, no other B code comes from that label except in 2
         * lines that differ by Unicode version; calling such a label RTL
         * when it holds R, AL or AN and LTR otherwise would add codes the
         * file does not list to 1437 of those lines. */
        bits = XN_ERR_B1;
        first = 0;
        goto out;
    }
    allowed = rtl ? XN_BIDI_SET_RTL_ALLOWED : XN_BIDI_SET_LTR_ALLOWED;
    end_ok = rtl ? XN_BIDI_SET_RTL_END : XN_BIDI_SET_LTR_END;

    for (i = 0; i < n; i++) {
        unsigned bc = bidi_of(cps, bytes, i);
        if (!(xn__bidi_bit(bc) & allowed) && bad == n)
            bad = i; /* rule 2 or 5 */
        if (bc != XN_BIDI_NSM)
            last = i; /* rules 3 and 6 look past trailing NSMs */
        if (bc == XN_BIDI_EN && en == n)
            en = i;
        else if (bc == XN_BIDI_AN && an == n)
            an = i;
    }

    /* Rule 2 (RTL: only R, AL, AN, EN, ES, CS, ET, ON, BN and NSM) or rule 5
     * (LTR: only L, EN, ES, CS, ET, ON, BN and NSM). */
    if (bad < n) {
        bits |= rtl ? XN_ERR_B2 : XN_ERR_B5;
        note_at(&first, bad);
    }
    /* Rule 3 (RTL: ends with R, AL, EN or AN) or rule 6 (LTR: ends with L
     * or EN), then zero or more NSM.  The first character is not NSM, so
     * `last` is a real one. */
    if (!(xn__bidi_bit(bidi_of(cps, bytes, last)) & end_ok)) {
        bits |= rtl ? XN_ERR_B3 : XN_ERR_B6;
        note_at(&first, last);
    }
    /* Rule 4 (RTL): EN and AN must not both be present; blame the first
     * character of the kind that came second. */
    if (rtl && en < n && an < n) {
        bits |= XN_ERR_B4;
        note_at(&first, en > an ? en : an);
    }
out:
    if (where)
        *where = first;
    return bits;
}

uint64_t xn__check_bidi(const uint32_t *label, size_t n, size_t *where)
{
    return bidi_rule(label, NULL, n, where);
}

/* The label's bytes are read as code points U+0000..U+00FF; for the ASCII
 * labels this is meant for, that is exactly their decoding. */
uint64_t xn__check_bidi_ascii(const char *label, size_t n)
{
    return bidi_rule(NULL, (const unsigned char *)label, n, NULL);
}

/* RFC 5893 §1.4: a Bidi domain name holds a label with an R, AL or AN
 * character. */
bool xn__is_rtl_label(const uint32_t *label, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (xn__bidi_bit(xn__bidi(xn__props(label[i]))) & XN_BIDI_SET_RTL_CLASSES)
            return true;
    }
    return false;
}

/* ---- RFC 5892 A.3-A.9: CONTEXTO ------------------------------------------ */

#define MIDDLE_DOT 0x00B7u              /* A.3 */
#define GREEK_LOWER_NUMERAL_SIGN 0x0375u /* A.4 (KERAIA) */
#define HEBREW_GERESH 0x05F3u           /* A.5 */
#define HEBREW_GERSHAYIM 0x05F4u        /* A.6 */
#define KATAKANA_MIDDLE_DOT 0x30FBu     /* A.7 */

static bool is_arabic_indic_digit(uint32_t c) /* A.8: U+0660..U+0669 */
{
    return c >= 0x0660 && c <= 0x0669;
}

static bool is_extended_arabic_indic_digit(uint32_t c) /* A.9: U+06F0..U+06F9 */
{
    return c >= 0x06F0 && c <= 0x06F9;
}

/*
 * One pass.  The rules that look at neighbours (A.3-A.6) and the code points
 * without a rule are settled on the spot; the rules about the whole label
 * (A.7-A.9) only need the first position of U+30FB and of each digit set
 * and whether a Hiragana, Katakana or Han character occurs, settled after
 * the loop.
 */
uint64_t xn__check_contexto(const uint32_t *label, size_t n, size_t *where)
{
    size_t first = n, dot = n, ar = n, ext = n, i;
    bool han_kana = false;

    for (i = 0; i < n; i++) {
        uint32_t c = label[i];
        uint32_t p = xn__props(c);
        unsigned sc = xn__script(p);
        bool ok = true;

        /* A.7: "For All Characters: If Script(cp) .in. {Hiragana, Katakana,
         * Han} Then True".  U+30FB itself is Script=Common, so it never
         * counts; it is left out by name as well, so that a table giving it
         * Katakana could not make the rule vacuous. */
        if (c != KATAKANA_MIDDLE_DOT &&
            (sc == XN_SCRIPT_HIRAGANA || sc == XN_SCRIPT_KATAKANA || sc == XN_SCRIPT_HAN))
            han_kana = true;

        if (xn__idna2008(p) != XN_IDNA2008_CONTEXTO)
            continue;

        if (c == MIDDLE_DOT) {
            /* A.3: If Before(cp) .eq. U+006C And After(cp) .eq. U+006C
             * Then True. */
            ok = i > 0 && i + 1 < n && label[i - 1] == 0x006C && label[i + 1] == 0x006C;
        } else if (c == GREEK_LOWER_NUMERAL_SIGN) {
            /* A.4: If Script(After(cp)) .eq. Greek Then True. */
            ok = i + 1 < n && xn__script(xn__props(label[i + 1])) == XN_SCRIPT_GREEK;
        } else if (c == HEBREW_GERESH || c == HEBREW_GERSHAYIM) {
            /* A.5, A.6: If Script(Before(cp)) .eq. Hebrew Then True. */
            ok = i > 0 && xn__script(xn__props(label[i - 1])) == XN_SCRIPT_HEBREW;
        } else if (c == KATAKANA_MIDDLE_DOT) {
            if (dot == n)
                dot = i; /* A.7, settled below */
        } else if (is_arabic_indic_digit(c)) {
            if (ar == n)
                ar = i; /* A.8, settled below */
        } else if (is_extended_arabic_indic_digit(c)) {
            if (ext == n)
                ext = i; /* A.9, settled below */
        } else {
            /* RFC 5891 §5.4: a CONTEXTO code point without a rule is
             * invalid. */
            ok = false;
        }
        if (!ok && first == n)
            first = i;
    }

    /* A.7: the label must hold a Hiragana, Katakana or Han character. */
    if (dot < n && !han_kana && dot < first)
        first = dot;
    /* A.8: no U+06F0..U+06F9 beside U+0660..U+0669; A.9: the converse.
     * With both sets present, the first digit of either set is the first
     * one to break its rule. */
    if (ar < n && ext < n) {
        size_t d = ar < ext ? ar : ext;
        if (d < first)
            first = d;
    }
    if (where)
        *where = first;
    return first < n ? XN_ERR_CONTEXTO : 0;
}

/* ---- UTS #46 §4.1 steps 5-8 and RFC 5892: each code point ---------------- */

/* UTS #46 §4.1 step 6, RFC 5891 §4.2.3.2: a label must not begin with a
 * combining mark (General_Category M).  Starts the first offending index. */
static uint64_t leading_mark(const uint32_t *label, size_t n, size_t *first)
{
    *first = n;
    if (n == 0 || !(xn__props(label[0]) & XN_PROP_MARK))
        return 0;
    *first = 0;
    return XN_ERR_V6;
}

/* UTS #46 §4.1 steps 5, 7 and 8 on code point c, gathering what steps 9
 * and 10 need in *seen, its Bidi_Class in *bc and its property word in *pp
 * (0 for ASCII: a starter, NFC_Quick_Check=Yes). */
static inline uint64_t uts46_code_point(uint32_t c, bool transitional, bool std3,
                                        unsigned *seen, unsigned *bc, uint32_t *pp)
{
    uint64_t b = 0;
    uint32_t p;
    if (c < 0x80) {
        *bc = ascii_bidi(c);
        *pp = 0;
        if (c == '.')
            b = XN_ERR_V5;
        else if (!xn__is_ldh_lower(c))
            b = (std3 ? XN_ERR_U1 : 0) | (c == 0 ? XN_ERR_NUL : 0); /* NUL: xn's policy */
        if (xn__is_upper(c)) /* mapped, so not valid here */
            b |= XN_ERR_V7;
        return b;
    }
    *pp = p = xn__props(c);
    *bc = xn__bidi(p);
    if (!uts46_valid(xn__status(p), transitional))
        b = XN_ERR_V7;
    if (c == ZWNJ || c == ZWJ)
        *seen |= XN__FOUND_JOINER;
    return b;
}

/* RFC 5891 §4.2.2 / §5.4 on code point c: PVALID, or CONTEXTJ / CONTEXTO
 * (their rules are the caller's next checks, noted in *seen); DISALLOWED
 * and UNASSIGNED fail.  Its Bidi_Class goes to *bc, its property word to
 * *pp. */
static inline uint64_t idna2008_code_point(uint32_t c, unsigned *seen, unsigned *bc,
                                           uint32_t *pp)
{
    uint32_t p = xn__props(c);
    *pp = p;
    *bc = xn__bidi(p);
    switch (xn__idna2008(p)) {
    case XN_IDNA2008_PVALID:
        return 0;
    case XN_IDNA2008_CONTEXTJ:
        *seen |= XN__FOUND_JOINER;
        return 0;
    case XN_IDNA2008_CONTEXTO:
        *seen |= XN__FOUND_CONTEXTO;
        return 0;
    case XN_IDNA2008_DISALLOWED:
        return c == '.' ? XN_ERR_V5 : c == 0 ? XN_ERR_DISALLOWED | XN_ERR_NUL : XN_ERR_DISALLOWED;
    default:
        return XN_ERR_UNASSIGNED;
    }
}

/* The loop of both: idna2008 picks the rules (a constant in each caller, so
 * each gets a loop of its own).  The Bidi classes seen settle the RFC 5893
 * questions the caller asks next: whether the label makes the name a Bidi
 * domain name (R, AL or AN: XN__FOUND_RTL), and whether it plainly passes
 * the rule as an LTR label (XN__FOUND_LTR_OK, bidi_plain_ltr(): then
 * xn__check_bidi() would find nothing).  And the NFC quick check
 * (xn__nfc_quick_yes()): XN__FOUND_NFC_MAYBE when it cannot say yes. */
static inline uint64_t check_code_points(const uint32_t *label, size_t n, bool idna2008,
                                         bool transitional, bool std3, size_t *where,
                                         unsigned *found)
{
    size_t first, i;
    uint64_t bits = leading_mark(label, n, &first);
    unsigned seen = 0, bc = XN_BIDI_L, first_bc = XN_BIDI_L;
    uint32_t classes = 0, p = 0, last_p = 0, nfc_no = 0;

    for (i = 0; i < n; i++) {
        uint64_t b = idna2008 ? idna2008_code_point(label[i], &seen, &bc, &p)
                              : uts46_code_point(label[i], transitional, std3, &seen, &bc, &p);
        classes |= xn__bidi_bit(bc);
        nfc_no |= xn__nfc_quick_no(last_p, p);
        last_p = p;
        if (i == 0)
            first_bc = bc;
        if (b) {
            bits |= b;
            note_at(&first, i);
        }
    }
    if (nfc_no)
        seen |= XN__FOUND_NFC_MAYBE;
    if (classes & XN_BIDI_SET_RTL_CLASSES)
        seen |= XN__FOUND_RTL;
    else if (n > 0 && bidi_plain_ltr(first_bc, bc, classes))
        seen |= XN__FOUND_LTR_OK;
    if (where)
        *where = first;
    *found = seen;
    return bits;
}

uint64_t xn__check_uts46_code_points(const uint32_t *label, size_t n, bool transitional,
                                     bool std3, size_t *where, unsigned *found)
{
    return check_code_points(label, n, false, transitional, std3, where, found);
}

uint64_t xn__check_idna2008_code_points(const uint32_t *label, size_t n, size_t *where,
                                        unsigned *found)
{
    return check_code_points(label, n, true, false, false, where, found);
}
