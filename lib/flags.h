/*
 * The flag bits of xn.h as one set (XN_FLAG_BITS), and the compile-time
 * checks that tie each function's accepted flags to it: a bit added to
 * xn.h without its place in XN_FLAG_BITS, or a profile's set naming a bit
 * that is in no list, does not compile.
 */
#ifndef XN_FLAGS_H
#define XN_FLAGS_H

#include "xn.h"

#define XN__FLAG_OR_(flag) | (flag)
#define XN__FLAG_SUM_(flag) + (flag)

/* Every flag bit, or-ed. */
#define XN__ALL_FLAGS (0u XN_FLAG_BITS(XN__FLAG_OR_))

/* Each bit listed once: the sum of the entries is their union. */
_Static_assert((0u XN_FLAG_BITS(XN__FLAG_SUM_)) == XN__ALL_FLAGS,
               "XN_FLAG_BITS lists a bit twice");

/* A set of flags that a function accepts holds listed bits only. */
#define XN__FLAGS_LISTED(set) (((set) & ~XN__ALL_FLAGS) == 0)

#endif
