/*
 * The name walk: what the three profiles (uts46.c, idna2008.c, idna2003.c)
 * share to take a domain name apart label by label and put the result
 * together (domain.c).
 *
 * A conversion of a whole name goes
 *
 *     xn__dom_enter()      the argument checks every entry point makes
 *     xn__dom_init()       the call state, the output cleared
 *     xn__walk_start()     the walk over the labels (XN__SPLIT_MAPPED, or
 *                          XN__SPLIT_DOTS for IDNA2003)
 *     while (xn__walk_next())  per label, in the profile's own loop, its rules
 *     xn__dom_settle()     Bidi per domain, the name's length (A4_1)
 *     xn__dom_return()     the report, the output finished (or cleared)
 *
 * and a profile supplies only its per-label rules, recording what a label
 * breaks with xn__dom_record() and its length with xn__dom_label_done().
 */
#ifndef XN_DOMAIN_H
#define XN_DOMAIN_H

#include "bytes.h"
#include "compiler.h"
#include "mapping.h"
#include "report.h"
#include "rules.h"
#include "sink.h"
#include "xn.h"

/* The state of one call.  Each profile uses the fields it needs;
 * xn__dom_init() sets each one (a new field needs a line there). */
typedef struct xn__domain {
    unsigned flags;
    xn__sink out;
    uint64_t errors;      /* violations found so far */
    xn__where first;      /* the first of them */
    uint64_t bidi;        /* RFC 5893 violations, counted only in a Bidi domain name */
    xn__where first_bidi;
    bool bidi_name;       /* a label holds R, AL or AN (RFC 5893 §1.4) */
    bool last_empty;      /* the last label is empty (a trailing root dot) */
    size_t label;         /* index of the label at hand */
    size_t label_offset;  /* its first byte in the input */
    size_t name_len;      /* the name's length in ASCII (A-label) form so far */
    /* How the walk and the length rules treat labels. */
    bool ascii_lengths;   /* label lengths are A-label octets (A4_2), else X4_2 */
    bool one_label;       /* xn_label_to_*: a separator is a V5 violation */
    bool to_ascii;        /* the output is the ASCII form, else the Unicode form */
    /* UTS #46 */
    bool url_forbidden;   /* the output holds a forbidden domain code point */
    /* IDNA2008 */
    bool registration;    /* the Bidi rule is settled per label (RFC 5891 §4.2.3.4) */
    /* Where UTS #46 ToASCII keeps the code points of each U-label it
     * writes, for the display policy (uts46.h); NULL for every other call. */
    struct xn__ulabels *ulabels;
} xn__domain;

/* ---- entry and exit ------------------------------------------------------ */

/* The checks at the entry of every conversion: clears *report and *out_len
 * (where given), then refuses (XN_E_INVALID_ARG) an input NULL with a
 * length, an output NULL with a capacity, out_len NULL, a flag outside
 * allowed, a report too small to be one, input and output sharing a byte,
 * or what the caller found wrong itself (refuse).  Nothing is written to
 * out here: the whole-name fast path of UTS #46 comes between this and
 * xn__dom_init(). */
static inline int xn__dom_enter(const char *in, size_t in_len, const char *out, size_t out_cap,
                                size_t *out_len, unsigned flags, unsigned allowed,
                                xn_report *report, bool refuse)
{
    xn__clear_report(report);
    if (out_len)
        *out_len = 0;
    if (refuse || (!in && in_len) || (!out && out_cap) || !out_len || (flags & ~allowed) ||
        xn__report_bad(report) || xn__overlap(in, in_len, out, out_cap))
        return XN_E_INVALID_ARG;
    return XN_OK;
}

/* Sets up d for a conversion into out[0..out_cap), which it clears.  (This
 * and the other steps of every call are inline: a short name costs little
 * more than their calls did.) */
static inline void xn__dom_init(xn__domain *d, unsigned flags, char *out, size_t out_cap)
{
    /* Field by field, cheaper than clearing the whole state: the places
     * (xn__where) are read only once set. */
    d->flags = flags;
    d->out.buf = out;
    d->out.cap = out_cap;
    d->out.len = 0;
    d->out.full = false;
    d->errors = d->bidi = 0;
    d->first.set = d->first_bidi.set = false;
    d->bidi_name = d->last_empty = false;
    d->label = d->label_offset = d->name_len = 0;
    d->ascii_lengths = d->one_label = d->to_ascii = false;
    d->url_forbidden = d->registration = false;
    d->ulabels = NULL;
    if (out_cap)
        out[0] = '\0';
}


