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
 *   Nothing is written past out_cap bytes; bytes after the NUL (or, on a
 *   failure, after out[0]) may be changed, as the ASCII paths store 16
 *   bytes at a time.
 * - Functions return 0 (XN_OK) on success and a negative xn_status on failure.
 * - A NULL pointer where data is required is XN_E_INVALID_ARG.  A NULL input
 *   pointer is accepted only together with a length of 0.
 * - Input and output must not overlap: no byte of in[0..in_len) may be in
 *   out[0..out_cap) (nor, for Punycode, in case_flags).  Such a call is
 *   refused with XN_E_INVALID_ARG before anything is written, so an
 *   in-place conversion fails loudly instead of corrupting its output; the
 *   parameters are therefore not declared restrict (that would make the
 *   call undefined instead of refused).
 * - Reports (xn_report, xn_display_report) are owned by the caller and carry
 *   their size: initialize them with XN_REPORT_INIT / XN_DISPLAY_REPORT_INIT.
 * - Every function is thread-safe and may be called from any number of
 *   threads at once.  The library has no mutable global state but
 *   once-made ICU objects, never changed after: the normalizer on xn's NFC
 *   data, registered and opened on the first call that needs it, and the
 *   Nameprep profile (under a lock, published only once complete).  The
 *   display policy reads only constant tables of xn's own.  ICU's own caches (StringPrep
 *   data) are created and guarded by ICU.
 * - Stream-Safe (xn's policy, UAX #15 §13): every call is linear in its
 *   input, normalization included.  ICU's canonical reordering is
 *   quadratic in a run of non-starters, so no text reaches the normalizer
 *   with more than 30 of them in a row (code points of
 *   Canonical_Combining_Class other than 0, and U+0F73, U+0F75, U+0F81,
 *   which decompose to such): xn_nfc() and every conversion that
 *   normalizes a label (or checks a decoded one for NFC) refuse it with
 *   XN_E_NOT_STREAM_SAFE, with no output.  No name of any language needs
 *   such a run; UAX #15 chose 30 as more than any text has.
 * - Memory handed out by the library (the *_alloc functions) is released with
 *   xn_free(), never with the caller's free().
 * - Stack: every function runs within 16 KiB of stack on its worst input
 *   (XN_STACK_MAX), so that coroutines and event-loop workers with small
 *   stacks may call it; ICU's own frames are counted.  For that a
 *   conversion keeps a label's buffers on the stack for labels of up to 256
 *   code points (64 for IDNA2003; any label DNS can carry), and in heap
 *   blocks it frees before returning for longer ones (up to
 *   XN_LABEL_LIMIT): the caller-buffer functions allocate only for such
 *   labels, and may then fail with XN_E_NOMEM.  tests/test-stack.c checks
 *   the bound for every function in a thread with a 16 KiB stack, each
 *   call as the first call of a process (ICU is loaded, with immediate
 *   binding, and xn's objects made in the shallowest frame of the call;
 *   the caller's own lazy binding of the xn_ function it calls is counted)
 *   and on later calls.
 * - ICU: most names never need it (ASCII names, Unicode names that pass
 *   xn's own NFC quick check).  In the default build libxn does not link
 *   ICU: the first call that needs it loads the ICU the library was built
 *   with (see xn_icu_version()), once per process.  When it cannot be
 *   loaded, libunistring normalizes instead (chosen once per process, and
 *   opened on demand too where the process has not loaded it), and only
 *   IDNA2003 fails, with XN_E_ICU_UNAVAILABLE; the next IDNA2003 call tries
 *   again.
 * - Memory: any allocation that fails, in xn or inside ICU, gives
 *   XN_E_NOMEM (never another answer), and the next call tries again: the
 *   objects xn makes once (the normalizer, the Nameprep profile) are
 *   shared only once complete.  ICU itself keeps the failure of a few set-ups it
 *   makes once per process and never retries: the hash table of its data
 *   cache (needed to register xn's NFC data: the first normalization's
 *   first two allocations), StringPrep's NFKC instance and Unicode 3.2 set
 *   (IDNA2003).  When one of those fails, every
 *   later call that needs it fails with XN_E_NOMEM for the life of the
 *   process.  tests/test-oom.c fails every allocation of each entry
 *   point's first call in a fresh process in turn and checks both.
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
#define XN_VERSION_MAJOR 1
#define XN_VERSION_MINOR 2
#define XN_VERSION_PATCH 0
#define XN_VERSION_STRING "1.2.0"
/* 0xMMmmpp, for compile-time comparisons. */
#define XN_VERSION_NUMBER \
    ((XN_VERSION_MAJOR << 16) | (XN_VERSION_MINOR << 8) | XN_VERSION_PATCH)

/* The stack, in bytes, that any function of this library needs at most on
 * any input (see "Stack" at the top).  @since 0.1 */
#define XN_STACK_MAX 16384

/* The version of the library linked at run time, in the form of
 * XN_VERSION_STRING: the header's own version when the program runs on the
 * library it was built with, a later one after an upgrade.  Static
 * storage, never NULL.  @since 0.1 */
XN_API const char *xn_version(void);

/* The Unicode version of the data set every IDNA property and NFC come
 * from, e.g. "18.0.0": the newest data/<version>/ folder when the library
 * was built, the same on every platform.  Static storage, never NULL.
 * @since 0.1 */
XN_API const char *xn_unicode_version(void);

/* The version of the ICU the library was built with, e.g. "72.1".  xn runs
 * ICU's normalizer engine on its own NFC data (xn_unicode_version()); ICU's
 * engine before 76 cannot normalize the few characters that both combine
 * with the one before them and start a composition (new in Unicode 16.0),
 * and with such an ICU a name holding one fails with XN_E_ICU_TOO_OLD.
 * The library loads that ICU (the same major version: its sonames, e.g.
 * libicuuc.so.72) on the first call that needs it; this call does not
 * load it.  Where that ICU cannot be loaded (not installed, or in a fully
 * static program), libunistring normalizes instead, on its own, older
 * Unicode data: the same answers, but for a name holding a character
 * newer than those data that takes part in normalization, which fails
 * with XN_E_NFC_TOO_OLD.  IDNA2003 (XN_IDNA2003) needs ICU in every case.
 * Static storage, never NULL.  @since 1.0 */
XN_API const char *xn_icu_version(void);

/* Loads, now, the ICU that calls needing it would load on demand (see
 * xn_icu_version()), once per process: for a program that must have ICU
 * before it drops the rights to open files (a chroot, a seccomp filter), or
 * that wants to know at start whether the names needing ICU will convert.
 * Returns XN_OK when ICU is loaded (always, in a build that links ICU), or
 * XN_E_ICU_UNAVAILABLE, whose xn_strerror() text names the library that is
 * missing and the package that provides it; a later call tries again.
 * Thread-safe.  @since 1.1 */
XN_API int xn_icu_load(void);

/* The engine that normalizes in this process, chosen now if no call has
 * needed one yet (ICU loaded when it can be had: see xn_icu_version()), as
 * a person reads it: "ICU 72.1 (xn's Unicode 18.0.0 data)",
 * "libunistring 1.0 (Unicode 14.0 data)", or "none (ICU could not be
 * loaded)" in a build without libunistring, where the next call tries
 * again.  For a program's --version and for bug reports: the text is no
 * interface to parse.  Static storage, never NULL.  Thread-safe.
 * @since 1.2 */
XN_API const char *xn_nfc_engine(void);

/* Normalizes in[0..in_len) (UTF-8) to NFC (UAX #15) with xn's normalizer,
 * the normalization every conversion uses: ICU's engine on the data of
 * xn_unicode_version(), or libunistring's where ICU cannot be loaded (see
 * xn_icu_version()).  A text that xn's own quick check finds in NFC is
 * copied as it is, with no engine.  Output and size query as for every
 * function here.  Returns XN_OK; XN_E_BUFFER_TOO_SMALL (*out_len = length
 * needed); XN_E_BAD_UTF8; XN_E_ICU_TOO_OLD and XN_E_NFC_TOO_OLD (see
 * xn_icu_version()); XN_E_ICU_UNAVAILABLE (ICU could not be loaded, in a
 * build without libunistring); XN_E_NOT_STREAM_SAFE (more than 30
 * non-starters in a row: see "Stream-Safe" at the top); XN_E_NOMEM;
 * XN_E_TOO_LONG when in_len > 357913941 (ICU counts in int32_t; the same
 * limit with either engine); XN_E_INVALID_ARG.  @since 1.0 */
XN_API int xn_nfc(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len);

/* ---------------------------------------------------------------------------
 * Status codes
 *
 * Values are fixed and never renumbered; a retired value stays reserved.
 * The list may grow: treat any other negative value as a failure.
 * ------------------------------------------------------------------------ */
/* The one list of status codes: XN_STATUS_LIST(X) calls
 * X(name, value, text) for each; it makes the enum below and
 * xn_strerror() / xn_strerror_name(), and callers may use it too (a
 * switch over every status, a table of names). */
#define XN_STATUS_LIST(X)                                                          \
    X(XN_OK, 0, "success")                                                         \
    /* NULL where data is needed, unknown flag bits, buffers that overlap */       \
    X(XN_E_INVALID_ARG, -1, "invalid argument (NULL pointer, unknown flag bits or overlapping buffers)") \
    /* output does not fit; *out_len = size needed */                              \
    X(XN_E_BUFFER_TOO_SMALL, -2, "output buffer too small")                        \
    X(XN_E_NOMEM, -3, "out of memory")                                             \
    /* input past a documented limit (XN_LABEL_LIMIT ...) */                       \
    X(XN_E_TOO_LONG, -4, "input longer than the documented limit")                \
    X(XN_E_BAD_UTF8, -5, "input is not well-formed UTF-8")                         \
    /* a dependency (ICU) failed unexpectedly, e.g. its data is missing */         \
    X(XN_E_INTERNAL, -6, "internal error in a dependency (ICU)")                   \
    /* the linked ICU's normalizer is older than xn's Unicode data need for a */ \
    /* character of the input (ICU < 76; see xn_icu_version()) */                \
    X(XN_E_ICU_TOO_OLD, -7, "the linked ICU (before 76) cannot normalize a character of the input") \
    /* ICU, needed for this input (IDNA2003; NFC beyond xn's quick check in */ \
    /* a build without libunistring), could not be loaded: xn_icu_version() */ \
    X(XN_E_ICU_UNAVAILABLE, -8, "ICU is needed for this input and could not be loaded") \
    /* more than 30 non-starters (combining marks) in a row: xn's policy, */      \
    /* UAX #15's Stream-Safe limit, so that normalization stays linear */         \
    X(XN_E_NOT_STREAM_SAFE, -9, "more than 30 combining marks in a row (not Stream-Safe, UAX #15)") \
    /* ICU could not be loaded, and libunistring, which normalizes then, is */ \
    /* on Unicode data older than a character of the input that takes part */ \
    /* in normalization (see xn_nfc()) @since 1.2 */                            \
    X(XN_E_NFC_TOO_OLD, -15, "a character of the input is newer than the Unicode data of libunistring's normalizer (ICU is not loaded)") \
    /* non-ASCII before the last delimiter */                                      \
    X(XN_E_PUNYCODE_BAD_BASIC, -10, "Punycode: non-ASCII character before the delimiter") \
    /* a character that is no base-36 digit */                                     \
    X(XN_E_PUNYCODE_BAD_DIGIT, -11, "Punycode: invalid digit")                     \
    /* input ends inside a variable-length integer */                              \
    X(XN_E_PUNYCODE_TRUNCATED, -12, "Punycode: input ends inside a number")        \
    /* a value does not fit the RFC 3492 arithmetic */                             \
    X(XN_E_PUNYCODE_OVERFLOW, -13, "Punycode: arithmetic overflow")                \
    /* a surrogate or a value above U+10FFFF */                                    \
    X(XN_E_PUNYCODE_BAD_CODE_POINT, -14, "Punycode: surrogate or value above U+10FFFF") \
    /* the name breaks IDNA rules: see xn_report.errors */                         \
    X(XN_E_INVALID_DOMAIN, -20, "the name breaks IDNA rules")                      \
    /* not a mail address: no '@', an empty part, a control character */           \
    X(XN_E_BAD_ADDRESS, -30, "not a mail address (no '@', an empty part, a control character in the local part, or a malformed address literal)")
typedef enum xn_status {
#define XN_STATUS_ENUMERATOR_(name, value, text) name = value,
    XN_STATUS_LIST(XN_STATUS_ENUMERATOR_)
#undef XN_STATUS_ENUMERATOR_
    /* Not a status: it ends the list without a comma after the last
     * enumerator, which C89 and C++98 do not allow.  Its value is XN_OK's,
     * so a switch that handles every status handles it too. */
    XN_STATUS_LIST_END_ = XN_OK
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
 * the forbidden-domain-code-point check, an empty result is a failure; the
 * strict run's validation errors in the report, see xn_report; for
 * ToUnicode, a name with an error comes back as it was given). */
#define XN_WHATWG \
    (XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_VERIFY_DNS_LENGTH | XN_URL_RULES)

/* Rule violations, one bit each, named after the status codes of Unicode's
 * IdnaTestV2.txt (UTS #46 §4 step numbers, RFC 5892/5893 rule numbers).
 * The one list: XN_ERROR_LIST(X) calls X(name, bit) for each, in bit
 * order; XN_ERR_<name> is the mask (UINT64_C(1) << bit) and
 * xn_error_name() prints <name>, e.g. "V6" or "NAMEPREP_BIDI". */
#define XN_ERROR_LIST(X)                                                                   \
    X(P4, 0)     /* xn-- label: non-ASCII, bad Punycode, decodes to nothing or to ASCII only */ \
    X(V1, 1)     /* label not in NFC */                                                    \
    X(V2, 2)     /* "--" in the third and fourth positions */                              \
    X(V3, 3)     /* label begins or ends with '-' */                                       \
    X(V4, 4)     /* label begins with "xn--" (CheckHyphens off) */                         \
    X(V5, 5)     /* label contains U+002E */                                               \
    X(V6, 6)     /* label begins with a combining mark */                                  \
    X(V7, 7)     /* code point with a status not allowed here */                           \
    X(U1, 8)     /* ASCII other than a-z 0-9 '-' (UseSTD3ASCIIRules) */                    \
    X(A3, 9)     /* Punycode encoding failed */                                            \
    X(A4_1, 10)  /* name empty or longer than 253 */                                       \
    X(A4_2, 11)  /* label empty or longer than 63 */                                       \
    X(B1, 12)    /* RFC 5893 §2 rule 1: first character L, R or AL */                      \
    X(B2, 13)    /* rule 2: characters allowed in an RTL label */                          \
    X(B3, 14)    /* rule 3: end of an RTL label */                                         \
    X(B4, 15)    /* rule 4: EN and AN mixed in an RTL label */                             \
    X(B5, 16)    /* rule 5: characters allowed in an LTR label */                          \
    X(B6, 17)    /* rule 6: end of an LTR label */                                         \
    X(C1, 18)    /* RFC 5892 A.1: ZERO WIDTH NON-JOINER out of context */                  \
    X(C2, 19)    /* RFC 5892 A.2: ZERO WIDTH JOINER out of context */                      \
    X(X4_2, 20)  /* ToUnicode: empty label (not the root) */                               \
    X(URL_FORBIDDEN, 21) /* URL Standard: forbidden domain code point */                   \
    X(URL_EMPTY, 22)     /* URL Standard: the result is empty */                           \
    /* IDNA2008 (RFC 5891, RFC 5892) */                                                    \
    X(DISALLOWED, 23)    /* RFC 5892 derived property DISALLOWED */                        \
    X(UNASSIGNED, 24)    /* RFC 5892 derived property UNASSIGNED */                        \
    X(CONTEXTO, 25)      /* RFC 5892 A.3-A.9: CONTEXTO rule fails */                       \
    X(ALABEL, 26)        /* no A-label: wrong prefix, or not the one encoding */           \
    X(MISMATCH, 27)      /* registration: U-label and A-label differ */                    \
    /* IDNA2003 (RFC 3490, Nameprep RFC 3491) */                                           \
    X(NAMEPREP_PROHIBITED, 28) /* RFC 3491 §5: prohibited output */                        \
    X(NAMEPREP_UNASSIGNED, 29) /* RFC 3491 §5: unassigned in Unicode 3.2 */                \
    X(NAMEPREP_BIDI, 30)       /* RFC 3491 §6 (RFC 3454 §6) Bidi */                        \
    X(ACE_PREFIX, 31)    /* RFC 3490 §4.1 step 5: starts with the ACE prefix */            \
    X(ROUNDTRIP, 32)     /* RFC 3490 §4.2 step 7: ToASCII(result) differs */          \
    /* xn's policy, in every profile */                                                    \
    X(NUL, 33)           /* U+0000 in the name (see "U+0000" above xn_to_ascii()) */
/* Bits 34 and up are kept for later rules. */

/* The bit numbers, XN_ERR_BIT_<name>, made from the list. */
enum xn_error_bit {
#define XN_ERROR_BIT_ENUMERATOR_(name, bit) XN_ERR_BIT_##name = bit,
    XN_ERROR_LIST(XN_ERROR_BIT_ENUMERATOR_)
#undef XN_ERROR_BIT_ENUMERATOR_
    /* Not a rule: it ends the list without a comma after the last
     * enumerator (C89, C++98), with the value of the first. */
    XN_ERR_BIT_LIST_END_ = XN_ERR_BIT_P4
};

/* The masks.  A macro cannot define macros, so each is spelled here once
 * more, by name only: its bit comes from the list, and lib/status.c fails
 * to compile if a name of the list has no mask. */
#define XN_ERR_(name) (UINT64_C(1) << XN_ERR_BIT_##name)
#define XN_ERR_P4 XN_ERR_(P4)
#define XN_ERR_V1 XN_ERR_(V1)
#define XN_ERR_V2 XN_ERR_(V2)
#define XN_ERR_V3 XN_ERR_(V3)
#define XN_ERR_V4 XN_ERR_(V4)
#define XN_ERR_V5 XN_ERR_(V5)
#define XN_ERR_V6 XN_ERR_(V6)
#define XN_ERR_V7 XN_ERR_(V7)
#define XN_ERR_U1 XN_ERR_(U1)
#define XN_ERR_A3 XN_ERR_(A3)
#define XN_ERR_A4_1 XN_ERR_(A4_1)
#define XN_ERR_A4_2 XN_ERR_(A4_2)
#define XN_ERR_B1 XN_ERR_(B1)
#define XN_ERR_B2 XN_ERR_(B2)
#define XN_ERR_B3 XN_ERR_(B3)
#define XN_ERR_B4 XN_ERR_(B4)
#define XN_ERR_B5 XN_ERR_(B5)
#define XN_ERR_B6 XN_ERR_(B6)
#define XN_ERR_C1 XN_ERR_(C1)
#define XN_ERR_C2 XN_ERR_(C2)
#define XN_ERR_X4_2 XN_ERR_(X4_2)
#define XN_ERR_URL_FORBIDDEN XN_ERR_(URL_FORBIDDEN)
#define XN_ERR_URL_EMPTY XN_ERR_(URL_EMPTY)
#define XN_ERR_DISALLOWED XN_ERR_(DISALLOWED)
#define XN_ERR_UNASSIGNED XN_ERR_(UNASSIGNED)
#define XN_ERR_CONTEXTO XN_ERR_(CONTEXTO)
#define XN_ERR_ALABEL XN_ERR_(ALABEL)
#define XN_ERR_MISMATCH XN_ERR_(MISMATCH)
#define XN_ERR_NAMEPREP_PROHIBITED XN_ERR_(NAMEPREP_PROHIBITED)
#define XN_ERR_NAMEPREP_UNASSIGNED XN_ERR_(NAMEPREP_UNASSIGNED)
#define XN_ERR_NAMEPREP_BIDI XN_ERR_(NAMEPREP_BIDI)
#define XN_ERR_ACE_PREFIX XN_ERR_(ACE_PREFIX)
#define XN_ERR_ROUNDTRIP XN_ERR_(ROUNDTRIP)
#define XN_ERR_NUL XN_ERR_(NUL)

/* What went wrong, for callers that want more than a status.
 *
 * The caller owns the struct and sets its size field, best with the
 * initializer: `xn_report rep = XN_REPORT_INIT;`.  The library writes only
 * the bytes that size covers, so a program built against this header keeps
 * working with a later library whose report has more fields (they are
 * added at the end, never moved), and a later program with this library
 * (the fields this library does not know are left as the caller set them;
 * XN_REPORT_INIT zeroes them).  A size smaller than this first layout's is
 * XN_E_INVALID_ARG, and the report is then not written.
 *
 * Every function that takes a report fills it on every return but that
 * one: errors 0, label 0, offset 0 and code_point XN_NO_CODE_POINT on
 * success, with one exception: the URL Standard's domain to ASCII
 * (XN_URL_RULES, xn_to_ascii() and its _alloc form) reports its validation
 * errors on success too, those of its strict run (CheckHyphens,
 * UseSTD3ASCIIRules and VerifyDnsLength on), where the lenient run or the
 * fallback for ASCII names kept the name ("_dmarc.example" converts, with
 * U1 reported). */
typedef struct xn_report {
    size_t size;         /* set by the caller: sizeof(xn_report) */
    uint64_t errors;     /* every rule violated anywhere in the name, XN_ERR_* bits */
    size_t label;        /* index of the label with the first violation (0-based) */
    size_t offset;       /* byte offset in the input of the first violation: of the
                            offending character where one input character is
                            to blame, else of the first byte of its label */
    uint32_t code_point; /* the offending code point (U+0000 included), or
                            XN_NO_CODE_POINT when the rule is about the label
                            or the name as a whole */
} xn_report;

/* No code point is to blame (a value no code point has). */
#define XN_NO_CODE_POINT UINT32_C(0xFFFFFFFF)

/* The initializer of a report: size set, no error, no code point. */
#define XN_REPORT_INIT {sizeof(xn_report), 0, 0, 0, XN_NO_CODE_POINT}

/* The IdnaTestV2 code of one XN_ERR_* bit, e.g. "V6"; "?" for anything that
 * is not exactly one known bit.  Static storage, never NULL.  @since 0.1 */
XN_API const char *xn_error_name(uint64_t error_bit);

/* Writes the codes of every bit in errors, lowest bit first, separated by
 * commas ("P4,V6"), into buf as a NUL-terminated string, truncated to fit
 * buf_cap.  Returns the length the whole list needs, without the NUL.
 * @since 0.1 */
XN_API size_t xn_errors_format(uint64_t errors, char *buf, size_t buf_cap);

/* U+0000 (xn's policy, in every profile and every function that converts a
 * name, beyond the standards): a name holding U+0000 is an error, never
 * XN_OK, since a result is read as a C string and "example.com\0.evil.com"
 * would read as "example.com".  UTS #46 with UseSTD3ASCIIRules=false and
 * IDNA2003 without STD3 rules count U+0000 as valid, and IDNA2008 lookup
 * without them lets any ASCII in; xn refuses it all the same:
 * XN_E_INVALID_DOMAIN with XN_ERR_NUL in the report (under XN_URL_RULES,
 * XN_ERR_URL_FORBIDDEN instead: U+0000 is a forbidden domain code point),
 * blamed on the first U+0000, code_point 0.  The ToUnicode forms, IDNA2003's
 * ("ToUnicode never fails") included, still write their output for such a
 * name as they do for any name that breaks a rule (the label holding U+0000
 * as it was given), so a caller that takes only XN_OK as success never
 * reads it.  No DNS name needs U+0000. */

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
 * lists the violations.  With XN_URL_RULES (the URL Standard's "domain to
 * Unicode") the output then holds the input unchanged instead, byte for
 * byte: the converted text of a name that breaks a rule can spell another
 * name ("xn--google-.com" is not "google.com").  Other negative statuses
 * produce no output.
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

/* Flags of these functions (others are listed with each function). */
#define XN_IDNA2008_MAP 0x200u     /* lookup: the UTS #46 mapping first (RFC 5895 style) */
#define XN_ALLOW_UNASSIGNED 0x400u /* IDNA2003: AllowUnassigned (RFC 3490 §3.1) */
/* Lookup: no U-label (nor the U-label of an A-label) may start or end with
 * '-' either (XN_ERR_V3): registration's rule (RFC 5891 §4.2.3.1) and UTS
 * #46's CheckHyphens, which lookup itself leaves out; libidn2 asks it.
 * @since 1.1 */
#define XN_IDNA2008_HYPHEN_ENDS 0x10000u

/* IDNA2008 lookup (RFC 5891 §5) on a whole domain name: the name in A-label
 * form, each U-label encoded, each A-label checked and lower-cased.
 *
 * Labels are separated by U+002E only: the other dots are a mapping matter
 * (with XN_IDNA2008_MAP they map to U+002E).  Per label:
 * - "xn--" in any case (RFC 5891 §5.3): lower-cased, Punycode-decoded to a
 *   non-empty string that is not all ASCII (else P4), tested as a U-label
 *   (below, V1 included), and encoded again to the identical string (else
 *   ALABEL; xn's strict decoder accepts no second spelling, so this is a
 *   belt-and-braces check).  The output is the lower-case A-label.
 * - another label with non-ASCII characters (§5.4): in NFC (V1); no "--" in
 *   positions 3-4 (V2; a '-' at either end is a registration rule only, as
 *   §5.4 leaves it out); no leading combining mark (V6); every code point PVALID, or CONTEXTJ with RFC 5892 A.1/A.2
 *   holding (C1, C2), or CONTEXTO with its rule A.3-A.9 holding (CONTEXTO;
 *   §5.4 makes CONTEXTO optional for lookup: xn checks it); DISALLOWED and
 *   UNASSIGNED code points fail (DISALLOWED, UNASSIGNED; a U+002E from the
 *   mapping step is V5).  Then encoded to its A-label (§5.5).
 * - an ASCII label (NR-LDH, RFC 5890 §2.3.1) passes unchanged (not
 *   lower-cased) after the LDH rule of host names: letters, digits and '-'
 *   only (U1), no '-' at either end (V3).  "--" in positions 3-4 (a
 *   reserved LDH label such as "ab--c") is allowed: §5.4 tests putative
 *   U-labels, which are non-ASCII, as IDNA2003 and libidn2 read it.
 * - RFC 5893: when some label holds an R, AL or AN character, every label
 *   must satisfy the Bidi rule (B1-B6).
 * - lengths in A-label form: labels of 1-63 octets (A4_2), the name 1-253
 *   without a trailing root dot (A4_1).
 * No mapping is done: upper case, full-width and compatibility characters
 * are DISALLOWED, unless XN_IDNA2008_MAP is given; then each label is first
 * mapped by the UTS #46 table (nontransitional: ß, ς, ZWJ and ZWNJ stay;
 * ASCII letters lower-cased) and normalized to NFC, as RFC 5895 suggests,
 * and the result must pass every test above.
 *
 * flags: 0, or any of XN_IDNA2008_MAP, XN_NO_STD3_RULES (ASCII labels may
 *   hold any ASCII but '.', and '-' at either end), XN_ALLOW_ROOT_DOT,
 *   XN_NO_VERIFY_DNS_LENGTH (no A4_1/A4_2, empty labels allowed),
 *   XN_DNS_LABELS (as for xn_to_ascii(): "_" labels and a leading "*"
 *   label pass unchanged, exempt from U1, V3 and the Bidi rule).  Other bits
 *   are XN_E_INVALID_ARG: IDNA2008 has no switch for its other rules.
 * Limits: a label with non-ASCII characters may hold XN_LABEL_LIMIT code
 *   points (after mapping), an "xn--" label XN_ACE_LIMIT + 4 characters;
 *   longer ones fail with XN_E_TOO_LONG.  Other ASCII labels have no limit.
 * Returns XN_OK; XN_E_INVALID_DOMAIN (no output, *out_len = 0, every
 *   violation in *report); XN_E_BUFFER_TOO_SMALL (*out_len = length
 *   needed); XN_E_BAD_UTF8; XN_E_TOO_LONG; XN_E_INVALID_ARG; XN_E_INTERNAL.
 *   report may be NULL.
 * @since 0.1 */
XN_API int xn_idna2008_lookup(const char *in, size_t in_len, char *out,
                              size_t out_cap, size_t *out_len, unsigned flags,
                              xn_report *report);

/* As xn_idna2008_lookup(), with the same checks and the same flags, but the
 * output is the name in U-label form: A-labels decoded (from their
 * lower-cased form), other labels as xn_idna2008_lookup() reads them (with
 * XN_IDNA2008_MAP: mapped).  As with xn_to_unicode(), the output is written
 * even when rules are violated: then the return value is
 * XN_E_INVALID_DOMAIN, labels that could not be decoded stay as they were,
 * and *report lists the violations.  Lengths are still checked on the
 * A-label form.  Other negative statuses produce no output.
 * @since 0.1 */
XN_API int xn_idna2008_to_unicode(const char *in, size_t in_len, char *out,
                                  size_t out_cap, size_t *out_len,
                                  unsigned flags, xn_report *report);

/* As xn_idna2008_lookup() / xn_idna2008_to_unicode(), with the output
 * allocated as by xn_to_ascii_alloc() / xn_to_unicode_alloc(): on XN_OK
 * (and, for xn_idna2008_to_unicode_alloc, on XN_E_INVALID_DOMAIN) *out
 * receives a NUL-terminated string to release with xn_free(); on any other
 * status, XN_E_NOMEM included, *out is NULL.  out_len may be NULL.
 * @since 0.1 */
XN_API int xn_idna2008_lookup_alloc(const char *in, size_t in_len, char **out,
                                    size_t *out_len, unsigned flags,
                                    xn_report *report);
XN_API int xn_idna2008_to_unicode_alloc(const char *in, size_t in_len,
                                        char **out, size_t *out_len,
                                        unsigned flags, xn_report *report);

/* IDNA2008 registration (RFC 5891 §4) of one label, given as a U-label, an
 * A-label or both.  An argument is absent when its length is 0 (its pointer
 * may then be NULL); both absent is XN_E_INVALID_ARG.
 *
 * ulabel: UTF-8.  With a non-ASCII character it must pass every test that
 *   xn_idna2008_lookup() applies to a U-label (§4.2: NFC, "--", leading
 *   mark, derived property, CONTEXTJ and CONTEXTO rules), have no '-' at
 *   either end (V3, §4.2.3.1), and when it holds
 *   an R, AL or AN character the Bidi rule of RFC 5893 (§4.2.3.4).  An
 *   all-ASCII ulabel is an LDH label: letters, digits and '-' (U1, V5 for a
 *   '.'), no '-' at either end (V3) and no "--" in positions 3-4 (V2:
 *   reserved LDH labels, "xn--" ones included, are not registered this
 *   way; give an A-label as alabel).
 * alabel: ASCII starting with "xn--" in any case (else ALABEL; non-ASCII is
 *   P4).  It is lower-cased (§4.1), decoded (P4 when that fails or gives an
 *   empty or all-ASCII string), the result tested as a U-label as above,
 *   and it must be the one encoding of that U-label (ALABEL).
 * Both: ulabel's A-label must equal the lower-cased alabel (MISMATCH; an
 *   LDH ulabel never matches an A-label).
 * out: the label to enter in the zone: the lower-case A-label, or the LDH
 *   label as given; it must be 1-63 octets (A4_2).  NUL-terminated when it
 *   fits.  On XN_E_INVALID_DOMAIN nothing is written.
 * report: label is 0; offset counts bytes of ulabel for violations found in
 *   it, of alabel for the others (0 for MISMATCH and whole-label rules).
 * flags: must be 0 (registration has no optional rule).
 * Limits: ulabel at most XN_LABEL_LIMIT code points, alabel at most
 *   XN_ACE_LIMIT + 4 characters (XN_E_TOO_LONG).
 * Returns XN_OK, XN_E_INVALID_DOMAIN, XN_E_BUFFER_TOO_SMALL (*out_len =
 *   length needed), XN_E_BAD_UTF8, XN_E_TOO_LONG, XN_E_INVALID_ARG,
 *   XN_E_INTERNAL.
 * @since 0.1 */
XN_API int xn_idna2008_register(const char *ulabel, size_t ulabel_len,
                                const char *alabel, size_t alabel_len,
                                char *out, size_t out_cap, size_t *out_len,
                                unsigned flags, xn_report *report);

/* IDNA2008 registration (RFC 5891 §4) of a whole name: what RFC 5890
 * §2.3.2.3 calls an IDN (every label an A-label, a U-label or an NR-LDH
 * label), as JSON Schema's "idn-hostname" format asks.  The name is split
 * at U+002E only: U+3002, U+FF0E and U+FF61 separate labels in UTS #46 and
 * IDNA2003, not in IDNA2008, where they are DISALLOWED characters of a
 * label.  Each label is checked as xn_idna2008_register() checks it: as an
 * A-label when it starts with "xn--" in any case, else as a U-label or LDH
 * label.  Then the name's own rules: no empty label (A4_2: "a..b", a
 * trailing root dot), at most XN_DNS_NAME_MAX octets in A-label form
 * (A4_1), and, when every label passed, the Bidi rule of RFC 5893 across the
 * labels (a name with an R, AL or AN character is a Bidi domain name, and
 * each of its labels must then satisfy the rule: "1a.xn--mgbh0fb" is B1).
 * The empty name is A4_1 and A4_2.
 *
 * out: the name to enter in the zone, its labels as xn_idna2008_register()
 *   gives them (lower-case A-labels, LDH labels as given), joined with '.'.
 *   NUL-terminated when it fits; size query as everywhere.  On
 *   XN_E_INVALID_DOMAIN nothing is written.
 * report: may be NULL; the rules every label broke, or-ed; label, offset
 *   and code point of the first violation, the offset counting bytes of in
 *   (for a Bidi violation across labels, the start of the label).
 * flags: must be 0.
 * Returns XN_OK, XN_E_INVALID_DOMAIN, XN_E_BUFFER_TOO_SMALL (*out_len =
 *   length needed), XN_E_BAD_UTF8, XN_E_TOO_LONG (a label over the limits
 *   of xn_idna2008_register()), XN_E_INVALID_ARG, XN_E_NOMEM,
 *   XN_E_INTERNAL.
 * @since 1.2 */
XN_API int xn_idna2008_register_name(const char *in, size_t in_len, char *out,
                                     size_t out_cap, size_t *out_len, unsigned flags,
                                     xn_report *report);

/* ---------------------------------------------------------------------------
 * IDNA2003 (RFC 3490, Nameprep RFC 3491)
 * ------------------------------------------------------------------------ */

/* IDNA2003 ToASCII (RFC 3490 §4 and §4.1) on a whole domain name, with
 * Nameprep (RFC 3491) done by ICU's StringPrep on its Unicode 3.2 data.
 *
 * Labels are separated by U+002E, U+3002, U+FF0E and U+FF61 (§3.1); the
 * output separates them with U+002E.  Per label, the steps of §4.1:
 *  1. an all-ASCII label skips Nameprep, so it is passed through unchanged,
 *     not lower-cased ("xn--" labels included: they are not checked);
 *  2. Nameprep: mapping, NFKC, prohibited output (NAMEPREP_PROHIBITED),
 *     unassigned code points (NAMEPREP_UNASSIGNED, unless
 *     XN_ALLOW_UNASSIGNED), the Bidi rule of RFC 3454 §6 (NAMEPREP_BIDI);
 *  3. UseSTD3ASCIIRules, on unless XN_NO_STD3_RULES: ASCII other than
 *     letters (either case), digits and '-' (U1); '-' at either end (V3);
 *  5. a label that is not all ASCII must not begin with "xn--" in any case
 *     (ACE_PREFIX);
 *  6-7. Punycode and the "xn--" prefix (A3 if the codec refuses);
 *  8. 1 to 63 code points (A4_2).  One trailing separator (the root,
 *     "bücher.de." gives "xn--bcher-kva.de.") is always accepted, as
 *     libidn, ICU's IDNA2003 API and Python's codec accept it; XN_ALLOW_ROOT_DOT
 *     is accepted and changes nothing here.
 * A U+002E made by Nameprep (U+2024 and the like) fails the label (V5).
 * The name as a whole has no length limit in RFC 3490 and none is checked.
 *
 * flags: 0, or any of XN_ALLOW_UNASSIGNED, XN_NO_STD3_RULES,
 *   XN_ALLOW_ROOT_DOT; other bits are XN_E_INVALID_ARG.
 * Limits: a label with a non-ASCII character may hold XN_LABEL_LIMIT code
 *   points before and after Nameprep (else XN_E_TOO_LONG).  A longer ASCII
 *   label just fails step 8.
 * Returns XN_OK; XN_E_INVALID_DOMAIN (no output, *out_len = 0, violations
 *   in *report); XN_E_BUFFER_TOO_SMALL (*out_len = length needed);
 *   XN_E_BAD_UTF8; XN_E_TOO_LONG; XN_E_INVALID_ARG; XN_E_INTERNAL (ICU
 *   failed, e.g. its data is missing).  report may be NULL.
 * @since 0.1 */
XN_API int xn_idna2003_to_ascii(const char *in, size_t in_len, char *out,
                                size_t out_cap, size_t *out_len,
                                unsigned flags, xn_report *report);

/* IDNA2003 ToUnicode (RFC 3490 §4.2) on a whole domain name, with the same
 * separators and flags as xn_idna2003_to_ascii().  Per label: Nameprep
 * unless all ASCII (step 2); a label that then does not begin with "xn--"
 * is returned unchanged, which is no error (step 3); otherwise the
 * Punycode is decoded (P4 on failure, step 5), ToASCII is applied to the
 * result (step 6, any ToASCII violation) and must give back the step-3
 * string up to ASCII case (ROUNDTRIP, step 7); the decoded label is the
 * result (step 8).
 *
 * "ToUnicode never fails" (§4.2): a label at which a step fails is returned
 * unchanged, as the input had it.  So the output is always the whole name
 * (labels joined with U+002E); the return value is XN_OK when every label
 * converted or was no ACE label, and XN_E_INVALID_DOMAIN, with the output
 * written all the same and the failed steps in *report, when some step
 * failed.  Empty labels are returned as they are.  Other negative statuses
 * (XN_E_BUFFER_TOO_SMALL, XN_E_BAD_UTF8, XN_E_TOO_LONG, XN_E_INVALID_ARG,
 * XN_E_INTERNAL) produce no output.
 * @since 0.1 */
XN_API int xn_idna2003_to_unicode(const char *in, size_t in_len, char *out,
                                  size_t out_cap, size_t *out_len,
                                  unsigned flags, xn_report *report);

/* As xn_idna2003_to_ascii() / xn_idna2003_to_unicode(), with the output
 * allocated: on XN_OK (and, for xn_idna2003_to_unicode_alloc, on
 * XN_E_INVALID_DOMAIN) *out receives a NUL-terminated string to release
 * with xn_free(); on any other status, XN_E_NOMEM included, *out is NULL.
 * out_len may be NULL.  (ICU's own allocations are ICU's; these allocate
 * only the result.)
 * @since 0.1 */
XN_API int xn_idna2003_to_ascii_alloc(const char *in, size_t in_len,
                                      char **out, size_t *out_len,
                                      unsigned flags, xn_report *report);
XN_API int xn_idna2003_to_unicode_alloc(const char *in, size_t in_len,
                                        char **out, size_t *out_len,
                                        unsigned flags, xn_report *report);

/* ---------------------------------------------------------------------------
 * Beyond the standards: display policy, mail addresses, label classes,
 * name comparison
 * ------------------------------------------------------------------------ */

/* ---- Display policy (UTS #39) -------------------------------------------- */

/* Why a label is shown as its A-label rather than in Unicode: one bit each,
 * after the checks of UTS #39 (Unicode Security Mechanisms). */
#define XN_UNSAFE_MIXED_SCRIPT 0x01u  /* scripts mixed beyond the restriction level (§5.2): "pаypal" with a Cyrillic а;
                                         at Highly Restrictive, Latin beside Han, kana or Hangul only in ASCII: "héllo中国" */
#define XN_UNSAFE_RESTRICTED 0x02u    /* a character outside xn's allowed set (§3.1: Identifier_Status Allowed of Unicode 16.0 or 17.0, less the browsers' removals): "☃" */
#define XN_UNSAFE_CONFUSABLE 0x04u    /* non-Latin letters whose skeleton (§4), accents removed, is all letters of the
                                         Latin alphabets and digits: looks like a Latin label, Cyrillic "аррӏе", "ск",
                                         Greek "ικα"; a label of one script only under a country-code TLD of that
                                         script is exempt: Cyrillic under .ru, .рф, .ua ..., Greek under .gr, .ελ ...
                                         (also Armenian, Georgian, Hebrew, Ethiopic, Myanmar, Thai), and under an IDN
                                         TLD of that script ("пример.орг"); for a label of one script, its whole-script
                                         lookalikes count as Latin (Armenian "ոսւօ", Hebrew "חסד", Tamil "டபடப" ...)
                                         and so do letters that read as Latin beyond UTS #39's data ("ҏнкть"); also every
                                         IDN label under a TLD that reads as an ASCII TLD ("google.сом") */
#define XN_UNSAFE_MIXED_NUMBERS 0x08u /* digits of more than one decimal numbering system (§5.3): "१2" */
#define XN_UNSAFE_INVISIBLE 0x10u     /* a default-ignorable character, the same nonspacing mark twice, more than four
                                         nonspacing marks in a row, or a mark hidden by its base, i + U+0307 (§5.4) */
#define XN_UNSAFE_DEVIATION 0x20u     /* ß, ς, ZWJ or ZWNJ (UTS #46 §6): older software resolves the name elsewhere */
/* The checks the browsers' IDN display policies add on top of UTS #39
 * (Chromium's and Firefox's published policies, read as facts): */
#define XN_UNSAFE_IDNA2008 0x40u       /* IDNA2008 lookup (RFC 5891 §5.4, RFC 5892) rejects the U-label: a DISALLOWED
                                          character, or U+00B7 / U+30FB outside their CONTEXTO rules: "google·com" */
#define XN_UNSAFE_DOTLESS_MARK 0x80u   /* dotless ı or ȷ followed by a combining mark: "pı̀xel", "naı̈ve" */
#define XN_UNSAFE_KANA_MARK 0x100u     /* U+3099, U+309A, U+30FC, U+30FD or U+30FE not after kana (U+30FD, U+30FE:
                                          not after katakana), or at the start of the label */
#define XN_UNSAFE_CJK_LOOKALIKE 0x200u /* a Han, kana or Bopomofo character that looks like '-', '/', 'T', 'I' or '+'
                                          next to a character of another script: "丁est", "com乀test", "google一com" */
#define XN_UNSAFE_SEPARATOR 0x400u     /* a character that renders as, or looks like, a path or dot separator or a
                                          hyphen: U+0338, U+02EC, U+2044, U+2215, U+2010, U+00B7 but in "l·l" under .cat,
                                          U+30FB next to a character that is not kana or Han */
#define XN_UNSAFE_DIGIT_LOOKALIKE 0x800u /* only decimal digits (of any system) and characters whose skeleton (§4) is
                                            an ASCII digit's, not all ASCII: "০২", "੨੨੨" */
#define XN_UNSAFE_KNOWN_DOMAIN 0x1000u /* the labels from this one to the end have the skeleton, accents removed, of a
                                          domain of the caller's known set or (XN_DISPLAY_BUILTIN_KNOWN) the built-in
                                          one but are not it: "tést.net" beside "test.net", "googlé.com" */
#define XN_UNSAFE_FOREIGN_MARK 0x2000u /* a combining mark of U+0300..U+036F on a base that is not Latin, Greek or
                                          Cyrillic, where fonts place it unpredictably, or a mark of
                                          other scripts' own on a base of another: "gooِgle" */
#define XN_UNSAFE_RARE_LATIN 0x4000u   /* a Latin letter that passes for another outside the TLDs of its languages:
                                          ð, þ (but under .is; ð also .fo), ə (but under .az), ĸ: "əxample" */
#define XN_UNSAFE_UNDECIDED 0x8000u    /* the checks could not run: the name was given in its ASCII form and a
                                          character of this A-label needs a normalizer that cannot take it
                                          (XN_E_NFC_TOO_OLD, XN_E_ICU_TOO_OLD, XN_E_ICU_UNAVAILABLE), or memory
                                          ran out; the A-label is shown, not judged (since 1.2) */

/* Display flags, or-ed with the UTS #46 flags of xn_to_ascii().  The
 * restriction level (UTS #39 §5.2) is a two-bit field: 0 is Highly
 * Restrictive (one script, or Latin with Han and Bopomofo, with Han,
 * Hiragana and Katakana, or with Han and Hangul). */
#define XN_DISPLAY_SINGLE_SCRIPT 0x1000u   /* Single Script: no Latin beside CJK either */
#define XN_DISPLAY_MODERATE 0x2000u        /* Moderately Restrictive: also Latin plus one other script
                                              except Cyrillic, Greek and Cherokee */
#define XN_DISPLAY_MINIMAL 0x3000u         /* Minimally Restrictive: any mix of scripts */
#define XN_DISPLAY_LEVEL_MASK 0x3000u
#define XN_DISPLAY_ALLOW_DEVIATIONS 0x4000u /* ß, ς, ZWJ, ZWNJ are no reason by themselves
                                               (they stay one with XN_TRANSITIONAL, which maps
                                               such a U-label to another name) */
/* The built-in set of popular domains (Chromium's list of 8,462 top domains,
 * top-sites' 500 and 39 of xn's own: banks, payment, exchanges, mail,
 * government; data/README.md in xn's source gives their sources and
 * dates) counts as a known set
 * (xn_to_display_known()), beside the caller's if any: "googlé.com",
 * "twıtter.com" keep their A-labels with XN_UNSAFE_KNOWN_DOMAIN.  xn
 * --display sets it.  @since 1.1 */
#define XN_DISPLAY_BUILTIN_KNOWN 0x8000u

/* Every flag bit of the conversion and display functions, once, in bit
 * order: X(name) each (the restriction level's field is its two bits,
 * XN_DISPLAY_SINGLE_SCRIPT and XN_DISPLAY_MODERATE; XN_WHATWG is a
 * combination).  The command line, the tests and each function's set of
 * accepted flags are checked against it when they compile.  @since 1.1 */
#define XN_FLAG_BITS(X)                                                                \
    X(XN_TRANSITIONAL) X(XN_NO_STD3_RULES) X(XN_NO_CHECK_HYPHENS) X(XN_NO_CHECK_BIDI)  \
    X(XN_NO_CHECK_JOINERS) X(XN_NO_VERIFY_DNS_LENGTH) X(XN_IGNORE_INVALID_PUNYCODE)    \
    X(XN_ALLOW_ROOT_DOT) X(XN_URL_RULES) X(XN_IDNA2008_MAP) X(XN_ALLOW_UNASSIGNED)     \
    X(XN_DNS_LABELS) X(XN_DISPLAY_SINGLE_SCRIPT) X(XN_DISPLAY_MODERATE)                \
    X(XN_DISPLAY_ALLOW_DEVIATIONS) X(XN_DISPLAY_BUILTIN_KNOWN) X(XN_IDNA2008_HYPHEN_ENDS)

/* A report holds the reasons of this many labels: every label of a name of
 * XN_DNS_NAME_MAX characters and its root label. */
#define XN_DISPLAY_LABELS_MAX 128

/* Per-label reasons of xn_to_display().  Owned and sized by the caller like
 * xn_report (fields may be added at the end; the library writes only what
 * size covers; a size below this first layout's is XN_E_INVALID_ARG). */
typedef struct xn_display_report {
    size_t size;          /* set by the caller: sizeof(xn_display_report), as
                             for xn_report (XN_DISPLAY_REPORT_INIT) */
    uint32_t unsafe;      /* the reasons of every label or-ed together; 0 when
                             the whole name is shown as Unicode or plain ASCII */
    size_t labels;        /* the number of labels in the name (a trailing root
                             dot's empty label counts) */
    uint32_t label_unsafe[XN_DISPLAY_LABELS_MAX]; /* reasons of label i, i < labels;
                             labels past XN_DISPLAY_LABELS_MAX count in unsafe only */
} xn_display_report;

/* The initializer of a display report: size set, everything else 0. */
#define XN_DISPLAY_REPORT_INIT {sizeof(xn_display_report), 0, 0, {0}}

/* The name of one XN_UNSAFE_* bit, e.g. "MIXED_SCRIPT"; "?" for anything
 * that is not exactly one known bit.  Static storage, never NULL.
 * @since 0.1 */
XN_API const char *xn_unsafe_name(uint32_t unsafe_bit);

/* Writes the names of every bit in unsafe, lowest bit first, separated by
 * commas ("MIXED_SCRIPT,CONFUSABLE"), into buf as a NUL-terminated string,
 * truncated to fit buf_cap.  Returns the length the whole list needs,
 * without the NUL.  @since 0.1 */
XN_API size_t xn_unsafe_format(uint32_t unsafe, char *buf, size_t buf_cap);

/* The form of a name to show a person: UTS #46 ToASCII first (the name
 * must be valid under the flags' profile), then every "xn--" label is shown
 * as its U-label when that is safe to show, and otherwise stays an A-label;
 * other labels are ASCII and shown as they are.  A U-label is safe when
 * none of the XN_UNSAFE_* checks hit it under the restriction level the
 * flags select (Highly Restrictive by default): "bücher.de", "中国" and
 * "δοκιμή.ελ" show in Unicode; Cyrillic "аррӏе.com" shows as
 * "xn--80ak6aa92e.com".  The checks, each its own XN_UNSAFE_* reason:
 * IDNA2008 lookup of the label first; UTS #39's (Unicode Security
 * Mechanisms of the tables' Unicode version, on xn's own data: no ICU
 * unless the conversion needs its normalizer); the confusable, digit,
 * invisible and deviation rules; and the
 * patterns of the browsers' IDN display policies (DOTLESS_MARK to
 * RARE_LATIN).  The name's TLD counts: Cyrillic "сосо.рф" and "пример.орг"
 * show (a country-code or IDN TLD of the label's script), while a TLD that
 * reads as an ASCII one keeps the name: "google.сом" shows as
 * "google.xn--l1adi" (CONFUSABLE).  With XN_DISPLAY_BUILTIN_KNOWN, the
 * built-in popular domains count as known (xn_to_display_known()).
 *
 * With XN_URL_RULES, an ASCII name that only the URL Standard's fallback
 * accepts (some label of it is invalid) is shown as it is.
 *
 * Fail-safe: a name given in its ASCII form (LDH labels, its A-labels
 * well-formed Punycode) whose checks cannot run, because no normalizer at
 * hand can take a character of an A-label (XN_E_NFC_TOO_OLD,
 * XN_E_ICU_TOO_OLD, XN_E_ICU_UNAVAILABLE) or memory ran out, is shown as
 * it is, lower-cased, with XN_OK and XN_UNSAFE_UNDECIDED on those labels:
 * the ASCII form is always safe to show.  Other names fail as ToASCII does.
 *
 * flags: UTS #46 flags (as xn_to_ascii()) or-ed with XN_DISPLAY_* bits.
 * out: as xn_to_ascii(); UTF-8, NUL-terminated when it fits.
 * report: may be NULL; filled as by xn_to_ascii().
 * display: may be NULL; receives the reasons per label (also with
 *   XN_E_BUFFER_TOO_SMALL; zeroed on other failures).
 * Returns XN_OK (labels kept as A-labels are no failure: see display);
 *   XN_E_INVALID_DOMAIN when ToASCII fails (no output, *report says why);
 *   XN_E_BUFFER_TOO_SMALL; XN_E_TOO_LONG when the ASCII form takes
 *   XN_DOMAIN_MAX bytes or more (only possible with XN_NO_VERIFY_DNS_LENGTH);
 *   XN_E_BAD_UTF8; XN_E_INTERNAL when ICU fails; XN_E_INVALID_ARG.
 * Thread-safe: it reads only constant tables.  Results follow the UTS #39
 * data of xn_unicode_version(), built into the library: the same with every
 * ICU, and with none.
 * @since 0.1 */
XN_API int xn_to_display(const char *in, size_t in_len, char *out, size_t out_cap,
                         size_t *out_len, unsigned flags, xn_report *report,
                         xn_display_report *display);

/* As xn_to_display(), with the output allocated as by xn_to_ascii_alloc():
 * on XN_OK *out receives a NUL-terminated string to release with xn_free();
 * on any other status, XN_E_NOMEM included, *out is NULL.  out_len may be
 * NULL.  report and display are filled as by xn_to_display() (on
 * XN_E_NOMEM, with what the conversion found before the allocation failed).
 * @since 0.1 */
XN_API int xn_to_display_alloc(const char *in, size_t in_len, char **out,
                               size_t *out_len, unsigned flags,
                               xn_report *report, xn_display_report *display);

/* A set of domains the caller knows, e.g. its users' most visited sites or
 * a mail client's correspondents: xn_to_display_known() keeps as A-labels
 * the labels of a name whose last labels look like one of them but are not
 * it (XN_UNSAFE_KNOWN_DOMAIN).  Opaque.  Built once and never changed
 * afterwards, so one set may be used by any number of threads at once.
 * xn's own list of popular domains (XN_DISPLAY_BUILTIN_KNOWN) is fixed at
 * build time and goes stale: see the README for how a browser-like list is
 * made. */
typedef struct xn_known_set xn_known_set;

/* Builds a set from domains[0..n): each a NUL-terminated UTF-8 name in any
 * form xn_to_ascii() accepts with flags 0 ("bücher.de", "xn--bcher-kva.de",
 * "Example.COM"); no trailing root dot.  Each is kept as its ASCII form and
 * its key: the UTS #39 skeleton of each label's Unicode form, in NFD with
 * the nonspacing marks removed (UTS #39's confusables.txt of
 * xn_unicode_version(), built into the library).  n may be 0.
 * status: may be NULL; receives XN_OK, or why the set could not be made:
 *   the status xn_to_ascii() gives for the first domain it refuses
 *   (XN_E_INVALID_DOMAIN, XN_E_BAD_UTF8 ...), XN_E_INVALID_ARG (domains
 *   NULL with n > 0, or a NULL entry), XN_E_NOMEM, XN_E_INTERNAL.
 * Returns the set, to release with xn_known_set_free(); NULL on failure.
 * Time and memory linear in the domains' total length.
 * @since 1.0 */
XN_API xn_known_set *xn_known_set_new(const char *const *domains, size_t n, int *status);

/* Releases a set of xn_known_set_new(); NULL is allowed.  No call may be
 * using the set.  @since 1.0 */
XN_API void xn_known_set_free(xn_known_set *set);

/* As xn_to_display(), and with known (may be NULL: then exactly
 * xn_to_display()): every run of labels that ends the name (the whole
 * name, the name without its first label, ...), whose key (as for
 * xn_known_set_new()) equals a known domain's while its ASCII form is no
 * known domain's, has its "xn--" labels kept as A-labels with the reason
 * XN_UNSAFE_KNOWN_DOMAIN: with "test.net" known, "tést.net" and
 * "www.tést.net" show as "xn--tst-bma.net", "www.xn--tst-bma.net", while
 * "test.net" and "bücher.de" show as themselves.  Linear in the name's
 * length.  @since 1.0 */
XN_API int xn_to_display_known(const char *in, size_t in_len, char *out, size_t out_cap,
                               size_t *out_len, unsigned flags, const xn_known_set *known,
                               xn_report *report, xn_display_report *display);

/* ---- Mail addresses (RFC 5321, RFC 6531) ------------------------------- */

/* Converts the domain of a mail address local@domain with xn_to_ascii() /
 * xn_to_unicode() and the given flags, and keeps the local part byte for
 * byte.  The address is split at its last '@' (a quoted local part may hold
 * '@').  The local part must be non-empty, well-formed UTF-8, and hold no
 * C0 control or DEL (RFC 5321 §4.1.2 allows none, quoted or not), no C1
 * control U+0080..U+009F (RFC 5198 §2: to be avoided in network text), and,
 * by xn's own rule, no bidi control (U+061C, U+200E, U+200F,
 * U+202A..U+202E, U+2066..U+2069) and no U+2028 or U+2029, which change how
 * the address reads or break its line; RFC 6531 §3.3 and RFC 6532 §3.2
 * admit every other UTF8-non-ascii character, and so does xn.  The local
 * part's syntax is otherwise not checked.
 *
 * A domain written as an address literal (RFC 5321 §4.1.3) is checked and
 * kept as it is: "[192.0.2.1]" (four numbers of 0 to 255, 1 to 3 digits
 * each), "[IPv6:2001:db8::1]" (every form of RFC 5321's IPv6-addr:
 * IPv6-full, 8 groups; IPv6-comp, at most 6 groups besides "::";
 * IPv6v4-full, 6 groups and an IPv4 address; IPv6v4-comp, at most 4 groups
 * besides "::" and the IPv4 address; 1 to 4 hex digits a group, the tag and
 * the digits in any case).  A General-address-literal, "[tag:content]",
 * needs a tag registered with IANA, and the registry of address literal
 * tags holds "IPv6" alone: any other tag is XN_E_BAD_ADDRESS.
 *
 * out: as xn_to_ascii(): "用户@例子.广告" gives "用户@xn--fsqu00a.xn--4rr70v".
 * report: may be NULL; as xn_to_ascii(), with offsets into the whole address.
 * smtputf8: may be NULL; receives 1 when the local part is not ASCII, so
 *   that the address can only travel with the SMTPUTF8 extension (RFC 6531),
 *   else 0.
 * Returns as xn_to_ascii() / xn_to_unicode() (xn_email_to_unicode()
 *   writes its output on XN_E_INVALID_DOMAIN too), and XN_E_BAD_ADDRESS when
 *   there is no '@', the local part or the domain is empty, the local part
 *   holds a character refused above, or an address literal is malformed;
 *   XN_E_BAD_UTF8 for ill-formed UTF-8 in either part.
 * @since 0.1 */
XN_API int xn_email_to_ascii(const char *in, size_t in_len, char *out, size_t out_cap,
                             size_t *out_len, unsigned flags, xn_report *report,
                             int *smtputf8);
XN_API int xn_email_to_unicode(const char *in, size_t in_len, char *out, size_t out_cap,
                               size_t *out_len, unsigned flags, xn_report *report,
                               int *smtputf8);

/* As xn_email_to_ascii() / xn_email_to_unicode(), with the output
 * allocated: on XN_OK (and, for xn_email_to_unicode_alloc, on
 * XN_E_INVALID_DOMAIN) *out receives a NUL-terminated string to release
 * with xn_free(); on any other status, XN_E_NOMEM included, *out is NULL.
 * out_len may be NULL; report and smtputf8 are filled as by the caller-buffer
 * functions.  A local part may be longer than any domain: these need no
 * size query first.
 * @since 0.1 */
XN_API int xn_email_to_ascii_alloc(const char *in, size_t in_len, char **out,
                                   size_t *out_len, unsigned flags,
                                   xn_report *report, int *smtputf8);
XN_API int xn_email_to_unicode_alloc(const char *in, size_t in_len, char **out,
                                     size_t *out_len, unsigned flags,
                                     xn_report *report, int *smtputf8);

/* ---- Label categories (RFC 5890 §2.3.1) ---------------------------------- */

typedef enum xn_label_category {
    XN_LABEL_NOT_A_LABEL = 0, /* empty, holds '.', ill-formed UTF-8, or ASCII over 63 octets */
    XN_LABEL_NR_LDH = 1,      /* letters, digits, '-'; no '-' at either end; no "--" in
                                 positions 3-4: "example" */
    XN_LABEL_RESERVED_LDH = 2, /* R-LDH other than XN-labels: "--" in positions 3-4, "ab--c" */
    XN_LABEL_A_LABEL = 3,     /* "xn--" and Punycode that decodes to a U-label: "xn--bcher-kva" */
    XN_LABEL_FAKE_A_LABEL = 4, /* LDH, "xn--", and no A-label: "xn--a" */
    XN_LABEL_NON_LDH = 5,     /* other ASCII: "_sip", "a_b", "-a" */
    XN_LABEL_U_LABEL = 6,     /* non-ASCII and a valid U-label: "bücher" */
    XN_LABEL_NON_ASCII = 7    /* non-ASCII but no U-label: "Bücher" (upper case), "ｅｘ" (mapped) */
} xn_label_category;

/* The RFC 5890 §2.3.1 category of one label (no dots; no NUL needed).
 * ASCII is compared case-insensitively ("XN--BCHER-KVA" is an A-label).
 * Whether a label is a U-label, or an XN-label an A-label, is decided by
 * IDNA2008 itself, as RFC 5890 §2.3.2.1 defines them: the registration
 * checks of xn_idna2008_register() (RFC 5891 §4: NFC, derived property,
 * contextual rules, hyphens, Bidi, one encoding, an A-label of 63 octets at
 * most).  So "xn--ls8h" (an emoji, DISALLOWED) is a fake A-label even
 * though UTS #46 ToUnicode accepts it.  No flags; NULL is
 * XN_LABEL_NOT_A_LABEL.
 * @since 0.1 */
XN_API xn_label_category xn_label_class(const char *label, size_t len);

/* A short name of a category: "NR-LDH", "R-LDH", "A-label", "fake A-label",
 * "non-LDH", "U-label", "non-ASCII", "not a label"; "?" for other values.
 * Static storage, never NULL.  @since 0.1 */
XN_API const char *xn_label_class_name(xn_label_category category);

/* ---- Comparison ------------------------------------------------------------ */

/* Sets *equal to 1 when a and b are the same domain name under the flags'
 * profile, else 0: both are converted with xn_to_ascii() (flags plus
 * XN_ALLOW_ROOT_DOT) and their ASCII forms compared case-insensitively,
 * ignoring one trailing root dot on either.  "Bücher.example",
 * "xn--bcher-kva.example." and "bücher。example" are equal.  For
 * certificate name matching and access checks: a name that fails is never
 * "not equal", the call returns its status.
 * Returns XN_OK; XN_E_INVALID_DOMAIN (or another status of xn_to_ascii())
 *   for the first of a, b that fails, *equal = 0; XN_E_TOO_LONG when an
 *   ASCII form takes XN_DOMAIN_MAX bytes or more (only possible with
 *   XN_NO_VERIFY_DNS_LENGTH); XN_E_INVALID_ARG (equal NULL, unknown flags);
 *   XN_E_NOMEM (see the stack budget above).  @since 0.1 */
XN_API int xn_equal(const char *a, size_t a_len, const char *b, size_t b_len,
                    unsigned flags, int *equal);

#ifdef __cplusplus
}
#endif

#endif /* XN_H */
