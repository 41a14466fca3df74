/*
 * Normalization through ICU (NFC and its quick check); ICU also serves
 * idna2003.c (StringPrep) and display.c (the spoof checker).
 *
 * ICU's NFC instance is a process-wide singleton that ICU creates once,
 * thread-safely, and never frees while the library is loaded, so every call
 * may ask for it without any state of ours.
 */
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uversion.h>

#include "internal.h"
#include "props.h"

/* UTF-16 scratch: a label of XN_LABEL_LIMIT code points takes at most twice
 * as many code units. */
#define U16_CAP (2 * XN_LABEL_LIMIT)

bool xn__nfc_quick_yes(const uint32_t *label, size_t n)
{
    bool prev_ccc = false;
    size_t i;
    for (i = 0; i < n; i++) {
        uint32_t p = xn__props(label[i]);
        bool ccc = (p & XN_PROP_CCC_NONZERO) != 0;
        /* NFC_Quick_Check=No/Maybe needs ICU; so does a pair of non-starters,
         * whose canonical order we cannot judge without their classes. */
        if ((p & XN_PROP_NFC_QC_NOT_YES) || (ccc && prev_ccc))
            return false;
        prev_ccc = ccc;
    }
    return true;
}

/* Code points to UTF-16; false when cap is too small. */
static bool to_utf16(const uint32_t *s, size_t n, UChar *out, size_t cap, int32_t *out_n)
{
    size_t o = 0, i;
    for (i = 0; i < n; i++) {
        uint32_t c = s[i];
        if (c < 0x10000) {
            if (o >= cap)
                return false;
            out[o++] = (UChar)c;
        } else {
            if (o + 2 > cap)
                return false;
            out[o++] = (UChar)(0xD7C0 + (c >> 10));
            out[o++] = (UChar)(0xDC00 | (c & 0x3FF));
        }
    }
    *out_n = (int32_t)o;
    return true;
}

int xn__nfc(const uint32_t *label, size_t n, uint32_t *out, size_t out_cap, size_t *out_n)
{
    UChar src[U16_CAP], dst[U16_CAP];
    int32_t src_n, dst_n, i;
    size_t o = 0;
    UErrorCode err = U_ZERO_ERROR;
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&err);

    if (U_FAILURE(err))
        return XN_E_INTERNAL;
    if (!to_utf16(label, n, src, U16_CAP, &src_n))
        return XN_E_TOO_LONG;
    dst_n = unorm2_normalize(nfc, src, src_n, dst, U16_CAP, &err);
    if (err == U_BUFFER_OVERFLOW_ERROR)
        return XN_E_TOO_LONG;
    if (U_FAILURE(err))
        return XN_E_INTERNAL;
    for (i = 0; i < dst_n; i++) {
        uint32_t c = dst[i];
        /* ICU's output is well-formed: a lead surrogate is followed by a
         * trail surrogate. */
        if (c >= 0xD800 && c < 0xDC00 && i + 1 < dst_n)
            c = (c << 10) + dst[++i] - ((0xD800u << 10) + 0xDC00u - 0x10000u);
        if (o >= out_cap)
            return XN_E_TOO_LONG;
        out[o++] = c;
    }
    *out_n = o;
    return XN_OK;
}

int xn__is_nfc(const uint32_t *label, size_t n, bool *is_nfc)
{
    UChar src[U16_CAP];
    int32_t src_n;
    UErrorCode err = U_ZERO_ERROR;
    const UNormalizer2 *nfc;

    if (xn__nfc_quick_yes(label, n)) {
        *is_nfc = true;
        return XN_OK;
    }
    nfc = unorm2_getNFCInstance(&err);
    if (U_FAILURE(err))
        return XN_E_INTERNAL;
    if (!to_utf16(label, n, src, U16_CAP, &src_n))
        return XN_E_TOO_LONG;
    *is_nfc = unorm2_isNormalized(nfc, src, src_n, &err) != 0;
    return U_FAILURE(err) ? XN_E_INTERNAL : XN_OK;
}

void xn__icu_unicode_version(unsigned char version[4])
{
    UVersionInfo v;
    int i;
    u_getUnicodeVersion(v);
    for (i = 0; i < 4; i++)
        version[i] = v[i];
}