/* The end of a conversion whose walk returned rc.  On a failure (rc not
 * XN_OK) the output is cleared and rc returned, the report left empty;
 * otherwise the report is filled and the output finished as xn__finish()
 * does, kept on violations when keep_output (the ToUnicode forms). */
static inline int xn__dom_return(xn__domain *d, int rc, bool keep_output, size_t *out_len,
                                 xn_report *report)
{
    if (rc != XN_OK) {
        if (d->out.cap)
            d->out.buf[0] = '\0';
        return rc;
    }
    xn__fill_report(report, d->errors, &d->first);
    return xn__finish(&d->out, d->errors, keep_output, d->out.buf, d->out.cap, out_len);
}

/* ---- what a label breaks ------------------------------------------------- */

/* Keeps the first place of a violation (or of a Bidi verdict) in *w. */
static inline void xn__dom_note(xn__where *w, const xn__domain *d, size_t offset, uint32_t cp)
{
    xn__note(w, d->label, offset, cp);
}

/* Adds violations (none when bits is 0) found at offset, blaming cp. */
static inline void xn__dom_record(xn__domain *d, uint64_t bits, size_t offset, uint32_t cp)
{
    if (bits) {
        d->errors |= bits;
        xn__dom_note(&d->first, d, offset, cp);
    }
}

/* Adds violations of the label at hand as a whole: at its first byte, no
 * code point to blame. */
static inline void xn__dom_record_label(xn__domain *d, uint64_t bits)
{
    xn__dom_record(d, bits, d->label_offset, XN_NO_CODE_POINT);
}

/* The input offset of code point i of a label, where it is known (offs),
 * else the label's first byte. */
static inline size_t xn__dom_offset_of(const xn__domain *d, const size_t *offs, size_t i,
                                       size_t n)
{
    return offs && i < n ? offs[i] : d->label_offset;
}

/* Records bits found at index at of the label l[0..n) (offsets offs, or
 * NULL): at n, the label as a whole. */
static inline void xn__dom_record_at(xn__domain *d, uint64_t bits, const uint32_t *l, size_t n,
                                     const size_t *offs, size_t at)
{
    if (bits)
        xn__dom_record(d, bits, xn__dom_offset_of(d, offs, at, n),
                       at < n ? l[at] : XN_NO_CODE_POINT);
}

/* How a label's hyphens are checked (as Rust's idna has it): not at all;
 * no '-' at either end (V3: the LDH rule of RFC 5890 §2.3.1, which
 * IDNA2008 and IDNA2003 ask of NR-LDH labels under UseSTD3ASCIIRules); or
 * that and no "--" in positions 3-4 as well (V2: UTS #46 CheckHyphens). */
typedef enum {
    XN__HYPHENS_ALLOW = 0,
    XN__HYPHENS_ENDS = (int)XN_ERR_V3,
    XN__HYPHENS_FULL = (int)(XN_ERR_V2 | XN_ERR_V3)
} xn__hyphens; /* each the XN_ERR_* bits it asks for */

/* The rules on a label of ASCII bytes s[0..n), for every profile the one
 * place U1, V2 and V3 are found: XN_ERR_U1 at each byte of a class in deny
 * (XN__BC_OTHER: the bytes UseSTD3ASCIIRules refuses, RFC 1123 §2.1; 0:
 * none), at the offset offs gives (NULL: counted from the label's first
 * byte), and the hyphens as hyphens says. */
static inline void xn__dom_check_ascii_label(xn__domain *d, const char *s, size_t n,
                                             const size_t *offs, xn__hyphens hyphens,
                                             unsigned deny)
{
    size_t i;
    if (deny)
        for (i = 0; i < n; i++)
            if (xn__byte_class[(unsigned char)s[i]] & deny)
                xn__dom_record(d, XN_ERR_U1,
                               offs ? xn__dom_offset_of(d, offs, i, n) : d->label_offset + i,
                               (unsigned char)s[i]);
    if (hyphens)
        xn__dom_record_label(d, XN__HYPHEN_ERRORS(s, n) & (uint64_t)hyphens);
}

