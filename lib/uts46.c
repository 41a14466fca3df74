/*
 * UTS #46 ToASCII and ToUnicode (the revision for Unicode 18.0, on the data
 * version of the generated tables), and the WHATWG URL Standard's "domain to
 * ASCII" / "domain to Unicode" around it.
 *
 * The name is processed label by label in one pass over the input:
 *  - a label of ASCII bytes that does not start with "xn--" takes the fast
 *    path: it is validated and lower-cased byte by byte, never decoded to
 *    code points and never shown to ICU;
 *  - any other label is decoded and mapped (§4 step 1) into a bounded stack
 *    buffer, normalized to NFC (step 2) only when the quick-check bits say it
 *    may need it, then converted and validated (step 4, §4.1).
 * Mapping before splitting is equivalent to splitting the mapped string
 * (step 3): the label separator U+002E is a starter that never composes, so
 * NFC never moves anything across it, and a mapping that yields U+002E ends
 * the label right there (the rest of that mapping opens the next label).
 *
 * A label's buffers are on the stack up to XN__SMALL_LABEL code points and
 * on the heap beyond (the stack budget of xn.h).  The whole-name ASCII fast
 * path is ascii_fast.c; the allocating wrappers are alloc.c, a client of
 * the public functions at the top of this file.
 */
#include <stdlib.h>
#include <string.h>

#include "uts46.h"
#include "ascii.h"
#include "call.h"
#include "compiler.h"
#include "domain.h"
#include "mapping.h"
#include "normalize.h"
#include "props.h"
#include "rfc3492.h"
#include "rules.h"
#include "sink.h"
#include "validity.h"
#include "xn.h"

#define ALL_FLAGS XN__UTS46_FLAGS

/* ---- the public functions ----------------------------------------------- */

/* Below: the whole-name entry and the one-label entry, to ASCII or not. */
static int name_entry(const xn__call *c, bool to_ascii);
static int label_entry(const xn__call *c, bool to_ascii);

/* UTS #46 §4.2 ToASCII; the URL Standard's domain to ASCII under
 * XN_URL_RULES. */
int
xn_to_ascii(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
            unsigned flags, xn_report *report)
{
    return name_entry(&(const xn__call){in, in_len, out, out_cap, out_len, flags, report}, true);
}

/* UTS #46 §4.3 ToUnicode; domain to Unicode under XN_URL_RULES. */
int
xn_to_unicode(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
              unsigned flags, xn_report *report)
{
    return name_entry(&(const xn__call){in, in_len, out, out_cap, out_len, flags, report}, false);
}

/* ToASCII of one label: a '.' in it is an error, not a separator. */
int
xn_label_to_ascii(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
                  unsigned flags, xn_report *report)
{
    return label_entry(&(const xn__call){in, in_len, out, out_cap, out_len, flags, report}, true);
}

/* ToUnicode of one label. */
int
xn_label_to_unicode(const char *in, size_t in_len, char *out, size_t out_cap,
                    size_t *out_len, unsigned flags, xn_report *report)
{
    return label_entry(&(const xn__call){in, in_len, out, out_cap, out_len, flags, report},
                       false);
}

/* ---- the state of one call --------------------------------------------- */

typedef xn__domain domain;

/* ---- ASCII helpers ----------------------------------------------------- */

/* The URL Standard's forbidden domain code points (all of them ASCII). */
static bool is_url_forbidden(unsigned char c)
{
    if (c <= 0x20 || c == 0x7F) /* C0 controls, space, DELETE */
        return true;
    switch (c) {
    case '#': case '%': case '/': case ':': case '<': case '>': case '?':
    case '@': case '[': case '\\': case ']': case '^': case '|':
        return true;
    default:
        return false;
    }
}

/* ToASCII under XN_URL_RULES: notes whether the output bytes p[0..n) hold
 * a forbidden domain code point.  Only a name that breaks no other rule
 * reads the note (convert_labels()), so a label that recorded a violation
 * asks none, and ToUnicode none at all. */
static void check_url_output(domain *d, const char *p, size_t n)
{
    size_t i;
    if (!(d->flags & XN_URL_RULES) || d->url_forbidden)
        return;
    for (i = 0; i < n; i++)
        if (is_url_forbidden((unsigned char)p[i]))
            d->url_forbidden = true;
}

