/*
 * idn2.h of xn's libidn2-compatible library.
 *
 * The names, values and prototypes are libidn2's (the interface of libidn2
 * 2.3.x, which Debian's libidn2.so.0 exports), so that programs written for
 * libidn2 compile and link against this library unchanged.  Behind them is
 * libxn: IDNA2008 lookup after the UTS #46 mapping, and UTS #46 processing
 * for IDN2_TRANSITIONAL.  README.md beside this file lists where the
 * results differ from libidn2's and why.
 *
 * Strings returned through a char ** or uint8_t ** parameter are allocated
 * with malloc(); release them with idn2_free() or free().
 */
#ifndef IDN2_H
#define IDN2_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && __GNUC__ >= 4
#define _IDN2_API __attribute__((visibility("default")))
#else
#define _IDN2_API
#endif
#if defined(__GNUC__)
#define IDN2_DEPRECATED_ __attribute__((deprecated))
#else
#define IDN2_DEPRECATED_
#endif

/* The libidn2 interface level this library provides.  idn2_check_version()
 * compares against it. */
#define IDN2_VERSION "2.3.8"
#define IDN2_VERSION_NUMBER 0x02030008
#define IDN2_VERSION_MAJOR 2
#define IDN2_VERSION_MINOR 3
#define IDN2_VERSION_PATCH 8

#define IDN2_LABEL_MAX_LENGTH 63
#define IDN2_DOMAIN_MAX_LENGTH 255

typedef enum {
    IDN2_NFC_INPUT = 1,            /* normalize the input to NFC first */
    IDN2_ALABEL_ROUNDTRIP = 2,     /* check that A-labels decode and encode back (always done) */
    IDN2_TRANSITIONAL = 4,         /* UTS #46 transitional processing */
    IDN2_NONTRANSITIONAL = 8,      /* UTS #46 mapping, then IDNA2008 (the default) */
    IDN2_ALLOW_UNASSIGNED = 16,    /* accepted; unassigned code points still fail, as in libidn2 */
    IDN2_USE_STD3_ASCII_RULES = 32, /* ASCII labels: letters, digits, '-' only */
    IDN2_NO_TR46 = 64,             /* IDNA2008 alone, no mapping */
    IDN2_NO_ALABEL_ROUNDTRIP = 128 /* accepted; the check is always done */
} idn2_flags;

typedef enum {
    IDN2_OK = 0,
    IDN2_MALLOC = -100,
    IDN2_NO_CODESET = -101,
    IDN2_ICONV_FAIL = -102,
    IDN2_ENCODING_ERROR = -200,
    IDN2_NFC = -201,
    IDN2_PUNYCODE_BAD_INPUT = -202,
    IDN2_PUNYCODE_BIG_OUTPUT = -203,
    IDN2_PUNYCODE_OVERFLOW = -204,
    IDN2_TOO_BIG_DOMAIN = -205,
    IDN2_TOO_BIG_LABEL = -206,
    IDN2_INVALID_ALABEL = -207,
    IDN2_UALABEL_MISMATCH = -208,
    IDN2_INVALID_FLAGS = -209,
    IDN2_NOT_NFC = -300,
    IDN2_2HYPHEN = -301,
    IDN2_HYPHEN_STARTEND = -302,
    IDN2_LEADING_COMBINING = -303,
    IDN2_DISALLOWED = -304,
    IDN2_CONTEXTJ = -305,
    IDN2_CONTEXTJ_NO_RULE = -306,
    IDN2_CONTEXTO = -307,
    IDN2_CONTEXTO_NO_RULE = -308,
    IDN2_UNASSIGNED = -309,
    IDN2_BIDI = -310,
    IDN2_DOT_IN_LABEL = -311,
    IDN2_INVALID_TRANSITIONAL = -312,
    IDN2_INVALID_NONTRANSITIONAL = -313,
    IDN2_ALABEL_ROUNDTRIP_FAILED = -314
} idn2_rc;

/* IDNA2008 lookup (RFC 5891 §5) of a NUL-terminated name: *lookupname
 * receives its A-label form (lookupname may be NULL to only check it). */
extern _IDN2_API int idn2_lookup_u8(const uint8_t *src, uint8_t **lookupname, int flags);
extern _IDN2_API int idn2_lookup_ul(const char *src, char **lookupname, int flags);

/* IDNA2008 registration (RFC 5891 §4) of one label: a U-label, an A-label
 * or both (NULL for the one not given). */
extern _IDN2_API int idn2_register_u8(const uint8_t *ulabel, const uint8_t *alabel,
                                      uint8_t **insertname, int flags);
extern _IDN2_API int idn2_register_ul(const char *ulabel, const char *alabel,
                                      char **insertname, int flags);

