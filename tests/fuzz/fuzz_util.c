/* Helpers shared by the fuzz targets; see fuzz.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uversion.h>

#include "fuzz.h"

#if defined(__SANITIZE_ADDRESS__)
#define FUZZ_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_ASAN 1
#endif
#endif

#define GUARD 32
#define FILL 0xA5

static const uint8_t *cur_data;
static size_t cur_size;

void fuzz_set_input(const uint8_t *data, size_t size)
{
    cur_data = data;
    cur_size = size;
}

const char *fuzz_show(const void *s, size_t n)
{
    static char bufs[8][1200];
    static unsigned which;
    char *buf = bufs[which++ % 8];
    const unsigned char *u = (const unsigned char *)s;
    size_t o = 0, i;
    for (i = 0; i < n && o + 8 < sizeof bufs[0]; i++) {
        if (u[i] >= 0x20 && u[i] < 0x7F && u[i] != '\\')
            buf[o++] = (char)u[i];
        else
            o += (size_t)snprintf(buf + o, sizeof bufs[0] - o, "\\x%02X", (unsigned)u[i]);
    }
    if (i < n)
        o += (size_t)snprintf(buf + o, sizeof bufs[0] - o, "...(%zu bytes)", n);
    buf[o] = '\0';
    return buf;
}

void fuzz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "\n%s:%d: PROPERTY VIOLATED: %s\n  ", file, line, cond);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n  fuzz input (%zu bytes): %s\n", cur_size,
            cur_data ? fuzz_show(cur_data, cur_size) : "?");
    fflush(stderr);
    abort();
}

unsigned fuzz_flags(const uint8_t **data, size_t *size)
{
    static const unsigned presets[] = {
        0,
        XN_WHATWG,
        XN_TRANSITIONAL,
        XN_NO_STD3_RULES,
        XN_NO_VERIFY_DNS_LENGTH,
        XN_ALLOW_ROOT_DOT,
        XN_IGNORE_INVALID_PUNYCODE,
        XN_NO_CHECK_HYPHENS | XN_NO_STD3_RULES,
        XN_WHATWG | XN_TRANSITIONAL,
        XN_NO_CHECK_BIDI | XN_NO_CHECK_JOINERS,
        XN_URL_RULES,
        FUZZ_KNOWN_FLAGS,
        XN_NO_VERIFY_DNS_LENGTH | XN_NO_STD3_RULES,
        FUZZ_FLAGS_DNS,
        FUZZ_FLAGS_DNS | XN_WHATWG,
        0x200u,
        0x80000000u,
        ~0u,
    };
    unsigned v, hi;
    if (*size < 2)
        return 0;
    v = (unsigned)(*data)[*size - 2] | ((unsigned)(*data)[*size - 1] << 8);
    *size -= 2;
    hi = v >> 14;
    v &= 0x3FFFu;
    switch (hi) {
    case 0:
        return v & FUZZ_KNOWN_FLAGS;
    case 1:
        return (XN_WHATWG ^ v) & FUZZ_KNOWN_FLAGS;
    case 2:
        return presets[v % (sizeof presets / sizeof presets[0])];
    default:
        return v | ((v & 1u) << 31);
    }
}

char *fuzz_copy(const void *s, size_t n)
{
    char *p = (char *)malloc(n ? n : 1);
    if (!p)
        abort();
    if (n)
        memcpy(p, s, n);
    return p;
}

char *fuzz_out_new(size_t cap)
{
#ifdef FUZZ_ASAN
    char *p = (char *)malloc(cap ? cap : 1);
    if (!p)
        abort();
    memset(p, FILL, cap ? cap : 1);
    if (cap == 0) { /* a zero-size block: any access is an ASan report */
        free(p);
        p = (char *)malloc(0);
        if (!p)
            p = (char *)malloc(1);
        if (!p)
            abort();
    }
#else
    char *p = (char *)malloc(cap + GUARD);
    if (!p)
        abort();
    memset(p, FILL, cap + GUARD);
#endif
    return p;
}

