/*
 * xn: internationalized domain names (UTS #46, IDNA2008, IDNA2003) and
 * Punycode (RFC 3492).
 *
 * The one public header of libxn.  It compiles as C99 and later and as C++.
 *
 * Conventions shared by every function below:
 * - Text is UTF-8 with an explicit byte length; no function needs or reads a
 *   terminating NUL in its input.  Ill-formed UTF-8 (overlong forms,
 *   surrogates, values above U+10FFFF, truncated sequences, stray
 *   continuation bytes) is an error, never replaced.
 * - Output goes to a caller buffer (out, out_cap, out_len).  On success the
 *   output is NUL-terminated when out_cap leaves room for it, and *out_len
 *   holds its length without the NUL.  When it does not fit, the function
 *   returns XN_E_BUFFER_TOO_SMALL and sets *out_len to the length needed
 *   (without the NUL); out == NULL with out_cap == 0 is such a size query.
 *   Nothing is written past out_cap bytes.
 * - Functions return 0 (XN_OK) on success and a negative xn_status on failure.
 * - A NULL pointer where data is required is XN_E_INVALID_ARG.  A NULL input
 *   pointer is accepted only together with a length of 0.
 * - Every function is thread-safe and keeps no mutable global state.
 * - Memory handed out by the library (the *_alloc functions) is released with
 *   xn_free(), never with the caller's free().
 */
#ifndef XN_H
#define XN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* XN_API marks the exported functions.  XN_BUILDING is defined only while
 * libxn itself is compiled; XN_STATIC is for Windows consumers of the static
 * library. */
#if defined(_WIN32) && !defined(XN_STATIC)
#  ifdef XN_BUILDING
#    define XN_API __declspec(dllexport)
#  else
#    define XN_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) && __GNUC__ >= 4
#  define XN_API __attribute__((visibility("default")))
#else
#  define XN_API
#endif

/* ---------------------------------------------------------------------------
 * Versions
 * ------------------------------------------------------------------------ */

/* The version of this header.  The build checks that it equals the project
 * version in meson.build.  The shared library's soname follows the ABI, not
 * this number. */
#define XN_VERSION_MAJOR 0
#define XN_VERSION_MINOR 1
#define XN_VERSION_PATCH 0
#define XN_VERSION_STRING "0.1.0"
/* 0xMMmmpp, for compile-time comparisons. */
#define XN_VERSION_NUMBER \
    ((XN_VERSION_MAJOR << 16) | (XN_VERSION_MINOR << 8) | XN_VERSION_PATCH)

/* The version of the library linked at run time, e.g. "0.1.0".  Static
 * storage, never NULL.  @since 0.1 */
XN_API const char *xn_version(void);

/* The Unicode version of the data every IDNA property comes from, e.g.
 * "15.0.0", as read from data/ when the library was built.  Static storage,
 * never NULL.  @since 0.1 */
XN_API const char *xn_unicode_version(void);

/* ---------------------------------------------------------------------------
 * Status codes
 *
 * Values are fixed and never renumbered; a retired value stays reserved.
 * The list may grow: treat any other negative value as a failure.
 * ------------------------------------------------------------------------ */
typedef enum xn_status {
    XN_OK = 0,                    /* success */
    XN_E_INVALID_ARG = -1,        /* NULL where data is needed, unknown flag bits */
    XN_E_BUFFER_TOO_SMALL = -2,   /* output does not fit; *out_len = size needed */
    XN_E_NOMEM = -3,              /* a memory allocation failed */
    XN_E_TOO_LONG = -4,           /* input past a documented limit (XN_LABEL_LIMIT ...) */
    XN_E_BAD_UTF8 = -5,           /* input is not well-formed UTF-8 */
    XN_E_INTERNAL = -6,           /* a dependency (ICU) failed unexpectedly */

    XN_E_PUNYCODE_BAD_BASIC = -10,      /* non-ASCII before the last delimiter */
    XN_E_PUNYCODE_BAD_DIGIT = -11,      /* a character that is no base-36 digit */
    XN_E_PUNYCODE_TRUNCATED = -12,      /* input ends inside a variable-length integer */
    XN_E_PUNYCODE_OVERFLOW = -13,       /* a value does not fit the RFC 3492 arithmetic */
    XN_E_PUNYCODE_BAD_CODE_POINT = -14, /* a surrogate or a value above U+10FFFF */

    XN_E_INVALID_DOMAIN = -20     /* the name breaks IDNA rules: see xn_report.errors */
} xn_status;

/* A short English sentence for a status code, e.g. "output buffer too small".
 * Unknown codes get a generic text.  Static storage, never NULL.  @since 0.1 */
XN_API const char *xn_strerror(int status);

