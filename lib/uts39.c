/*
 * UTS #39 (Unicode Security Mechanisms) on xn's own tables: see uts39.h.
 *
 * Everything here is a function of the tables data/gen_uts39.py generates
 * from one Unicode version's files, so the answers are the same on every
 * platform and with any ICU or none.  The strings are a label's: the
 * display policy hands at most a name's worth of code points, and every
 * buffer grows on the heap (xn__cps) beyond the caller's stack array.
 */
#include <stdlib.h>
#include <string.h>

#include "uts39.h"
#include "xn.h"

/* ---- buffers ----------------------------------------------------------------- */

void xn__cps_free(xn__cps *b)
{
    free(b->heap);
    b->heap = NULL;
}

bool xn__cps_grow(xn__cps *b)
{
    size_t cap = b->cap ? 2 * b->cap : 64;
    uint32_t *p;
    if (b->nomem || cap > SIZE_MAX / 2 / sizeof *p) {
        b->nomem = true;
        return false;
    }
    p = realloc(b->heap, cap * sizeof *p);
    if (!p) {
        b->nomem = true;
        return false;
    }
    if (!b->heap && b->len)
        memcpy(p, b->p, b->len * sizeof *p);
    b->heap = b->p = p;
    b->cap = cap;
    return true;
}

/* ---- records: ccc, decomposition, prototype ------------------------------------ */

static const xn__u39_record *record(uint32_t c)
{
    const uint32_t lo_mask = (1u << XN_U39_REC_LO) - 1, mid_mask = (1u << XN_U39_REC_MID) - 1;
    uint32_t mid;
    if (c > 0x10FFFF)
        return &xn__u39_records[0];
    mid = xn__u39_rec_mid[((uint32_t)xn__u39_rec_top[c >> (XN_U39_REC_LO + XN_U39_REC_MID)]
                           << XN_U39_REC_MID) |
                          ((c >> XN_U39_REC_LO) & mid_mask)];
    return &xn__u39_records[xn__u39_rec_data[(mid << XN_U39_REC_LO) | (c & lo_mask)]];
}

uint8_t xn__u39_ccc(uint32_t c)
{
    return (uint8_t)(record(c)->decomp >> 24);
}

static size_t builtin_prototype(const void *data, uint32_t c, const uint32_t **p)
{
    uint32_t r = record(c)->proto;
    (void)data;
    *p = xn__u39_pool + (r >> 6);
    return r & 63u;
}

const xn__u39_confusables xn__u39_builtin = {builtin_prototype, NULL, true};

/* ---- NFD --------------------------------------------------------------------- */

/* Hangul syllables decompose by arithmetic (Unicode §3.12). */
#define S_BASE 0xAC00u
#define L_BASE 0x1100u
#define V_BASE 0x1161u
#define T_BASE 0x11A7u
#define V_COUNT 21u
#define T_COUNT 28u
#define S_COUNT (19u * V_COUNT * T_COUNT)

/* Appends the full canonical decomposition of c. */
static bool decompose(uint32_t c, xn__cps *out)
{
    uint32_t d, k;
    if (c - S_BASE < S_COUNT) {
        uint32_t s = c - S_BASE, t = s % T_COUNT;
        bool ok = xn__cps_push(out, L_BASE + s / (V_COUNT * T_COUNT)) &&
                  xn__cps_push(out, V_BASE + (s % (V_COUNT * T_COUNT)) / T_COUNT);
        return ok && (t == 0 || xn__cps_push(out, T_BASE + t));
    }
    if (c < 0xC0) /* no decomposition below U+00C0 */
        return xn__cps_push(out, c);
    d = record(c)->decomp;
    if ((d & 15u) == 0)
        return xn__cps_push(out, c);
    for (k = 0; k < (d & 15u); k++)
        if (!xn__cps_push(out, xn__u39_pool[((d >> 4) & 0xFFFFFu) + k]))
            return false;
    return true;
}

