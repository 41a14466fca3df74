/*
 * Declarations shared between libxn's source files.  Internal non-static
 * names start with xn__.  Never installed.
 */
#ifndef XN_INTERNAL_H
#define XN_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xn.h"

/* Keeps a function out of line: a rare path whose large frame would
 * otherwise be paid by every call of its caller (the stack budget of xn.h,
 * and the cost of the common path). */
#if defined(__GNUC__)
#define XN__NOINLINE __attribute__((noinline))
#else
#define XN__NOINLINE
#endif

/* And the other way: a small function on a hot path that compilers might
 * leave out of line (or one made twice with a constant argument). */
#if defined(__GNUC__)
#define XN__ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define XN__ALWAYS_INLINE inline
#endif

/* ---- output and reports, shared by the converters ----------------------- */

/* The caller's output buffer being filled: what fits is written, and
 * everything is counted, so that a too-small buffer (or a size query with
 * buf NULL and cap 0) learns the size it needs. */
typedef struct xn__sink {
    char *buf;
    size_t cap;
    size_t len;
    bool full; /* something did not fit: stop writing, keep counting */
} xn__sink;

static inline void xn__put(xn__sink *s, const void *p, size_t n)
{
    if (n == 0) /* buf may be NULL */
        return;
    if (!s->full && n <= s->cap - s->len)
        memcpy(s->buf + s->len, p, n);
    else
        s->full = true;
    s->len += n;
}

/* Whether c is an ASCII upper-case letter. */
static inline bool xn__is_upper(uint32_t c)
{
    return c - 'A' < 26u;
}

/* xn__put() of ASCII bytes with A-Z lower-cased. */
static inline void xn__put_lower(xn__sink *s, const char *p, size_t n)
{
    size_t i;
    if (s->full || n > s->cap - s->len) {
        s->full = true;
        s->len += n;
        return;
    }
    for (i = 0; i < n; i++) {
        unsigned c = (unsigned char)p[i];
        s->buf[s->len + i] = (char)(xn__is_upper(c) ? c + 32 : c);
    }
    s->len += n;
}

/* The stack budget (xn.h): per-label buffers sized for XN_LABEL_LIMIT code
 * points do not fit 16 KiB together, so each is a small array on the stack
 * that holds a label of up to XN__SMALL_LABEL code points (every label DNS
 * can carry, with room to spare), and a heap block for a longer one. */
#define XN__SMALL_LABEL 256

/* need bytes of scratch: small (small_size bytes, on the caller's stack)
 * when it is large enough, else a heap block that *heap receives, for the
 * caller to free() (*heap is NULL otherwise).  NULL when the allocation
 * fails: the caller returns XN_E_NOMEM. */
static inline void *xn__scratch(void *small, size_t small_size, size_t need, void **heap)
{
    *heap = NULL;
    if (need <= small_size)
        return small;
    *heap = malloc(need);
    return *heap;
}

/* Releases what xn__scratch() took from the heap (no call for the common
 * case, where it took nothing). */
static inline void xn__scratch_free(void *heap)
{
    if (heap)
        free(heap);
}

/* Where the first rule violation of a call was found: the xn_report fields
 * besides the error bits. */
typedef struct xn__where {
    bool set;
    size_t label;
    size_t offset;
    uint32_t cp;
} xn__where;

/* Keeps the first place only. */
static inline void xn__note(xn__where *w, size_t label, size_t offset, uint32_t cp)
{
    if (!w->set) {
        w->set = true;
        w->label = label;
        w->offset = offset;
        w->cp = cp;
    }
}

/* Whether the bytes [a, a + an) and [b, b + bn) share a byte: an input and
 * an output buffer must not (xn.h), and a call that is given such a pair
 * fails with XN_E_INVALID_ARG rather than read what it already wrote.
 * Compared as integers: the two need not point into one object. */
static inline bool xn__overlap(const void *a, size_t an, const void *b, size_t bn)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    if (an == 0 || bn == 0)
        return false;
    return x >= y ? x - y < bn : y - x < an; /* no sum that could wrap */
}

