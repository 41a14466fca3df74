/*
 * xn's Stream-Safe limit (UAX #15 §13, Stream-Safe Text Format): no text
 * goes to ICU's normalizer with more than XN__STREAM_SAFE_MAX non-starters
 * in a row.  ICU's canonical reordering sorts a run of non-starters in time
 * quadratic in its length ("a" then U+0345 U+0334 repeated: 80 000 marks
 * took seconds); with the run bounded, every normalization is linear.  No
 * name of any script needs such a run (UAX #15 picks 30 as more than any
 * text does), so xn refuses it: XN_E_NOT_STREAM_SAFE (xn.h).
 *
 * A non-starter here is a code point with XN_PROP_NON_STARTER
 * (data/xngen/word.py): Canonical_Combining_Class != 0, or a canonical
 * decomposition that starts with such a code point (U+0F73, U+0F75,
 * U+0F81).  UAX #15 counts the non-starters of each code point's NFKD
 * instead; counting code points keeps one table bit and one loop, and
 * since a code point decomposes canonically to at most a few non-starters,
 * the decomposed runs ICU sorts stay bounded too.
 */
#ifndef XN_STREAM_SAFE_H
#define XN_STREAM_SAFE_H

#include <stddef.h>
#include <stdint.h>

#include "props.h"
#include "xn.h"

/* The longest run of non-starters the normalizer is given (UAX #15). */
#define XN__STREAM_SAFE_MAX 30

/* XN_E_NOT_STREAM_SAFE when s[0..n) holds more than XN__STREAM_SAFE_MAX
 * non-starters in a row, else XN_OK.  Linear; called before every request
 * to ICU's normalizer (normalize.c). */
static inline int xn__stream_safe(const uint32_t *s, size_t n)
{
    size_t run = 0, i;
    for (i = 0; i < n; i++) {
        run = (xn__props(s[i]) & XN_PROP_NON_STARTER) ? run + 1 : 0;
        if (run > XN__STREAM_SAFE_MAX)
            return XN_E_NOT_STREAM_SAFE;
    }
    return XN_OK;
}

#endif