/* The same rules on the ASCII code points of the label l[0..n) (offsets
 * offs, or NULL), under UseSTD3ASCIIRules: XN_ERR_U1 at each that is not
 * LDH, dot_bits at a '.' (0: none; its profile's rule), the hyphens as
 * hyphens says. */
static inline void xn__dom_check_ascii_code_points(xn__domain *d, const uint32_t *l, size_t n,
                                                   const size_t *offs, xn__hyphens hyphens,
                                                   uint64_t dot_bits)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (l[i] == '.')
            xn__dom_record_at(d, dot_bits, l, n, offs, i);
        else if (l[i] < 0x80 && !xn__is_ldh(l[i]))
            xn__dom_record_at(d, XN_ERR_U1, l, n, offs, i);
    if (hyphens)
        xn__dom_record_label(d, XN__HYPHEN_ERRORS(l, n) & (uint64_t)hyphens);
}

/* Keeps RFC 5893 violations aside until the name proves a Bidi domain
 * name (xn__dom_settle()). */
static inline void xn__dom_keep_bidi(xn__domain *d, uint64_t bits, size_t offset, uint32_t cp)
{
    if (bits) {
        d->bidi |= bits;
        xn__dom_note(&d->first_bidi, d, offset, cp);
    }
}

/* How xn__dom_check_label() checks a label: the choices of a profile. */
typedef struct xn__label_rules {
    bool check_nfc;       /* the label did not come from the NFC step (V1) */
    bool check_hyphens;   /* xn__check_hyphens()'s CheckHyphens */
    uint64_t hyphen_bits; /* which of its verdicts apply */
    bool idna2008;        /* the RFC 5892 derived property and CONTEXTO, else
                           * UTS #46 §4.1 steps 5-8 */
    bool transitional;    /* UTS #46: Transitional_Processing */
    bool std3;            /* UTS #46: UseSTD3ASCIIRules */
    bool joiners;         /* CONTEXTJ (RFC 5892 A.1, A.2) */
} xn__label_rules;

/* The checks of a label of code points l[0..n) (input offsets offs, or
 * NULL), in the order UTS #46 §4.1 and RFC 5891 §5.4 / §4.2 give them:
 * NFC, hyphens, each code point, CONTEXTJ, CONTEXTO, and the Bidi rule
 * (RFC 5893 §2: kept aside until the name proves a Bidi domain name, or
 * settled at once for registration; none with XN_NO_CHECK_BIDI).  An empty
 * label passes.  Returns XN_OK, XN_E_NOMEM or XN_E_INTERNAL. */
int xn__dom_check_label(xn__domain *d, const uint32_t *l, size_t n, const size_t *offs,
                        const xn__label_rules *r);

/* The end of a walk: RFC 5893 holds for every label once some label made
 * the name a Bidi domain name, and, with check_length, the name in ASCII
 * form (name_len) is 1 to 253 octets without a trailing root dot (A4_1;
 * UTS #46 §4.2 step 4.1, RFC 1034 §3.1). */
static inline void xn__dom_settle(xn__domain *d, bool check_length)
{
    if (d->bidi && d->bidi_name)
        xn__merge_bidi(&d->errors, &d->first, d->bidi, &d->first_bidi);
    if (check_length) {
        size_t len = d->name_len - (d->label > 0 && d->last_empty ? 1 : 0);
        if (!xn__name_length_ok(len))
            xn__dom_record(d, XN_ERR_A4_1, 0, XN_NO_CODE_POINT);
    }
}

/* ---- labels and lengths ---------------------------------------------------- */

/* A label of the output is done: bytes is its length in ASCII form (what
 * DNS would carry) or, for UTS #46 ToUnicode, in the output; last: it ends
 * the name.  Adds it to the name's length and checks it: with
 * ascii_lengths, 1 to 63 octets (A4_2), an empty last label after a dot
 * being the root with XN_ALLOW_ROOT_DOT; otherwise no empty label but that
 * root (X4_2).  XN_NO_VERIFY_DNS_LENGTH checks nothing.  Inline: every
 * label of every profile pays it. */