/* The same for the ASCII code points among l[0..n). */
static void check_url_code_points(domain *d, const uint32_t *l, size_t n)
{
    size_t i;
    if (!(d->flags & XN_URL_RULES) || d->url_forbidden)
        return;
    for (i = 0; i < n; i++)
        if (l[i] < 0x80 && is_url_forbidden((unsigned char)l[i]))
            d->url_forbidden = true;
}

/* ---- §4.1 Validity Criteria -------------------------------------------- */

/* Validates one label (code points after mapping and NFC, or as decoded from
 * Punycode).  transitional: Transitional_Processing for this label (always
 * false for decoded labels).  decoded: the label came from Punycode, so it
 * must still be checked for NFC.  simple: the pass that read it found it
 * simple (validity.h) and the NFC quick check said yes, so steps 1, 5-8
 * and 10 hold without a look. */
static int validate_all(domain *d, const uint32_t *l, size_t n, const size_t *offs,
                        bool transitional, bool decoded);

static XN__ALWAYS_INLINE int validate(domain *d, const uint32_t *l, size_t n,
                                      const size_t *offs, bool transitional, bool decoded,
                                      bool simple)
{
    /* A simple label breaks no rule here but the hyphens' (validity.h). */
    if (simple) {
        xn__dom_record_label(d, xn__check_hyphens(l, n, !(d->flags & XN_NO_CHECK_HYPHENS)));
        return XN_OK;
    }
    return validate_all(d, l, n, offs, transitional, decoded);
}

/* validate() of a label that is not simple. */
XN__NOINLINE static int validate_all(domain *d, const uint32_t *l, size_t n, const size_t *offs,
                                     bool transitional, bool decoded)
{
    unsigned f = d->flags;
    xn__label_rules r;

    /* Step 1: NFC.  Labels from the Normalize step are NFC already. */
    r.check_nfc = decoded;
    /* Steps 2-4: hyphens, or "xn--" when CheckHyphens is off. */
    r.check_hyphens = !(f & XN_NO_CHECK_HYPHENS);
    r.hyphen_bits = ~(uint64_t)0;
    /* Steps 5-8: each code point. */
    r.idna2008 = false;
    r.transitional = transitional;
    r.std3 = !(f & XN_NO_STD3_RULES);
    /* Step 9: CheckJoiners.  Step 10, CheckBidi, applies only if the whole
     * name turns out to be a Bidi domain name: kept aside until the end. */
    r.joiners = !(f & XN_NO_CHECK_JOINERS);
    return xn__dom_check_label(d, l, n, offs, &r);
}

/* ---- §4.2 step 3 / output of one label ----------------------------------- */

/* Writes a label given as code points: UTF-8 for ToUnicode; for ToASCII the
 * label itself when it is ASCII (ascii: the caller knows it is), else "xn--"
 * and its Punycode (A3 on failure).  Under XN_URL_RULES the caller looks
 * for forbidden domain code points in l: the Punycode copies the label's
 * ASCII code points (RFC 3492 basic code points), the rest of it is
 * letters, digits and '-', and the output may not have been written.  Sets
 * *bytes to the number of bytes the label takes in the output.  Returns
 * XN_OK, or XN_E_TOO_LONG for an A-label longer than XN_ACE_LIMIT, which no
 * call could read back. */
static int write_label(domain *d, const uint32_t *l, size_t n, bool ascii, size_t *bytes)
{
    size_t start = d->out.len;
    if (!d->to_ascii) {
        xn__put_utf8(&d->out, l, n);
    } else if (ascii) {
        xn__put_utf8(&d->out, l, n); /* ASCII: the bytes themselves */
    } else {
        size_t len = 0;
        xn__put(&d->out, "xn--", 4);
        if (xn__put_punycode(&d->out, l, n, &len) != XN_OK)
            xn__dom_record_label(d, XN_ERR_A3);
        else if (len > XN_ACE_LIMIT)
            return XN_E_TOO_LONG;
    }
    *bytes = d->out.len - start;
    return XN_OK;
}

