/*
 * Normalization: ICU's normalizer engine on xn's own NFC data.
 *
 * The data come from the Unicode files in data/<version>/, compiled at build
 * time by the linked ICU's gennorm2 and icupkg into a package embedded in
 * libxn (xn_nfc_data.c), so NFC follows the same Unicode version as the
 * mapping and property tables on every ICU.  The package is registered with
 * udata_setAppData() and the normalizer opened with unorm2_getInstance() on
 * first use, under a lock, and published only once both succeeded: a
 * failure (ICU out of memory) leaves nothing behind, and the next call
 * tries again.  ICU keeps the normalizer until u_cleanup(), so the pointer
 * stays good for the life of the process.
 *
 * ICU's engine handles the characters that both combine with the one
 * before them and start a composition (new in Unicode 16.0) from ICU 76 on
 * (ICU-22707).  Built with an older ICU, xn refuses text holding one of
 * them, or a character that decomposes to one (XN_PROP_NFC_BOTH_WAYS), with
 * XN_E_ICU_TOO_OLD wherever it would ask the normalizer: never a wrong
 * answer.  ICU also serves idna2003.c (StringPrep) and display.c (the spoof
 * checker), with its own data.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "normalize.h"
#include "compiler.h"
#include "icu.h"
#include "props.h"
#include "sink.h"
#include "stream_safe.h"
#include "utf8.h"
#include "xn.h"
#include "xn_nfc_data.h"

/* UTF-16 on the stack for a label of XN__SMALL_LABEL code points, on the
 * heap for a longer one (xn__scratch). */
#define U16_SMALL (2 * XN__SMALL_LABEL)

/* Whether this ICU's engine is older than the data need. */
#define OLD_ENGINE (U_ICU_VERSION_MAJOR_NUM < 76)

static xn__icu_slot nfc_slot;

/* Normalizes a text that takes every step of ICU's engine (decomposition,
 * reordering, composition): the first normalization makes ICU build what it
 * builds once, in this shallow frame and not under a deep call. */
static void warm_up(const UNormalizer2 *nfc, UErrorCode *err)
{
    static const UChar text[] = {0x0065, 0x0323, 0x0302, 0x00E9, 0x0301, 0xAC00, 0x11A8};
    UChar out[16];
    XN__ICU(unorm2_normalize)(nfc, text, (int32_t)(sizeof text / sizeof *text), out, 16, err);
}

/* xn's data registered and its normalizer opened (xn__icu_make()). */
static void *nfc_make(int *rc)
{
    const UNormalizer2 *nfc = NULL;
    UErrorCode err = U_ZERO_ERROR;
    /* A second registration (after a failed open) is only a warning. */
    XN__ICU(udata_setAppData)(XN_NFC_PACKAGE, xn__nfc_package, &err);
    if (U_SUCCESS(err))
        nfc = XN__ICU(unorm2_getInstance)(XN_NFC_PACKAGE, XN_NFC_ITEM, UNORM2_COMPOSE, &err);
    if (U_SUCCESS(err))
        warm_up(nfc, &err);
    if (U_FAILURE(err)) {
        *rc = xn__icu_failure(err);
        return NULL;
    }
    return (void *)(uintptr_t)nfc; /* ICU's, never changed: kept const below */
}

/* xn's NFC normalizer, opened on the first call. */
static int nfc_instance(const UNormalizer2 **out)
{
    void *p;
    int rc = xn__icu_object(&nfc_slot, XN__ICU_UC, nfc_make, &p);
    *out = p;
    return rc;
}

/* The normalizer for a call deep in a conversion: XN__E_NEED_ICU while it
 * is not open yet, for the loop over the labels to open it and start
 * again. */
static int nfc_opened(const UNormalizer2 **out)
{
    *out = atomic_load_explicit(&nfc_slot, memory_order_acquire);
    return *out ? XN_OK : XN__E_NEED_ICU;
}

int xn__nfc_load(void)
{
    const UNormalizer2 *nfc;
    return nfc_instance(&nfc);
}

/* XN_E_ICU_TOO_OLD when this ICU's engine cannot normalize one of the code
 * points; XN_OK otherwise (always, from ICU 76 on). */
static int engine_can(const uint32_t *s, size_t n)
{
#if OLD_ENGINE
    size_t i;
    for (i = 0; i < n; i++)
        if (xn__props(s[i]) & XN_PROP_NFC_BOTH_WAYS)
            return XN_E_ICU_TOO_OLD;
#else
    (void)s;
    (void)n;
#endif
    return XN_OK;
}

/* What every normalization asks before ICU sees s[0..n): that this ICU's
 * engine can normalize it, that it is Stream-Safe (stream_safe.h), then
 * the normalizer: opened here when load (a public call, in its shallow
 * frame), else only if it is open already (XN__E_NEED_ICU otherwise: deep
 * in a conversion, the loop over the labels opens it). */