/* The smallest size a caller's xn_report may give: that of its first
 * layout, which ends with code_point. */
#define XN__REPORT_MIN_SIZE (offsetof(xn_report, code_point) + sizeof(uint32_t))

/* A report the caller gave with a size too small to be one (NULL is fine). */
static inline bool xn__report_bad(const xn_report *r)
{
    return r && r->size < XN__REPORT_MIN_SIZE;
}

/* Fills *r (r may be NULL; a bad one is left alone) with the error bits and
 * the first violation (first is read only when errors is not 0), writing
 * only the bytes the caller's size covers. */
static inline void xn__fill_report(xn_report *r, uint64_t errors, const xn__where *first)
{
    xn_report full;

    if (!r || xn__report_bad(r))
        return;
    memset(&full, 0, sizeof full);
    full.size = r->size;
    full.errors = errors;
    full.code_point = XN_NO_CODE_POINT;
    if (errors && first->set) {
        full.label = first->label;
        full.offset = first->offset;
        full.code_point = first->cp;
    }
    memcpy(r, &full, r->size < sizeof full ? r->size : sizeof full);
}

/* The report of a call that found nothing yet (or failed before looking). */
static inline void xn__clear_report(xn_report *r)
{
    xn__fill_report(r, 0, NULL);
}

/* Adds the RFC 5893 violations found in a name that turned out to be a
 * Bidi domain name, keeping whichever first place comes first. */
static inline void xn__merge_bidi(uint64_t *errors, xn__where *first, uint64_t bidi,
                                  const xn__where *first_bidi)
{
    *errors |= bidi;
    if (!first->set || first_bidi->label < first->label ||
        (first_bidi->label == first->label && first_bidi->offset < first->offset))
        *first = *first_bidi;
}

/* Ends a conversion into out[0..out_cap): with violations, ToASCII-like
 * calls (keep_output false) write nothing and return XN_E_INVALID_DOMAIN;
 * otherwise *out_len is the length, XN_E_BUFFER_TOO_SMALL when it did not
 * fit (out[0] cleared), else the output is NUL-terminated when there is
 * room and the status is XN_OK or XN_E_INVALID_DOMAIN. */
static inline int xn__finish(const xn__sink *s, uint64_t errors, bool keep_output, char *out,
                             size_t out_cap, size_t *out_len)
{
    if (errors && !keep_output) {
        if (out_cap)
            out[0] = '\0';
        *out_len = 0;
        return XN_E_INVALID_DOMAIN;
    }
    *out_len = s->len;
    if (s->full || s->len > out_cap) {
        if (out_cap)
            out[0] = '\0';
        return XN_E_BUFFER_TOO_SMALL;
    }
    if (s->len < out_cap)
        out[s->len] = '\0';
    return errors ? XN_E_INVALID_DOMAIN : XN_OK;
}

/* status.c: writes the names of the bits set in bits, lowest first,
 * separated by commas, into buf as xn_errors_format() documents; name()
 * gives the name of one bit. */
size_t xn__format_bits(uint64_t bits, const char *(*name)(uint64_t bit), char *buf,
                       size_t buf_cap);

/* A converter with the caller-buffer contract of xn_to_ascii(). */
typedef int (*xn__convert_fn)(const char *in, size_t in_len, char *out, size_t out_cap,
                              size_t *out_len, unsigned flags, xn_report *report);

/* Defines a public converter with the signature of xn__convert_fn (xn_to_ascii()
 * and its kin) as a call of impl with further arguments, the choices that
 * tell the converters of one profile apart. */
#define XN__CONVERTER(name, impl, ...)                                                     \
    int name(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,   \
             unsigned flags, xn_report *report)                                          \
    {                                                                                    \
        return impl(in, in_len, out, out_cap, out_len, flags, report, __VA_ARGS__);      \
    }

/* A converter with a further out-parameter of its own (xn_to_display()'s
 * report, the mail functions' smtputf8), passed through as extra. */
typedef int (*xn__convert_extra_fn)(const char *in, size_t in_len, char *out, size_t out_cap,
                                    size_t *out_len, unsigned flags, xn_report *report,
                                    void *extra);


