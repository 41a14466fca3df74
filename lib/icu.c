/*
 * Loading ICU on first need (icu.h says why and how it is used).
 *
 * The on-demand build opens ICU's common library by the soname the build
 * was configured against (XN_ICU_UC_SONAME: e.g. libicuuc.so.72) with
 * RTLD_NOW, so that every symbol ICU and the C++
 * runtime under it need is bound while they load, in the frame of the call
 * that loads them, and never later in the middle of a deep call; then it
 * looks up each function of XN__ICU_FUNCTIONS by the name ICU's headers give
 * it (with ICU's version suffix when ICU renames its symbols, as it does by
 * default).  The pointers are written under the lock before any object
 * made with them is published (a release store); a reader reaches them only
 * through such an object, loaded with an acquire (xn__icu_object()).
 * A library that cannot be opened, or a function missing from it, leaves
 * the level where it was: the call fails with XN_E_ICU_UNAVAILABLE, and the
 * next call that needs ICU tries again.  The handles are never closed: ICU
 * keeps its caches for the life of the process.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "icu.h"
#include "xn.h"

#if XN_ICU_ON_DEMAND
#include <dlfcn.h>
#endif
#if defined(__linux__)
#include <sys/auxv.h>
#endif

#if XN_ICU_ON_DEMAND
/* The ELF note that tells packaging tools which library libxn opens with
 * dlopen(), since it is not among its needed libraries: the "dlopen
 * metadata" of freedesktop.org (section .note.dlopen, owner "FDO", type
 * 0x407c0c0a, a JSON array of the features, each with its sonames).  Debian's
 * dh-dlopenlibdeps turns it into the package's Depends, Recommends or
 * Suggests, by its priority, and `readelf -n libxn.so.0` shows it.  ICU is
 * suggested where libunistring normalizes without it (normalize.c): only
 * IDNA2003 and the names newer than libunistring's data need ICU then;
 * libunistring, which libxn opens on demand too (normalize.c), is
 * required. */
#if XN_NFC_UNISTRING
#define XN__DLOPEN_PRIORITY "suggested"
#else
#define XN__DLOPEN_PRIORITY "required"
#endif
#if XN_NFC_UNISTRING
#define XN__DLOPEN_UNISTRING                                                             \
    ",{\"feature\":\"nfc\",\"description\":\"NFC where ICU cannot be loaded\","        \
    "\"priority\":\"required\",\"soname\":[\"" XN_UNISTRING_SONAME "\"]}"
#else
#define XN__DLOPEN_UNISTRING ""
#endif
#define XN__DLOPEN_JSON                                                                  \
    "[{\"feature\":\"icu\",\"description\":\"IDNA2003's Nameprep, and NFC by ICU "        \
    "instead of libunistring (names newer than libunistring's Unicode data)\","          \
    "\"priority\":\"" XN__DLOPEN_PRIORITY "\",\"soname\":[\"" XN_ICU_UC_SONAME "\"]}"  \
    XN__DLOPEN_UNISTRING "]"

__attribute__((used, section(".note.dlopen"))) _Alignas(4) static const struct {
    uint32_t namesz, descsz, type;
    char name[4];
    _Alignas(4) char json[sizeof XN__DLOPEN_JSON];
} xn__dlopen_note = {4, sizeof XN__DLOPEN_JSON, 0x407c0c0aU, "FDO", XN__DLOPEN_JSON};
#endif

/* The level loaded so far (0 or XN__ICU_UC), and the lock
 * under which ICU is loaded and every object made. */
static int icu_level;
static pthread_mutex_t make_lock = PTHREAD_MUTEX_INITIALIZER;

bool xn__dynamic_program(void)
{
#ifdef AT_BASE
    return getauxval(AT_BASE) != 0;
#else
    return true;
#endif
}

int xn__icu_failure(int err)
{
    /* xn hands ICU only arguments it has checked, so an "illegal argument"
     * is one ICU made itself: a string or set it could not allocate is
     * "bogus", and the next call taking it says so. */
    return err == U_MEMORY_ALLOCATION_ERROR || err == U_ILLEGAL_ARGUMENT_ERROR ? XN_E_NOMEM
                                                                              : XN_E_INTERNAL;
}

#if XN_ICU_ON_DEMAND

struct xn__icu_functions xn__icu_fn;

/* A function pointer is as wide as an object pointer wherever dlsym() is
 * (POSIX requires it); memcpy() makes the conversion ISO C allows. */
_Static_assert(sizeof(void *) == sizeof(void (*)(void)),
               "dlsym() results copied into function pointers");

#define XN__ICU_STR_(x) #x
#define XN__ICU_NAME_(x) XN__ICU_STR_(x)

/* Opens the library of one level; NULL when it cannot be had. */
static void *open_level(int level)
{
    (void)level; /* one level: ICU's common library */
    return xn__dynamic_program() ? dlopen(XN_ICU_UC_SONAME, RTLD_NOW | RTLD_LOCAL) : NULL;
}

/* Looks up name in lib into *slot; false when it is missing. */
static bool resolve(void *lib, const char *name, void *slot)
{
    void *p = dlsym(lib, name);
    if (p)
        memcpy(slot, &p, sizeof p);
    return p != NULL;
}

/* Opens the library of level and resolves its functions.  The pointers of
 * another level are left as they are (a reader of those may be running). */
static bool load_level(int level)
{
    void *lib = open_level(level);
    bool ok = lib != NULL;

    /* Each name is ICU's own spelling after its header's renaming macro
     * (unorm2_normalize -> unorm2_normalize_72). */
#define XN__ICU_RESOLVE_(lvl, name)                                                   \
    if (ok && (lvl) == level)                                                         \
        ok = resolve(lib, XN__ICU_NAME_(name), &xn__icu_fn.name);
    XN__ICU_FUNCTIONS(XN__ICU_RESOLVE_)
#undef XN__ICU_RESOLVE_
    /* A library that lacks a function stays open (dlclose() of ICU could
     * run its destructors under another thread's feet); the level is not
     * published, and the next attempt finds the same handle. */
    return ok;
}

#endif

/* Loads ICU up to level, under make_lock: XN_OK, or XN_E_ICU_UNAVAILABLE
 * when a library or a function cannot be had (the next call tries again). */
static int load(int level)
{
#if XN_ICU_ON_DEMAND
    while (icu_level < level) {
        if (!load_level(icu_level + 1))
            return XN_E_ICU_UNAVAILABLE;
        icu_level++;
    }
#else
    icu_level = level;
#endif
    return XN_OK;
}

int
xn_icu_load(void)
{
    int rc;

    pthread_mutex_lock(&make_lock);
    rc = load(XN__ICU_UC);
    pthread_mutex_unlock(&make_lock);
    return rc;
}

int xn__icu_make(xn__icu_slot *slot, int level, void *(*make)(int *rc), void **out)
{
    void *p;
    int rc = XN_OK;

    pthread_mutex_lock(&make_lock);
    p = atomic_load_explicit(slot, memory_order_relaxed);
    if (!p)
        rc = load(level);
    if (!p && rc == XN_OK) {
        p = make(&rc);
        if (p)
            atomic_store_explicit(slot, p, memory_order_release);
        else if (rc == XN_OK)
            rc = XN_E_INTERNAL;
    }
    pthread_mutex_unlock(&make_lock);
    *out = p;
    return p ? XN_OK : rc;
}
