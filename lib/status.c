/* Status texts, error-code names and version strings. */
#include <string.h>

#include "internal.h"
#include "props.h"

/* One list gives the status names and texts; tests walk the whole range. */
#define XN_STATUS_LIST(X)                                                        \
    X(XN_OK, "success")                                                          \
    X(XN_E_INVALID_ARG, "invalid argument (NULL pointer or unknown flag bits)")  \
    X(XN_E_BUFFER_TOO_SMALL, "output buffer too small")                          \
    X(XN_E_NOMEM, "out of memory")                                               \
    X(XN_E_TOO_LONG, "input longer than the documented limit")                   \
    X(XN_E_BAD_UTF8, "input is not well-formed UTF-8")                           \
    X(XN_E_INTERNAL, "internal error in a dependency (ICU)")                     \
    X(XN_E_PUNYCODE_BAD_BASIC, "Punycode: non-ASCII character before the delimiter") \
    X(XN_E_PUNYCODE_BAD_DIGIT, "Punycode: invalid digit")                        \
    X(XN_E_PUNYCODE_TRUNCATED, "Punycode: input ends inside a number")           \
    X(XN_E_PUNYCODE_OVERFLOW, "Punycode: arithmetic overflow")                   \
    X(XN_E_PUNYCODE_BAD_CODE_POINT, "Punycode: surrogate or value above U+10FFFF") \
    X(XN_E_INVALID_DOMAIN, "the name breaks IDNA rules")                         \
    X(XN_E_BAD_ADDRESS, "not a mail address (no '@', an empty part or a control character)")

const char *xn_strerror(int status)
{
    switch (status) {
#define XN_TEXT(name, text) \
    case name:              \
        return text;
        XN_STATUS_LIST(XN_TEXT)
#undef XN_TEXT
    default:
        return "unknown status code";
    }
}

const char *xn_strerror_name(int status)
{
    switch (status) {
#define XN_NAME(name, text) \
    case name:              \
        return #name;
        XN_STATUS_LIST(XN_NAME)
#undef XN_NAME
    default:
        return "XN_E_UNKNOWN";
    }
}

/* Indexed by bit number. */
static const char *const error_names[] = {
    "P4", "V1", "V2", "V3", "V4", "V5", "V6", "V7", "U1", "A3", "A4_1", "A4_2",
    "B1", "B2", "B3", "B4", "B5", "B6", "C1", "C2", "X4_2", "URL_FORBIDDEN", "URL_EMPTY",
    /* IDNA2008 */
    "DISALLOWED", "UNASSIGNED", "CONTEXTO", "ALABEL", "MISMATCH",
    /* IDNA2003 */
    "NP_PROHIBITED", "NP_UNASSIGNED", "NP_BIDI", "ACE_PREFIX", "ROUNDTRIP",
};

#define ERROR_NAME_COUNT (sizeof error_names / sizeof error_names[0])

const char *xn_error_name(uint64_t error_bit)
{
    unsigned i;
    if (error_bit == 0 || (error_bit & (error_bit - 1)) != 0)
        return "?";
    for (i = 0; i < ERROR_NAME_COUNT; i++)
        if (error_bit == (UINT64_C(1) << i))
            return error_names[i];
    return "?";
}

size_t xn__format_bits(uint64_t bits, const char *(*name_of)(uint64_t bit), char *buf,
                       size_t buf_cap)
{
    size_t need = 0;
    unsigned i;
    for (i = 0; i < 64; i++) {
        uint64_t bit = UINT64_C(1) << i;
        const char *name;
        size_t len, k;
        if (!(bits & bit))
            continue;
        name = name_of(bit);
        len = strlen(name);
        if (need > 0) {
            if (buf && need + 1 < buf_cap)
                buf[need] = ',';
            need++;
        }
        for (k = 0; k < len; k++)
            if (buf && need + k + 1 < buf_cap)
                buf[need + k] = name[k];
        need += len;
    }
    if (buf && buf_cap > 0)
        buf[need < buf_cap ? need : buf_cap - 1] = '\0';
    return need;
}

size_t xn_errors_format(uint64_t errors, char *buf, size_t buf_cap)
{
    return xn__format_bits(errors, xn_error_name, buf, buf_cap);
}

const char *xn_version(void)
{
    return XN_VERSION_STRING;
}

const char *xn_unicode_version(void)
{
    return XN_TABLES_UNICODE_VERSION;
}
