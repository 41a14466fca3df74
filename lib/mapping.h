/*
 * mapping.c: UTS #46 §4 step 1 on one label, with the NFC quick check and
 * the simple-label verdict made on the way.
 */
#ifndef XN_MAPPING_H
#define XN_MAPPING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sink.h"

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

#endif