static inline void xn__dom_label_done(xn__domain *d, size_t bytes, bool last)
{
    unsigned f = d->flags;
    d->name_len += bytes;
    if (last)
        d->last_empty = bytes == 0;
    if (f & XN_NO_VERIFY_DNS_LENGTH)
        return;
    if (d->ascii_lengths) {
        bool root = last && d->label > 0 && (f & XN_ALLOW_ROOT_DOT);
        if (!xn__label_length_ok(bytes) && !(bytes == 0 && root))
            xn__dom_record_label(d, XN_ERR_A4_2);
    } else if (bytes == 0 && (!last || d->label == 0)) {
        /* IdnaTestV2's X4_2: ToUnicode reports an empty label other than the
         * root label after a trailing dot. */
        xn__dom_record_label(d, XN_ERR_X4_2);
    }
}

/* Writes the separator between two labels and moves to the next one. */
static inline void xn__dom_next_label(xn__domain *d)
{
    xn__put(&d->out, ".", 1);
    d->name_len++;
    d->label++;
}

/* XN_DNS_LABELS: an underscore label ("_" then letters of either case,
 * digits, '-' and '_', as in SRV and TLSA names), or "*" as the first
 * label. */
bool xn__dns_label(const char *s, size_t n, bool first);

/* For a profile that does not map (IDNA2003): the end of the label that
 * starts at pos of u[0..n), at one of the four dots of RFC 3490 §3.1
 * (U+002E, U+3002, U+FF0E, U+FF61) or at n; *sep_len is the dot's length
 * in bytes (0 at n). */
size_t xn__dom_label_end(const unsigned char *u, size_t n, size_t pos, size_t *sep_len);

/* ---- the walk: a name label by label ----------------------------------------- */

/* Where a walk ends a label. */
enum xn__split {
    /* UTS #46 and IDNA2008: at a '.', or, in a label that is not all ASCII,
     * wherever its mapping makes a U+002E: the profile reads such a label
     * itself (xn__map_label() on the walk's pos, cy, dot and dot_at). */
    XN__SPLIT_MAPPED,
    /* IDNA2003: at any of the four dots of RFC 3490 §3.1 step 1, before
     * anything is mapped; every label comes as bytes. */
    XN__SPLIT_DOTS
};

/* A walk over the labels of a name:
 *
 *     xn__walk w;
 *     xn__walk_start(&w, in, in_len, XN__SPLIT_MAPPED, copy);
 *     while (rc == XN_OK && xn__walk_next(d, &w))
 *         rc = w.bytes ? the rules on w.s[0..w.n) : the profile reads from w.pos;
 *
 * xn__walk_next() does what comes between two labels (the next label's
 * index and offset in d; with d->one_label, the separator is a V5
 * violation) and finds the next one. */
typedef struct xn__walk {
    const char *in;
    size_t in_len;
    enum xn__split split;
    /* XN__SPLIT_MAPPED: copy a label of ASCII bytes, lower-cased, to the
     * output as it is scanned, when the rest of the input surely fits
     * (UTS #46, whose output of such a label is that copy). */
    bool copy_ascii;
    bool started;
    size_t pos;     /* where the label at hand starts; once found, the next */
    xn__carry cy;   /* code points a mapping carried past a U+002E */
    /* The label at hand.  bytes: it is s[0..n), with (XN__SPLIT_MAPPED) only
     * ASCII bytes in it, their classes (bytes.h) or-ed together (0 for a
     * label that starts with "xn--": the walk finds only its end), and
     * written: copied to the output already.  Otherwise the profile reads
     * it from pos, after the code points carried in cy. */
    bool bytes;
    const char *s;
    size_t n;
    unsigned classes;
    bool written;
    /* XN__SPLIT_MAPPED, bytes: the label starts with "xn--" in any case
     * (an A-label, or a fake one), as the walk found; no profile looks
     * again. */
    bool ace;
    /* A separator ends the label (else it is the name's last), at input
     * offset dot_at; the profile's reading sets them for a label it reads. */
    bool dot;
    size_t dot_at;
} xn__walk;

static inline void xn__walk_start(xn__walk *w, const char *in, size_t in_len, enum xn__split split,
                                   bool copy_ascii)
{
    w->in = in ? in : ""; /* in_len is 0: no NULL + 0 below */
    w->in_len = in_len;
    w->split = split;
    w->copy_ascii = copy_ascii;
    w->started = false;
    w->pos = 0;
    w->cy.n = 0;
    w->cy.offset = 0;
}

