/*
 * IDNA2008 (RFC 5890-5893): lookup (RFC 5891 §5) on a whole name and
 * registration (RFC 5891 §4) on one label.
 *
 * Every property comes from the generated tables (the RFC 5892 derived
 * property, Bidi_Class, Joining_Type, scripts); the rules themselves are the
 * ones validity.c implements for the UTS #46 layer (hyphens, CONTEXTJ,
 * CONTEXTO, RFC 5893), and Punycode is the public codec.
 *
 * Lookup processes the name label by label in one pass:
 *  - a label of ASCII bytes is either an "xn--" label (lower-cased as RFC
 *    5891 §5.3 says, decoded, validated as a U-label and re-encoded to the
 *    identical A-label) or an NR-LDH label, which passes unchanged after the
 *    LDH rule;
 *  - any other label is a putative U-label: decoded from UTF-8 (and with
 *    XN_IDNA2008_MAP mapped by the UTS #46 table, nontransitional, and
 *    normalized to NFC, as RFC 5895 suggests), validated (§5.4) and encoded
 *    (§5.5).
 * The Bidi rule applies to every label once some label makes the name a
 * Bidi domain name (RFC 5893 §1.4), so its verdicts are kept aside until
 * the end.  Lengths are those of the A-label form, whichever form is
 * written.
 *
 * No heap allocation; scratch is bounded by XN_LABEL_LIMIT and XN_ACE_LIMIT.
 */
#include <string.h>

#include "ascii.h"
#include "call.h"
#include "compiler.h"
#include "domain.h"
#include "flags.h"
#include "idna2008.h"
#include "mapping.h"
#include "normalize.h"
#include "props.h"
#include "rules.h"
#include "sink.h"
#include "validity.h"
#include "xn.h"

#define LOOKUP_FLAGS \
    (XN_IDNA2008_MAP | XN_NO_STD3_RULES | XN_ALLOW_ROOT_DOT | XN_NO_VERIFY_DNS_LENGTH | \
     XN_DNS_LABELS | XN_IDNA2008_HYPHEN_ENDS)
_Static_assert(XN__FLAGS_LISTED(LOOKUP_FLAGS), "IDNA2008's flags: a bit not in XN_FLAG_BITS");

/* An A-label: "xn--" and at most XN_ACE_LIMIT Punycode characters. */
#define ALABEL_MAX (4 + XN_ACE_LIMIT)

/* ---- the public functions of lookup ----------------------------------------- */

/* Below: the whole-name ASCII path, else the general lookup. */
static int entry(const xn__call *c, bool to_unicode);

/* RFC 5891 §5 lookup of a whole name, to its A-label form. */
int
xn_idna2008_lookup(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
                   unsigned flags, xn_report *report)
{
    return entry(&(const xn__call){in, in_len, out, out_cap, out_len, flags, report}, false);
}

/* The same checks, the name written in its U-label form. */
int
xn_idna2008_to_unicode(const char *in, size_t in_len, char *out, size_t out_cap,
                       size_t *out_len, unsigned flags, xn_report *report)
{
    return entry(&(const xn__call){in, in_len, out, out_cap, out_len, flags, report}, true);
}

/* The call state: the name walk's (domain.h). */
typedef xn__domain state;

/* ---- RFC 5891 §5.4 / §4.2: the tests on a U-label -------------------------- */

/*
 * Validates a putative U-label of code points.  check_nfc: the label did not
 * come from the NFC step, so it must be in NFC already (RFC 5891 §5.4 and
 * §4.2.1, code V1).  The Bidi rule is kept aside in st->bidi for lookup and
 * settled at once for registration (RFC 5891 §4.2.3.4: a label with
 * right-to-left characters must satisfy it).
 */