/* The enumerator's name, e.g. "XN_E_BUFFER_TOO_SMALL"; "XN_E_UNKNOWN" for an
 * unknown code.  Static storage, never NULL.  @since 0.1 */
XN_API const char *xn_strerror_name(int status);

/* ---------------------------------------------------------------------------
 * Limits
 * ------------------------------------------------------------------------ */

/* DNS limits that VerifyDnsLength checks (RFC 1034 §3.1, UTS #46 §4.2 step 4). */
#define XN_DNS_LABEL_MAX 63
#define XN_DNS_NAME_MAX 253

/* A buffer of this many bytes holds any xn_to_ascii() result made with
 * VerifyDnsLength on (253 characters, a trailing root dot, the NUL). */
#define XN_DOMAIN_MAX 256

/* The longest label, in code points, that xn encodes, decodes or maps: the
 * Punycode encoder's input, the decoder's result, and any label with
 * non-ASCII characters after the UTS #46 mapping step.  Longer labels fail
 * with XN_E_TOO_LONG.  A label of ASCII characters that is no "xn--" label
 * needs none of that and has no limit.  The limit keeps the RFC 3492
 * encoder, which is O(n*m) on a label of n code points with m distinct
 * non-ASCII ones, at about a millisecond in the worst case, and every call
 * linear in its input. */
#define XN_LABEL_LIMIT 1024

/* The longest Punycode string (an A-label without its "xn--") that xn
 * decodes, and the longest one ToASCII writes: 8 characters for each code
 * point of XN_LABEL_LIMIT.  A label of XN_LABEL_LIMIT code points takes at
 * most about 4.2 Punycode characters per code point in practice (far under
 * the bound), so with VerifyDnsLength off every label ToASCII accepts has
 * an A-label that ToASCII and ToUnicode accept again.  Should one not fit,
 * ToASCII fails with XN_E_TOO_LONG rather than write what cannot be read. */
#define XN_ACE_LIMIT (8 * XN_LABEL_LIMIT)

/* ---------------------------------------------------------------------------
 * Punycode (RFC 3492), on code points, without the "xn--" prefix
 * ------------------------------------------------------------------------ */

/* Encodes in[0..in_len) (Unicode scalar values) as Punycode, RFC 3492 §6.3.
 *
 * case_flags: NULL, or in_len flags; a non-zero flag asks for the mixed-case
 *   annotation of appendix A: the character that represents in[i] is written
 *   in upper case (for a basic code point, its ASCII letter is upper-cased;
 *   for a non-basic one, the last digit of its delta).  With NULL, basic code
 *   points are copied as they are and digits are lower case.
 * out: out_cap bytes; receives ASCII, NUL-terminated when it fits.
 * Returns XN_OK; XN_E_BUFFER_TOO_SMALL (*out_len = length needed);
 *   XN_E_PUNYCODE_BAD_CODE_POINT for a surrogate or a value > U+10FFFF;
 *   XN_E_PUNYCODE_OVERFLOW; XN_E_TOO_LONG when in_len > XN_LABEL_LIMIT;
 *   XN_E_INVALID_ARG.
 * @since 0.1 */
XN_API int xn_punycode_encode(const uint32_t *in, size_t in_len,
                              const unsigned char *case_flags, char *out,
                              size_t out_cap, size_t *out_len);

/* Decodes the Punycode string in[0..in_len) to code points, RFC 3492 §6.2,
 * strictly: every byte before the last '-' must be ASCII, every byte after it
 * a base-36 digit of either case, no integer may be cut short or overflow
 * (§6.4), and every result must be a Unicode scalar value.
 *
 * out: out_cap code points; *out_len receives the count (no terminator).
 * case_flags: NULL, or room for out_cap flags; receives 1 where the
 *   character that carried a code point was upper case (appendix A).
 * Returns XN_OK; XN_E_BUFFER_TOO_SMALL (*out_len = count needed);
 *   XN_E_PUNYCODE_BAD_BASIC, _BAD_DIGIT, _TRUNCATED, _OVERFLOW,
 *   _BAD_CODE_POINT; XN_E_TOO_LONG when in_len > XN_ACE_LIMIT or the
 *   result would pass XN_LABEL_LIMIT code points (the decoder stops there);
 *   XN_E_INVALID_ARG.
 * @since 0.1 */
XN_API int xn_punycode_decode(const char *in, size_t in_len, uint32_t *out,
                              size_t out_cap, size_t *out_len,
                              unsigned char *case_flags);

/* ---------------------------------------------------------------------------
 * UTS #46 ToASCII / ToUnicode
 * ------------------------------------------------------------------------ */

/* Flags.  0 is UTS #46 nontransitional processing with every check on:
 * CheckHyphens, CheckBidi, CheckJoiners, UseSTD3ASCIIRules, VerifyDnsLength,
 * and IgnoreInvalidPunycode off.  Each bit changes exactly one setting.
 * Unknown bits are XN_E_INVALID_ARG. */
