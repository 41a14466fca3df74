/*
 * Per-code-point IDNA properties, looked up in the tables that
 * data/gen_tables.py generates at build time from the Unicode files in data/.
 *
 * The generated header xn_tables.h defines the layout of the property word
 * (the XN_PROP_*, XN_STATUS_*, XN_BIDI_*, XN_JT_*, XN_IDNA2008_*, XN_SCRIPT_*
 * constants), the Unicode version, and declares the arrays used below.
 * Internal to libxn; never installed.
 */
#ifndef XN_PROPS_H
#define XN_PROPS_H

#include <stdint.h>

#include "xn_tables.h"

/* xn__props() of a code point known to be at most U+10FFFF (decoded by the
 * strict UTF-8 or Punycode decoder, or from the mapping table): no test. */
static inline uint32_t xn__props_scalar(uint32_t cp)
{
    return xn__prop_data[((uint32_t)xn__prop_index[cp >> XN_PROP_SHIFT] << XN_PROP_SHIFT) |
                         (cp & ((UINT32_C(1) << XN_PROP_SHIFT) - 1))];
}

/* The property word of cp; code points above U+10FFFF get XN_PROPS_INVALID
 * (disallowed, Bidi_Class L, Joining_Type U, IDNA2008 UNASSIGNED). */
static inline uint32_t xn__props(uint32_t cp)
{
    return cp > 0x10FFFF ? XN_PROPS_INVALID : xn__props_scalar(cp);
}

static inline unsigned xn__status(uint32_t props)
{
    return (unsigned)(props >> XN_PROP_STATUS_SHIFT) & XN_PROP_STATUS_MASK;
}

static inline unsigned xn__bidi(uint32_t props)
{
    return (unsigned)(props >> XN_PROP_BIDI_SHIFT) & XN_PROP_BIDI_MASK;
}

static inline unsigned xn__joining_type(uint32_t props)
{
    return (unsigned)(props >> XN_PROP_JT_SHIFT) & XN_PROP_JT_MASK;
}

static inline unsigned xn__idna2008(uint32_t props)
{
    return (unsigned)(props >> XN_PROP_IDNA2008_SHIFT) & XN_PROP_IDNA2008_MASK;
}

static inline unsigned xn__script(uint32_t props)
{
    return (unsigned)(props >> XN_PROP_SCRIPT_SHIFT) & XN_PROP_SCRIPT_MASK;
}

/* Sets of Bidi_Class values as bit masks, for RFC 5893 §2. */
static inline uint32_t xn__bidi_bit(unsigned bc)
{
    return bc < 32 ? UINT32_C(1) << bc : 0;
}

/* The sets RFC 5893 names (XN_BIDI_SET_RTL_CLASSES, _RTL_ALLOWED, _RTL_END,
 * _LTR_ALLOWED, _LTR_END) are masks of xn__bidi_bit()s that xn_tables.h
 * defines, from the one list in data/xngen/bidi.py (the generator's). */

/* One step of the NFC quick check (xn__nfc_quick_yes()): non-zero when the
 * property word p of a code point, after prev (that of the one before; 0
 * at the start, and for ASCII), keeps the tables from saying the text is
 * in NFC: NFC_Quick_Check No or Maybe, or two non-starters in a row, whose
 * canonical order the tables cannot judge.  Branch-free, to be or-ed up. */
static inline uint32_t xn__nfc_quick_no(uint32_t prev, uint32_t p)
{
    return (p & XN_PROP_NFC_QC_NOT_YES) | (p & prev & XN_PROP_CCC_NONZERO);
}

/* The UTS #46 mapping of cp (status mapped, deviation, or ignored): sets
 * *seq to its code points and returns their count (0 for ignored).  For any
 * other status the result is 0. */
static inline unsigned xn__mapping(uint32_t cp, const uint32_t **seq)
{
    uint32_t e;
    if (cp > 0x10FFFF)
        return 0;
    e = xn__map_data[((uint32_t)xn__map_index[cp >> XN_MAP_SHIFT] << XN_MAP_SHIFT) |
                     (cp & ((UINT32_C(1) << XN_MAP_SHIFT) - 1))];
    *seq = xn__map_pool + (e >> 5);
    return (unsigned)(e & 31u);
}

#endif
