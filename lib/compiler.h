/*
 * What libxn asks of the compiler beyond C11, with a fallback for each.
 */
#ifndef XN_COMPILER_H
#define XN_COMPILER_H


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

#endif
