/*
 * IDNA2003: RFC 3490 ToASCII (§4.1) and ToUnicode (§4.2) on whole names,
 * with Nameprep (RFC 3491, the StringPrep profile of RFC 3454 on Unicode
 * 3.2) done by ICU's usprep.
 *
 * The Nameprep profile is opened once per process, by the first call whose
 * name holds something Nameprep may see (a non-ASCII byte, or an "xn--"
 * that ToUnicode decodes and converts back), before the call descends into
 * its labels; it is shared only once opened and tried once more (a
 * warm-up preparation) and never closed: a failed attempt (ICU out of
 * memory, or ICU not to be loaded) shares nothing and the next call tries
 * again.  ICU documents usprep_prepare() on one profile as thread-safe.  A
 * name of ASCII labels only never loads ICU.
 *
 * Labels are separated by the four dots of RFC 3490 §3.1 (U+002E, U+3002,
 * U+FF0E, U+FF61); the output separates them with U+002E.  A label of ASCII
 * characters is never given to Nameprep (§4.1 step 1) and so is passed
 * through unchanged, not lower-cased.  No heap allocation of ours; scratch
 * is bounded by XN_LABEL_LIMIT.
 */
#include <stdatomic.h>
#include <string.h>

#include "call.h"
#include "compiler.h"
#include "domain.h"
#include "flags.h"
#include "icu.h"
#include "normalize.h"
#include "report.h"
#include "rules.h"
#include "sink.h"

#define ALL_FLAGS (XN_ALLOW_UNASSIGNED | XN_NO_STD3_RULES | XN_ALLOW_ROOT_DOT)
_Static_assert(XN__FLAGS_LISTED(ALL_FLAGS), "IDNA2003's flags: a bit not in XN_FLAG_BITS");

/* ---- the public functions ----------------------------------------------- */

/* Below: Nameprep's profile opened if the name may need it, then the
 * labels. */
static int entry(const xn__call *c, bool to_unicode);

/* RFC 3490 §4.1 ToASCII of a whole name. */
int
xn_idna2003_to_ascii(const char *in, size_t in_len, char *out, size_t out_cap,
                     size_t *out_len, unsigned flags, xn_report *report)
{
    return entry(&(const xn__call){in, in_len, out, out_cap, out_len, flags, report}, false);
}

/* RFC 3490 §4.2 ToUnicode of a whole name: a label at which a step fails
 * is written as it was, with XN_E_INVALID_DOMAIN and the steps reported. */
int
xn_idna2003_to_unicode(const char *in, size_t in_len, char *out, size_t out_cap,
                       size_t *out_len, unsigned flags, xn_report *report)
{
    return entry(&(const xn__call){in, in_len, out, out_cap, out_len, flags, report}, true);
}

/* ---- the buffers of one label ---------------------------------------------- */

/* A label's buffers, for labels of up to cap code points before and after
 * Nameprep: on the stack for WORK_SMALL code points (every label DNS can
 * carry), and, when a label needs more, on the heap for XN_LABEL_LIMIT (the
 * label is then converted again: see convert_name()). */
#define WORK_SMALL 64

typedef struct work {
    size_t cap;
    uint32_t *l, *prepped, *dec; /* cap code points each */
    size_t *offs;                /* cap */
    UChar *src, *dst;            /* Nameprep's UTF-16: 2 * cap units each */
    char *ace, *pc;              /* 8 * cap + 4 bytes each (ACE forms) */
} work;

/* The bytes a work of cap code points takes. */
#define WORK_BYTES(cap) \
    ((cap) * (3 * sizeof(uint32_t) + sizeof(size_t) + 4 * sizeof(UChar)) + 2 * (8 * (cap) + 4))

/* Lays the buffers of a work for cap code points out in mem (WORK_BYTES
 * bytes, aligned for size_t). */
static void work_init(work *w, void *mem, size_t cap)
{
    unsigned char *p = mem;
    w->cap = cap;
    w->offs = (size_t *)(void *)p;
    p += cap * sizeof(size_t);
    w->l = (uint32_t *)(void *)p;
    p += cap * sizeof(uint32_t);
    w->prepped = (uint32_t *)(void *)p;
    p += cap * sizeof(uint32_t);
    w->dec = (uint32_t *)(void *)p;
    p += cap * sizeof(uint32_t);
    w->src = (UChar *)(void *)p;
    p += 2 * cap * sizeof(UChar);
    w->dst = (UChar *)(void *)p;
    p += 2 * cap * sizeof(UChar);
    w->ace = (char *)p;
    p += 8 * cap + 4;
    w->pc = (char *)p;
}