/* Keeps the U-label l[0..n), validated, for the display policy (uts46.h),
 * and when it is to be encoded (encode), the caller defers and
 * xn__punycode_bound_of() shows its A-label to fit a DNS label, writes its
 * stand-in instead of encoding it: "xn--" and
 * as many '?' as the bound says, at least the A-label's length.  Returns
 * whether it wrote the stand-in (*bytes set); overflow is set when there
 * is no room to keep the label. */
XN__NOINLINE static bool keep_ulabel(domain *d, const uint32_t *l, size_t n, bool encode,
                                     size_t *bytes)
{
    struct xn__ulabels *u = d->ulabels;
    uint32_t *to = u->cp + u->used, max = 0;
    size_t i, basic = 0, bound;
    if (u->count == XN__ULABELS_MAX || n > XN_DOMAIN_MAX - u->used || d->label >= XN_DOMAIN_MAX) {
        u->overflow = true;
        return false;
    }
    u->at[u->count].label = (uint16_t)d->label; /* below XN_DOMAIN_MAX, as the rest: see above */
    u->at[u->count].start = (uint16_t)u->used;
    u->at[u->count].n = (uint16_t)n;
    u->at[u->count].deferred = false;
    u->used += n;
    u->count++;
    if (!encode || !u->defer) {
        memcpy(to, l, n * sizeof *l);
        return false;
    }
    for (i = 0; i < n; i++) { /* the copy, and what the bound reads */
        uint32_t c = l[i];
        to[i] = c;
        max = c > max ? c : max;
        basic += c < 0x80;
    }
    bound = xn__punycode_bound_of(n, basic, max);
    if (bound > XN_DNS_LABEL_MAX - 4)
        return false;
    u->at[u->count - 1].deferred = true;
    u->deferred++;
    xn__put(&d->out, "xn--", 4);
    xn__put_fill(&d->out, '?', bound);
    *bytes = 4 + bound;
    return true;
}

/* ---- §4 step 4 Convert/Validate, for a label of code points --------------- */

/* Steps 4.1.2-4.1.4 for an "xn--" label of ASCII characters: ace[0..m)
 * is the part after the prefix, in either case (the output has it
 * lower-cased, as the mapping step would).  Returns XN_OK with *done set
 * when the label was handled (converted, or its P4 violation recorded and
 * the label written as it is), XN_OK with *done clear when the Punycode is
 * invalid and IgnoreInvalidPunycode asks to treat it as an ordinary label,
 * or a status. */
static int convert_ace_into(domain *d, const char *ace, size_t m, uint32_t *dec, size_t cap,
                            size_t *out_bytes, bool *done);

static int convert_ace(domain *d, const char *ace, size_t m, size_t *out_bytes, bool *done)
{
    /* m ACE characters decode to fewer than m code points. */
    uint32_t small[XN__SMALL_LABEL];
    void *heap;
    size_t cap = m < XN_LABEL_LIMIT ? m : XN_LABEL_LIMIT;
    uint32_t *dec = xn__scratch(small, sizeof small, cap * sizeof *dec, &heap);
    int rc;

    *done = true;
    if (!dec)
        return XN_E_NOMEM;
    rc = convert_ace_into(d, ace, m, dec, cap, out_bytes, done);
    xn__scratch_free(heap);
    return rc;
}