/* The canonical ordering of p[from..n) (UAX #15 §3.11): each run of
 * non-starters sorted by ccc, stably.  An insertion sort: a run in a label
 * is a few marks (a name is at most XN_DOMAIN_MAX bytes). */
static void reorder(uint32_t *p, size_t from, size_t n)
{
    size_t i, j;
    for (i = from + 1; i < n; i++) {
        uint32_t c = p[i];
        uint8_t cc = c < 0x300 ? 0 : xn__u39_ccc(c);
        if (cc == 0)
            continue;
        for (j = i; j > from && xn__u39_ccc(p[j - 1]) > cc; j--)
            p[j] = p[j - 1];
        p[j] = c;
    }
}

int xn__u39_nfd(const uint32_t *in, size_t n, xn__cps *out)
{
    size_t i, from = out->len;
    for (i = 0; i < n; i++)
        if (!decompose(in[i], out))
            return XN_E_NOMEM;
    reorder(out->p, from, out->len);
    return XN_OK;
}

/* UTS #39 §4 on in[0..n): NFD, each code point to its prototype, NFD. */
static int skeleton_general(const xn__u39_confusables *t, const uint32_t *in, size_t n,
                            xn__cps *out)
{
    uint32_t small[128];
    xn__cps nfd;
    size_t i, k, from = out->len;
    int rc;

    xn__cps_init(&nfd, small, sizeof small / sizeof small[0]);
    rc = xn__u39_nfd(in, n, &nfd);
    for (i = 0; rc == XN_OK && i < nfd.len; i++) {
        const uint32_t *p;
        size_t pn;
        bool ok = true;
        if (t->drop_ignorable && nfd.p[i] >= 0xAD && xn__u39_is_ignorable(nfd.p[i]))
            continue; /* step 2: U+00AD is the first default ignorable */
        pn = t->prototype(t->data, nfd.p[i], &p);
        if (pn == 0)
            ok = xn__cps_push(out, nfd.p[i]); /* in NFD already */
        for (k = 0; k < pn && ok; k++)
            ok = decompose(p[k], out);
        if (!ok)
            rc = XN_E_NOMEM;
    }
    xn__cps_free(&nfd);
    if (rc == XN_OK)
        reorder(out->p, from, out->len);
    return rc;
}

/* A code point the built-in skeleton keeps as it is, which no reordering
 * moves anything across: ccc 0, no decomposition, no prototype
 * (XN_U39_PLAIN), and not default ignorable. */
static bool plain_word(uint32_t w)
{
    return (w & (XN_U39_PLAIN | XN_U39_IGNORABLE)) == XN_U39_PLAIN;
}

static bool plain(uint32_t c)
{
    return plain_word(xn__u39_word(c));
}

/* The skeleton of a run of code points that are not plain() with the
 * built-in data, in one pass, when the run's NFD is in canonical order as
 * its code points' decompositions give it (as a label's mostly is):
 * NFD, prototypes and NFD again with a record looked up once for each
 * code point and each piece of a decomposition.  Sets *general, having
 * written nothing, when the NFD would have to be reordered first. */