/* ---- the state of one call ------------------------------------------------ */

/* The name walk's (domain.h), with Nameprep and the label's buffers. */
typedef struct state {
    xn__domain d;
    const UStringPrepProfile *nameprep;
    work *w;
} state;

/* ---- the one Nameprep profile ---------------------------------------------- */

static xn__icu_slot nameprep_slot;

/* The profile opened and used once (xn__icu_make()). */
static void *nameprep_make(int *rc)
{
    /* "Ä" and a soft hyphen: mapped, normalized and checked. */
    static const UChar text[] = {0x00C4, 0x00AD, 0x0062};
    UChar prepped[16];
    UErrorCode err = U_ZERO_ERROR;
    UStringPrepProfile *p = XN__ICU(usprep_openByType)(USPREP_RFC3491_NAMEPREP, &err);

    if (U_SUCCESS(err) && p)
        XN__ICU(usprep_prepare)(p, text, 3, prepped, 16, USPREP_DEFAULT, NULL, &err);
    if (U_FAILURE(err) || !p) {
        if (p)
            XN__ICU(usprep_close)(p);
        *rc = U_FAILURE(err) ? xn__icu_failure(err) : XN_E_INTERNAL;
        return NULL;
    }
    return p;
}

/* The shared profile when in[0..n) may need it, else NULL; XN_OK or the
 * failure to open it. */
static int nameprep_for(const char *in, size_t n, const UStringPrepProfile **out)
{
    void *p = atomic_load_explicit(&nameprep_slot, memory_order_acquire);
    int rc = XN_OK;
    if (!p && !xn__ascii_without_ace(in, n)) /* else Nameprep sees no label */
        rc = xn__icu_make(&nameprep_slot, XN__ICU_UC, nameprep_make, &p);
    *out = p;
    return rc;
}


/* ---- Nameprep (RFC 3491) through ICU --------------------------------------- */

/* Nameprep on l[0..n) into out (the work's cap code points).  Returns
 * XN_OK with *ok false and the violation recorded when Nameprep fails, or
 * XN_E_TOO_LONG when the result would pass the work's cap, or ICU's
 * failure (XN_E_NOMEM when it ran out of memory, else XN_E_INTERNAL). */
static int nameprep(state *st, const uint32_t *l, size_t n, const size_t *offs, uint32_t *out,
                    size_t *out_n, bool *ok)
{
    UChar *src = st->w->src, *dst = st->w->dst;
    const size_t u16_cap = 2 * st->w->cap;
    int32_t sn = 0, dn, i;
    size_t o = 0, k;
    UErrorCode err = U_ZERO_ERROR;
    UParseError pe;

    *ok = true;
    if (!xn__to_utf16(l, n, src, u16_cap, &sn))
        return XN_E_TOO_LONG;
    memset(&pe, 0, sizeof pe);
    if (!st->nameprep)
        return XN_E_INTERNAL; /* nameprep_for() saw no byte Nameprep could get */
    dn = XN__ICU(usprep_prepare)(st->nameprep, src, sn, dst, (int32_t)u16_cap,
                        (st->d.flags & XN_ALLOW_UNASSIGNED) ? USPREP_ALLOW_UNASSIGNED
                                                          : USPREP_DEFAULT,
                        &pe, &err);
    if (err == U_STRINGPREP_PROHIBITED_ERROR || err == U_STRINGPREP_UNASSIGNED_ERROR ||
        err == U_STRINGPREP_CHECK_BIDI_ERROR) {
        uint64_t bit = err == U_STRINGPREP_PROHIBITED_ERROR   ? XN_ERR_NAMEPREP_PROHIBITED
                       : err == U_STRINGPREP_UNASSIGNED_ERROR ? XN_ERR_NAMEPREP_UNASSIGNED
                                                              : XN_ERR_NAMEPREP_BIDI;
        /* ICU finds an unassigned code point while mapping, and gives its
         * offset in UTF-16 units of the input; prohibited code points and
         * the Bidi rule are checked after mapping and NFKC, where offsets
         * no longer line up: those report the label. */
        size_t at = n, units = 0;
        if (bit == XN_ERR_NAMEPREP_UNASSIGNED && pe.offset >= 0) {
            for (k = 0; k < n && units < (size_t)pe.offset; k++)
                units += l[k] < 0x10000 ? 1 : 2;
            if (units == (size_t)pe.offset)
                at = k;
        }
        xn__dom_record_at(&st->d, bit, l, n, offs, at);
        *ok = false;
        return XN_OK;
    }
    if (err == U_BUFFER_OVERFLOW_ERROR)
        return XN_E_TOO_LONG;
    if (U_FAILURE(err))
        return xn__icu_failure(err);
    for (i = 0; i < dn;) {
        uint32_t c = xn__utf16_next(dst, dn, &i);
        if (o >= st->w->cap)
            return XN_E_TOO_LONG;
        out[o++] = c;
    }
    *out_n = o;
    return XN_OK;
}