/* convert_ace() with a buffer for cap code points. */
static int convert_ace_into(domain *d, const char *ace, size_t m, uint32_t *dec, size_t cap,
                            size_t *out_bytes, bool *done)
{
    size_t dn = 0;
    int rc;

    /* The strict decoder is injective: every string it accepts whose result
     * is not all ASCII is the one encoding of that result (one digit string
     * per delta under RFC 3492's thresholds; no leading delimiter; deltas
     * only insert code points >= 128), so no A-label has a second spelling
     * (CVE-2019-12290's class) and ToASCII may copy it instead of encoding
     * it again.  tests/test-uts46.c checks this on every string up to 4
     * characters, the fuzz targets beyond. */
    rc = xn__punycode_decode_unchecked(ace, m, dec, cap, &dn);
    if (rc == XN_OK) {
        uint32_t all = ~UINT32_C(0), prev = 0, nfc_no = 0, high = 0;
        bool u_label, simple;
        size_t i;
        /* One pass: the mapping step lower-cases an A-label before it is
         * decoded (the digits read the same in either case, and the basic
         * code points, copied as they were, are lower-cased here instead);
         * whether it is all ASCII; the simple verdict and the NFC quick
         * check, which spare validate() its own pass.  (mapping.c's run
         * gathers the same four values; a helper shared by the two passes
         * cost gcc 12 a spill and ten instructions a label.) */
        for (i = 0; i < dn; i++) {
            uint32_t c = dec[i], p;
            if (xn__is_upper(c))
                dec[i] = c += 32;
            high |= c;
            p = xn__props_scalar(c);
            all &= p;
            nfc_no |= xn__nfc_quick_no(prev, p);
            prev = p;
        }
        /* Step 4.1.3: nothing, or only ASCII, is no U-label. */
        u_label = high >= 0x80;
        if (!u_label)
            xn__dom_record_label(d, XN_ERR_P4);
        simple = dn > 0 && !nfc_no &&
                 xn__simple_verdict(all, xn__props_scalar(dec[0]), prev, false);
        /* Step 4.1.4: validate as nontransitional. */
        rc = validate(d, dec, dn, NULL, false, true, simple);
        if (rc != XN_OK)
            return rc;
        if (d->to_ascii && u_label) {
            if (d->ulabels) /* its A-label is the input's, copied below */
                keep_ulabel(d, dec, dn, false, out_bytes);
            xn__put(&d->out, "xn--", 4);
            xn__put_lower(&d->out, ace, m);
            /* The ACE characters are the label's basic code points (a
             * simple label's are letters, digits and '-') and Punycode
             * digits. */
            if (!simple)
                check_url_output(d, ace, m);
            *out_bytes = 4 + m;
            return XN_OK;
        }
        return write_label(d, dec, dn, !u_label, out_bytes); /* P4 recorded */
    }
    if (rc == XN_E_TOO_LONG || rc == XN_E_INTERNAL)
        return rc;
    /* A NUL after the last '-' is no digit: the decoder stopped there. */
    xn__dom_find_nul(d, ace, m, d->label_offset + 4);
    if (d->flags & XN_IGNORE_INVALID_PUNYCODE) {
        *done = false;
        return XN_OK;
    }
    xn__dom_record_label(d, XN_ERR_P4);
    {
        /* Written as it is: "xn--" and the characters, lower-cased. */
        size_t start = d->out.len;
        xn__put(&d->out, "xn--", 4);
        xn__put_lower(&d->out, ace, m);
        *out_bytes = d->out.len - start;
    }
    return XN_OK;
}

/* Step 4.2: a label that is no A-label, validated with the processing
 * choice, then written.  simple: as validate() takes it; ascii: as
 * write_label() takes it.  Inline: it is the step of most labels. */
static XN__ALWAYS_INLINE int plain_label(domain *d, const uint32_t *l, size_t n,
                                         const size_t *offs, bool simple, bool ascii,
                                         size_t *out_bytes)
{
    int rc = validate(d, l, n, offs, (d->flags & XN_TRANSITIONAL) != 0, false, simple);
    if (rc != XN_OK)
        return rc;
    /* A simple label's ASCII code points are letters, digits and '-': no
     * forbidden domain code point among them. */
    if (!simple && d->to_ascii)
        check_url_code_points(d, l, n);
    if (!ascii && d->ulabels && d->to_ascii && keep_ulabel(d, l, n, true, out_bytes))
        return XN_OK;
    return write_label(d, l, n, ascii, out_bytes);
}

/* Step 4 for a label of code points: an A-label is decoded and checked,
 * anything else checked as it is.  simple: as validate() takes it. */
