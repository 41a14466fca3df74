/* Status texts, error-code names and version strings. */
#include <string.h>

#include "status.h"
#include "props.h"
#include "xn.h"

/* The lists are XN_STATUS_LIST and XN_ERROR_LIST in xn.h. */

/* XN_E_ICU_UNAVAILABLE says, in a build that loads ICU on demand, which
 * library could not be loaded and which Debian package provides it (the
 * sonames and the package come from lib/meson.build). */
#if XN_ICU_ON_DEMAND && defined(XN_ICU_PACKAGE)
#define ICU_UNAVAILABLE_TEXT                                                   \
    "ICU is needed for this input and could not be loaded: " XN_ICU_UC_SONAME \
    " (Debian package " XN_ICU_PACKAGE ")"
#endif

const char *
xn_strerror(int status)
{
#ifdef ICU_UNAVAILABLE_TEXT
    if (status == XN_E_ICU_UNAVAILABLE)
        return ICU_UNAVAILABLE_TEXT;
#endif
    switch (status) {
#define XN_TEXT(name, value, text) \
    case name:                     \
        return text;
        XN_STATUS_LIST(XN_TEXT)
#undef XN_TEXT
    default:
        return "unknown status code";
    }
}

const char *
xn_strerror_name(int status)
{
    switch (status) {
#define XN_NAME(name, value, text) \
    case name:                     \
        return #name;
        XN_STATUS_LIST(XN_NAME)
#undef XN_NAME
    default:
        return "XN_E_UNKNOWN";
    }
}

/* Every name of the list has its mask, and the mask is its bit: a name
 * without an XN_ERR_<name> macro does not compile. */
#define XN_MASK_CHECK(name, bit) \
    _Static_assert(XN_ERR_##name == (UINT64_C(1) << (bit)), "XN_ERR_" #name);
XN_ERROR_LIST(XN_MASK_CHECK)
#undef XN_MASK_CHECK

const char *
xn_error_name(uint64_t error_bit)
{
    switch (error_bit) {
#define XN_ERROR_NAME(name, bit) \
    case UINT64_C(1) << (bit):   \
        return #name;
        XN_ERROR_LIST(XN_ERROR_NAME)
#undef XN_ERROR_NAME
    default:
        return "?";
    }
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

size_t
xn_errors_format(uint64_t errors, char *buf, size_t buf_cap)
{
    return xn__format_bits(errors, xn_error_name, buf, buf_cap);
}

const char *
xn_version(void)
{
    return XN_VERSION_STRING;
}

const char *
xn_unicode_version(void)
{
    return XN_TABLES_UNICODE_VERSION;
}
