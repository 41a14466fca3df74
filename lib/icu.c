/*
 * Loading ICU on first need (icu.h says why and how it is used).
 *
 * The on-demand build opens ICU's libraries by the sonames the build was
 * configured against (XN_ICU_UC_SONAME, XN_ICU_I18N_SONAME: e.g.
 * libicuuc.so.72) with RTLD_NOW, so that every symbol ICU and the C++
 * runtime under it need is bound while they load, in the frame of the call
 * that loads them, and never later in the middle of a deep call; then it
 * looks up each function of XN__ICU_FUNCTIONS by the name ICU's headers give
 * it (with ICU's version suffix when ICU renames its symbols, as it does by
 * default).  The pointers are written before the level is published with a
 * release store; readers load the level with an acquire (xn__icu_load()).
 * A library that cannot be opened, or a function missing from it, leaves
 * the level where it was: the call fails with XN_E_ICU_UNAVAILABLE, and the
 * next call that needs ICU tries again.  The handles are never closed: ICU
 * keeps its caches for the life of the process.
 */
#include <pthread.h>
#include <stdbool.h>
#include <string.h>

#include "icu.h"
#include "xn.h"

#if XN_ICU_ON_DEMAND
#include <dlfcn.h>
#endif

_Atomic int xn__icu_level;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;

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
    return dlopen(level == XN__ICU_UC ? XN_ICU_UC_SONAME : XN_ICU_I18N_SONAME,
                  RTLD_NOW | RTLD_LOCAL);
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

int xn__icu_load_slow(int level)
{
    int have, rc = XN_OK;

    pthread_mutex_lock(&load_lock);
    have = atomic_load_explicit(&xn__icu_level, memory_order_relaxed);
#if XN_ICU_ON_DEMAND
    while (rc == XN_OK && have < level) {
        if (!load_level(have + 1))
            rc = XN_E_ICU_UNAVAILABLE;
        else
            atomic_store_explicit(&xn__icu_level, ++have, memory_order_release);
    }
#else
    if (have < level)
        atomic_store_explicit(&xn__icu_level, XN__ICU_I18N, memory_order_release);
#endif
    pthread_mutex_unlock(&load_lock);
    return rc;
}

static pthread_mutex_t make_lock = PTHREAD_MUTEX_INITIALIZER;

int xn__icu_make(xn__icu_slot *slot, int level, void *(*make)(int *rc), void **out)
{
    void *p;
    int rc = XN_OK;

    pthread_mutex_lock(&make_lock);
    p = atomic_load_explicit(slot, memory_order_relaxed);
    if (!p)
        rc = xn__icu_load(level);
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