static int convert_label(domain *d, const uint32_t *l, size_t n, const size_t *offs,
                         bool simple, size_t *out_bytes)
{
    size_t i;

    if (xn__has_ace_prefix(l, n)) { /* mapped: "xn--" in lower case */
        char small[XN__SMALL_LABEL];
        void *heap;
        char *ace;
        bool done;
        int rc;
        /* Step 4.1.1: an ACE label must be ASCII. */
        for (i = 4; i < n; i++) {
            if (l[i] >= 0x80) {
                xn__dom_record(d, XN_ERR_P4, xn__dom_offset_of(d, offs, i, n), l[i]);
                return write_label(d, l, n, false, out_bytes);
            }
        }
        small[0] = '\0'; /* "xn--" alone: nothing is copied (gcc cannot tell) */
        ace = xn__scratch(small, sizeof small, n - 4, &heap);
        if (!ace)
            return XN_E_NOMEM;
        for (i = 4; i < n; i++)
            ace[i - 4] = (char)l[i];
        rc = convert_ace(d, ace, n - 4, out_bytes, &done);
        xn__scratch_free(heap);
        if (rc != XN_OK || done)
            return rc;
        /* IgnoreInvalidPunycode: the label stays as it is and is validated
         * like any other label below. */
    }

    return plain_label(d, l, n, offs, simple, d->to_ascii && xn__all_ascii(l, n), out_bytes);
}

/* ---- the fast path: a label of ASCII bytes --------------------------------- */

/* IgnoreInvalidPunycode: an "xn--" label that is no Punycode is validated
 * as an ordinary label, which takes code points, so the label limit
 * applies. */
static int ace_as_plain_label(domain *d, const char *s, size_t n, size_t *bytes)
{
    uint32_t small[XN__SMALL_LABEL];
    void *heap;
    uint32_t *l;
    size_t i;
    int rc;
    if (n > XN_LABEL_LIMIT)
        return XN_E_TOO_LONG;
    l = xn__scratch(small, sizeof small, n * sizeof *l, &heap);
    if (!l)
        return XN_E_NOMEM;
    i = 0;
    do { /* n >= 4 ("xn--"): a do loop, so that gcc -O2 sees l written */
        unsigned c = (unsigned char)s[i];
        l[i] = xn__is_upper(c) ? c + 32u : c;
    } while (++i < n);
    rc = plain_label(d, l, n, NULL, false, true, bytes);
    xn__scratch_free(heap);
    return rc;
}

/* An ASCII label that starts with "xn--" (any case): decode it and validate
 * the result.  Out of line, so that plain_ascii_label()'s frame stays small. */
XN__NOINLINE static int ace_label(domain *d, const char *s, size_t n, bool last)
{
    size_t bytes = 0, m = n - 4;
    bool done;
    int rc;
    if (m > XN_ACE_LIMIT)
        return XN_E_TOO_LONG;
    rc = convert_ace(d, s + 4, m, &bytes, &done); /* either case: see convert_ace_into() */
    if (rc == XN_OK && !done)
        rc = ace_as_plain_label(d, s, n, &bytes);
    if (rc == XN_OK)
        xn__dom_label_done(d, bytes, last);
    return rc;
}

/* A label of n ASCII bytes without '.' that is no A-label (the walk's
 * verdict); classes: the byte classes of its bytes, or-ed together;
 * written: the walk already wrote it, lower-cased, at the end of the
 * output.  Out of line, so that an A-label does not pay for its frame. */
XN__NOINLINE static int plain_ascii_label(domain *d, const char *s, size_t n, unsigned classes,
                                          bool written, bool last)
{
    unsigned f = d->flags;
    size_t out_start;
    bool ldh = !(classes & XN__BC_OTHER);

    if ((f & XN_DNS_LABELS) && !ldh && xn__dns_label(s, n, d->label == 0)) {
        /* Exempt from STD3, hyphen and Bidi rules; lower-cased as usual. */
        out_start = d->out.len;
        if (written)
            d->out.len += n;
        else
            xn__put_lower(&d->out, s, n);
        xn__dom_label_done(d, d->out.len - out_start, last);
        return XN_OK;
    }
    /* A label without a '-' breaks no hyphen rule: most labels ask for
     * no look at their ends. */
    xn__dom_check_ascii_label(d, s, n, NULL,
                              (f & XN_NO_CHECK_HYPHENS) || !(classes & XN__BC_HYPHEN)
                                  ? XN__HYPHENS_ALLOW
                                  : XN__HYPHENS_FULL,
                              ldh || (f & XN_NO_STD3_RULES) ? 0 : XN__BC_OTHER);
    if (n > 0 && !(f & XN_NO_CHECK_BIDI))
        xn__dom_keep_bidi(d, xn__ascii_label_bidi(s, n, classes), d->label_offset,
                          XN_NO_CODE_POINT);
    out_start = d->out.len;
    if (written)
        d->out.len += n;
    else if (classes & XN__BC_UPPER)
        xn__put_lower(&d->out, s, n);
    else
        xn__put(&d->out, s, n);
    if (!ldh && d->to_ascii)
        check_url_output(d, s, n);
    xn__dom_label_done(d, d->out.len - out_start, last);
    return XN_OK;
}