static int check_ulabel(state *st, const uint32_t *l, size_t n, const size_t *offs,
                        bool check_nfc)
{
    xn__label_rules r;

    r.check_nfc = check_nfc;
    /* No "--" in the third and fourth positions (§5.4, §4.2.3.1).  No '-'
     * at either end is a registration rule only (§4.2.3.1; §5.4 does not
     * list it, and the A-label of such a U-label is a good LDH label) or
     * of lookup with XN_IDNA2008_HYPHEN_ENDS.  V4 is a UTS #46 notion and
     * does not apply. */
    r.check_hyphens = true;
    r.hyphen_bits =
        ~(XN_ERR_V4 |
          (st->registration || (st->flags & XN_IDNA2008_HYPHEN_ENDS) ? 0 : XN_ERR_V3));
    /* §4.2.3.2, §4.2.2 / §5.4: no leading mark, the derived property; the
     * contextual rules of RFC 5892 appendix A (lookup must check CONTEXTJ
     * and may check CONTEXTO: both are checked); RFC 5893. */
    r.idna2008 = true;
    r.transitional = false;
    r.std3 = false;
    r.joiners = true;
    return xn__dom_check_label(st, l, n, offs, &r);
}

int xn__idna2008_check_ulabel(const uint32_t *l, size_t n, bool *refused)
{
    state st;
    int rc;
    xn__dom_init(&st, 0, NULL, 0);
    st.to_ascii = true;
    st.ascii_lengths = true;
    rc = check_ulabel(&st, l, n, NULL, false);
    xn__dom_settle(&st, false);
    *refused = st.errors != 0;
    return rc;
}

/* Room for the A-label of a U-label of up to 63 code points on the stack
 * (ALABEL_MAX allows 8 bytes a code point); longer ones go to the heap. */
#define ACE_SMALL 512

/* Encodes a U-label to its A-label, into small (ACE_SMALL bytes on the
 * caller's stack) or, when that proves too small, a heap block of
 * ALABEL_MAX bytes: *ace points at the result, *heap at what to free()
 * afterwards (NULL for small), in every case.  *ace_n = 0 with A3 recorded
 * when the codec refuses (never for scalar values). */
static int encode_ulabel(state *st, const uint32_t *l, size_t n, char *small, char **ace,
                         size_t *ace_n, void **heap)
{
    size_t len = 0;
    int rc = xn_punycode_encode(l, n, NULL, small + 4, ACE_SMALL - 4, &len);
    *ace = small;
    *heap = NULL;
    *ace_n = 0;
    if (rc == XN_E_BUFFER_TOO_SMALL) {
        *ace = *heap = malloc(ALABEL_MAX);
        if (!*ace)
            return XN_E_NOMEM;
        rc = xn_punycode_encode(l, n, NULL, *ace + 4, XN_ACE_LIMIT, &len);
    }
    if (rc == XN_E_BUFFER_TOO_SMALL || rc == XN_E_TOO_LONG)
        return XN_E_TOO_LONG;
    if (rc != XN_OK) {
        xn__dom_record_label(st, XN_ERR_A3);
        return XN_OK;
    }
    memcpy(*ace, "xn--", 4);
    *ace_n = 4 + len;
    return XN_OK;
}

/* An A-label of n bytes decodes to fewer than n code points (a code point
 * takes a character at least), and to XN_LABEL_LIMIT at most. */
static size_t decode_cap(size_t n)
{
    return n < XN_LABEL_LIMIT ? n : XN_LABEL_LIMIT;
}

/* The buffers decode_alabel() fills for an A-label of n bytes: on the
 * stack for a short one, else in one heap block (heap, to free()). */
typedef struct alabel_buffers {
    char small_lower[ACE_SMALL];
    uint32_t small_dec[ACE_SMALL];
    char *lower;
    uint32_t *dec;
    void *heap;
} alabel_buffers;

static int alabel_buffers_get(alabel_buffers *b, size_t n)
{
    b->heap = NULL;
    b->lower = b->small_lower;
    b->dec = b->small_dec;
    if (n <= ACE_SMALL)
        return XN_OK;
    b->heap = malloc(decode_cap(n) * sizeof *b->dec + n);
    if (!b->heap)
        return XN_E_NOMEM;
    b->dec = (uint32_t *)b->heap;
    b->lower = (char *)(b->dec + decode_cap(n));
    return XN_OK;
}