static int ready(const uint32_t *s, size_t n, bool load, const UNormalizer2 **nfc)
{
    int rc = engine_can(s, n);
    if (rc == XN_OK)
        rc = xn__stream_safe(s, n);
    if (rc == XN_OK)
        rc = load ? nfc_instance(nfc) : nfc_opened(nfc);
    return rc;
}

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
    const UNormalizer2 *nfc = NULL;

    if (!src || !dst)
        rc = XN_E_NOMEM;
    if (rc == XN_OK)
        rc = ready(label, n, false, &nfc);
    if (rc == XN_OK && !xn__to_utf16(label, n, src, 2 * n, &src_n))
        rc = XN_E_TOO_LONG;
    if (rc == XN_OK) {
        dst_n = XN__ICU(unorm2_normalize)(nfc, src, src_n, dst, (int32_t)dst_cap, &err);
        if (err == U_BUFFER_OVERFLOW_ERROR)
            rc = XN_E_TOO_LONG;
        else if (U_FAILURE(err))
            rc = xn__icu_failure(err);
        for (i = 0; rc == XN_OK && i < dst_n;) {
            uint32_t c = xn__utf16_next(dst, dst_n, &i);
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
    int32_t src_n = 0;
    UErrorCode err = U_ZERO_ERROR;
    const UNormalizer2 *nfc;
    int rc = ready(label, n, false, &nfc);

    if (rc != XN_OK)
        return rc;
    src = xn__scratch(small_src, sizeof small_src, 2 * n * sizeof(UChar), &heap);
    if (!src)
        return XN_E_NOMEM;
    xn__to_utf16(label, n, src, 2 * n, &src_n); /* fits: 2 * n units */
    *is_nfc = XN__ICU(unorm2_isNormalized)(nfc, src, src_n, &err) != 0;
    xn__scratch_free(heap);
    return U_FAILURE(err) ? xn__icu_failure(err) : XN_OK;
}

const char *
xn_icu_version(void)
{
    return U_ICU_VERSION;
}

int
xn_nfc(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len)
{
    const unsigned char *u = (const unsigned char *)in;
    uint32_t *cp = NULL;
    UChar *src = NULL, *dst = NULL;
    int32_t src_n = 0, dst_n = 0, dst_cap, i;
    size_t n = 0, pos = 0, need = 0;
    const UNormalizer2 *nfc = NULL;
    UErrorCode err = U_ZERO_ERROR;
    int rc = XN_OK;

    if (!out_len || (!in && in_len) || (!out && out_cap) ||
        (out && xn__overlap(in, in_len, out, out_cap)))
        return XN_E_INVALID_ARG;
    *out_len = 0;
    if (out_cap)
        out[0] = '\0';
    /* ICU counts in int32_t; NFC at most triples a text. */
    if (in_len > (size_t)INT32_MAX / 6)
        return XN_E_TOO_LONG;
    cp = malloc((in_len ? in_len : 1) * sizeof *cp);
    if (!cp)
        return XN_E_NOMEM;
    cp[0] = 0; /* read by nothing when the text is empty; gcc cannot tell */
    while (pos < in_len) {
        size_t k = xn__utf8_decode(u + pos, in_len - pos, &cp[n]);
        if (!k) {
            rc = XN_E_BAD_UTF8;
            break;
        }
        pos += k;
        n++;
    }
    if (rc == XN_OK && xn__nfc_quick_yes(cp, n)) {
        /* In NFC already, by xn's own quick check: no ICU. */
        free(cp);
        *out_len = in_len;
        if (in_len > out_cap)
            return XN_E_BUFFER_TOO_SMALL;
        if (in_len)
            memcpy(out, in, in_len);
        if (in_len < out_cap)
            out[in_len] = '\0';
        return XN_OK;
    }
    /* ICU, loaded on the first text that needs it, after the checks that
     * refuse a text without it. */
    if (rc == XN_OK)
        rc = ready(cp, n, true, &nfc);
    dst_cap = (int32_t)(3 * 2 * n + 1);
    if (rc == XN_OK) {
        src = malloc((2 * n + 1) * sizeof *src);
        dst = malloc((size_t)dst_cap * sizeof *dst);
        if (!src || !dst)
            rc = XN_E_NOMEM;
    }
    if (rc == XN_OK) {
        xn__to_utf16(cp, n, src, 2 * n, &src_n); /* fits: 2 * n units */
        dst_n = XN__ICU(unorm2_normalize)(nfc, src, src_n, dst, dst_cap, &err);
        if (U_FAILURE(err))
            rc = xn__icu_failure(err);
    }
    for (i = 0; rc == XN_OK && i < dst_n;) {
        uint32_t c = xn__utf16_next(dst, dst_n, &i);
        size_t k = xn__utf8_length(c);
        if (need + k <= out_cap)
            xn__utf8_put(c, out + need);
        need += k;
    }
    free(cp);
    free(src);
    free(dst);
    if (rc != XN_OK)
        return rc;
    *out_len = need;
    if (need > out_cap) {
        if (out_cap)
            out[0] = '\0';
        return XN_E_BUFFER_TOO_SMALL;
    }
    if (need < out_cap)
        out[need] = '\0';
    return XN_OK;
}
