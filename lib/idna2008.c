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

#include "domain.h"
#include "internal.h"
#include "props.h"

#define LOOKUP_FLAGS \
    (XN_IDNA2008_MAP | XN_NO_STD3_RULES | XN_ALLOW_ROOT_DOT | XN_NO_VERIFY_DNS_LENGTH | XN_DNS_LABELS)

/* An A-label: "xn--" and at most XN_ACE_LIMIT Punycode characters. */
#define ALABEL_MAX (4 + XN_ACE_LIMIT)

/* ---- output ------------------------------------------------------------- */

typedef xn__sink sink;

/* ---- the state of one call ---------------------------------------------- */

typedef xn__where where;

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
    bool joiners = false, contexto = false, rtl;
    size_t i, at;
    uint64_t bits;

    if (n == 0)
        return XN_OK;
    if (check_nfc) {
        bool nfc;
        int rc = xn__is_nfc(l, n, &nfc);
        if (rc != XN_OK)
            return rc;
        if (!nfc)
            xn__dom_record(st, XN_ERR_V1, st->label_offset, XN_NO_CODE_POINT);
    }

    /* No "--" in the third and fourth positions (§5.4, §4.2.3.1).  No '-'
     * at either end is a registration rule only (§4.2.3.1; §5.4 does not
     * list it, and the A-label of such a U-label is a good LDH label).  V4
     * is a UTS #46 notion and does not apply. */
    bits = xn__check_hyphens(l, n, true) & ~XN_ERR_V4;
    if (!st->registration)
        bits &= ~XN_ERR_V3;
    xn__dom_record(st, bits, st->label_offset, XN_NO_CODE_POINT);

    /* §4.2.3.2: no leading combining mark (General_Category M). */
    if (xn__props(l[0]) & XN_PROP_MARK)
        xn__dom_record(st, XN_ERR_V6, xn__dom_offset_of(st, offs, 0, n), l[0]);

    /* §4.2.2 / §5.4: every code point PVALID, or CONTEXTJ / CONTEXTO with
     * its rule satisfied; DISALLOWED and UNASSIGNED fail. */
    for (i = 0; i < n; i++) {
        switch (xn__idna2008(xn__props(l[i]))) {
        case XN_IDNA2008_PVALID:
            break;
        case XN_IDNA2008_CONTEXTJ:
            joiners = true;
            break;
        case XN_IDNA2008_CONTEXTO:
            contexto = true;
            break;
        case XN_IDNA2008_DISALLOWED:
            xn__dom_record(st, l[i] == '.' ? XN_ERR_V5 : XN_ERR_DISALLOWED, xn__dom_offset_of(st, offs, i, n),
                   l[i]);
            break;
        default:
            xn__dom_record(st, XN_ERR_UNASSIGNED, xn__dom_offset_of(st, offs, i, n), l[i]);
            break;
        }
    }

    /* §4.2.3.3 / §5.4: the contextual rules of RFC 5892 appendix A.  Lookup
     * must check CONTEXTJ and may check CONTEXTO; both are checked here. */
    if (joiners) {
        bits = xn__check_joiners(l, n, &at);
        xn__dom_record(st, bits, xn__dom_offset_of(st, offs, at, n), at < n ? l[at] : XN_NO_CODE_POINT);
    }
    if (contexto && !xn__check_contexto(l, n, &at))
        xn__dom_record(st, XN_ERR_CONTEXTO, xn__dom_offset_of(st, offs, at, n), at < n ? l[at] : XN_NO_CODE_POINT);

    /* RFC 5893. */
    rtl = xn__is_rtl_label(l, n);
    bits = xn__check_bidi(l, n, &at);
    if (st->registration) {
        if (rtl)
            xn__dom_record(st, bits, xn__dom_offset_of(st, offs, at, n), at < n ? l[at] : XN_NO_CODE_POINT);
    } else {
        if (rtl)
            st->bidi_name = true;
        if (bits) {
            st->bidi |= bits;
            xn__dom_note(&st->first_bidi, st, xn__dom_offset_of(st, offs, at, n), at < n ? l[at] : XN_NO_CODE_POINT);
        }
    }
    return XN_OK;
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
        xn__dom_record(st, XN_ERR_A3, st->label_offset, XN_NO_CODE_POINT);
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
    if (rc != XN_OK) {
        *dn = 0;
        xn__dom_record(st, XN_ERR_P4, st->label_offset, XN_NO_CODE_POINT);
        return XN_OK;
    }
    if (*dn == 0 || xn__all_ascii(dec, *dn)) {
        /* RFC 5890 §2.3.2.1: an A-label encodes a U-label, which holds a
         * non-ASCII character. */
        *dn = 0;
        xn__dom_record(st, XN_ERR_P4, st->label_offset, XN_NO_CODE_POINT);
        return XN_OK;
    }
    rc = check_ulabel(st, dec, *dn, NULL, true);
    if (rc != XN_OK)
        return rc;
    rc = encode_ulabel(st, dec, *dn, small, &again, &an, &heap);
    if (rc == XN_OK && (an != n || memcmp(again, lower, n) != 0))
        xn__dom_record(st, XN_ERR_ALABEL, st->label_offset, XN_NO_CODE_POINT);
    xn__scratch_free(heap);
    return rc;
}

