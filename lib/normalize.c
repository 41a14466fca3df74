/*
 * Normalization: NFC by one of two engines, chosen once per process.
 *
 * ICU's normalizer engine on xn's own NFC data, wherever ICU can be loaded.
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
 * answer.
 *
 * libunistring's u32_normalize(), where ICU cannot be loaded (not
 * installed, or a fully static program, which must not dlopen() a C++
 * library: icu.c): the normalizer libidn2 uses, on libunistring's own
 * data, which are older than xn's (Unicode 14.0 in libunistring 1.0, 17.0
 * in 1.4).  Normalization is stable for assigned characters, so its answer
 * is xn's for every text whose characters it knows.  A code point newer
 * than its data is a starter to it that neither decomposes nor composes:
 * the same answer still, unless the code point takes part in
 * normalization.  Such code points come with their Unicode version from
 * the tables (xn__nfc_age*, from DerivedAge), and a text holding one newer
 * than libunistring's data is refused with XN_E_NFC_TOO_OLD: never a wrong
 * answer.  The choice is made on the first text that needs a normalizer
 * and kept: a process does not look for ICU again at every name.
 *
 * IDNA2003's StringPrep (idna2003.c) uses ICU alone, with its own data.
 */
#include <errno.h>
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

#if XN_NFC_UNISTRING
#include <dlfcn.h>
#include <pthread.h>

#include <uninorm.h>
#include <unistring/version.h>
#endif

/* UTF-16 on the stack for a label of XN__SMALL_LABEL code points, on the
 * heap for a longer one (xn__scratch). */
#define U16_SMALL (2 * XN__SMALL_LABEL)

/* Whether this ICU's engine is older than the data need. */
#define OLD_ENGINE (U_ICU_VERSION_MAJOR_NUM < 76)

/* The engines (normalize.h); which one normalizes is chosen once
 * (engine_choose()). */
enum { ENGINE_NONE = XN__NFC_NONE, ENGINE_ICU = XN__NFC_ICU, ENGINE_UNISTRING = XN__NFC_UNISTRING };
static _Atomic int engine;

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

#if XN_NFC_UNISTRING
/* The libunistring releases and the Unicode version of their data,
 * (major << 8) | minor, from their release notes, newest first; what
 * xn_nfc_engine() says of each. */
static const struct {
    int release;
    unsigned unicode;
    const char *text;
} unistring_releases[] = {
    {0x010500, 0x1100, "libunistring (a release after 1.4, taken to be on Unicode 17.0 data)"},
    {0x010400, 0x1100, "libunistring 1.4 (Unicode 17.0 data)"},
    {0x010300, 0x1000, "libunistring 1.3 (Unicode 16.0 data)"},
    {0x010200, 0x0F01, "libunistring 1.2 (Unicode 15.1 data)"},
    {0x010100, 0x0F00, "libunistring 1.1 (Unicode 15.0 data)"},
    {0x010000, 0x0E00, "libunistring 1.0 (Unicode 14.0 data)"},
    {0x000908, 0x0900, "libunistring 0.9 (Unicode 9.0 data)"},
};

/* How libxn reaches libunistring.  Not among its needed libraries:
 * loading it costs a process about 390,000 instructions (its relocations,
 * bound at once), which a program converting ASCII names should not pay.
 * Its three symbols are weak references: where libunistring is in the
 * process already (the drop-in and the xn command link it) or linked into a
 * static program (xn.pc's Libs.private names them with -u), they are set,
 * and used as they are; otherwise the first name that needs NFC without ICU
 * opens libunistring by the soname of the build (XN_UNISTRING_SONAME), in a
 * dynamic program only (icu.h, xn__dynamic_program()), and looks them up.
 * The result is published once, under a lock, like ICU's objects. */
#pragma weak u32_normalize
#pragma weak uninorm_nfc
#pragma weak _libunistring_version

typedef uint32_t *unistring_normalize_fn(uninorm_t nf, const uint32_t *s, size_t n,
                                         uint32_t *resultbuf, size_t *lengthp);
struct unistring_api {
    unistring_normalize_fn *normalize;
    uninorm_t nfc;
    size_t release; /* its entry in unistring_releases[] */
};
static struct unistring_api unistring_found; /* written once, before it is published */
static _Atomic(const struct unistring_api *) unistring_slot;
static pthread_mutex_t unistring_lock = PTHREAD_MUTEX_INITIALIZER;