/* Decodes and validates an A-label of n ASCII bytes (RFC 5891 §5.3, §4.1):
 * lower-cased first, the Punycode decoded to a non-empty string that is
 * not all ASCII (else P4), validated as a U-label, and encoded again to the
 * identical string (else ALABEL).  Sets *dn to the U-label's length in
 * dec (room for decode_cap(n) code points), 0 when there is none; lower
 * (n bytes) receives the lower-cased A-label. */
static int decode_alabel(state *st, const char *s, size_t n, char *lower, uint32_t *dec,
                         size_t *dn)
{
    char small[ACE_SMALL], *again;
    void *heap;
    size_t i, an = 0;
    int rc;

    *dn = 0;
    if (n > ALABEL_MAX)
        return XN_E_TOO_LONG;
    for (i = 0; i < n; i++) {
        unsigned c = (unsigned char)s[i];
        lower[i] = (char)(xn__is_upper(c) ? c + 32 : c);
    }
    rc = xn_punycode_decode(lower + 4, n - 4, dec, decode_cap(n), dn, NULL);
    if (rc == XN_E_TOO_LONG || rc == XN_E_INTERNAL)
        return rc;
    if (rc != XN_OK || *dn == 0 || xn__all_ascii(dec, *dn)) {
        /* Not decoded, or (RFC 5890 §2.3.2.1) no U-label, which holds a
         * non-ASCII character: the code point checks see none of it. */
        *dn = 0;
        xn__dom_record_label(st, XN_ERR_P4);
        xn__dom_find_nul(st, s, n, st->label_offset);
        return XN_OK;
    }
    rc = check_ulabel(st, dec, *dn, NULL, true);
    if (rc != XN_OK)
        return rc;
    rc = encode_ulabel(st, dec, *dn, small, &again, &an, &heap);
    if (rc == XN_OK && (an != n || memcmp(again, lower, n) != 0))
        xn__dom_record_label(st, XN_ERR_ALABEL);
    xn__scratch_free(heap);
    return rc;
}

/* ---- lookup: labels -------------------------------------------------------------- */

/* Writes n ASCII bytes, A-Z lower-cased when lower. */
static void put_ascii(xn__sink *o, const char *s, size_t n, bool lower)
{
    if (lower)
        xn__put_lower(o, s, n);
    else
        xn__put(o, s, n);
}

/* A label of n ASCII bytes; lower: XN_IDNA2008_MAP lower-cases it (the only
 * UTS #46 mapping of ASCII); classes: its byte classes or-ed, as the walk
 * found them, or ~0u when not known; ace: it starts with "xn--" in any
 * case. */
XN__NOINLINE static int ascii_label(state *st, const char *s, size_t n, const size_t *offs,
                                    bool last, bool lower, unsigned classes, bool ace)
{
    if (ace) {
        alabel_buffers b;
        size_t dn = 0;
        int rc = n > ALABEL_MAX ? XN_E_TOO_LONG : alabel_buffers_get(&b, n);
        if (rc != XN_OK)
            return rc;
        rc = decode_alabel(st, s, n, b.lower, b.dec, &dn);
        if (rc == XN_OK) {
            if (!st->to_ascii && dn > 0)
                xn__put_utf8(&st->out, b.dec, dn);
            else if (dn > 0)
                xn__put(&st->out, b.lower, n);
            else
                xn__put(&st->out, s, n); /* a fake A-label stays as it was */
            xn__dom_label_done(st, n, last);
        }
        xn__scratch_free(b.heap);
        return rc;
    }

    if ((st->flags & XN_DNS_LABELS) && xn__dns_label(s, n, st->label == 0)) {
        put_ascii(&st->out, s, n, lower);
        xn__dom_label_done(st, n, last);
        return XN_OK;
    }

    /* An NR-LDH label (RFC 5890 §2.3.1): IDNA2008 leaves it alone, but a
     * host name must follow the LDH rule (RFC 1123 §2.1), as UseSTD3ASCIIRules
     * says: letters, digits and '-', no '-' at either end.  "--" in the
     * third and fourth positions (a reserved LDH label) is not the business
     * of lookup, which tests hyphens on U-labels only (§5.4). */
    if (!(st->flags & XN_NO_STD3_RULES)) /* no U1 without an OTHER byte */
        xn__dom_check_ascii_label(st, s, n, offs, XN__HYPHENS_ENDS, classes & XN__BC_OTHER);
    /* RFC 5893 applies to every label of a Bidi domain name. */
    if (n > 0)
        xn__dom_keep_bidi(st, xn__ascii_label_bidi(s, n, classes), st->label_offset,
                          XN_NO_CODE_POINT);
    put_ascii(&st->out, s, n, lower && (classes & XN__BC_UPPER));
    xn__dom_label_done(st, n, last);
    return XN_OK;
}