/* ---- the whole name ----------------------------------------------------------- */

/* Step 2 for a label that may not be in NFC: normalized by ICU, then
 * converted.  Offsets no longer line up one to one: violations are reported
 * at the label's start. */
static int normalized_label(domain *d, const uint32_t *l, size_t n, size_t *bytes)
{
    uint32_t small[XN__SMALL_LABEL], *nb;
    size_t nn = 0;
    void *heap;
    int rc = xn__nfc_scratch(l, n, small, &nb, &nn, &heap);
    if (rc == XN_OK)
        rc = convert_label(d, nb, nn, NULL, false, bytes);
    xn__scratch_free(heap);
    return rc;
}

/* The general path for the walk's label that is not all ASCII, from w->pos
 * (after any carried code points): map, normalize, convert and validate;
 * the mapping tells whether a U+002E ended it (w->dot).  Kept out of line
 * so that the fast path's frame stays small. */
XN__NOINLINE static int general_label(domain *d, xn__walk *w)
{
    xn__mapped m;
    size_t bytes = 0;
    int rc;

    /* §4 step 1, Map, up to the end of this label. */
    rc = xn__map_label((const unsigned char *)w->in, w->in_len, &w->pos, &w->cy,
                       (d->flags & XN_TRANSITIONAL) ? XN__MAP_TRANSITIONAL
                                                    : XN__MAP_NONTRANSITIONAL,
                       &m, &w->dot, &w->dot_at);

    /* Step 2, Normalize, only where the quick check says it may matter. */
    if (rc == XN_OK && m.nfc_yes && !xn__has_ace_prefix(m.cp, m.n))
        rc = plain_label(d, m.cp, m.n, m.offs, m.simple, m.ascii, &bytes);
    else if (rc == XN_OK && m.nfc_yes)
        rc = convert_label(d, m.cp, m.n, m.offs, m.simple, &bytes);
    else if (rc == XN_OK)
        rc = normalized_label(d, m.cp, m.n, &bytes);
    xn__mapped_free(&m);
    if (rc != XN_OK)
        return rc;
    xn__dom_label_done(d, bytes, !w->dot);
    return XN_OK;
}

/* ---- entry points ---------------------------------------------------------- */

static bool has_url_forbidden(const char *in, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (is_url_forbidden((unsigned char)in[i]))
            return true;
    return false;
}

/* The name label by label, once the arguments are checked: inline in each
 * entry point, where to_ascii and one_label are constants (as a call of
 * nine arguments it cost every name some thirty instructions).  A name the
 * whole-name fast path takes in ascii_fast.c never reaches an entry here. */