/* The entry of a release (_libunistring_version's value); SIZE_MAX for one
 * older than 0.9.8 (Unicode 9.0), not used.  A release newer than those
 * known is taken to be on the newest data known: at worst it refuses a
 * text it could have normalized. */
static size_t unistring_entry(int release)
{
    size_t i;
    for (i = 0; i < sizeof unistring_releases / sizeof *unistring_releases; i++)
        if (release >= unistring_releases[i].release)
            return i;
    return SIZE_MAX;
}

/* libunistring's functions, found or opened on the first call; NULL when
 * it cannot be had (the next call tries again). */
static const struct unistring_api *unistring_api(void)
{
    const struct unistring_api *p = atomic_load_explicit(&unistring_slot, memory_order_acquire);
    unistring_normalize_fn *normalize = NULL;
    uninorm_t nfc = NULL;
    const int *release = NULL;
    size_t entry;

    if (p)
        return p;
    pthread_mutex_lock(&unistring_lock);
    p = atomic_load_explicit(&unistring_slot, memory_order_relaxed);
    if (!p && u32_normalize && &uninorm_nfc && &_libunistring_version) {
        normalize = u32_normalize;
        nfc = &uninorm_nfc;
        release = &_libunistring_version;
    } else if (!p && xn__dynamic_program()) {
        /* Never closed: its functions are kept for the life of the
         * process, as ICU's are. */
        void *lib = dlopen(XN_UNISTRING_SONAME, RTLD_NOW | RTLD_LOCAL);
        void *f = lib ? dlsym(lib, "u32_normalize") : NULL;
        nfc = lib ? (uninorm_t)dlsym(lib, "uninorm_nfc") : NULL;
        release = lib ? (const int *)dlsym(lib, "_libunistring_version") : NULL;
        if (f)
            memcpy(&normalize, &f, sizeof f); /* as icu.c: POSIX makes them alike */
    }
    entry = release ? unistring_entry(*release) : SIZE_MAX;
    if (!p && normalize && nfc && entry != SIZE_MAX) {
        unistring_found.normalize = normalize;
        unistring_found.nfc = nfc;
        unistring_found.release = entry;
        p = &unistring_found;
        atomic_store_explicit(&unistring_slot, p, memory_order_release);
    }
    pthread_mutex_unlock(&unistring_lock);
    return p;
}

/* The Unicode version of the data of the libunistring that normalizes
 * (its engine is chosen: engine_choose()). */
static unsigned unistring_unicode(void)
{
    const struct unistring_api *a = atomic_load_explicit(&unistring_slot, memory_order_acquire);
    return a ? unistring_releases[a->release].unicode : 0;
}
#endif

/* Chooses the engine, once: ICU when it can be loaded, else libunistring.
 * XN_OK, or ICU's failure when neither can be had (XN_E_ICU_UNAVAILABLE,
 * and the next call tries again) or ICU failed otherwise (XN_E_NOMEM). */
static int engine_choose(void)
{
    void *p;
    int none = ENGINE_NONE, choice = ENGINE_ICU;
    int rc = xn__icu_object(&nfc_slot, XN__ICU_UC, nfc_make, &p);

#if XN_NFC_UNISTRING
    if (rc == XN_E_ICU_UNAVAILABLE && unistring_api() != NULL) {
        choice = ENGINE_UNISTRING;
        rc = XN_OK;
    }
#endif
    /* Two threads may get here at once: the first choice stays (each
     * engine's object is published before its choice can be seen). */
    if (rc == XN_OK)
        atomic_compare_exchange_strong_explicit(&engine, &none, choice, memory_order_release,
                                                memory_order_relaxed);
    return rc;
}

int xn__nfc_load(void)
{
    return atomic_load_explicit(&engine, memory_order_acquire) != ENGINE_NONE ? XN_OK
                                                                              : engine_choose();
}

int xn__nfc_engine(unsigned *unicode)
{
    int which = atomic_load_explicit(&engine, memory_order_acquire);
    *unicode = which == ENGINE_ICU ? XN_NFC_AGE_DATA : 0;
#if XN_NFC_UNISTRING
    if (which == ENGINE_UNISTRING)
        *unicode = unistring_unicode();
#endif
    return which;
}