/* A label of code points that holds a non-ASCII character (after the
 * mapping step, when there is one).  mapped: it came from the mapping and
 * NFC steps. */
static int unicode_label(state *st, const uint32_t *l, size_t n, const size_t *offs, bool mapped,
                         bool last)
{
    char small[ACE_SMALL], *ace;
    void *heap;
    size_t an = 0, i;
    int rc;

    if (xn__has_ace_prefix(l, n)) {
        /* An "xn--" label with non-ASCII characters is no A-label. */
        for (i = 4; i < n && l[i] < 0x80; i++)
            ;
        xn__dom_record_at(st, XN_ERR_P4, l, n, offs, i);
        xn__put_utf8(&st->out, l, n);
        xn__dom_label_done(st, n, last);
        return XN_OK;
    }
    rc = check_ulabel(st, l, n, offs, !mapped);
    if (rc != XN_OK)
        return rc;
    rc = encode_ulabel(st, l, n, small, &ace, &an, &heap);
    if (rc == XN_OK) {
        if (!st->to_ascii)
            xn__put_utf8(&st->out, l, n);
        else
            xn__put(&st->out, ace, an);
        xn__dom_label_done(st, an, last);
    }
    xn__scratch_free(heap);
    return rc;
}

/* A label as the mapping left it: ASCII goes to ascii_label() (the mapping
 * made one of full-width letters, say), the rest to unicode_label(). */
static int mapped_label(state *st, const uint32_t *l, size_t n, const size_t *lo, bool map,
                        bool last)
{
    char small[XN__SMALL_LABEL];
    void *heap;
    char *a;
    size_t i;
    int rc;

    if (!xn__all_ascii(l, n))
        return unicode_label(st, l, n, lo, map, last);
    a = xn__scratch(small, sizeof small, n, &heap);
    if (!a)
        return XN_E_NOMEM;
    for (i = 0; i < n; i++)
        a[i] = (char)l[i];
    /* Unclassified for ascii_label(): a U+0000 is looked for here. */
    xn__dom_find_nul(st, a, n, st->label_offset);
    rc = ascii_label(st, a, n, lo, last, false, ~0u, xn__has_ace_prefix_bytes(a, n));
    xn__scratch_free(heap);
    return rc;
}

/* Reads the walk's label that holds non-ASCII bytes from w->pos, as code
 * points: decoded, and with XN_IDNA2008_MAP mapped (UTS #46 §4 step 1,
 * nontransitional) and normalized (step 2); w->dot tells whether a U+002E
 * ended it.  Then hands it to unicode_label(), or to ascii_label() when
 * the mapping left only ASCII. */