#define XN_TRANSITIONAL 0x001u            /* Transitional_Processing=true (deprecated by UTS #46) */
#define XN_NO_STD3_RULES 0x002u           /* UseSTD3ASCIIRules=false */
#define XN_NO_CHECK_HYPHENS 0x004u        /* CheckHyphens=false */
#define XN_NO_CHECK_BIDI 0x008u           /* CheckBidi=false */
#define XN_NO_CHECK_JOINERS 0x010u        /* CheckJoiners=false */
#define XN_NO_VERIFY_DNS_LENGTH 0x020u    /* VerifyDnsLength=false */
#define XN_IGNORE_INVALID_PUNYCODE 0x040u /* IgnoreInvalidPunycode=true */
#define XN_ALLOW_ROOT_DOT 0x080u          /* one trailing root dot is no A4_2 error */
#define XN_URL_RULES 0x100u               /* the URL Standard's steps around UTS #46 */
/* DNS-aware labels: an underscore label ("_" then letters, digits, '-', '_'
 * as in SRV, TLSA and DKIM names: "_sip._tcp") anywhere, and a "*" label as
 * the first label (wildcards in zones and certificates), are exempt from
 * UseSTD3ASCIIRules, CheckHyphens and CheckBidi; they are lower-cased like
 * any ASCII label and otherwise passed through. */
#define XN_DNS_LABELS 0x800u

/* The WHATWG URL Standard's "domain to ASCII" / "domain to Unicode" with
 * beStrict=false: CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off,
 * plus XN_URL_RULES (the ASCII fast path, the fallback for ASCII domains,
 * the forbidden-domain-code-point check, an empty result is a failure). */
#define XN_WHATWG \
    (XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_VERIFY_DNS_LENGTH | XN_URL_RULES)

/* Rule violations, one bit each, named after the status codes of Unicode's
 * IdnaTestV2.txt (UTS #46 §4 step numbers, RFC 5892/5893 rule numbers). */
#define XN_ERR_P4 (UINT64_C(1) << 0)   /* xn-- label: non-ASCII, bad Punycode, decodes to nothing or to ASCII only */
#define XN_ERR_V1 (UINT64_C(1) << 1)   /* label not in NFC */
#define XN_ERR_V2 (UINT64_C(1) << 2)   /* "--" in the third and fourth positions */
#define XN_ERR_V3 (UINT64_C(1) << 3)   /* label begins or ends with '-' */
#define XN_ERR_V4 (UINT64_C(1) << 4)   /* label begins with "xn--" (CheckHyphens off) */
#define XN_ERR_V5 (UINT64_C(1) << 5)   /* label contains U+002E */
#define XN_ERR_V6 (UINT64_C(1) << 6)   /* label begins with a combining mark */
#define XN_ERR_V7 (UINT64_C(1) << 7)   /* code point with a status not allowed here */
#define XN_ERR_U1 (UINT64_C(1) << 8)   /* ASCII other than a-z 0-9 '-' (UseSTD3ASCIIRules) */
#define XN_ERR_A3 (UINT64_C(1) << 9)   /* Punycode encoding failed */
#define XN_ERR_A4_1 (UINT64_C(1) << 10) /* name empty or longer than 253 */
#define XN_ERR_A4_2 (UINT64_C(1) << 11) /* label empty or longer than 63 */
#define XN_ERR_B1 (UINT64_C(1) << 12)  /* RFC 5893 §2 rule 1: first character L, R or AL */
#define XN_ERR_B2 (UINT64_C(1) << 13)  /* rule 2: characters allowed in an RTL label */
#define XN_ERR_B3 (UINT64_C(1) << 14)  /* rule 3: end of an RTL label */
#define XN_ERR_B4 (UINT64_C(1) << 15)  /* rule 4: EN and AN mixed in an RTL label */
#define XN_ERR_B5 (UINT64_C(1) << 16)  /* rule 5: characters allowed in an LTR label */
#define XN_ERR_B6 (UINT64_C(1) << 17)  /* rule 6: end of an LTR label */
#define XN_ERR_C1 (UINT64_C(1) << 18)  /* RFC 5892 A.1: ZERO WIDTH NON-JOINER out of context */
#define XN_ERR_C2 (UINT64_C(1) << 19)  /* RFC 5892 A.2: ZERO WIDTH JOINER out of context */
#define XN_ERR_X4_2 (UINT64_C(1) << 20) /* ToUnicode: empty label (not the root) */
#define XN_ERR_URL_FORBIDDEN (UINT64_C(1) << 21) /* URL Standard: forbidden domain code point */
#define XN_ERR_URL_EMPTY (UINT64_C(1) << 22)     /* URL Standard: the result is empty */
/* Bits 23 and up are kept for the IDNA2008 and IDNA2003 rules. */