/* uts46.c: xn_to_ascii() (to_ascii), xn_to_unicode(), and their label forms
 * (one_label), always by the general path, never the whole-name ASCII fast
 * path: the fuzz targets check that both give the same, byte for byte. */
int xn__uts46_general(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
                      unsigned flags, xn_report *report, bool to_ascii, bool one_label);

/* alloc.c: the *_alloc contract on top of convert: on XN_OK (and on
 * XN_E_INVALID_DOMAIN when output_on_invalid, as ToUnicode writes its output
 * then) *out gets a NUL-terminated copy to free with xn_free(); on any other
 * status *out is NULL and *out_len 0.  A result that fits XN_DOMAIN_MAX
 * bytes costs one conversion and one allocation, a longer one converts
 * twice (the second time into a block of the exact size), and what the
 * converter leaves in report (and extra) is from its last call. */
int xn__convert_alloc_extra(xn__convert_extra_fn convert, void *extra, bool output_on_invalid,
                            const char *in, size_t in_len, char **out, size_t *out_len,
                            unsigned flags, xn_report *report);
int xn__convert_alloc(xn__convert_fn convert, bool output_on_invalid, const char *in,
                      size_t in_len, char **out, size_t *out_len, unsigned flags,
                      xn_report *report);

/* ---- mapping.c: UTS #46 §4 step 1 ---------------------------------------- */

/* The longest mapping in the table is 18 code points (U+FDFA). */
#define XN__CARRY_MAX 32

/* Code points that a mapping produced after a U+002E: they open the next
 * label.  Starts with n == 0. */
typedef struct xn__carry {
    uint32_t cp[XN__CARRY_MAX];
    size_t n;
    size_t offset; /* the input offset of the code point that produced them */
} xn__carry;

/* One label as code points, each with the input offset it came from: in
 * the small arrays, or, past XN__SMALL_LABEL code points, in one heap block
 * for XN_LABEL_LIMIT of them.  xn__map_label() sets it up; release it with
 * xn__mapped_free() whatever the outcome. */
typedef struct xn__mapped {
    uint32_t *cp;
    size_t *offs;
    size_t n;
    void *heap;
    /* The NFC quick check of the label (xn__nfc_quick_yes()), made while
     * mapping: true when the label is surely in NFC already. */
    bool nfc_yes;
    /* Whether the mapped label is simple (validity.h). */
    bool simple;
    bool ascii; /* every code point is ASCII */
    uint32_t small_cp[XN__SMALL_LABEL];
    size_t small_offs[XN__SMALL_LABEL];
} xn__mapped;

static inline void xn__mapped_free(xn__mapped *m)
{
    xn__scratch_free(m->heap);
    m->heap = NULL;
}

enum xn__map_mode {
    XN__MAP_NONE,            /* decode only (IDNA2008 without mapping) */
    XN__MAP_NONTRANSITIONAL, /* UTS #46 mapping; deviations kept */
    XN__MAP_TRANSITIONAL     /* UTS #46 mapping; deviations mapped */
};

/* Reads the label that starts at *ppos of u[0..in_len), after the code
 * points carried in *cy, into *m: decoded (strict UTF-8), and unless mode is
 * XN__MAP_NONE mapped, A-Z lower-cased; m->nfc_yes is the NFC quick check
 * of the result (xn__nfc_quick_yes()).  It ends at a U+002E in the input
 * or in a mapping (*pdot set, *pdot_at its input offset; what the mapping
 * gives after it goes to *cy), or at the end.  Advances *ppos.  Returns
 * XN_OK, XN_E_BAD_UTF8, XN_E_TOO_LONG past XN_LABEL_LIMIT code points, or
 * XN_E_NOMEM.  Release *m with xn__mapped_free() in every case. */
int xn__map_label(const unsigned char *u, size_t in_len, size_t *ppos, xn__carry *cy,
                  enum xn__map_mode mode, xn__mapped *m, bool *pdot, size_t *pdot_at);

/* ---- uts46.c ------------------------------------------------------------ */

