/*
 * libidn2's return codes: the one code for what xn reports, and the texts
 * of every code; the version check, and idn2_free().
 */
#include <stdint.h>
#include <stdlib.h>

#include "idn2-errors.h"
#include "idn2.h"

/* libidn2's code for what xn found wrong.  libidn2 stops at its first
 * failing check, in this order within a label (NFC, hyphens, leading
 * combining mark, the code points, joiners, CONTEXTO, unassigned, Bidi);
 * xn reports every rule at once, so the first in that order wins. */
static int rc_of_errors(uint64_t e)
{
    static const struct {
        uint64_t bits;
        int rc;
    } order[] = {
        {XN_ERR_P4 | XN_ERR_ALABEL | XN_ERR_A3, IDN2_ALABEL_ROUNDTRIP_FAILED},
        {XN_ERR_V1, IDN2_NOT_NFC},
        {XN_ERR_V2, IDN2_2HYPHEN},
        {XN_ERR_V3, IDN2_HYPHEN_STARTEND},
        {XN_ERR_V6, IDN2_LEADING_COMBINING},
        {XN_ERR_V5, IDN2_DOT_IN_LABEL},
        {XN_ERR_DISALLOWED | XN_ERR_V7 | XN_ERR_U1 | XN_ERR_V4 | XN_ERR_NUL, IDN2_DISALLOWED},
        {XN_ERR_C1 | XN_ERR_C2, IDN2_CONTEXTJ},
        {XN_ERR_CONTEXTO, IDN2_CONTEXTO},
        {XN_ERR_UNASSIGNED, IDN2_UNASSIGNED},
        {XN_ERR_B1 | XN_ERR_B2 | XN_ERR_B3 | XN_ERR_B4 | XN_ERR_B5 | XN_ERR_B6, IDN2_BIDI},
        {XN_ERR_MISMATCH, IDN2_UALABEL_MISMATCH},
        {XN_ERR_A4_2, IDN2_TOO_BIG_LABEL},
        {XN_ERR_A4_1, IDN2_TOO_BIG_DOMAIN},
    };
    size_t i;
    for (i = 0; i < sizeof order / sizeof order[0]; i++)
        if (e & order[i].bits)
            return order[i].rc;
    return IDN2_ENCODING_ERROR;
}

int idn2__rc_of(int xn_rc, const xn_report *rep)
{
    switch (xn_rc) {
    case XN_OK:
        return IDN2_OK;
    case XN_E_NOMEM:
        return IDN2_MALLOC;
    case XN_E_TOO_LONG:
        return IDN2_TOO_BIG_LABEL;
    case XN_E_NOT_STREAM_SAFE: /* xn's limit on a run of marks, before NFC */
        return IDN2_NFC;
    case XN_E_INVALID_DOMAIN:
        return rc_of_errors(rep->errors);
    case XN_E_ICU_TOO_OLD:     /* NFC that the ICU at hand cannot do */
    case XN_E_NFC_TOO_OLD:     /* NFC that libunistring's data cannot do */
    case XN_E_ICU_UNAVAILABLE: /* NFC by an ICU that cannot be loaded */
        return IDN2_NFC;
    default: /* XN_E_BAD_UTF8, and nothing else a valid call returns */
        return IDN2_ENCODING_ERROR;
    }
}