/* The engine for a call deep in a conversion: XN__E_NEED_NFC while none is
 * chosen yet, for the loop over the labels to choose it and start again. */
static int engine_opened(int *which, const UNormalizer2 **nfc)
{
    *which = atomic_load_explicit(&engine, memory_order_acquire);
    *nfc = *which == ENGINE_ICU ? atomic_load_explicit(&nfc_slot, memory_order_acquire) : NULL;
    return *which != ENGINE_NONE ? XN_OK : XN__E_NEED_NFC;
}

#if XN_NFC_UNISTRING
/* The Unicode version ((major << 8) | minor) of c when c takes part in
 * normalization and is newer than XN_NFC_AGE_OLDEST; 0 otherwise. */
static unsigned nfc_age(uint32_t c)
{
    size_t lo = 0, hi = XN_NFC_AGE_COUNT;
    if (c < xn__nfc_age_lo[0])
        return 0;
    while (hi - lo > 1) { /* the last range starting at or before c */
        size_t mid = lo + (hi - lo) / 2;
        if (xn__nfc_age_lo[mid] <= c)
            lo = mid;
        else
            hi = mid;
    }
    return c <= xn__nfc_age_hi[lo] ? xn__nfc_age[lo] : 0;
}
#endif

/* XN_E_ICU_TOO_OLD or XN_E_NFC_TOO_OLD when the engine cannot normalize one
 * of the code points; XN_OK otherwise. */
static int engine_can(int which, const uint32_t *s, size_t n)
{
    size_t i;
#if XN_NFC_UNISTRING
    if (which == ENGINE_UNISTRING) {
        unsigned known = unistring_unicode();
        for (i = 0; i < n; i++)
            if (nfc_age(s[i]) > known)
                return XN_E_NFC_TOO_OLD;
        return XN_OK;
    }
#endif
    (void)which;
#if OLD_ENGINE
    for (i = 0; i < n; i++)
        if (xn__props(s[i]) & XN_PROP_NFC_BOTH_WAYS)
            return XN_E_ICU_TOO_OLD;
#else
    (void)s;
    (void)n;
    (void)i;
#endif
    return XN_OK;
}

/* What every normalization asks before an engine sees s[0..n): the engine
 * (chosen here when load: a public call, in its shallow frame; else only
 * if chosen already: XN__E_NEED_NFC otherwise, deep in a conversion, for
 * the loop over the labels to choose it), that it can normalize s, and
 * that s is Stream-Safe (stream_safe.h). */