/* RFC 3490 §4.1 steps 1-2 and §4.2 steps 1-2: an ASCII label goes on as it
 * is, any other through Nameprep.  *p, *pn: the label to go on with; *ok
 * false when Nameprep failed (the violation recorded). */
static int prepare(state *st, const uint32_t *l, size_t n, const size_t *offs,
                   const uint32_t **p, size_t *pn, bool *ok)
{
    *p = l;
    *pn = n;
    *ok = true;
    if (xn__all_ascii(l, n))
        return XN_OK;
    *p = st->w->prepped;
    return nameprep(st, l, n, offs, st->w->prepped, pn, ok);
}

/* ---- RFC 3490 §4.1 ToASCII on one label -------------------------------------- */

/*
 * ToASCII of l[0..n) into ace[] (room for 8 * cap + 4 bytes of the work).
 * Returns XN_OK with *ok telling whether the label converted (violations
 * recorded), or a hard status.  offs: input offsets of the code points, or
 * NULL (then the label start is reported).
 */
static int to_ascii_label(state *st, const uint32_t *l, size_t n, const size_t *offs, char *ace,
                          size_t *ace_n, bool *ok)
{
    const uint32_t *p;
    size_t pn, i, len = 0;
    const size_t *po;
    uint64_t before = st->d.errors;
    bool prep_ok;
    int rc;

    *ace_n = 0;
    *ok = false;
    /* Steps 1 and 2: Nameprep (with AllowUnassigned as the flag says) unless
     * the label is ASCII. */
    rc = prepare(st, l, n, offs, &p, &pn, &prep_ok);
    if (rc != XN_OK || !prep_ok)
        return rc;
    po = p == l ? offs : NULL;
    /* A U+002E that Nameprep made (from U+2024 and the like) would change
     * the name's labels: no label may hold one. */
    for (i = 0; i < pn; i++)
        if (p[i] == '.')
            xn__dom_record_at(&st->d, XN_ERR_V5, p, pn, po, i);
    /* Step 3: UseSTD3ASCIIRules: no non-LDH ASCII (a), no '-' at either end
     * (b). */
    if (!(st->d.flags & XN_NO_STD3_RULES)) {
        /* dots: V5 above */
        xn__dom_check_ascii_code_points(&st->d, p, pn, po, XN__HYPHENS_ENDS, 0);
    }
    if (xn__all_ascii(p, pn)) {
        /* Step 4: all ASCII, skip to step 8. */
        if (pn > XN_ACE_LIMIT + 4)
            return XN_E_TOO_LONG;
        for (i = 0; i < pn; i++)
            ace[i] = (char)p[i];
        len = pn;
    } else {
        /* Step 5: must not begin with the ACE prefix. */
        if (xn__has_ace_prefix(p, pn))
            xn__dom_record_label(&st->d, XN_ERR_ACE_PREFIX);
        /* Steps 6 and 7: Punycode, and the prefix. */
        rc = xn_punycode_encode(p, pn, NULL, ace + 4, 8 * st->w->cap, &len);
        if (rc == XN_E_BUFFER_TOO_SMALL || rc == XN_E_TOO_LONG)
            return XN_E_TOO_LONG;
        if (rc != XN_OK) {
            xn__dom_record_label(&st->d, XN_ERR_A3);
            return XN_OK;
        }
        memcpy(ace, "xn--", 4);
        len += 4;
    }
    /* Step 8: 1 to 63 code points. */
    if (!xn__label_length_ok(len))
        xn__dom_record_label(&st->d, XN_ERR_A4_2);
    *ace_n = len;
    *ok = st->d.errors == before;
    return XN_OK;
}