static int run_builtin(const uint32_t *in, size_t n, xn__cps *out, bool *general)
{
    size_t i, k, from = out->len;
    unsigned last = 0;
    bool mapped = false;

    *general = false;
    for (i = 0; i < n; i++) {
        uint32_t c = in[i], jamo[3];
        const uint32_t *d = &c;
        const xn__u39_record *r = NULL;
        size_t dn = 1;
        if (c - S_BASE < S_COUNT) { /* Hangul: jamo of ccc 0 */
            uint32_t s = c - S_BASE, t = s % T_COUNT;
            jamo[0] = L_BASE + s / (V_COUNT * T_COUNT);
            jamo[1] = V_BASE + (s % (V_COUNT * T_COUNT)) / T_COUNT;
            jamo[2] = T_BASE + t;
            d = jamo;
            dn = t ? 3 : 2;
        } else {
            r = record(c);
            if (r->decomp & 15u) {
                d = xn__u39_pool + ((r->decomp >> 4) & 0xFFFFFu);
                dn = r->decomp & 15u;
                r = NULL;
            }
        }
        for (k = 0; k < dn; k++) {
            uint32_t x = d[k], pn;
            const xn__u39_record *rx = r ? r : record(x);
            unsigned cc = rx->decomp >> 24;
            if (cc && cc < last) {
                out->len = from;
                *general = true;
                return XN_OK;
            }
            last = cc;
            if (x >= 0xAD && xn__u39_is_ignorable(x))
                continue; /* step 2: dropped */
            pn = rx->proto & 63u;
            if (pn == 0) {
                if (!xn__cps_push(out, x))
                    return XN_E_NOMEM;
                continue;
            }
            for (mapped = true; pn > 0; pn--)
                if (!decompose(xn__u39_pool[(rx->proto >> 6) + (rx->proto & 63u) - pn], out))
                    return XN_E_NOMEM;
        }
    }
    /* Unmapped, the run's NFD was in order already. */
    if (mapped)
        reorder(out->p, from, out->len);
    return XN_OK;
}

int xn__u39_skeleton(const xn__u39_confusables *t, const uint32_t *in, size_t n, xn__cps *out)
{
    if (t != &xn__u39_builtin)
        return skeleton_general(t, in, n, out);
    return xn__u39_skeleton_words(in, NULL, n, out);
}

int xn__u39_skeleton_words(const uint32_t *in, const uint32_t *words, size_t n, xn__cps *out)
{
    size_t i = 0, from;
    bool general;
    int rc = XN_OK;

    /* The built-in data mark the plain code points, most of a label's: each
     * is its own skeleton, a starter that canonical reordering does not
     * cross, so the skeleton of the runs between them is made on its own
     * (tests/test-uts39.c compares the two ways). */
    while (i < n && rc == XN_OK) {
        if (words ? plain_word(words[i]) : plain(in[i])) {
            if (!xn__cps_push(out, in[i]))
                rc = XN_E_NOMEM;
            i++;
            continue;
        }
        for (from = i++; i < n && !(words ? plain_word(words[i]) : plain(in[i])); i++)
            ;
        rc = run_builtin(in + from, i - from, out, &general);
        if (rc == XN_OK && general)
            rc = skeleton_general(&xn__u39_builtin, in + from, i - from, out);
    }
    return rc;
}

/* ---- §5.1, §5.2: resolved script sets and restriction levels --------------------- */

static bool set_empty(const uint64_t *s)
{
    int k;
    for (k = 0; k < XN_SCX_WORDS; k++)
        if (s[k])
            return false;
    return true;
}

int xn__u39_level(const uint32_t *cp, size_t n, uint32_t allowed)
{
    uint64_t all[XN_SCX_WORDS], no_latin[XN_SCX_WORDS];
    bool ascii = true;
    size_t i;
    int k;

    for (k = 0; k < XN_SCX_WORDS; k++)
        all[k] = no_latin[k] = ~UINT64_C(0);
    for (i = 0; i < n; i++) {
        uint32_t w = xn__u39_word(cp[i]);
        const uint64_t *set = xn__u39_set(w);
        if (!(w & allowed))
            return XN_U39_UNRESTRICTED;
        ascii = ascii && cp[i] < 0x80;
        /* §5.1: Common and Inherited go with every script. */
        if (xn__u39_set_has(set, XN_SC_COMMON) || xn__u39_set_has(set, XN_SC_INHERITED))
            continue;
        for (k = 0; k < XN_SCX_WORDS; k++)
            all[k] &= set[k];
        /* §5.2 step 5: the resolved set of the characters not Latin. */
        if (!xn__u39_set_has(set, XN_SC_LATIN))
            for (k = 0; k < XN_SCX_WORDS; k++)
                no_latin[k] &= set[k];
    }
    if (ascii)
        return XN_U39_ASCII;
    if (!set_empty(all))
        return XN_U39_SINGLE_SCRIPT;
    if (xn__u39_set_has(no_latin, XN_SC_HAN_WITH_BOPOMOFO) ||
        xn__u39_set_has(no_latin, XN_SC_JAPANESE) || xn__u39_set_has(no_latin, XN_SC_KOREAN))
        return XN_U39_HIGHLY;
    if (!set_empty(no_latin) && !xn__u39_set_has(no_latin, XN_SC_CYRILLIC) &&
        !xn__u39_set_has(no_latin, XN_SC_GREEK) && !xn__u39_set_has(no_latin, XN_SC_CHEROKEE))
        return XN_U39_MODERATELY;
    return XN_U39_MINIMALLY;
}