void fuzz_out_done(char *p, size_t cap)
{
#ifndef FUZZ_ASAN
    size_t i;
    for (i = 0; i < GUARD; i++)
        FUZZ_ASSERT((unsigned char)p[cap + i] == FILL,
                    "byte %zu past a capacity of %zu was written", i, cap);
#else
    (void)cap;
#endif
    free(p);
}

static bool report_eq(const xn_report *a, const xn_report *b)
{
    return a->size == b->size && a->errors == b->errors && a->label == b->label && a->offset == b->offset &&
           a->code_point == b->code_point;
}

static bool report_zero(const xn_report *a)
{
    return a->size == sizeof *a && a->errors == 0 && a->label == 0 && a->offset == 0 &&
           a->code_point == XN_NO_CODE_POINT;
}

static bool known_status(int rc)
{
    switch (rc) {
    case XN_OK:
    case XN_E_INVALID_ARG:
    case XN_E_BUFFER_TOO_SMALL:
    case XN_E_TOO_LONG:
    case XN_E_BAD_UTF8:
    case XN_E_INVALID_DOMAIN:
    case XN_E_BAD_ADDRESS: /* the mail functions only */
    case XN_E_NOT_STREAM_SAFE: /* more than 30 non-starters in a row (xn.h) */
#if U_ICU_VERSION_MAJOR_NUM < 76
    case XN_E_ICU_TOO_OLD: /* a code point this ICU's normalizer cannot take */
#endif
    case XN_E_NFC_TOO_OLD: /* libunistring's normalizer, where ICU is not loaded */
        return true;
    default: /* XN_E_NOMEM, XN_E_INTERNAL and Punycode codes never come out */
        return false;
    }
}

/* A call at a capacity too small for a result of len bytes. */
static void check_too_small(fuzz_conv_fn fn, const char *name, const char *in, size_t n,
                            unsigned flags, size_t cap, size_t len, const xn_report *want)
{
    char *buf = fuzz_out_new(cap);
    size_t got = 12345;
    xn_report rep = XN_REPORT_INIT;
    int rc = fn(in, n, buf, cap, &got, flags, &rep);
    FUZZ_ASSERT(rc == XN_E_BUFFER_TOO_SMALL && got == len,
                "%s, flags 0x%X, cap %zu: %s, *out_len %zu; want XN_E_BUFFER_TOO_SMALL, %zu",
                name, flags, cap, xn_strerror_name(rc), got, len);
    FUZZ_ASSERT(report_eq(&rep, want), "%s, cap %zu: the report differs from the size query's",
                name, cap);
    fuzz_out_done(buf, cap);
}

char *fuzz_begin(const uint8_t **data, size_t *size, unsigned *flags)
{
    fuzz_set_input(*data, *size);
    *flags = fuzz_flags(data, size);
    return fuzz_copy(*data, *size);
}

unsigned fuzz_flags_for(unsigned raw, unsigned known, unsigned extra)
{
    if (raw & 0xFFFF0000u)
        return raw;
    return (raw & known) | ((raw & XN_TRANSITIONAL) ? extra : 0u);
}

/* lib/uts46.c (internal): the UTS #46 conversions by the general path alone,
 * never the whole-name ASCII fast path. */
int xn__uts46_general(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
                      unsigned flags, xn_report *report, bool to_ascii, bool one_label);

/* One entry per FUZZ_* operation (entries.h's table): odd ones are
 * ToASCII-like (no output on XN_E_INVALID_DOMAIN), even ones ToUnicode-like
 * (output all the same). */
unsigned fuzz_known_flags(int op)
{
    return test_entry_of(op)->known;
}