/* ---- RFC 3490 §4.2 ToUnicode on one label --------------------------------------- */

/* Writes the ToUnicode result of l[0..n) (the label as the input had it,
 * raw[0..raw_n)): the decoded label, or the label unchanged when a step
 * fails (violations recorded) or it is no ACE label. */
static int to_unicode_label(state *st, const uint32_t *l, size_t n, const char *raw,
                            size_t raw_n)
{
    uint32_t *dec = st->w->dec;
    char *pc = st->w->pc, *ace = st->w->ace;
    const uint32_t *p;
    size_t pn, dn = 0, an = 0, i;
    bool ok;
    int rc;

    /* Steps 1 and 2: Nameprep unless all ASCII. */
    rc = prepare(st, l, n, NULL, &p, &pn, &ok);
    if (rc != XN_OK)
        return rc;
    if (!ok)
        goto original;
    /* Step 3: no ACE prefix: the label is returned unchanged, and that is
     * no failure. */
    if (!xn__has_ace_prefix(p, pn)) {
        xn__put(&st->d.out, raw, raw_n);
        return XN_OK;
    }
    /* Steps 4 and 5: the Punycode after the prefix. */
    if (pn - 4 > XN_ACE_LIMIT || !xn__all_ascii(p, pn)) {
        xn__dom_record_label(&st->d, XN_ERR_P4);
        goto original;
    }
    for (i = 0; i < pn; i++)
        pc[i] = (char)p[i];
    rc = xn_punycode_decode(pc + 4, pn - 4, dec, st->w->cap, &dn, NULL);
    if (rc == XN_E_INTERNAL)
        return rc;
    if (rc == XN_E_BUFFER_TOO_SMALL)
        return XN_E_TOO_LONG; /* the small work: convert_name() converts the label again */
    if (rc != XN_OK) {
        xn__dom_record_label(&st->d, XN_ERR_P4);
        goto original;
    }
    /* Step 6: ToASCII of the result, with the same flags. */
    rc = to_ascii_label(st, dec, dn, NULL, ace, &an, &ok);
    if (rc != XN_OK)
        return rc;
    if (!ok)
        goto original;
    /* Step 7: it must equal step 3's string, case-insensitively. */
    for (i = 0; i < an && an == pn; i++) {
        unsigned a = (unsigned char)ace[i], b = (unsigned char)pc[i];
        if ((xn__is_upper(a) ? a + 32 : a) != (xn__is_upper(b) ? b + 32 : b))
            break;
    }
    if (an != pn || i != an) {
        xn__dom_record_label(&st->d, XN_ERR_ROUNDTRIP);
        goto original;
    }
    /* Step 8: the decoded label. */
    xn__put_utf8(&st->d.out, dec, dn);
    return XN_OK;

original:
    xn__put(&st->d.out, raw, raw_n);
    return XN_OK;
}

/* ---- whole names ------------------------------------------------------------------ */

/* One label of input bytes s[0..n) (no separator in it). */
XN__NOINLINE static int convert_label(state *st, const char *s, size_t n, bool to_unicode,
                                      bool last)
{
    const unsigned char *u = (const unsigned char *)s;
    uint32_t *l = st->w->l;
    size_t *offs = st->w->offs;
    char *ace = st->w->ace;
    size_t k = 0, pos = 0, an = 0;
    bool ascii = true, ok;
    int rc;

    while (pos < n) {
        uint32_t c;
        size_t len = xn__utf8_decode(u + pos, n - pos, &c);
        if (len == 0)
            return XN_E_BAD_UTF8;
        if (c >= 0x80)
            ascii = false;
        if (k < st->w->cap) {
            l[k] = c;
            offs[k] = st->d.label_offset + pos;
        }
        k++;
        pos += len;
    }
    if (k > st->w->cap && k <= XN_LABEL_LIMIT)
        return XN_E_TOO_LONG; /* the small work: convert_name() converts the label again */
    if (k > XN_LABEL_LIMIT) {
        /* Longer than any label Nameprep or Punycode is asked to take.  An
         * ASCII one is still checked by step 3 and fails step 8. */
        if (!ascii)
            return XN_E_TOO_LONG;
        if (to_unicode) {
            if (xn__has_ace_prefix(l, k))
                xn__dom_record_label(&st->d, XN_ERR_P4);
            xn__put(&st->d.out, s, n);
            return XN_OK;
        }
        if (!(st->d.flags & XN_NO_STD3_RULES))
            xn__dom_check_ascii_label(&st->d, s, n, NULL, XN__HYPHENS_ENDS, XN__BC_OTHER);
        xn__dom_record_label(&st->d, XN_ERR_A4_2);
        return XN_OK;
    }

    if (to_unicode) {
        if (k == 0)
            return XN_OK;
        return to_unicode_label(st, l, k, s, n);
    }
    if (k == 0) {
        /* Step 8 for an empty label.  One trailing root dot is not a label
         * (RFC 3490 §3.1 allows the dot; libidn, ICU's IDNA2003 API and
         * Python's codec keep it), so it is accepted whatever the flags. */
        if (!(last && st->d.label > 0))
            xn__dom_record_label(&st->d, XN_ERR_A4_2);
        return XN_OK;
    }
    rc = to_ascii_label(st, l, k, offs, ace, &an, &ok);
    if (rc != XN_OK)
        return rc;
    xn__put(&st->d.out, ace, an);
    return XN_OK;
}

