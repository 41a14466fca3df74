/*
 * The process's one spoof checker (spoof.c): made on first use under a
 * lock, checked, published when complete; what the display policy asks
 * ICU's uspoof with.
 */
#ifndef XN_SPOOF_H
#define XN_SPOOF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <unicode/uspoof.h>

/* The characters a label may hold to be shown (data/display-allowed.txt:
 * UTS #39 Identifier_Status Allowed of Unicode 16.0 and 17.0), ascending
 * disjoint ranges [first, last]; generated (data/gen_allowed.py). */
extern const uint32_t xn__display_allowed[][2];
extern const size_t xn__display_allowed_count;

/* The shared checker, made on the first call that needs it: XN_OK, or
 * XN_E_NOMEM / XN_E_INTERNAL when ICU fails (the next call tries again). */
int xn__display_checker(const USpoofChecker **out);

/* The shared checker with the hidden-overlay check on top, for a label
 * that holds U+0307; valid once xn__display_checker() has succeeded. */
const USpoofChecker *xn__spoof_overlay_checker(void);

/* Whether c is the skeleton of an ASCII digit (ICU's data: "O", "l", "2"
 * ...); valid once xn__display_checker() has succeeded. */
bool xn__spoof_digit_skeleton(uint32_t c);

#endif