/* What went wrong, for callers that want more than a status.  Every function
 * that takes one fills it on every return (zeroed on success).  Fields may
 * be added at the end in later versions. */
typedef struct xn_report {
    uint64_t errors;     /* every rule violated anywhere in the name, XN_ERR_* bits */
    size_t label;        /* index of the label with the first violation (0-based) */
    size_t offset;       /* byte offset in the input of the first violation: of the
                            offending character where one input character is
                            to blame, else of the first byte of its label */
    uint32_t code_point; /* the offending code point, or 0 when the rule is about
                            the label as a whole */
} xn_report;

/* The IdnaTestV2 code of one XN_ERR_* bit, e.g. "V6"; "?" for anything that
 * is not exactly one known bit.  Static storage, never NULL.  @since 0.1 */
XN_API const char *xn_error_name(uint64_t error_bit);

/* Writes the codes of every bit in errors, lowest bit first, separated by
 * commas ("P4,V6"), into buf as a NUL-terminated string, truncated to fit
 * buf_cap.  Returns the length the whole list needs, without the NUL.
 * @since 0.1 */
XN_API size_t xn_errors_format(uint64_t errors, char *buf, size_t buf_cap);

/* UTS #46 §4.2 ToASCII on a whole domain name (with XN_URL_RULES, the URL
 * Standard's "domain to ASCII").  On any rule violation returns
 * XN_E_INVALID_DOMAIN, writes no output (*out_len = 0) and lists the
 * violations in *report.  report may be NULL.
 * @since 0.1 */
XN_API int xn_to_ascii(const char *in, size_t in_len, char *out,
                       size_t out_cap, size_t *out_len, unsigned flags,
                       xn_report *report);

/* UTS #46 §4.3 ToUnicode on a whole domain name.  An empty label other than
 * a root label after a trailing dot is reported as XN_ERR_X4_2 unless
 * XN_NO_VERIFY_DNS_LENGTH is given (as IdnaTestV2.txt expects).  The converted name is
 * always produced, as UTS #46 requires, even when rules are violated: then
 * the return value is XN_E_INVALID_DOMAIN, the output holds the converted
 * string (labels that could not be decoded stay as they were), and *report
 * lists the violations.  Other negative statuses produce no output.
 * @since 0.1 */
XN_API int xn_to_unicode(const char *in, size_t in_len, char *out,
                         size_t out_cap, size_t *out_len, unsigned flags,
                         xn_report *report);

/* UTS #46 ToASCII / ToUnicode on one label, for callers that assemble
 * names themselves.  As xn_to_ascii() / xn_to_unicode(), except that a label
 * separator in the input, or one produced by the mapping step (U+3002, ...),
 * is a violation (XN_ERR_V5, UTS #46 §4.1 step 5), and the name-length rule
 * A4_1 does not apply (A4_2 does, with VerifyDnsLength).
 * @since 0.1 */
XN_API int xn_label_to_ascii(const char *in, size_t in_len, char *out,
                             size_t out_cap, size_t *out_len, unsigned flags,
                             xn_report *report);
XN_API int xn_label_to_unicode(const char *in, size_t in_len, char *out,
                               size_t out_cap, size_t *out_len, unsigned flags,
                               xn_report *report);

/* As xn_to_ascii() / xn_to_unicode(), with the output allocated by the
 * library: on XN_OK (and, for xn_to_unicode_alloc, on XN_E_INVALID_DOMAIN)
 * *out receives a NUL-terminated string to release with xn_free(); on any
 * other status *out is NULL.  out_len may be NULL.
 * @since 0.1 */
XN_API int xn_to_ascii_alloc(const char *in, size_t in_len, char **out,
                             size_t *out_len, unsigned flags,
                             xn_report *report);
XN_API int xn_to_unicode_alloc(const char *in, size_t in_len, char **out,
                               size_t *out_len, unsigned flags,
                               xn_report *report);

/* Releases memory returned by the library.  NULL is ignored.  @since 0.1 */
XN_API void xn_free(void *p);

/* ---------------------------------------------------------------------------
 * IDNA2008 (RFC 5890-5893): lookup and registration
 * ------------------------------------------------------------------------ */

/* @@IDNA2008@@ */

/* ---------------------------------------------------------------------------
 * IDNA2003 (RFC 3490, Nameprep RFC 3491)
 * ------------------------------------------------------------------------ */

/* @@IDNA2003@@ */

/* ---------------------------------------------------------------------------
 * Beyond the standards: display policy, mail addresses, label classes,
 * name comparison
 * ------------------------------------------------------------------------ */

/* @@EXTRAS@@ */

#ifdef __cplusplus
}
#endif

#endif /* XN_H */