XN__ALWAYS_INLINE static int convert_labels(const char *in, size_t in_len, char *out,
                                            size_t out_cap, size_t *out_len, unsigned flags,
                                            xn_report *report, bool to_ascii, bool one_label,
                                            xn__ulabels *ulabels)
{
    domain d;
    xn__walk w;
    int rc, pass = 0;

    do {
        rc = XN_OK;
        xn__dom_init(&d, flags, out, out_cap);
        d.to_ascii = to_ascii;
        d.ascii_lengths = to_ascii;
        d.one_label = one_label;
        d.ulabels = ulabels;
        if (ulabels) { /* each pass keeps them again */
            ulabels->count = ulabels->used = ulabels->deferred = 0;
            ulabels->overflow = false;
        }
        xn__walk_start(&w, in, in_len, XN__SPLIT_MAPPED, true);
        while (rc == XN_OK && xn__walk_next(&d, &w))
            rc = !w.bytes ? general_label(&d, &w)
                 : !w.ace ? plain_ascii_label(&d, w.s, w.n, w.classes, w.written, !w.dot)
                          : ace_label(&d, w.s, w.n, !w.dot);
    } while (xn__nfc_again(&rc, &pass));
    if (rc != XN_OK)
        return xn__dom_return(&d, rc, !to_ascii, out_len, report);

    /* RFC 5893 when some label makes this a Bidi domain name; §4.2 step
     * 4.1 on the output of ToASCII of a whole name. */
    xn__dom_settle(&d, to_ascii && !one_label && !(flags & XN_NO_VERIFY_DNS_LENGTH));

    if (to_ascii && (flags & XN_URL_RULES)) {
        /* URL Standard, domain to ASCII: an ASCII name that ToASCII rejects
         * is kept, lower-cased, unless it holds a forbidden domain code point
         * (or, for one label, a dot); an empty result fails; so does a
         * forbidden code point. */
        if (d.errors && xn__all_ascii_bytes(in, in_len) && !has_url_forbidden(in, in_len) &&
            !(one_label && memchr(in, '.', in_len))) {
            d.errors = 0;
            d.first.set = false;
            d.url_forbidden = false;
            d.out.len = 0;
            d.out.full = false;
            xn__put_lower(&d.out, in, in_len);
        }
        if (!d.errors && d.out.len == 0)
            xn__dom_record(&d, XN_ERR_URL_EMPTY, 0, XN_NO_CODE_POINT);
        if (!d.errors && d.url_forbidden)
            xn__dom_record(&d, XN_ERR_URL_FORBIDDEN, 0, XN_NO_CODE_POINT);
    } else if (flags & XN_URL_RULES && d.errors) {
        /* URL Standard, domain to Unicode: when ToUnicode records an error,
         * the domain is returned as it was given (the errors stay in the
         * report and the status): the converted text of a name that breaks
         * a rule may be another, real name ("xn--google-" is no "google"). */
        d.out.len = 0;
        d.out.full = false;
        xn__put(&d.out, in, in_len);
    }
    return xn__dom_return(&d, XN_OK, !to_ascii, out_len, report);
}

/* URL Standard, domain to ASCII: the validation errors of a name that
 * converted.  The strict run (beStrict: CheckHyphens, UseSTD3ASCIIRules and
 * VerifyDnsLength on) always happens, so that its errors are reported where
 * the lenient run accepted the name ("_dmarc") or the ASCII fallback kept it
 * ("xn--example-"); the status stays XN_OK (or XN_E_BUFFER_TOO_SMALL, with
 * the same report as a call that fits).  Only with a report: a caller
 * without one pays nothing.  Out of line, after convert_labels() has
 * returned, so that the two runs' frames are not on the stack together. */
XN__NOINLINE static void url_validation_errors(const char *in, size_t in_len, unsigned flags,
                                               xn_report *report)
{
    char tmp[XN_DOMAIN_MAX];
    size_t n = 0;
    unsigned strict = flags & ~(unsigned)(XN_URL_RULES | XN_NO_STD3_RULES |
                                          XN_NO_CHECK_HYPHENS | XN_NO_VERIFY_DNS_LENGTH);
    convert_labels(in, in_len, tmp, sizeof tmp, &n, strict, report, true, false, NULL);
}

/* fast: the whole-name ASCII fast path may take the name (only
 * xn__uts46_general() says no, to compare the two). */
static inline int convert_name(const char *in, size_t in_len, char *out, size_t out_cap,
                               size_t *out_len, unsigned flags, xn_report *report,
                               bool to_ascii, bool one_label, bool fast, xn__ulabels *ulabels)
{
    int rc = xn__dom_enter(in, in_len, out, out_cap, out_len, flags, ALL_FLAGS, report, false);

    if (rc != XN_OK)
        return rc;
    if (fast && !(one_label ? in_len && memchr(in, '.', in_len)
                            : xn__ascii_fast_tried(in_len, report)) &&
        xn__ascii_fast(in, in_len, out, out_cap, out_len, flags))
        rc = XN_OK;
    else
        rc = convert_labels(in, in_len, out, out_cap, out_len, flags, report, to_ascii,
                            one_label, ulabels);
    if ((rc == XN_OK || rc == XN_E_BUFFER_TOO_SMALL) && report && to_ascii && !one_label &&
        (flags & XN_URL_RULES))
        url_validation_errors(in, in_len, flags, report);
    return rc;
}