fuzz_result fuzz_convert(int op, const char *in, size_t n, unsigned flags)
{
    const test_entry *e = test_entry_of(op);
    fuzz_conv_fn fn = e->fn;
    fuzz_alloc_fn afn = e->afn;
    const char *name = e->name;
    bool to_ascii = test_entry_is_ascii(op);
    bool unknown = (flags & ~e->known) != 0;
    fuzz_result r;
    xn_report rep0 = XN_REPORT_INIT, rep = XN_REPORT_INIT;
    size_t len0 = 12345, len = 12345, cap;
    char *buf, *abuf;
    int rc0, rc;

    memset(&r, 0, sizeof r);

    /* The size query. */
    memset(&rep0, 0x5A, sizeof rep0);
    rep0.size = sizeof rep0;
    rc0 = fn(in, n, NULL, 0, &len0, flags, &rep0);
    FUZZ_ASSERT(known_status(rc0), "%s, flags 0x%X: undocumented status %d (%s)", name, flags,
                rc0, xn_strerror_name(rc0));
    FUZZ_ASSERT((rc0 == XN_E_INVALID_ARG) == unknown,
                "%s, flags 0x%X: %s (unknown bits must give, and only they give, "
                "XN_E_INVALID_ARG)", name, flags, xn_strerror_name(rc0));
    if (rc0 == XN_E_BUFFER_TOO_SMALL)
        FUZZ_ASSERT(len0 > 0, "%s: size query says too small for a length of 0", name);
    else
        FUZZ_ASSERT(len0 == 0, "%s, flags 0x%X: %s with *out_len %zu on a size query", name,
                    flags, xn_strerror_name(rc0), len0);
    if (rc0 == XN_OK || rc0 == XN_E_INVALID_ARG)
        FUZZ_ASSERT(report_zero(&rep0), "%s: %s with a non-zero report", name,
                    xn_strerror_name(rc0));
    if (rc0 == XN_E_INVALID_DOMAIN)
        FUZZ_ASSERT(rep0.errors != 0, "%s: XN_E_INVALID_DOMAIN with no error bit", name);

    /* report == NULL: the same status. */
    {
        size_t l = 12345;
        rc = fn(in, n, NULL, 0, &l, flags, NULL);
        FUZZ_ASSERT(rc == rc0 && l == len0, "%s: report == NULL changes %s/%zu to %s/%zu",
                    name, xn_strerror_name(rc0), len0, xn_strerror_name(rc), l);
    }

    /* Room for everything and the NUL. */
    cap = len0 + 1;
    buf = fuzz_out_new(cap);
    memset(&rep, 0x5A, sizeof rep);
    rep.size = sizeof rep;
    rc = fn(in, n, buf, cap, &len, flags, &rep);
    FUZZ_ASSERT(report_eq(&rep, &rep0), "%s, cap %zu: report 0x%llX differs from the size "
                "query's 0x%llX", name, cap, (unsigned long long)rep.errors,
                (unsigned long long)rep0.errors);
    if (rc0 == XN_E_BUFFER_TOO_SMALL) {
        FUZZ_ASSERT(rc == XN_OK || (!to_ascii && rc == XN_E_INVALID_DOMAIN),
                    "%s: %s at cap %zu after the size query asked for %zu", name,
                    xn_strerror_name(rc), cap, len0);
        FUZZ_ASSERT(len == len0, "%s: wrote %zu bytes, size query said %zu", name, len, len0);
    } else {
        FUZZ_ASSERT(rc == rc0 && len == 0, "%s: size query %s, with a buffer %s/%zu", name,
                    xn_strerror_name(rc0), xn_strerror_name(rc), len);
    }
    if (rc == XN_OK || (!to_ascii && rc == XN_E_INVALID_DOMAIN)) {
        FUZZ_ASSERT(buf[len] == '\0', "%s: output of %zu bytes not NUL-terminated at cap %zu",
                    name, len, cap);
        /* U+0000 is refused in every profile (xn.h): a success is a C
         * string. */
        FUZZ_ASSERT(rc != XN_OK || !memchr(buf, 0, len), "%s, flags 0x%X: XN_OK with a NUL",
                    name, flags);
    } else if (to_ascii && rc == XN_E_INVALID_DOMAIN) {
        FUZZ_ASSERT(len == 0, "%s: failure with *out_len %zu", name, len);
    }
    /* Success has no errors, but for the URL Standard's domain to ASCII,
     * whose report holds the strict run's validation errors. */
    if (rc == XN_OK && !(to_ascii && (flags & XN_URL_RULES)))
        FUZZ_ASSERT(report_zero(&rep), "%s: XN_OK with report errors 0x%llX", name,
                    (unsigned long long)rep.errors);
    if (rc == XN_E_INVALID_DOMAIN)
        FUZZ_ASSERT(rep.errors != 0, "%s: XN_E_INVALID_DOMAIN with no error bit", name);

    r.rc = rc;
    r.report = rep;
    r.len = len;
    if (rc == XN_OK || (!to_ascii && rc == XN_E_INVALID_DOMAIN)) {
        r.out = fuzz_copy(buf, len + 1);
    }
    fuzz_out_done(buf, cap);

    /* report == NULL with room: the same status, length and output
     * (xn_to_ascii() and xn_to_unicode() answer such a call on a path of
     * their own). */
    {
        size_t l = 12345;
        buf = fuzz_out_new(cap);
        rc = fn(in, n, buf, cap, &l, flags, NULL);
        FUZZ_ASSERT(rc == r.rc && l == r.len && (!r.out || memcmp(buf, r.out, r.len + 1) == 0),
                    "%s, cap %zu: report == NULL gives %s/%zu, with a report %s/%zu", name, cap,
                    xn_strerror_name(rc), l, xn_strerror_name(r.rc), r.len);
        fuzz_out_done(buf, cap);
    }

    /* UTS #46 (ops 0-3): the ASCII fast path and the general path give the
     * same status, output and report, byte for byte. */
    if (op < 4) {
        xn_report grep = XN_REPORT_INIT;
        size_t glen = 12345;
        char *gbuf = fuzz_out_new(cap);
        int grc = xn__uts46_general(in, n, gbuf, cap, &glen, flags, &grep, to_ascii, op >= 2);
        FUZZ_ASSERT(grc == r.rc && glen == r.len && report_eq(&grep, &r.report) &&
                        (!r.out || memcmp(gbuf, r.out, r.len + 1) == 0),
                    "%s: the general path gives %s/%zu \"%s\", the fast path %s/%zu", name,
                    xn_strerror_name(grc), glen, fuzz_show(gbuf, grc == XN_OK ? glen : 0),
                    xn_strerror_name(r.rc), r.len);
        fuzz_out_done(gbuf, cap);
    }

    if (r.out) {
        /* Exactly the length: the same result, no NUL, nothing past it. */
        if (len > 0) {
            size_t l = 12345;
            buf = fuzz_out_new(len);
            rc = fn(in, n, buf, len, &l, flags, &rep);
            FUZZ_ASSERT(rc == r.rc && l == len && memcmp(buf, r.out, len) == 0,
                        "%s, cap %zu (no room for the NUL): %s/%zu \"%s\", want %s/%zu \"%s\"",
                        name, len, xn_strerror_name(rc), l, fuzz_show(buf, l < len ? l : len),
                        xn_strerror_name(r.rc), len, fuzz_show(r.out, len));
            FUZZ_ASSERT(report_eq(&rep, &rep0), "%s, cap %zu: the report differs", name, len);
            fuzz_out_done(buf, len);

            /* Too small by one, by half, and nothing. */
            check_too_small(fn, name, in, n, flags, len - 1, len, &rep0);
            if (len / 2 != len - 1)
                check_too_small(fn, name, in, n, flags, len / 2, len, &rep0);
            if (len - 1 != 0 && len / 2 != 0)
                check_too_small(fn, name, in, n, flags, 0, len, &rep0);
        } else {
            /* An empty result fits a capacity of 0. */
            size_t l = 12345;
            buf = fuzz_out_new(0);
            rc = fn(in, n, buf, 0, &l, flags, &rep);
            FUZZ_ASSERT(rc == r.rc && l == 0, "%s, cap 0, empty result: %s/%zu", name,
                        xn_strerror_name(rc), l);
            fuzz_out_done(buf, 0);
        }
    }

    /* The allocating wrapper, with and without out_len. */
    if (afn) {
        size_t l = 12345;
        xn_report arep = XN_REPORT_INIT;
        abuf = (char *)&l; /* must be replaced */
        memset(&arep, 0x5A, sizeof arep);
        arep.size = sizeof arep;
        rc = afn(in, n, &abuf, &l, flags, &arep);
        FUZZ_ASSERT(rc == r.rc, "%s_alloc: %s, the buffer call %s", name, xn_strerror_name(rc),
                    xn_strerror_name(r.rc));
        FUZZ_ASSERT(report_eq(&arep, &r.report), "%s_alloc: the report differs", name);
        if (r.out) {
            FUZZ_ASSERT(abuf != NULL && l == r.len && memcmp(abuf, r.out, l) == 0 &&
                            abuf[l] == '\0',
                        "%s_alloc: %zu \"%s\", want %zu \"%s\"", name, l,
                        abuf ? fuzz_show(abuf, l) : "(null)", r.len, fuzz_show(r.out, r.len));
        } else {
            FUZZ_ASSERT(abuf == NULL && l == 0, "%s_alloc: %s with *out %p, *out_len %zu",
                        name, xn_strerror_name(rc), (void *)abuf, l);
        }
        xn_free(abuf);
        abuf = (char *)&l;
        rc = afn(in, n, &abuf, NULL, flags, NULL);
        FUZZ_ASSERT(rc == r.rc && (abuf != NULL) == (r.out != NULL),
                    "%s_alloc (out_len NULL): %s", name, xn_strerror_name(rc));
        if (abuf)
            FUZZ_ASSERT(memcmp(abuf, r.out, r.len + 1) == 0,
                        "%s_alloc (out_len NULL): another output", name);
        xn_free(abuf);
    }
    return r;
}