XN__NOINLINE static int general_label(state *st, xn__walk *w)
{
    bool map = (st->flags & XN_IDNA2008_MAP) != 0;
    xn__mapped m;
    uint32_t small[XN__SMALL_LABEL];
    uint32_t *nb = NULL;
    void *heap = NULL;
    const uint32_t *l;
    const size_t *lo;
    size_t n;
    int rc;

    rc = xn__map_label((const unsigned char *)w->in, w->in_len, &w->pos, &w->cy,
                       map ? XN__MAP_NONTRANSITIONAL : XN__MAP_NONE, &m, &w->dot, &w->dot_at);
    l = m.cp;
    lo = m.offs;
    n = m.n;
    if (rc == XN_OK && map && !m.nfc_yes) {
        size_t nn = 0;
        rc = xn__nfc_scratch(m.cp, n, small, &nb, &nn, &heap);
        l = nb;
        n = nn;
        lo = NULL; /* offsets no longer line up: report the label start */
    }
    if (rc == XN_OK)
        rc = mapped_label(st, l, n, lo, map, !w->dot);
    xn__scratch_free(heap);
    xn__mapped_free(&m);
    return rc;
}

/* Lookup, and IDNA2008 ToUnicode, of a whole name (to_unicode: the output
 * is the U-label form). */
static inline int lookup(const char *in, size_t in_len, char *out, size_t out_cap,
                         size_t *out_len, unsigned flags, xn_report *report, bool to_unicode)
{
    state st;
    xn__walk w;
    int rc, pass = 0;

    rc = xn__dom_enter(in, in_len, out, out_cap, out_len, flags, LOOKUP_FLAGS, report, false);
    if (rc != XN_OK)
        return rc;
    /* The whole-name ASCII path (ascii_fast.c), with the mapping: a name of
     * letters, digits, hyphens and dots (and, without STD3 rules, other
     * ASCII but '.') that holds no "xn--" label, no empty label, no '-' at
     * either end of a label and no "--" at positions 3-4 is, in either
     * form, its own lower-cased copy: every label is NR-LDH (RFC 5890
     * §2.3.1), so only the LDH rule applies (RFC 5891 §5.4 tests U-labels
     * alone), an ASCII name is no Bidi domain name (RFC 5893 §1.4), and the
     * mapping of ASCII is lower-casing.  Its lengths are checked as here
     * (VerifyDnsLength alike).  Anything else, and every name without the
     * mapping (whose ASCII labels keep their case), goes label by label;
     * the report, cleared above, says "no error" as the walk's would.  A
     * name the entry point gave the inline kernel already (short, no
     * report: xn__ascii_fast_tried()) is not scanned for it again. */
    if ((flags & XN_IDNA2008_MAP) && in_len < out_cap &&
        !xn__ascii_fast_tried(in_len, report) &&
        xn__ascii_fast(in, in_len, out, out_cap, out_len,
                       flags & (XN_NO_STD3_RULES | XN_NO_VERIFY_DNS_LENGTH)))
        return XN_OK;
    do {
        xn__dom_init(&st, flags, out, out_cap);
        st.to_ascii = !to_unicode;
        st.ascii_lengths = true;
        /* Labels of ASCII bytes keep their case without the mapping: the
         * walk copies none. */
        xn__walk_start(&w, in, in_len, XN__SPLIT_MAPPED, false);
        rc = XN_OK;
        while (rc == XN_OK && xn__walk_next(&st, &w))
            rc = w.bytes ? ascii_label(&st, w.s, w.n, NULL, !w.dot,
                                       (flags & XN_IDNA2008_MAP) != 0, w.classes, w.ace)
                         : general_label(&st, &w);
    } while (xn__nfc_again(&rc, &pass));
    /* RFC 5893 for every label of a Bidi domain name; 1 to 253 octets in
     * A-label form. */
    if (rc == XN_OK)
        xn__dom_settle(&st, !(flags & XN_NO_VERIFY_DNS_LENGTH));
    return xn__dom_return(&st, rc, to_unicode, out_len, report);
}

/* Out of line, so that a name the entry points answer below makes no
 * frame. */
XN__NOINLINE static int general_lookup(const char *in, size_t in_len, char *out,
                                       size_t out_cap, size_t *out_len, unsigned flags,
                                       xn_report *report)
{
    return lookup(in, in_len, out, out_cap, out_len, flags, report, false);
}