/* xn's policy on U+0000 (xn.h): a name holding it is an error in every
 * profile, since results are read as C strings.  A label of code points
 * (decoded, mapped) is judged by the code point checks (validity.c: the
 * bit XN_ERR_NUL, which xn__dom_check_label() turns into
 * XN_ERR_URL_FORBIDDEN under XN_URL_RULES).  A label the walk hands over
 * as bytes is searched here, at input offset offset, when its byte classes
 * show a NUL (IDNA2003's labels, unclassified, always), and so is an
 * A-label that does not decode to a label the code point checks see.  The
 * first NUL is recorded.  Out of line: no name DNS carries pays for it. */
void xn__dom_find_nul(xn__domain *d, const char *s, size_t n, size_t offset);

/* Scans the label at u[pos..in_len) while it is ASCII, up to its '.' or the
 * end, or-ing the byte classes into *classes; with out, copies it there
 * lower-cased.  Returns where the scan stopped and the class of that byte
 * in *stop (0 at the end). */
static inline size_t xn__scan_ascii(const unsigned char *u, size_t pos, size_t in_len, char *out,
                                       unsigned *classes, unsigned *stop)
{
    size_t e = pos;
    unsigned c = 0, all = 0;
    if (out) {
        while (e < in_len && !((c = xn__byte_class[u[e]]) & (XN__BC_DOT | XN__BC_NONASCII))) {
            all |= c;
            out[e - pos] = (char)(u[e] | ((c & XN__BC_UPPER) << 4)); /* A-Z to a-z */
            e++;
        }
    } else {
        while (e < in_len && !((c = xn__byte_class[u[e]]) & (XN__BC_DOT | XN__BC_NONASCII))) {
            all |= c;
            e++;
        }
    }
    *classes = all;
    *stop = e < in_len ? c : 0;
    return e;
}

/* Moves to the next label: false when the last one has been taken.  Inline:
 * each profile has the walk in its own loop, with no call a label. */
static XN__ALWAYS_INLINE bool xn__walk_next(xn__domain *d, xn__walk *w)
{
    const unsigned char *u = (const unsigned char *)w->in;
    size_t in_len = w->in_len, pos = w->pos;

    if (w->started) {
        if (!w->dot)
            return false;
        if (d->one_label)
            xn__dom_record(d, XN_ERR_V5, w->dot_at, '.');
        xn__dom_next_label(d);
    }
    w->started = true;
    d->label_offset = pos;
    w->s = w->in + pos;
    if (w->split == XN__SPLIT_DOTS) {
        size_t sep, end = xn__dom_label_end(u, in_len, pos, &sep);
        xn__dom_find_nul(d, w->s, end - pos, pos);
        w->bytes = true;
        w->n = end - pos;
        w->classes = ~0u; /* not classified: any byte may be there */
        w->written = false;
        w->ace = false; /* not looked for: IDNA2003 reads its labels itself */
        w->dot = end < in_len;
        w->dot_at = end;
        w->pos = end + sep;
        return true;
    }
    w->bytes = false;
    w->dot = false;
    w->dot_at = pos;
    if (w->cy.n == 0) {
        /* A label of ASCII bytes up to its dot or the end takes the
         * profile's ASCII rules: no decoding, no ICU.  An A-label, whose
         * output is its decoding, is neither copied nor classified: only
         * its end is looked for. */
        bool ace = xn__has_ace_prefix_bytes(w->s, in_len - pos);
        bool room = w->copy_ascii && !ace && d->out.buf && !d->out.full &&
                    d->out.cap - d->out.len >= in_len - pos;
        unsigned classes = 0, stop;
        size_t e = ace ? xn__ascii_label_end(u, pos, in_len, &stop)
                       : xn__scan_ascii(u, pos, in_len, room ? d->out.buf + d->out.len : NULL,
                                        &classes, &stop);
        if (!(stop & XN__BC_NONASCII)) {
            if (classes & XN__BC_NUL)
                xn__dom_find_nul(d, w->s, e - pos, pos);
            w->bytes = true;
            w->n = e - pos;
            w->classes = classes;
            w->written = room;
            w->ace = ace;
            w->dot = e < in_len;
            w->dot_at = e;
            w->pos = e + 1;
        }
    }
    return true;
}

#endif