extern _IDN2_API int idn2_to_ascii_4i(const uint32_t *input, size_t inlen, char *output,
                                      int flags) IDN2_DEPRECATED_;
extern _IDN2_API int idn2_to_ascii_4i2(const uint32_t *input, size_t inlen, char **output,
                                       int flags);
extern _IDN2_API int idn2_to_ascii_4z(const uint32_t *input, char **output, int flags);
extern _IDN2_API int idn2_to_ascii_8z(const char *input, char **output, int flags);
extern _IDN2_API int idn2_to_ascii_lz(const char *input, char **output, int flags);

extern _IDN2_API int idn2_to_unicode_8z4z(const char *input, uint32_t **output, int flags);
extern _IDN2_API int idn2_to_unicode_4z4z(const uint32_t *input, uint32_t **output, int flags);
extern _IDN2_API int idn2_to_unicode_44i(const uint32_t *in, size_t inlen, uint32_t *out,
                                         size_t *outlen, int flags);
extern _IDN2_API int idn2_to_unicode_8z8z(const char *input, char **output, int flags);
extern _IDN2_API int idn2_to_unicode_8zlz(const char *input, char **output, int flags);
extern _IDN2_API int idn2_to_unicode_lzlz(const char *input, char **output, int flags);

/* Public from libidn2 2.3.5 on (symbol node IDN2_2.3.5): RFC 3492 on code
 * points, *output_length the room in output on entry and the length on
 * return; the output is not NUL-terminated. */
extern _IDN2_API int idn2_punycode_encode(const uint32_t *input, size_t input_length,
                                          char *output, size_t *output_length);
extern _IDN2_API int idn2_punycode_decode(const char *input, size_t input_length,
                                          uint32_t *output, size_t *output_length);

extern _IDN2_API const char *idn2_strerror(int rc);
extern _IDN2_API const char *idn2_strerror_name(int rc);
extern _IDN2_API const char *idn2_check_version(const char *req_version);
extern _IDN2_API void idn2_free(void *ptr);

/* libidn's names, as libidn2's header maps them. */
#if !defined IDNA_H && !defined IDN2_SKIP_LIBIDN_COMPAT
typedef enum {
    IDNA_SUCCESS = IDN2_OK,
    IDNA_STRINGPREP_ERROR = IDN2_ENCODING_ERROR,
    IDNA_PUNYCODE_ERROR = IDN2_PUNYCODE_BAD_INPUT,
    IDNA_CONTAINS_NON_LDH = IDN2_ENCODING_ERROR,
    IDNA_CONTAINS_LDH = IDNA_CONTAINS_NON_LDH,
    IDNA_CONTAINS_MINUS = IDN2_ENCODING_ERROR,
    IDNA_INVALID_LENGTH = IDN2_DISALLOWED,
    IDNA_NO_ACE_PREFIX = IDN2_ENCODING_ERROR,
    IDNA_ROUNDTRIP_VERIFY_ERROR = IDN2_ENCODING_ERROR,
    IDNA_CONTAINS_ACE_PREFIX = IDN2_ENCODING_ERROR,
    IDNA_ICONV_ERROR = IDN2_ENCODING_ERROR,
    IDNA_MALLOC_ERROR = IDN2_MALLOC,
    IDNA_DLOPEN_ERROR = IDN2_MALLOC
} Idna_rc;
typedef enum {
    IDNA_ALLOW_UNASSIGNED = IDN2_ALLOW_UNASSIGNED,
    IDNA_USE_STD3_ASCII_RULES = IDN2_USE_STD3_ASCII_RULES
} Idna_flags;
#define idna_to_ascii_4i(i, l, o, f) idn2_to_ascii_4i(i, l, o, f | IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL)
#define idna_to_ascii_4z(i, o, f) idn2_to_ascii_4z(i, o, f | IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL)
#define idna_to_ascii_8z(i, o, f) idn2_to_ascii_8z(i, o, f | IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL)
#define idna_to_ascii_lz(i, o, f) idn2_to_ascii_lz(i, o, f | IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL)
#define idna_to_unicode_8z4z idn2_to_unicode_8z4z
#define idna_to_unicode_4z4z idn2_to_unicode_4z4z
#define idna_to_unicode_44i idn2_to_unicode_44i
#define idna_to_unicode_8z8z idn2_to_unicode_8z8z
#define idna_to_unicode_8zlz idn2_to_unicode_8zlz
#define idna_to_unicode_lzlz idn2_to_unicode_lzlz
#define idna_strerror idn2_strerror
#define idn_free idn2_free
#endif

#ifdef __cplusplus
}
#endif

#endif /* IDN2_H */