static int ready(const uint32_t *s, size_t n, bool load, int *which, const UNormalizer2 **nfc)
{
    int rc = load ? xn__nfc_load() : XN_OK;
    if (rc == XN_OK)
        rc = engine_opened(which, nfc);
    if (rc == XN_OK)
        rc = engine_can(*which, s, n);
    if (rc == XN_OK)
        rc = xn__stream_safe(s, n);
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

#if XN_NFC_UNISTRING
/* libunistring's NFC of s[0..n) into out (out_cap code points). */
static int unistring_nfc(const uint32_t *s, size_t n, uint32_t *out, size_t out_cap,
                         size_t *out_n)
{
    const struct unistring_api *a = atomic_load_explicit(&unistring_slot, memory_order_acquire);
    size_t len = out_cap;
    uint32_t *r = a->normalize(a->nfc, s, n, out, &len);
    if (!r)
        return errno == ENOMEM ? XN_E_NOMEM : XN_E_INTERNAL;
    if (r != out) { /* did not fit: libunistring made a block of its own */
        free(r);
        return XN_E_TOO_LONG;
    }
    *out_n = len;
    return XN_OK;
}
#endif

/* ICU's NFC of s[0..n) into out (out_cap code points), through UTF-16. */
static int icu_nfc(const UNormalizer2 *nfc, const uint32_t *s, size_t n, uint32_t *out,
                   size_t out_cap, size_t *out_n)
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

    if (!src || !dst)
        rc = XN_E_NOMEM;
    if (rc == XN_OK && (dst_cap > INT32_MAX || !xn__to_utf16(s, n, src, 2 * n, &src_n)))
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

/* xn__nfc() once the engine is chosen or must be (load). */
static int nfc_by_engine(const uint32_t *label, size_t n, bool load, uint32_t *out,
                         size_t out_cap, size_t *out_n)
{
    const UNormalizer2 *nfc = NULL;
    int which = ENGINE_NONE;
    int rc = ready(label, n, load, &which, &nfc);

    if (rc != XN_OK)
        return rc;
#if XN_NFC_UNISTRING
    if (which == ENGINE_UNISTRING)
        return unistring_nfc(label, n, out, out_cap, out_n);
#endif
    return icu_nfc(nfc, label, n, out, out_cap, out_n);
}

int xn__nfc(const uint32_t *label, size_t n, uint32_t *out, size_t out_cap, size_t *out_n)
{
    return nfc_by_engine(label, n, false, out, out_cap, out_n);
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
    const UNormalizer2 *nfc = NULL;
    int which = ENGINE_NONE;
    int rc = ready(label, n, false, &which, &nfc);

    if (rc != XN_OK)
        return rc;
#if XN_NFC_UNISTRING
    if (which == ENGINE_UNISTRING) {
        /* In NFC when its NFC is itself; NFC of a text in NFC has its
         * length, so a result that does not fit in n is another text. */
        uint32_t small[XN__SMALL_LABEL], *out;
        size_t out_n = 0;
        out = xn__scratch(small, sizeof small, n * sizeof *out, &heap);
        if (!out)
            return XN_E_NOMEM;
        rc = unistring_nfc(label, n, out, n, &out_n);
        *is_nfc = rc == XN_OK && out_n == n && (n == 0 || !memcmp(out, label, n * sizeof *out));
        if (rc == XN_E_TOO_LONG)
            rc = XN_OK;
        xn__scratch_free(heap);
        return rc;
    }
#endif
    src = xn__scratch(small_src, sizeof small_src, 2 * n * sizeof(UChar), &heap);
    if (!src)
        return XN_E_NOMEM;
    xn__to_utf16(label, n, src, 2 * n, &src_n); /* fits: 2 * n units */
    *is_nfc = XN__ICU(unorm2_isNormalized)(nfc, src, src_n, &err) != 0;
    xn__scratch_free(heap);
    return U_FAILURE(err) ? xn__icu_failure(err) : XN_OK;
}

const char *
xn_nfc_engine(void)
{
    int which = xn__nfc_load() == XN_OK ? atomic_load_explicit(&engine, memory_order_acquire)
                                        : ENGINE_NONE;
#if XN_NFC_UNISTRING
    if (which == ENGINE_UNISTRING)
        return unistring_releases[atomic_load_explicit(&unistring_slot, memory_order_acquire)
                                      ->release].text;
#endif
    if (which == ENGINE_ICU)
        return "ICU " U_ICU_VERSION " (xn's Unicode " XN_TABLES_UNICODE_VERSION " data)";
    return "none (ICU could not be loaded)";
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
    uint32_t *cp = NULL, *dst = NULL;
    size_t n = 0, pos = 0, need = 0, dst_n = 0, i;
    int rc = XN_OK;

    if (!out_len || (!in && in_len) || (!out && out_cap) ||
        (out && xn__overlap(in, in_len, out, out_cap)))
        return XN_E_INVALID_ARG;
    *out_len = 0;
    if (out_cap)
        out[0] = '\0';
    /* ICU counts in int32_t; NFC at most triples a text.  The limit is the
     * same whichever engine normalizes. */
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
        /* In NFC already, by xn's own quick check: no engine. */
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
    /* The engine, chosen on the first text that needs it, after the checks
     * that refuse a text without it. */
    if (rc == XN_OK) {
        dst = malloc(3 * n * sizeof *dst);
        rc = dst ? nfc_by_engine(cp, n, true, dst, 3 * n, &dst_n) : XN_E_NOMEM;
    }
    for (i = 0; rc == XN_OK && i < dst_n; i++) {
        size_t k = xn__utf8_length(dst[i]);
        if (need + k <= out_cap)
            xn__utf8_put(dst[i], out + need);
        need += k;
    }
    free(cp);
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