XN__NOINLINE static int general_to_unicode(const char *in, size_t in_len, char *out,
                                           size_t out_cap, size_t *out_len, unsigned flags,
                                           xn_report *report)
{
    return lookup(in, in_len, out, out_cap, out_len, flags, report, true);
}

/* A public call: a short name of the whole-name ASCII path (with the
 * mapping) answered before anything is set up, as xn_to_ascii() answers it;
 * any other in a tail call.  Inline in both entry points. */
static XN__ALWAYS_INLINE int entry(const xn__call *c, bool to_unicode)
{
    if ((c->flags & XN_IDNA2008_MAP) &&
        xn__ascii_whole_name(c->in, c->in_len, c->out, c->out_cap, c->out_len, c->flags,
                             c->report, LOOKUP_FLAGS,
                             c->flags & (XN_NO_STD3_RULES | XN_NO_VERIFY_DNS_LENGTH)) ==
            XN__WHOLE_TAKEN)
        return XN_OK;
    return to_unicode ? general_to_unicode(c->in, c->in_len, c->out, c->out_cap, c->out_len,
                                           c->flags, c->report)
                      : general_lookup(c->in, c->in_len, c->out, c->out_cap, c->out_len,
                                       c->flags, c->report);
}

/* ---- registration (RFC 5891 §4) -------------------------------------------------- */

/* The U-label side: *ace receives its A-label (ace_n bytes; 0 when there is
 * none; in small, or in *heap to free() afterwards, as encode_ulabel()
 * gives it), or for an NR-LDH label the label itself with *ldh set. */
static int register_ulabel(state *st, const char *s, size_t n, char *small, const char **ace,
                           size_t *ace_n, bool *ldh, void **heap)
{
    const unsigned char *u = (const unsigned char *)s;
    /* n bytes are n code points at most. */
    size_t cap = n < XN_LABEL_LIMIT ? n : XN_LABEL_LIMIT;
    uint32_t small_l[XN__SMALL_LABEL];
    size_t small_offs[XN__SMALL_LABEL];
    void *heap_l = NULL;
    uint32_t *l = small_l;
    size_t *offs = small_offs;
    size_t k = 0, pos = 0;
    int rc = XN_OK;

    *ace = small;
    *ace_n = 0;
    *ldh = false;
    *heap = NULL;
    if (cap > XN__SMALL_LABEL) {
        heap_l = malloc(cap * (sizeof *l + sizeof *offs));
        if (!heap_l)
            return XN_E_NOMEM;
        offs = (size_t *)heap_l;
        l = (uint32_t *)(offs + cap);
    }
    while (rc == XN_OK && pos < n) {
        uint32_t c;
        size_t len = xn__utf8_decode(u + pos, n - pos, &c);
        if (len == 0) {
            rc = XN_E_BAD_UTF8;
        } else if (k >= XN_LABEL_LIMIT) {
            rc = XN_E_TOO_LONG;
        } else {
            l[k] = c;
            offs[k++] = pos;
            pos += len;
        }
    }

    if (rc == XN_OK && xn__all_ascii(l, k)) {
        /* An LDH label (RFC 5890 §2.3.1) has no A-label; it is registered as
         * it is when it is an NR-LDH label: letters, digits, '-', no '-' at
         * either end, and no "--" in positions 3-4 (those are reserved, the
         * "xn--" ones included: an A-label goes in the other argument). */
        *ldh = true;
        xn__dom_check_ascii_code_points(st, l, k, offs, XN__HYPHENS_FULL, XN_ERR_V5);
        *ace = s;
        *ace_n = k;
    } else if (rc == XN_OK) {
        char *enc;
        rc = check_ulabel(st, l, k, offs, true);
        if (rc == XN_OK)
            rc = encode_ulabel(st, l, k, small, &enc, ace_n, heap);
        if (rc == XN_OK)
            *ace = enc;
    }
    xn__scratch_free(heap_l);
    return rc;
}