/* The flag bits xn_to_ascii() and xn_to_unicode() take; the functions built
 * on them check their flags against it first. */
#define XN__UTS46_FLAGS                                                                  \
    (XN_TRANSITIONAL | XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_CHECK_BIDI |       \
     XN_NO_CHECK_JOINERS | XN_NO_VERIFY_DNS_LENGTH | XN_IGNORE_INVALID_PUNYCODE |        \
     XN_ALLOW_ROOT_DOT | XN_URL_RULES | XN_DNS_LABELS)

/* ---- utf8.h: strict UTF-8 (RFC 3629) ---------------------------------- */

#include "utf8.h"

/* Appends l[0..n), scalar values, as UTF-8: straight into the buffer when
 * 4 bytes a code point surely fit, else through xn__put(). */
static inline void xn__put_utf8(xn__sink *s, const uint32_t *l, size_t n)
{
    size_t i;
    if (n > 0 && !s->full && n <= (s->cap - s->len) / 4) {
        char *o = s->buf + s->len, *start = o; /* locals: a char store may alias *s */
        for (i = 0; i < n; i++)
            o += xn__utf8_put(l[i], o);
        s->len += (size_t)(o - start);
        return;
    }
    for (i = 0; i < n; i++) {
        char tmp[4];
        xn__put(s, tmp, xn__utf8_put(l[i], tmp));
    }
}

/* ---- punycode.c ---------------------------------------------------------- */

/* xn_punycode_encode() with an overflow bound maxint below 0xFFFFFFFF (at
 * least XN_LABEL_LIMIT + 1), so that tests can reach the RFC 3492 §6.4
 * overflow checks, which no input under XN_LABEL_LIMIT can trip. */
int xn__punycode_encode_bounded(const uint32_t *in, size_t in_len,
                                const unsigned char *case_flags, char *out,
                                size_t out_cap, size_t *out_len, uint32_t maxint);

/* xn_punycode_encode() without its argument checks and case flags, for a
 * caller whose buffers are its own: out_len set, in and out valid for
 * in_len and out_cap and apart.  The statuses are xn_punycode_encode()'s. */
int xn__punycode_encode_unchecked(const uint32_t *in, size_t in_len, char *out,
                                  size_t out_cap, size_t *out_len);

/* xn_punycode_decode() likewise, without case flags. */
int xn__punycode_decode_unchecked(const char *in, size_t in_len, uint32_t *out,
                                  size_t out_cap, size_t *out_len);

/* ---- validity.c: UTS #46 §4.1, RFC 5892 appendix A, RFC 5893 §2 -------- */

/* Each xn__check_* works on one label of n code points (n may be 0) and
 * returns the XN_ERR_* bits it violates, 0 when it holds.  Where a `where` pointer
 * is given, it receives the index of the first offending code point, or n
 * when the violation is about the label as a whole. */

/* RFC 5892 A.1 (ZWNJ, C1) and A.2 (ZWJ, C2). */
uint64_t xn__check_joiners(const uint32_t *label, size_t n, size_t *where);

/* RFC 5893 §2 rules 1-6 (B1-B6) as they apply to one label of a Bidi
 * domain name.  Empty labels pass. */
uint64_t xn__check_bidi(const uint32_t *label, size_t n, size_t *where);

/* True when the label holds a character of Bidi_Class R, AL or AN, which
 * makes the whole name a Bidi domain name (RFC 5893 §1.4). */
bool xn__is_rtl_label(const uint32_t *label, size_t n);

/* xn__check_bidi() for a label of ASCII bytes, without decoding it. */
uint64_t xn__check_bidi_ascii(const char *label, size_t n);

/* RFC 5892 A.3-A.9 (CONTEXTO: MIDDLE DOT, GREEK KERAIA, HEBREW GERESH and
 * GERSHAYIM, KATAKANA MIDDLE DOT, ARABIC-INDIC and EXTENDED ARABIC-INDIC
 * digits): XN_ERR_CONTEXTO when a CONTEXTO code point of the label breaks
 * its rule (or has none). */
uint64_t xn__check_contexto(const uint32_t *label, size_t n, size_t *where);