XN__NOINLINE static int convert_name(const char *in, size_t in_len, char *out, size_t out_cap,
                                     size_t *out_len, unsigned flags, xn_report *report,
                                     bool to_unicode, const UStringPrepProfile *nameprep,
                                     int prep_rc)
{
    const unsigned char *u;
    xn__walk w;
    /* size_t elements: the work's first array is size_t. */
    size_t small_mem[(WORK_BYTES(WORK_SMALL) + sizeof(size_t) - 1) / sizeof(size_t)];
    void *big_mem = NULL;
    work small, big;
    state st;
    int rc = xn__dom_enter(in, in_len, out, out_cap, out_len, flags, ALL_FLAGS, report, false);

    if (rc != XN_OK)
        return rc;
    if (!in)
        in = ""; /* in_len is 0: no NULL + 0 below */
    u = (const unsigned char *)in;
    xn__dom_init(&st.d, flags, out, out_cap);
    {
        /* A name that is one dot alone, of any of the four (RFC 3490 §3.1
         * step 1), is the root: no label, so none is empty (step 8), as
         * GNU libidn answers. */
        size_t sep;
        if (in_len && xn__dom_label_end(u, in_len, 0, &sep) == 0 && sep == in_len) {
            xn__put(&st.d.out, ".", 1);
            return xn__dom_return(&st.d, XN_OK, to_unicode, out_len, report);
        }
    }
    work_init(&small, small_mem, WORK_SMALL);
    st.w = &small;
    if (prep_rc != XN_OK)
        return xn__dom_return(&st.d, prep_rc, to_unicode, out_len, report);
    st.nameprep = nameprep;

    /* RFC 3490 §3.1 step 1: labels end at any of the four dots, found
     * before anything is mapped. */
    xn__walk_start(&w, in, in_len, XN__SPLIT_DOTS, false);
    while (rc == XN_OK && xn__walk_next(&st.d, &w)) {
        rc = convert_label(&st, w.s, w.n, to_unicode, !w.dot);
        if (rc == XN_E_TOO_LONG && st.w == &small) {
            /* Too long for the stack's buffers: once more with buffers for
             * XN_LABEL_LIMIT.  Nothing to undo: a label returns
             * XN_E_TOO_LONG before it writes any output, and the buffers'
             * size decides nothing before that, so what it recorded the
             * first time it records again, in the same order (the bits
             * the same, the first violation the same). */
            big_mem = malloc(WORK_BYTES(XN_LABEL_LIMIT));
            if (!big_mem) {
                rc = XN_E_NOMEM;
                break;
            }
            work_init(&big, big_mem, XN_LABEL_LIMIT);
            st.w = &big;
            rc = convert_label(&st, w.s, w.n, to_unicode, !w.dot);
        }
    }
    free(big_mem);
    return xn__dom_return(&st.d, rc, to_unicode, out_len, report);
}

/* A public call: Nameprep's profile opened, if the name may need it,
 * before the frame of the labels' buffers. */
static int entry(const xn__call *c, bool to_unicode)
{
    const UStringPrepProfile *nameprep = NULL;
    int prep_rc = c->in ? nameprep_for(c->in, c->in_len, &nameprep) : XN_OK;
    return convert_name(c->in, c->in_len, c->out, c->out_cap, c->out_len, c->flags, c->report,
                        to_unicode, nameprep, prep_rc);
}
