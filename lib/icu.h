/*
 * How libxn reaches ICU: the one module that knows (icu.c).
 *
 * Most names never need ICU (ASCII names, and Unicode names that pass xn's
 * own NFC quick check), so a process that converts one of them should not
 * pay for loading, relocating and binding ICU and the C++ runtime under it.
 * Built with -Dicu=on-demand (the default for the shared library), libxn has
 * no ICU library among its needed libraries: the first call that needs ICU
 * loads the ICU the build was configured against (its sonames and its
 * versioned symbol names are fixed at build time), once per process, under
 * a lock, and resolves the functions below into xn__icu_fn.  Built with
 * -Dicu=linked, the calls are direct and loading always succeeds.
 *
 * Every call into ICU is written XN__ICU(name)(...), and is made only on an
 * object that xn__icu_make() made with ICU loaded (its common library,
 * libicuuc: nothing of libxn needs icu-i18n): each module that uses ICU
 * reaches it through its object (the normalizer in normalize.c, the
 * Nameprep profile in idna2003.c), so the rest of its code can assume it.
 */
#ifndef XN_ICU_H
#define XN_ICU_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include <unicode/uchar.h>
#include <unicode/udata.h>
#include <unicode/unorm2.h>
#include <unicode/usprep.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

#include "xn.h"

/* The level: libicuuc (NFC, StringPrep). */
#define XN__ICU_UC 1

/* Every ICU function libxn calls, with the level of the library that
 * exports it: X(level, name).  A function missing here does not compile
 * in the on-demand build (XN__ICU(name) names a member of xn__icu_fn). */
#define XN__ICU_FUNCTIONS(X)                                                 \
    X(XN__ICU_UC, udata_setAppData)                                          \
    X(XN__ICU_UC, unorm2_getInstance)                                        \
    X(XN__ICU_UC, unorm2_isNormalized)                                       \
    X(XN__ICU_UC, unorm2_normalize)                                          \
    X(XN__ICU_UC, usprep_close)                                              \
    X(XN__ICU_UC, usprep_openByType)                                         \
    X(XN__ICU_UC, usprep_prepare)

#if XN_ICU_ON_DEMAND
/* One pointer per function, named as ICU's header names it (with ICU's
 * version suffix, e.g. unorm2_normalize_72): written once by the loader
 * before it publishes the level, read only after. */
#define XN__ICU_POINTER_(level, name) __typeof__(name) *name;
struct xn__icu_functions {
    XN__ICU_FUNCTIONS(XN__ICU_POINTER_)
};
extern struct xn__icu_functions xn__icu_fn;
#define XN__ICU(name) (xn__icu_fn.name)
#else
#define XN__ICU(name) name
#endif

/* An object libxn makes once per process with ICU (the normalizer, the
 * Nameprep profile) lives in a slot of this type. */
typedef _Atomic(void *) xn__icu_slot;

/* The object of *slot: made by make() on the first call that needs it,
 * with ICU loaded up to level, under one lock; published (a release store)
 * only once made, so that a failure (make() returns NULL with an xn status
 * in *rc, or ICU cannot be loaded) shares nothing and the next call tries
 * again.  XN_OK with the object in *out, or the failure with *out NULL. */
int xn__icu_make(xn__icu_slot *slot, int level, void *(*make)(int *rc), void **out);
static inline int xn__icu_object(xn__icu_slot *slot, int level, void *(*make)(int *rc),
                                 void **out)
{
    *out = atomic_load_explicit(slot, memory_order_acquire);
    return *out ? XN_OK : xn__icu_make(slot, level, make, out);
}

/* The xn status for an ICU error code. */
int xn__icu_failure(int icu_error);

/* Whether this process was started by the dynamic loader.  A fully static
 * program has none (the kernel gives it no AT_BASE): glibc's dlopen()
 * there can load ICU, but not run the C++ runtime under it (it crashed in
 * ICU's first std::call_once), so such a program never opens a library:
 * neither ICU, nor libunistring (normalize.c), which it links instead. */
bool xn__dynamic_program(void);

#endif