XN__NOINLINE static int register_labels(const char *ulabel, size_t ulabel_len,
                                        const char *alabel, size_t alabel_len, char *out,
                                        size_t out_cap, size_t *out_len, unsigned flags,
                                        xn_report *report)
{
    char small_u[ACE_SMALL];
    const char *from_u = small_u, *from_a = NULL;
    void *heap_u = NULL;
    alabel_buffers b;
    size_t un = 0, an = 0, i;
    bool ldh = false, have_a = false;
    const char *result;
    size_t result_n;
    state st;
    int rc;

    rc = xn__dom_enter(ulabel, ulabel_len, out, out_cap, out_len, flags, 0, report,
                       (!alabel && alabel_len) || (ulabel_len == 0 && alabel_len == 0) ||
                           xn__overlap(alabel, alabel_len, out, out_cap));
    if (rc != XN_OK)
        return rc;
    xn__dom_init(&st, flags, out, out_cap);
    st.registration = true;
    b.heap = NULL;

    if (ulabel_len) {
        rc = register_ulabel(&st, ulabel, ulabel_len, small_u, &from_u, &un, &ldh, &heap_u);
        if (rc != XN_OK)
            goto fail;
    }
    if (alabel_len) {
        /* RFC 5891 §4.1: the A-label is lower-cased, decoded, tested as a
         * U-label and must encode back to itself. */
        size_t dn = 0;
        for (i = 0; i < alabel_len; i++) {
            if ((unsigned char)alabel[i] >= 0x80) {
                xn__dom_record(&st, XN_ERR_P4, i, XN_NO_CODE_POINT);
                break;
            }
        }
        if (i == alabel_len && !xn__has_ace_prefix_bytes(alabel, alabel_len)) {
            xn__dom_record(&st, XN_ERR_ALABEL, 0, XN_NO_CODE_POINT);
        } else if (i == alabel_len) {
            rc = alabel_len > ALABEL_MAX ? XN_E_TOO_LONG : alabel_buffers_get(&b, alabel_len);
            if (rc == XN_OK)
                rc = decode_alabel(&st, alabel, alabel_len, b.lower, b.dec, &dn);
            if (rc != XN_OK)
                goto fail;
            from_a = b.lower;
            have_a = dn > 0;
            an = alabel_len;
        }
    }
    /* RFC 5891 §4.1: when both forms are given they must correspond. */
    if (ulabel_len && alabel_len &&
        (ldh || !have_a || un == 0 || un != an || memcmp(from_u, from_a, an) != 0))
        xn__dom_record(&st, XN_ERR_MISMATCH, 0, XN_NO_CODE_POINT);

    if (alabel_len) {
        result = have_a ? from_a : alabel;
        result_n = have_a ? an : alabel_len;
    } else {
        result = from_u;
        result_n = un;
    }
    /* §4.4 and RFC 1034 §3.1: the label goes into the DNS. */
    if (!xn__label_length_ok(result_n))
        xn__dom_record(&st, XN_ERR_A4_2, 0, XN_NO_CODE_POINT);
    if (!st.errors)
        xn__put(&st.out, result, result_n);
    xn__scratch_free(heap_u);
    xn__scratch_free(b.heap);
    return xn__dom_return(&st, XN_OK, false, out_len, report);

fail:
    xn__scratch_free(heap_u);
    xn__scratch_free(b.heap);
    return xn__dom_return(&st, rc, false, out_len, report);
}

/* The registration checks; the first pair of a process that needs ICU's
 * normalizer runs twice (XN__E_NEED_NFC in normalize.h says why). */
int
xn_idna2008_register(const char *ulabel, size_t ulabel_len, const char *alabel,
                     size_t alabel_len, char *out, size_t out_cap, size_t *out_len,
                     unsigned flags, xn_report *report)
{
    int rc, pass = 0;
    do
        rc = register_labels(ulabel, ulabel_len, alabel, alabel_len, out, out_cap, out_len,
                             flags, report);
    while (xn__nfc_again(&rc, &pass));
    return rc;
}