#define IDN2_RC_LIST(X)                                                               \
    X(IDN2_OK, "success")                                                             \
    X(IDN2_MALLOC, "out of memory")                                                   \
    X(IDN2_NO_CODESET, "could not determine locale encoding format")                  \
    X(IDN2_ICONV_FAIL, "could not convert string to UTF-8")                           \
    X(IDN2_ENCODING_ERROR, "string encoding error")                                   \
    X(IDN2_NFC, "string could not be NFC normalized")                                 \
    X(IDN2_PUNYCODE_BAD_INPUT, "string contains invalid punycode data")               \
    X(IDN2_PUNYCODE_BIG_OUTPUT, "punycode encoded data will be too large")            \
    X(IDN2_PUNYCODE_OVERFLOW, "punycode conversion resulted in overflow")             \
    X(IDN2_TOO_BIG_DOMAIN, "domain name longer than 255 characters")                  \
    X(IDN2_TOO_BIG_LABEL, "domain label longer than 63 characters")                   \
    X(IDN2_INVALID_ALABEL, "input A-label is not valid")                              \
    X(IDN2_UALABEL_MISMATCH, "input A-label and U-label does not match")              \
    X(IDN2_INVALID_FLAGS, "invalid combination of flags")                             \
    X(IDN2_NOT_NFC, "string is not in Unicode NFC format")                            \
    X(IDN2_2HYPHEN, "string contains forbidden two hyphens pattern")                  \
    X(IDN2_HYPHEN_STARTEND, "string start/ends with forbidden hyphen")                \
    X(IDN2_LEADING_COMBINING, "string contains a forbidden leading combining character")\
    X(IDN2_DISALLOWED, "string contains a disallowed character")                      \
    X(IDN2_CONTEXTJ, "string contains a forbidden context-j character")               \
    X(IDN2_CONTEXTJ_NO_RULE, "string contains a context-j character with null rule")  \
    X(IDN2_CONTEXTO, "string contains a forbidden context-o character")               \
    X(IDN2_CONTEXTO_NO_RULE, "string contains a context-o character with null rule")  \
    X(IDN2_UNASSIGNED, "string contains unassigned code point")                       \
    X(IDN2_BIDI, "string has forbidden bi-directional properties")                    \
    X(IDN2_DOT_IN_LABEL, "domain label has forbidden dot (TR46)")                     \
    X(IDN2_INVALID_TRANSITIONAL, "domain label has character forbidden in transitional mode (TR46)")\
    X(IDN2_INVALID_NONTRANSITIONAL, "domain label has character forbidden in non-transitional mode (TR46)")\
    X(IDN2_ALABEL_ROUNDTRIP_FAILED, "A-label roundtrip failed")

const char *
idn2_strerror(int rc)
{
#if !XN_NFC_UNISTRING
    /* NFC is the one step that needs ICU in a libxn without libunistring:
     * when ICU cannot be loaded, the text says which library is missing
     * and which package provides it.  With libunistring, NFC never needs
     * ICU, and the text is libidn2's. */
    if (rc == IDN2_NFC && xn_icu_load() != XN_OK)
        return xn_strerror(XN_E_ICU_UNAVAILABLE);
#endif
    switch (rc) {
#define TEXT(name, text) \
    case name:           \
        return text;
        IDN2_RC_LIST(TEXT)
#undef TEXT
    default:
        return "Unknown error";
    }
}

const char *
idn2_strerror_name(int rc)
{
    /* libidn2's own spelling of this one name, which programs print. */
    if (rc == IDN2_NO_CODESET)
        return "IDN2_NO_NODESET";
    switch (rc) {
#define NAME(name, text) \
    case name:           \
        return #name;
        IDN2_RC_LIST(NAME)
#undef NAME
    default:
        return "IDN2_UNKNOWN";
    }
}

/* "2.3.8" and the like, to one comparable number; -1 if not that form. */
static long version_number(const char *v)
{
    long part[3] = {0, 0, 0};
    int k = 0;
    if (!*v)
        return -1;
    while (*v && k < 3) {
        if (*v < '0' || *v > '9')
            return -1;
        while (*v >= '0' && *v <= '9') {
            part[k] = part[k] * 10 + (*v - '0');
            if (part[k] > 9999)
                return -1;
            v++;
        }
        k++;
        if (*v == '.')
            v++;
        else
            break;
    }
    return part[0] * 100000000L + part[1] * 10000L + part[2];
}

const char *
idn2_check_version(const char *req_version)
{
    if (!req_version)
        return IDN2_VERSION;
    return version_number(req_version) >= 0 &&
                   version_number(req_version) <= version_number(IDN2_VERSION)
               ? IDN2_VERSION
               : NULL;
}

void
idn2_free(void *ptr)
{
    free(ptr);
}
