/*
 * The rules on the shape of a label that every profile applies, each
 * written once: LDH (STD3), the ACE prefix, the hyphens, and the DNS
 * lengths.  Profiles and the ASCII kernel gather facts (a label's bytes or
 * code points, their byte classes) and ask these; none spells a rule of its
 * own.  lib/README.md lists where every other rule has its one home.
 */
#ifndef XN_RULES_H
#define XN_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bytes.h"
#include "xn.h"

/* LDH (RFC 1034 §3.5, RFC 1123 §2.1; UseSTD3ASCIIRules): a letter of
 * either case, a digit or '-'.  The byte-class table of bytes.c is the
 * rule's one statement; after the mapping only the lower-case form is
 * valid (XN__BC_LDH alone). */
static inline bool xn__is_ldh(uint32_t c)
{
    return c < 0x80 && (xn__byte_class[c] & (XN__BC_LDH | XN__BC_UPPER));
}

static inline bool xn__is_ldh_lower(uint32_t c)
{
    return c < 0x80 && (xn__byte_class[c] & XN__BC_LDH);
}

/* The ACE prefix "xn--" (RFC 5890 §2.3.2.5) at the start of s[0..n), in
 * either case (fold, 0x20) or as written (fold, 0).  s is an array of
 * bytes or of code points. */
#define XN__ACE_PREFIX(s, n, fold)                                                         \
    ((n) >= 4 && ((s)[0] | (fold)) == 'x' && ((s)[1] | (fold)) == 'n' && (s)[2] == '-' && \
     (s)[3] == '-')

static inline bool xn__has_ace_prefix(const uint32_t *l, size_t n)
{
    return XN__ACE_PREFIX(l, n, 0x20);
}

static inline bool xn__has_ace_prefix_bytes(const char *s, size_t n)
{
    return XN__ACE_PREFIX(s, n, 0x20);
}

/* The hyphen rules on s[0..n) (bytes or code points): XN_ERR_V3 when it
 * starts or ends with '-' (UTS #46 §4.1 step 3, RFC 5891 §4.2.3.1, the LDH
 * rule of RFC 5890 §2.3.1), XN_ERR_V2 when its third and fourth positions
 * are both '-' (step 2, the reserved LDH labels). */
#define XN__HYPHEN_ERRORS(s, n)                                                    \
    ((((n) > 0 && ((s)[0] == '-' || (s)[(n) - 1] == '-')) ? XN_ERR_V3 : 0) |       \
     (((n) >= 4 && (s)[2] == '-' && (s)[3] == '-') ? XN_ERR_V2 : 0))

/* UTS #46 §4.1 steps 2-4 on a mapped label of code points: the hyphen rules
 * when check_hyphens, and V4 whenever the label starts with "xn--" (with
 * check_hyphens on, such a label breaks V2 as well, and IdnaTestV2 lists
 * both).  Step 4 compares case-sensitively, as UTS #46 does: labels reach
 * it mapped, and an upper-case letter is a V7 error of its own.  Inline: a
 * simple label (validity.h) is checked for nothing else. */
static inline uint64_t xn__check_hyphens(const uint32_t *label, size_t n, bool check_hyphens)
{
    uint64_t bits = check_hyphens ? XN__HYPHEN_ERRORS(label, n) : 0;
    return XN__ACE_PREFIX(label, n, 0) ? bits | XN_ERR_V4 : bits;
}

/* The DNS lengths (RFC 1034 §3.1, RFC 1035 §2.3.4) on the octets of the
 * ASCII form: a label of 1 to 63, a name of 1 to 253 without its root
 * dot.  Every length check asks these. */
static inline bool xn__label_length_ok(size_t n)
{
    return n - 1 < XN_DNS_LABEL_MAX; /* 0 wraps around */
}

static inline bool xn__name_length_ok(size_t n)
{
    return n - 1 < XN_DNS_NAME_MAX;
}

/* The label rules on a name of 1 to 64 bytes that are letters, digits,
 * '-' and '.' only, from its masks (bit i for byte i): its dots and its
 * hyphens.  Whether no label is empty, none has "--" in its third and
 * fourth positions (V2, or an "xn--" label, which is no LDH label's
 * business here), none starts or ends with '-' unless flags have
 * XN_NO_CHECK_HYPHENS (V3), and, unless XN_NO_VERIFY_DNS_LENGTH, it is no
 * single label of 64 bytes (a name this short
 * has no longer label, and is within 253).  The ASCII kernel's masks are
 * judged here, by the rules of this file. */
static inline bool xn__ldh_masks_ok(uint64_t dots, uint64_t hy, size_t n, unsigned flags)
{
    uint64_t starts = (dots << 1) | 1;                      /* each label's first byte */
    uint64_t ends = (dots >> 1) | (UINT64_C(1) << (n - 1)); /* each label's last byte */
    if ((dots & (starts | ends)) ||       /* an empty label */
        ((starts << 2) & hy & (hy >> 1))) /* "--" at 3-4 */
        return false;
    if (!(flags & XN_NO_CHECK_HYPHENS) && (hy & (starts | ends)))
        return false;
    return !(n == 64 && !dots && !(flags & XN_NO_VERIFY_DNS_LENGTH));
}

/* Whether the bytes s[0..n) are all ASCII and hold no ACE prefix (in any
 * case, anywhere): a name of which no label can be other than it reads,
 * whatever profile decodes it.  IDNA2003 opens Nameprep only for a name
 * that is not; the display policy checks no label of one that is. */
static inline bool xn__ascii_without_ace(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80 || ((c | 0x20) == 'x' && n - i >= 4 && (s[i + 1] | 0x20) == 'n' &&
                          s[i + 2] == '-' && s[i + 3] == '-'))
            return false;
    }
    return true;
}

/* Whether every byte of s[0..n) is ASCII. */
static inline bool xn__all_ascii_bytes(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return false;
    return true;
}

/* Whether every code point of l[0..n) is ASCII. */
static inline bool xn__all_ascii(const uint32_t *l, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (l[i] >= 0x80)
            return false;
    return true;
}

#endif
