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

/* UTF-16 on the stack for a label of XN__SMALL_LABEL code points, on the
 * heap for a longer one (xn__scratch). */
#define U16_SMALL (2 * XN__SMALL_LABEL)

bool xn__nfc_quick_yes(const uint32_t *label, size_t n)
{
    uint32_t prev = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        uint32_t p = xn__props(label[i]);
        if (xn__nfc_quick_no(prev, p))
            return false;
        prev = p;
    }
    return true;
}

bool xn__to_utf16(const uint32_t *s, size_t n, uint16_t *out, size_t cap, int32_t *out_n)
{
    size_t o = 0, i;
    for (i = 0; i < n; i++) {
        uint32_t c = s[i];
        if (c < 0x10000) {
            if (o >= cap)
                return false;
            out[o++] = (uint16_t)c;
        } else {
            if (o + 2 > cap)
                return false;
            out[o++] = (uint16_t)(0xD7C0 + (c >> 10));
            out[o++] = (uint16_t)(0xDC00 | (c & 0x3FF));
        }
    }
    *out_n = (int32_t)o;
    return true;
}

int xn__nfc(const uint32_t *label, size_t n, uint32_t *out, size_t out_cap, size_t *out_n)
{
    /* The source takes at most 2 units a code point; a result of more
     * than 2 * out_cap units has more than out_cap code points. */
    UChar small_src[U16_SMALL], small_dst[U16_SMALL];
    void *heap_src, *heap_dst;
    size_t dst_cap = 2 * out_cap;
    UChar *src = xn__scratch(small_src, sizeof small_src, 2 * n * sizeof(UChar), &heap_src);
    UChar *dst = xn__scratch(small_dst, sizeof small_dst, dst_cap * sizeof(UChar), &heap_dst);
    int32_t src_n, dst_n, i;
    size_t o = 0;
    int rc = XN_OK;
    UErrorCode err = U_ZERO_ERROR;
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&err);

    if (!src || !dst)
        rc = XN_E_NOMEM;
    else if (U_FAILURE(err))
        rc = XN_E_INTERNAL;
    else if (!xn__to_utf16(label, n, src, 2 * n, &src_n))
        rc = XN_E_TOO_LONG;
    if (rc == XN_OK) {
        dst_n = unorm2_normalize(nfc, src, src_n, dst, (int32_t)dst_cap, &err);
        if (err == U_BUFFER_OVERFLOW_ERROR)
            rc = XN_E_TOO_LONG;
        else if (U_FAILURE(err))
            rc = XN_E_INTERNAL;
        for (i = 0; rc == XN_OK && i < dst_n; i++) {
            uint32_t c = dst[i];
            /* ICU's output is well-formed: a lead surrogate is followed by a
             * trail surrogate. */
            if (c >= 0xD800 && c < 0xDC00 && i + 1 < dst_n)
                c = (c << 10) + dst[++i] - ((0xD800u << 10) + 0xDC00u - 0x10000u);
            if (o >= out_cap)
                rc = XN_E_TOO_LONG;
            else
                out[o++] = c;
        }
    }
    xn__scratch_free(heap_src);
    xn__scratch_free(heap_dst);
    if (rc == XN_OK)
        *out_n = o;
    return rc;
}

int xn__nfc_scratch(const uint32_t *label, size_t n, uint32_t small[XN__SMALL_LABEL],
                    uint32_t **out, size_t *out_n, void **heap)
{
    /* NFC makes a string 3 times as long at most; the limit still holds. */
    size_t cap = 3 * n < XN_LABEL_LIMIT ? 3 * n : XN_LABEL_LIMIT;
    int rc;

    *out = xn__scratch(small, XN__SMALL_LABEL * sizeof *small, cap * sizeof **out, heap);
    if (!*out)
        return XN_E_NOMEM;
    rc = xn__nfc(label, n, *out, cap, out_n);
    if (rc == XN_E_TOO_LONG && cap < XN_LABEL_LIMIT) {
        /* Not reached by any code point known; kept so that only the limit
         * decides. */
        xn__scratch_free(*heap);
        *out = *heap = malloc(XN_LABEL_LIMIT * sizeof **out);
        rc = *out ? xn__nfc(label, n, *out, XN_LABEL_LIMIT, out_n) : XN_E_NOMEM;
    }
    return rc;
}

int xn__is_nfc(const uint32_t *label, size_t n, bool *is_nfc)
{
    UChar small_src[U16_SMALL];
    void *heap;
    UChar *src;
    int32_t src_n;
    UErrorCode err = U_ZERO_ERROR;
    const UNormalizer2 *nfc;

    nfc = unorm2_getNFCInstance(&err);
    if (U_FAILURE(err))
        return XN_E_INTERNAL;
    src = xn__scratch(small_src, sizeof small_src, 2 * n * sizeof(UChar), &heap);
    if (!src)
        return XN_E_NOMEM;
    xn__to_utf16(label, n, src, 2 * n, &src_n); /* fits: 2 * n units */
    *is_nfc = unorm2_isNormalized(nfc, src, src_n, &err) != 0;
    xn__scratch_free(heap);
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
