/*
 * Sets of known domains (display_known.c): the layout of an xn_known_set,
 * shared with the built-in set that data/gen_known.py writes at build time
 * (known_builtin.c), and the key of a label that both are looked up by.
 *
 * A domain's key is the key of each of its labels joined by '.'; a label's
 * key is the UTS #39 skeleton (uts39.h) of its Unicode form after the extra
 * confusable mappings (data/display-confusables.txt), in NFD without nonspacing marks,
 * with every "rn" written "m" (the skeleton of "m" is "rn": so that the key
 * of an ASCII label is the label with "0" as "O", "1" as "l" and "rn" as "m",
 * which the build computes with no skeleton).  A key's hash is taken from its
 * end, byte by byte: h = h * KNOWN_MULT + byte + 1 (mod 2^64), from h = 0,
 * so that the hash of every run of final labels of a name comes from the
 * next shorter one's in one pass.
 */
#ifndef XN_DISPLAY_KNOWN_H
#define XN_DISPLAY_KNOWN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xn.h"

#define KNOWN_MULT UINT64_C(0x100000001B3)

/* A hash set of distinct strings of a pool, where each string is its
 * length (two bytes, little-endian) and its bytes: open addressing, linear
 * probing from the string's hash (as a key's, below) & mask. */
typedef struct known_index {
    size_t mask;           /* slots - 1, slots a power of two over the strings */
    const uint32_t *slots; /* the string's offset in the pool + 1, 0 when empty */
    size_t count;          /* strings */
} known_index;

/* A set of known domains: the distinct keys, and the distinct ASCII forms
 * of its domains (a name whose key is known looks like a known domain
 * unless it is one).  Each string once, however often it was given, so
 * that a set is built and asked in time linear in its strings. */
struct xn_known_set {
    known_index keys, domains;
    const char *pool; /* the ASCII forms and keys */
    bool ascii_keys;  /* every key is ASCII: a label whose key cannot be
                       * is in no domain of the set (display_known.c) */
};

/* The built-in set of popular domains (known_builtin.c, generated), and
 * the keys of the ASCII TLDs of the root zone that its domains and the
 * commonest names use, sorted (strcmp), for the lookalike-TLD rule. */
extern const xn_known_set xn__builtin_known;
extern const char *const xn__builtin_tlds[];
extern const size_t xn__builtin_tld_count;

#endif