/* What the code-point checks below saw in a label, for the rules after
 * them: a character of Bidi_Class R, AL or AN (the name is a Bidi domain
 * name), a ZWNJ or ZWJ (CONTEXTJ), a CONTEXTO code point; that the label
 * plainly passes RFC 5893 as an LTR label (xn__check_bidi() would give 0:
 * no need to call it); that the NFC quick check cannot say the label is in
 * NFC (xn__nfc_quick_yes() false: ICU must judge). */
enum {
    XN__FOUND_RTL = 1,
    XN__FOUND_JOINER = 2,
    XN__FOUND_CONTEXTO = 4,
    XN__FOUND_LTR_OK = 8,
    XN__FOUND_NFC_MAYBE = 16
};

/* UTS #46 §4.1 steps 5-8 on every code point of a label: no U+002E (V5),
 * only LDH in ASCII with std3 (U1), no leading combining mark (V6), every
 * code point valid, or a deviation unless transitional (V7).  *found gets
 * the XN__FOUND_* bits (RTL, JOINER, LTR_OK, NFC_MAYBE). */
uint64_t xn__check_uts46_code_points(const uint32_t *label, size_t n, bool transitional,
                                     bool std3, size_t *where, unsigned *found);

/* RFC 5891 §5.4 / §4.2.2-4.2.3.2 on every code point of a putative U-label:
 * no leading combining mark (V6), no DISALLOWED code point (V5 for U+002E,
 * else DISALLOWED), none UNASSIGNED.  *found gets the XN__FOUND_* bits (all
 * five). */
uint64_t xn__check_idna2008_code_points(const uint32_t *label, size_t n, size_t *where,
                                        unsigned *found);

/* ---- normalize.c: NFC by ICU's engine on xn's data ------------------------
 * Each call below that asks ICU may also return XN_E_ICU_TOO_OLD (an ICU
 * before 76 and a code point with XN_PROP_NFC_BOTH_WAYS) and XN_E_NOMEM
 * when ICU runs out of memory. */

/* The status for a failed ICU call's UErrorCode (passed as an int, so that
 * this header needs none of ICU's): XN_E_NOMEM when ICU ran out of memory
 * (U_MEMORY_ALLOCATION_ERROR, or U_ILLEGAL_ARGUMENT_ERROR, which on the
 * arguments xn checks before it calls ICU only an object ICU could not
 * allocate gives), XN_E_INTERNAL otherwise (ICU's data missing). */
int xn__icu_failure(int icu_error);

/* True when the label is certainly in NFC by the quick-check bits of the
 * tables (no ICU call). */
bool xn__nfc_quick_yes(const uint32_t *label, size_t n);

/* Code points (scalar values) to UTF-16 in out (cap units), setting
 * *out_n; false when cap is too small.  ICU's UChar is uint16_t. */
bool xn__to_utf16(const uint32_t *s, size_t n, uint16_t *out, size_t cap, int32_t *out_n);

/* Normalizes label[0..n) to NFC into out (out_cap code points), setting
 * *out_n.  Returns XN_OK, XN_E_TOO_LONG when out_cap is too small,
 * XN_E_NOMEM, or XN_E_INTERNAL when ICU fails. */
int xn__nfc(const uint32_t *label, size_t n, uint32_t *out, size_t out_cap,
            size_t *out_n);

/* xn__nfc() into small (the caller's stack) when the result surely fits,
 * else into a heap block: *out points at the result, *heap at what to
 * free() afterwards (NULL when small was used), in every case. */
int xn__nfc_scratch(const uint32_t *label, size_t n, uint32_t small[XN__SMALL_LABEL],
                    uint32_t **out, size_t *out_n, void **heap);

/* Sets *is_nfc to whether the label is in NFC, by ICU: for a label whose
 * quick check could not say yes (the code-point pass has made it:
 * XN__FOUND_NFC_MAYBE).  Returns XN_OK, XN_E_NOMEM, or XN_E_INTERNAL. */
int xn__is_nfc(const uint32_t *label, size_t n, bool *is_nfc);


#endif
