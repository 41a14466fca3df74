/*
 * The process's one spoof checker (spoof.c): made on first use under a
 * lock, checked, published when complete; what the display policy asks
 * ICU's uspoof with.
 */
#ifndef XN_SPOOF_H
#define XN_SPOOF_H

#include <stdbool.h>
#include <stdint.h>

#include <unicode/uspoof.h>

/* The shared checker, made on the first call that needs it: XN_OK, or
 * XN_E_NOMEM / XN_E_INTERNAL when ICU fails (the next call tries again). */
int xn__display_checker(const USpoofChecker **out);

/* Whether c is the skeleton of an ASCII digit (ICU's data: "O", "l", "2"
 * ...); valid once xn__display_checker() has succeeded. */
bool xn__spoof_digit_skeleton(uint32_t c);

#endif