void fuzz_result_free(fuzz_result *r)
{
    free(r->out);
    r->out = NULL;
}

bool fuzz_utf8_valid(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, k;
    uint32_t cp;
    for (; i < n; i += k)
        if ((k = test_utf8_get(u + i, n - i, &cp, false)) == 0)
            return false;
    return true;
}

void fuzz_check_utf8(const fuzz_result *r, const char *what)
{
    if (r->out)
        FUZZ_ASSERT(fuzz_utf8_valid(r->out, r->len), "%s output \"%s\" (%s) is no UTF-8", what,
                    fuzz_show(r->out, r->len), xn_strerror_name(r->rc));
}

int fuzz_end(char *in, fuzz_result *a, fuzz_result *b)
{
    if (a)
        fuzz_result_free(a);
    if (b)
        fuzz_result_free(b);
    free(in);
    return 0;
}

void fuzz_check_idempotent(int op, const char *in, size_t n, const fuzz_result *r,
                           unsigned flags)
{
    fuzz_result again = fuzz_convert(op, r->out, r->len, flags);
    FUZZ_ASSERT(again.rc == XN_OK && again.len == r->len &&
                    memcmp(again.out, r->out, r->len) == 0,
                "%s not idempotent, flags 0x%X: \"%s\" -> \"%s\" -> %s \"%s\"",
                test_entry_of(op)->name, flags, fuzz_show(in, n), fuzz_show(r->out, r->len),
                xn_strerror_name(again.rc), again.out ? fuzz_show(again.out, again.len) : "");
    fuzz_result_free(&again);
}

void fuzz_check_label_as_name(const char *in, size_t n, const fuzz_result *l,
                              const fuzz_result *name, unsigned flags)
{
    if (l->rc == XN_OK)
        FUZZ_ASSERT(name->rc == XN_OK && name->len == l->len &&
                        memcmp(name->out, l->out, l->len) == 0,
                    "flags 0x%X: label \"%s\" -> \"%s\", as a name %s \"%s\"", flags,
                    fuzz_show(in, n), fuzz_show(l->out, l->len), xn_strerror_name(name->rc),
                    name->out ? fuzz_show(name->out, name->len) : "");
    if (name->rc == XN_OK && !memchr(name->out, '.', name->len))
        FUZZ_ASSERT(l->rc == XN_OK,
                    "flags 0x%X: name \"%s\" -> \"%s\" (one label), as a label %s 0x%llX",
                    flags, fuzz_show(in, n), fuzz_show(name->out, name->len),
                    xn_strerror_name(l->rc), (unsigned long long)l->report.errors);
}