/* ---- lengths ------------------------------------------------------------------ */

/* RFC 5891 §4.2 / §5 and RFC 1034 §3.1: a label of 1 to 63 octets in
 * A-label form.  An empty last label after a dot is the root with
 * XN_ALLOW_ROOT_DOT. */
static void finish_label(state *st, size_t ace_bytes, bool last)
{
    if (last)
        st->last_empty = ace_bytes == 0;
    st->ace_len += ace_bytes;
    if (st->flags & XN_NO_VERIFY_DNS_LENGTH)
        return;
    if (ace_bytes == 0) {
        if (!(last && st->label > 0 && (st->flags & XN_ALLOW_ROOT_DOT)))
            xn__dom_record(st, XN_ERR_A4_2, st->label_offset, XN_NO_CODE_POINT);
    } else if (ace_bytes > XN_DNS_LABEL_MAX) {
        xn__dom_record(st, XN_ERR_A4_2, st->label_offset, XN_NO_CODE_POINT);
    }
}

/* ---- lookup: labels -------------------------------------------------------------- */

/* Writes n ASCII bytes, A-Z lower-cased when lower. */
static void put_ascii(sink *o, const char *s, size_t n, bool lower)
{
    size_t i;
    if (!lower) {
        xn__put(o, s, n);
        return;
    }
    for (i = 0; i < n; i++) {
        unsigned c = (unsigned char)s[i];
        char b = (char)(xn__is_upper(c) ? c + 32 : c);
        xn__put(o, &b, 1);
    }
}

/* A label of n ASCII bytes; lower: XN_IDNA2008_MAP lower-cases it (the only
 * UTS #46 mapping of ASCII). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int ascii_label(state *st, const char *s, size_t n, const size_t *offs, bool last,
                       bool lower)
{
    size_t i;

    if (xn__has_ace_prefix_bytes(s, n)) {
        alabel_buffers b;
        size_t dn = 0;
        int rc = n > ALABEL_MAX ? XN_E_TOO_LONG : alabel_buffers_get(&b, n);
        if (rc != XN_OK)
            return rc;
        rc = decode_alabel(st, s, n, b.lower, b.dec, &dn);
        if (rc == XN_OK) {
            if (st->to_unicode && dn > 0)
                xn__put_utf8(&st->out, b.dec, dn);
            else if (dn > 0)
                xn__put(&st->out, b.lower, n);
            else
                xn__put(&st->out, s, n); /* a fake A-label stays as it was */
            finish_label(st, n, last);
        }
        xn__scratch_free(b.heap);
        return rc;
    }

    if ((st->flags & XN_DNS_LABELS) && xn__dns_label(s, n, st->label == 0)) {
        put_ascii(&st->out, s, n, lower);
        finish_label(st, n, last);
        return XN_OK;
    }

    /* An NR-LDH label (RFC 5890 §2.3.1): IDNA2008 leaves it alone, but a
     * host name must follow the LDH rule (RFC 1123 §2.1), as UseSTD3ASCIIRules
     * says: letters, digits and '-', no '-' at either end.  "--" in the
     * third and fourth positions (a reserved LDH label) is not the business
     * of lookup, which tests hyphens on U-labels only (§5.4). */
    if (!(st->flags & XN_NO_STD3_RULES)) {
        for (i = 0; i < n; i++)
            if (!xn__is_ldh((unsigned char)s[i]))
                xn__dom_record(st, XN_ERR_U1, xn__dom_offset_of(st, offs, i, n) + (offs ? 0 : i),
                       (unsigned char)s[i]);
        if (n > 0 && (s[0] == '-' || s[n - 1] == '-'))
            xn__dom_record(st, XN_ERR_V3, st->label_offset, XN_NO_CODE_POINT);
    }
    /* RFC 5893 applies to every label of a Bidi domain name. */
    if (n > 0) {
        uint64_t bits = xn__check_bidi_ascii(s, n);
        if (bits) {
            st->bidi |= bits;
            xn__dom_note(&st->first_bidi, st, st->label_offset, XN_NO_CODE_POINT);
        }
    }
    put_ascii(&st->out, s, n, lower);
    finish_label(st, n, last);
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
        xn__dom_record(st, XN_ERR_P4, xn__dom_offset_of(st, offs, i, n), i < n ? l[i] : XN_NO_CODE_POINT);
        xn__put_utf8(&st->out, l, n);
        finish_label(st, n, last);
        return XN_OK;
    }
    rc = check_ulabel(st, l, n, offs, !mapped);
    if (rc != XN_OK)
        return rc;
    rc = encode_ulabel(st, l, n, small, &ace, &an, &heap);
    if (rc == XN_OK) {
        if (st->to_unicode)
            xn__put_utf8(&st->out, l, n);
        else
            xn__put(&st->out, ace, an);
        finish_label(st, an, last);
    }
    xn__scratch_free(heap);
    return rc;
}

