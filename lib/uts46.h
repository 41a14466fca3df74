/*
 * uts46.c: UTS #46 ToASCII / ToUnicode, seen from the other files.
 */
#ifndef XN_UTS46_H
#define XN_UTS46_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flags.h"
#include "xn.h"

/* The flag bits xn_to_ascii() and xn_to_unicode() take; the functions built
 * on them check their flags against it first. */
#define XN__UTS46_FLAGS                                                                  \
    (XN_TRANSITIONAL | XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_CHECK_BIDI |       \
     XN_NO_CHECK_JOINERS | XN_NO_VERIFY_DNS_LENGTH | XN_IGNORE_INVALID_PUNYCODE |        \
     XN_ALLOW_ROOT_DOT | XN_URL_RULES | XN_DNS_LABELS)
_Static_assert(XN__FLAGS_LISTED(XN__UTS46_FLAGS), "XN__UTS46_FLAGS: a bit not in XN_FLAG_BITS");


/* xn_to_ascii() (to_ascii), xn_to_unicode(), and their label forms
 * (one_label), always by the general path, never the whole-name ASCII fast
 * path: the fuzz targets check that both give the same, byte for byte. */
int xn__uts46_general(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
                      unsigned flags, xn_report *report, bool to_ascii, bool one_label);

/* The U-labels of a name as ToASCII validated them, for the display
 * policy, which checks them further without decoding its A-labels again:
 * label at[k].label (its index in the name) is cp[at[k].start ..
 * at[k].start + at[k].n), in NFC, in the order of the name.  Only labels
 * written as A-labels are kept.  A U-label takes one byte of the ASCII
 * form at least for each code point, and five for itself ("xn--" and a
 * digit), so a name whose ASCII form is shorter than XN_DOMAIN_MAX bytes
 * always fits; overflow is set for one that does not.
 *
 * defer (the caller's): a U-label that ToASCII would encode, and whose
 * A-label xn__punycode_bound_of() shows to fit 63 octets, is not encoded.
 * The ASCII form holds a stand-in instead ("xn--" and '?' up to the
 * bound's length, at[k].deferred set), so that every length the call
 * checks is at least the true one: a call that succeeds so would succeed
 * encoded, with the same report; one that fails must be made again
 * without defer to learn why.  The display policy encodes a deferred
 * label only when it shows its A-label. */
#define XN__ULABELS_MAX (XN_DOMAIN_MAX / 5)
typedef struct xn__ulabels {
    uint32_t cp[XN_DOMAIN_MAX];
    struct {
        uint16_t label, start, n;
        bool deferred;
    } at[XN__ULABELS_MAX];
    size_t count, used, deferred;
    bool overflow, defer;
} xn__ulabels;

/* xn_to_ascii() by the general path, keeping its U-labels in *u (its
 * counts set whatever the status; defer is the caller's). */
int xn__to_ascii_ulabels(const char *in, size_t in_len, char *out, size_t out_cap,
                         size_t *out_len, unsigned flags, xn_report *report, xn__ulabels *u);

#endif