/* The general path of xn_to_ascii() and xn_to_unicode(), for the names
 * their whole-name path below does not take; kept out of line, so that a
 * call that path answers makes no frame. */
XN__NOINLINE static int general_to_ascii(const char *in, size_t in_len, char *out,
                                         size_t out_cap, size_t *out_len, unsigned flags,
                                         xn_report *report)
{
    return convert_name(in, in_len, out, out_cap, out_len, flags, report, true, false, true, NULL);
}

XN__NOINLINE static int general_to_unicode(const char *in, size_t in_len, char *out,
                                           size_t out_cap, size_t *out_len, unsigned flags,
                                           xn_report *report)
{
    return convert_name(in, in_len, out, out_cap, out_len, flags, report, false, false, true, NULL);
}

/* The same from the labels on, for a call whose arguments the entry point
 * has checked (more strictly than xn__dom_enter()), with no report. */
XN__NOINLINE static int labels_to_ascii(const char *in, size_t in_len, char *out,
                                        size_t out_cap, size_t *out_len, unsigned flags)
{
    *out_len = 0;
    return convert_labels(in, in_len, out, out_cap, out_len, flags, NULL, true, false, NULL);
}

XN__NOINLINE static int labels_to_unicode(const char *in, size_t in_len, char *out,
                                          size_t out_cap, size_t *out_len, unsigned flags)
{
    *out_len = 0;
    return convert_labels(in, in_len, out, out_cap, out_len, flags, NULL, false, false, NULL);
}

static XN__ALWAYS_INLINE int label_entry(const xn__call *c, bool to_ascii)
{
    return convert_name(c->in, c->in_len, c->out, c->out_cap, c->out_len, c->flags, c->report,
                        to_ascii, true, true, NULL);
}

int xn__uts46_general(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
                      unsigned flags, xn_report *report, bool to_ascii, bool one_label)
{
    return convert_name(in, in_len, out, out_cap, out_len, flags, report, to_ascii, one_label,
                        false, NULL);
}

int xn__to_ascii_ulabels(const char *in, size_t in_len, char *out, size_t out_cap,
                         size_t *out_len, unsigned flags, xn_report *report, xn__ulabels *u)
{
    /* None kept yet, also for a call refused before its labels (its
     * flags, say): each pass of convert_labels() starts them again. */
    u->count = u->used = u->deferred = 0;
    u->overflow = false;
    return convert_name(in, in_len, out, out_cap, out_len, flags, report, true, false, false, u);
}

/* ---- the whole-name entry ---------------------------------------------------- */

/* xn_to_ascii() and xn_to_unicode(): the whole-name path, else the labels
 * (arguments checked here), else the whole general path, each in a tail
 * call.  Inline in both, where the call's fields are its arguments. */
static XN__ALWAYS_INLINE int name_entry(const xn__call *c, bool to_ascii)
{
    const char *in = c->in;
    size_t in_len = c->in_len, out_cap = c->out_cap, *out_len = c->out_len;
    char *out = c->out;
    unsigned flags = c->flags;
    int w = xn__ascii_whole_name(in, in_len, out, out_cap, out_len, flags, c->report,
                                 XN__UTS46_FLAGS, flags);
    if (w == XN__WHOLE_TAKEN)
        return XN_OK;
    if (w == XN__WHOLE_CHECKED)
        return to_ascii ? labels_to_ascii(in, in_len, out, out_cap, out_len, flags)
                        : labels_to_unicode(in, in_len, out, out_cap, out_len, flags);
    return to_ascii ? general_to_ascii(in, in_len, out, out_cap, out_len, flags, c->report)
                    : general_to_unicode(in, in_len, out, out_cap, out_len, flags, c->report);
}