typedef xn__carry carry;

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
    rc = ascii_label(st, a, n, lo, last, false);
    xn__scratch_free(heap);
    return rc;
}

/* Reads one label that holds non-ASCII bytes from *ppos, as code points:
 * decoded, and with XN_IDNA2008_MAP mapped (UTS #46 §4 step 1,
 * nontransitional) and normalized (step 2).  Sets *dot when a U+002E ended
 * it.  Then hands it to unicode_label(), or to ascii_label() when the
 * mapping left only ASCII. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int general_label(state *st, const unsigned char *u, size_t in_len, size_t *ppos,
                         carry *cy, bool *pdot)
{
    bool map = (st->flags & XN_IDNA2008_MAP) != 0;
    xn__mapped m;
    uint32_t small[XN__SMALL_LABEL];
    uint32_t *nb = NULL;
    void *heap = NULL;
    const uint32_t *l;
    const size_t *lo;
    size_t n, dot_at = 0;
    int rc;

    rc = xn__map_label(u, in_len, ppos, cy, map ? XN__MAP_NONTRANSITIONAL : XN__MAP_NONE, &m,
                       pdot, &dot_at);
    l = m.cp;
    lo = m.offs;
    n = m.n;
    if (rc == XN_OK && map && !xn__nfc_quick_yes(m.cp, n)) {
        size_t nn = 0;
        rc = xn__nfc_scratch(m.cp, n, small, &nb, &nn, &heap);
        l = nb;
        n = nn;
        lo = NULL; /* offsets no longer line up: report the label start */
    }
    if (rc == XN_OK)
        rc = mapped_label(st, l, n, lo, map, !*pdot);
    xn__scratch_free(heap);
    xn__mapped_free(&m);
    return rc;
}

static int lookup_name(state *st, const char *in, size_t in_len)
{
    const unsigned char *u = (const unsigned char *)in;
    bool map = (st->flags & XN_IDNA2008_MAP) != 0;
    carry cy;
    size_t pos = 0;
    int rc;

    cy.n = 0;
    cy.offset = 0;
    for (;;) {
        bool dot = false;
        size_t e = pos;
        bool high = false;
        st->label_offset = pos;
        if (cy.n == 0) {
            while (e < in_len && u[e] != '.') {
                if (u[e] >= 0x80) {
                    high = true;
                    break;
                }
                e++;
            }
        }
        if (cy.n == 0 && !high) {
            /* A label of ASCII bytes: no decoding, no ICU. */
            rc = ascii_label(st, in + pos, e - pos, NULL, e == in_len, map);
            if (rc != XN_OK)
                return rc;
            if (e == in_len)
                return XN_OK;
            pos = e + 1;
        } else {
            rc = general_label(st, u, in_len, &pos, &cy, &dot);
            if (rc != XN_OK)
                return rc;
            if (!dot)
                return XN_OK;
        }
        xn__put(&st->out, ".", 1);
        st->ace_len++;
        st->label++;
    }
}

static bool bad_args(const char *in, size_t in_len, const char *out, size_t out_cap,
                     const size_t *out_len)
{
    return (!in && in_len) || (!out && out_cap) || !out_len;
}

