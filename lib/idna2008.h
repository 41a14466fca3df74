/*
 * idna2008.c: strict IDNA2008 (RFC 5890-5893), seen from the other files.
 */
#ifndef XN_IDNA2008_H
#define XN_IDNA2008_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* RFC 5891 §5.4: the tests lookup runs on a U-label, on the label
 * l[0..n) alone (its Bidi rule settled as for a name of that one label),
 * as xn_idna2008_lookup() of its A-label runs them without flags.  The
 * label must be in NFC and have an A-label of DNS's length, as the display
 * policy's labels from ToASCII do.  Sets *refused when lookup refuses it;
 * XN_OK, or XN_E_NOMEM. */
int xn__idna2008_check_ulabel(const uint32_t *l, size_t n, bool *refused);

#endif