/* ---- §5.3 ----------------------------------------------------------------------- */

bool xn__u39_mixed_numbers(const uint32_t *cp, size_t n)
{
    uint32_t zero = 0;
    bool seen = false;
    size_t i;
    for (i = 0; i < n; i++) {
        uint32_t w = xn__u39_word(cp[i]), z;
        if (xn__u39_word_gc(w) != XN_U39_GC_ND)
            continue;
        z = cp[i] - ((w >> XN_U39_DIGIT_SHIFT) & 15u);
        if (seen && z != zero)
            return true;
        zero = z;
        seen = true;
    }
    return false;
}

/* ---- §5.4 ----------------------------------------------------------------------- */

/* A letter that has a dot of its own, which U+0307 above it would hide:
 * i, j, l, dotless ı and ȷ, and the Soft_Dotted letters. */
static bool dotted_lead(uint32_t c)
{
    return c == 'i' || c == 'j' || c == 'l' || c == 0x0131 || c == 0x0237 ||
           (xn__u39_word(c) & XN_U39_SOFT_DOTTED);
}

/* ... or a lookalike of one: a code point whose prototype ends in one. */
static bool overlay_lead(uint32_t c)
{
    const uint32_t *p;
    size_t pn;
    if (dotted_lead(c))
        return true;
    pn = builtin_prototype(NULL, c, &p);
    return pn && dotted_lead(p[pn - 1]);
}

int xn__u39_marks(const uint32_t *cp, size_t n, unsigned *found)
{
    uint32_t small[128];
    xn__cps nfd;
    size_t i, run = 0, k;
    uint32_t lead = 0; /* the last code point of ccc 0 or 230 */
    int rc;

    *found = 0;
    xn__cps_init(&nfd, small, sizeof small / sizeof small[0]);
    rc = xn__u39_nfd(cp, n, &nfd);
    for (i = 0; rc == XN_OK && i < nfd.len; i++) {
        uint32_t c = nfd.p[i];
        uint8_t cc = c < 0x300 ? 0 : xn__u39_ccc(c);
        /* Hidden overlay: U+0307 after a dotted letter, with nothing
         * between them but marks that do not sit above (ccc other than 0
         * and 230). */
        if (c == 0x0307 && i > 0 && overlay_lead(lead))
            *found |= XN_U39_HIDDEN_OVERLAY;
        if (cc == 0 || cc == 230)
            lead = c;
        if (!xn__u39_is_nonspacing(c)) {
            run = 0;
            continue;
        }
        /* A nonspacing mark: the same one earlier in its run, and the
         * run's length (a run of more than four is a finding of its own:
         * the repeat search stays within four marks). */
        for (k = i - run; k < i; k++)
            if (nfd.p[k] == c)
                *found |= XN_U39_REPEATED_MARK;
        if (++run > 4) {
            *found |= XN_U39_MARK_RUN;
            run = 4;
        }
    }
    xn__cps_free(&nfd);
    return rc;
}