static int finish(state *st, char *out, size_t out_cap, size_t *out_len, xn_report *report)
{
    xn__dom_fill_report(report, st);
    return xn__finish(&st->out, st->errors, st->to_unicode, out, out_cap, out_len);
}

static int lookup(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
                  unsigned flags, xn_report *report, bool to_unicode)
{
    state st;
    int rc;

    xn__dom_fill_report(report, NULL);
    if (out_len)
        *out_len = 0;
    if (bad_args(in, in_len, out, out_cap, out_len) || (flags & ~LOOKUP_FLAGS) ||
        xn__report_bad(report) || xn__overlap(in, in_len, out, out_cap))
        return XN_E_INVALID_ARG;
    if (out_cap)
        out[0] = '\0';

    memset(&st, 0, sizeof st);
    st.flags = flags;
    st.to_unicode = to_unicode;
    st.out.buf = out;
    st.out.cap = out_cap;
    rc = lookup_name(&st, in ? in : "", in_len);
    if (rc != XN_OK) {
        if (out_cap)
            out[0] = '\0';
        return rc;
    }

    /* RFC 5893 for every label of a Bidi domain name; 1 to 253 octets in
     * A-label form. */
    xn__dom_end(&st, !(flags & XN_NO_VERIFY_DNS_LENGTH) ? st.ace_len : (size_t)-1);
    return finish(&st, out, out_cap, out_len, report);
}

int xn_idna2008_lookup(const char *in, size_t in_len, char *out, size_t out_cap,
                       size_t *out_len, unsigned flags, xn_report *report)
{
    return lookup(in, in_len, out, out_cap, out_len, flags, report, false);
}

int xn_idna2008_to_unicode(const char *in, size_t in_len, char *out, size_t out_cap,
                           size_t *out_len, unsigned flags, xn_report *report)
{
    return lookup(in, in_len, out, out_cap, out_len, flags, report, true);
}

int xn_idna2008_lookup_alloc(const char *in, size_t in_len, char **out, size_t *out_len,
                             unsigned flags, xn_report *report)
{
    return xn__convert_alloc(xn_idna2008_lookup, false, in, in_len, out, out_len, flags, report);
}

int xn_idna2008_to_unicode_alloc(const char *in, size_t in_len, char **out, size_t *out_len,
                                 unsigned flags, xn_report *report)
{
    return xn__convert_alloc(xn_idna2008_to_unicode, true, in, in_len, out, out_len, flags,
                             report);
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
    size_t k = 0, pos = 0, i;
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
        for (i = 0; i < k; i++) {
            if (l[i] == '.')
                xn__dom_record(st, XN_ERR_V5, offs[i], l[i]);
            else if (!xn__is_ldh(l[i]))
                xn__dom_record(st, XN_ERR_U1, offs[i], l[i]);
        }
        xn__dom_record(st, xn__check_hyphens(l, k, true) & ~XN_ERR_V4, 0, XN_NO_CODE_POINT);
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

int xn_idna2008_register(const char *ulabel, size_t ulabel_len, const char *alabel,
                         size_t alabel_len, char *out, size_t out_cap, size_t *out_len,
                         unsigned flags, xn_report *report)
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

    xn__dom_fill_report(report, NULL);
    if (out_len)
        *out_len = 0;
    if ((!ulabel && ulabel_len) || (!alabel && alabel_len) || (!out && out_cap) || !out_len ||
        (ulabel_len == 0 && alabel_len == 0) || flags != 0 || xn__report_bad(report) ||
        xn__overlap(ulabel, ulabel_len, out, out_cap) || xn__overlap(alabel, alabel_len, out, out_cap))
        return XN_E_INVALID_ARG;
    if (out_cap)
        out[0] = '\0';

    memset(&st, 0, sizeof st);
    st.registration = true;
    st.out.buf = out;
    st.out.cap = out_cap;
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
    if (result_n == 0 || result_n > XN_DNS_LABEL_MAX)
        xn__dom_record(&st, XN_ERR_A4_2, 0, XN_NO_CODE_POINT);
    if (!st.errors)
        xn__put(&st.out, result, result_n);
    xn__scratch_free(heap_u);
    xn__scratch_free(b.heap);
    return finish(&st, out, out_cap, out_len, report);

fail:
    xn__scratch_free(heap_u);
    xn__scratch_free(b.heap);
    if (out_cap)
        out[0] = '\0';
    return rc;
}
