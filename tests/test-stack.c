/*
 * The stack budget (xn.h): every public function runs within XN_STACK_MAX
 * (16 KiB) of stack on its worst-case input, so that it can be called from
 * the small stacks of coroutines and event-loop workers.
 *
 * Each entry point is called in a thread whose stack this program maps
 * itself: filled with a pattern, with an inaccessible guard page below it.
 * After the call the lowest byte that no longer holds the pattern tells how
 * deep the call went.  A thread doing nothing but return is measured the
 * same way first (glibc puts its thread descriptor and TLS at the top of a
 * stack it is given), and only the depth past that baseline counts.  A call
 * within budget is then run once more on a stack of baseline + 16 KiB
 * (rounded up to a page) with the guard page under it, as a coroutine
 * would give it.
 *
 * The inputs are the worst cases the limits allow: labels of XN_LABEL_LIMIT
 * four-byte code points, A-labels that decode to them, labels that need
 * NFC, Nameprep and the spoof checker, names of many labels, and the
 * *_alloc forms with results past XN_DOMAIN_MAX.
 *
 * The first call of a process goes deeper than later ones: ICU loads its
 * data and xn makes its normalizer and spoof checker then, and a lazily
 * bound symbol costs the dynamic linker's frames.  So every entry point is
 * also measured cold: in a fresh process of this program (argv[0] --cold K)
 * whose first call into the library is that entry point's, on a large
 * stack, and in another (--cold-tight K) on a stack of baseline + budget,
 * where going past the budget ends the process on the guard page.
 *
 * Under AddressSanitizer every frame is larger, and without optimization
 * (-O0) frames hold every temporary: the budget is for optimized builds
 * (the library's release and debugoptimized builds), so there the depths
 * are printed and not enforced, saying so.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "test.h"

/* Under valgrind the stack of a thread that has ended is no longer
 * addressable: the scan below tells memcheck to take it as it is. */
#ifdef HAVE_VALGRIND_MEMCHECK_H
#include <valgrind/memcheck.h>
#else
#define VALGRIND_MAKE_MEM_DEFINED(p, n) ((void)(p), (void)(n))
#endif

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif
#ifdef __OPTIMIZE__
#define UNOPTIMIZED 0
#else
#define UNOPTIMIZED 1
#endif

#define PATTERN 0xA5

/* ---- inputs ---------------------------------------------------------------- */

static char *long_cjk;     /* XN_LABEL_LIMIT x U+20BB7, 4 bytes each */
static size_t long_cjk_n;
static char *long_nfc;     /* "a" + U+0301, XN_LABEL_LIMIT / 2 times: NFC needed */
static size_t long_nfc_n;
static char *long_alabel;  /* the A-label of long_cjk */
static size_t long_alabel_n;
static char *many_labels;  /* 100 labels "ü" + dot */
static size_t many_labels_n;
static char *long_mail;    /* a 2000-byte local part @ long_cjk */
static size_t long_mail_n;
static char *long_nameprep; /* XN_LABEL_LIMIT x U+00DF: Nameprep maps each to "ss" */
static size_t long_nameprep_n;
static char *long_marks;    /* "e" + (XN_LABEL_LIMIT - 1) x U+0301 */
static size_t long_marks_n;

static char *repeat(const char *unit, size_t times, const char *tail, size_t *n)
{
    size_t u = strlen(unit), t = strlen(tail), i;
    char *s = test_xmalloc(u * times + t + 1);
    for (i = 0; i < times; i++)
        memcpy(s + i * u, unit, u);
    memcpy(s + u * times, tail, t + 1);
    *n = u * times + t;
    return s;
}

static void make_inputs(void)
{
    size_t n;
    uint32_t *cps = test_xmalloc(XN_LABEL_LIMIT * sizeof *cps);
    size_t i;
    long_cjk = repeat("\xF0\xA0\xAE\xB7", XN_LABEL_LIMIT, "", &long_cjk_n);
    long_nfc = repeat("a\xCC\x81", XN_LABEL_LIMIT / 2, "", &long_nfc_n);
    many_labels = repeat("\xC3\xBC.", 100, "example", &many_labels_n);
    long_nameprep = repeat("\xC3\x9F", XN_LABEL_LIMIT, "", &long_nameprep_n);
    {
        char *marks = repeat("\xCC\x81", XN_LABEL_LIMIT - 1, "", &n);
        long_marks = test_xmalloc(n + 2);
        long_marks[0] = 'e';
        memcpy(long_marks + 1, marks, n + 1);
        long_marks_n = n + 1;
        free(marks);
    }
    for (i = 0; i < XN_LABEL_LIMIT; i++)
        cps[i] = 0x20BB7;
    long_alabel = test_xmalloc(XN_ACE_LIMIT + 5);
    memcpy(long_alabel, "xn--", 4);
    if (xn_punycode_encode(cps, XN_LABEL_LIMIT, NULL, long_alabel + 4, XN_ACE_LIMIT, &n) != XN_OK)
        exit(99);
    long_alabel_n = n + 4;
    free(cps);
    {
        char *local = repeat("x", 2000, "@", &n);
        long_mail = test_xmalloc(n + long_cjk_n + 1);
        memcpy(long_mail, local, n);
        memcpy(long_mail + n, long_cjk, long_cjk_n + 1);
        long_mail_n = n + long_cjk_n;
        free(local);
    }
}

/* ---- the calls --------------------------------------------------------------- */

#define BIG (XN_ACE_LIMIT * 2)
static char out_buf[BIG]; /* the callers' output: not on the measured stack */
static uint32_t cp_buf[XN_LABEL_LIMIT];

typedef void (*call_fn)(void);

#define NOLEN XN_NO_VERIFY_DNS_LENGTH

/* The conversions are called directly, from a thunk each (not through a
 * pointer to the library's function, which the loader would bind at
 * start-up): a lazily bound symbol costs the dynamic linker's frames on its
 * first call, and the cold runs measure that.  conv_<fn> calls fn on
 * in[0..n) into out_buf; alloc_<fn> the *_alloc form fn, the result freed. */
typedef void (*thunk_fn)(const char *in, size_t n, unsigned flags);
static size_t out_len;

#define CONV_THUNK(fn)                                               \
    static void conv_##fn(const char *in, size_t n, unsigned flags)  \
    {                                                                \
        fn(in, n, out_buf, BIG, &out_len, flags, NULL);              \
    }
#define ALLOC_THUNK(fn)                                              \
    static void alloc_##fn(const char *in, size_t n, unsigned flags) \
    {                                                                \
        char *p = NULL;                                              \
        fn(in, n, &p, NULL, flags, NULL);                            \
        xn_free(p);                                                  \
    }

CONV_THUNK(xn_to_ascii) CONV_THUNK(xn_to_unicode) CONV_THUNK(xn_label_to_ascii)
CONV_THUNK(xn_label_to_unicode) CONV_THUNK(xn_idna2008_lookup) CONV_THUNK(xn_idna2008_to_unicode)
CONV_THUNK(xn_idna2003_to_ascii) CONV_THUNK(xn_idna2003_to_unicode)
ALLOC_THUNK(xn_to_ascii_alloc) ALLOC_THUNK(xn_to_unicode_alloc)
ALLOC_THUNK(xn_idna2008_lookup_alloc) ALLOC_THUNK(xn_idna2008_to_unicode_alloc)
ALLOC_THUNK(xn_idna2003_to_ascii_alloc) ALLOC_THUNK(xn_idna2003_to_unicode_alloc)

static void c_idna2008_register(void)
{
    xn_idna2008_register(long_cjk, long_cjk_n, long_alabel, long_alabel_n, out_buf, BIG,
                         &out_len, 0, NULL);
}

/* A whole name: its longest labels, many labels, and a Bidi domain name
 * whose labels all pass, so that the lookup across its labels runs too. */
static const char bidi_name[] = "\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A.b\xC3\xBC" "cher.example";
static void c_register_name_u(void)
{
    xn_idna2008_register_name(long_cjk, long_cjk_n, out_buf, BIG, &out_len, 0, NULL);
}
static void c_register_name_a(void)
{
    xn_idna2008_register_name(long_alabel, long_alabel_n, out_buf, BIG, &out_len, 0, NULL);
}
static void c_register_name_many(void)
{
    xn_idna2008_register_name(many_labels, many_labels_n, out_buf, BIG, &out_len, 0, NULL);
}
static void c_register_name_bidi(void)
{
    xn_idna2008_register_name(bidi_name, sizeof bidi_name - 1, out_buf, BIG, &out_len, 0, NULL);
}

/* The display policy: each call below is also a process's first call. */
static xn_display_report display_report;
static const char display_names[] = "xn--80ak6aa92e.com.b\xC3\xBC" "cher.\xE4\xB8\xAD\xE5\x9B\xBD";
static void c_display_names(void)
{
    xn_to_display(display_names, sizeof display_names - 1, out_buf, BIG, &out_len, 0, NULL,
                  &display_report);
}
static void c_display_many(void)
{
    xn_to_display(many_labels, many_labels_n, out_buf, BIG, &out_len, 0, NULL, &display_report);
}
static void c_display_many_alloc(void)
{
    char *p = NULL;
    xn_to_display_alloc(many_labels, many_labels_n, &p, NULL, 0, NULL, &display_report);
    xn_free(p);
}
/* "e" and 1023 combining marks: NFC, the spoof checker and its NFD. */
static void c_display_marks(void)
{
    xn_to_display(long_marks, long_marks_n, out_buf, BIG, &out_len, NOLEN, NULL,
                  &display_report);
}
static void c_display_marks_alloc(void)
{
    char *p = NULL;
    xn_to_display_alloc(long_marks, long_marks_n, &p, NULL, NOLEN, NULL, &display_report);
    xn_free(p);
}

/* The known-domain set: made and used on one of the inputs above, the
 * whole name and each run of labels that ends it keyed. */
static void known_on(const char *in, size_t n, unsigned flags)
{
    static const char *const domains[] = {"test.net", "b\303\274cher.de", "example.com"};
    xn_known_set *set = xn_known_set_new(domains, 3, NULL);
    xn_to_display_known(in, n, out_buf, BIG, &out_len, flags, set, NULL, &display_report);
    xn_known_set_free(set);
}
static void c_known_names(void)
{
    static const char names[] = "www.t\xC3\xA9st.net";
    known_on(names, sizeof names - 1, 0);
}
static void c_known_many(void)
{
    known_on(many_labels, many_labels_n, 0);
}
static void c_known_marks(void)
{
    known_on(long_marks, long_marks_n, NOLEN);
}

static int mail_utf8;
static void c_email_ascii(void)
{
    xn_email_to_ascii(long_mail, long_mail_n, out_buf, BIG, &out_len, NOLEN, NULL, &mail_utf8);
}
static void c_email_unicode(void)
{
    xn_email_to_unicode(long_mail, long_mail_n, out_buf, BIG, &out_len, NOLEN, NULL, &mail_utf8);
}
static void c_email_ascii_alloc(void)
{
    char *p = NULL;
    xn_email_to_ascii_alloc(long_mail, long_mail_n, &p, NULL, NOLEN, NULL, &mail_utf8);
    xn_free(p);
}
static void c_email_unicode_alloc(void)
{
    char *p = NULL;
    xn_email_to_unicode_alloc(long_mail, long_mail_n, &p, NULL, NOLEN, NULL, &mail_utf8);
    xn_free(p);
}
static void c_equal_many(void)
{
    int eq;
    xn_equal(many_labels, many_labels_n, many_labels, many_labels_n, 0, &eq);
}
static void c_equal_nfc(void)
{
    int eq;
    xn_equal(long_nfc, long_nfc_n, long_nfc, long_nfc_n, NOLEN, &eq);
}
static void c_label_class_u(void)
{
    xn_label_class(long_cjk, long_cjk_n);
}
static void c_label_class_a(void)
{
    xn_label_class(long_alabel, long_alabel_n);
}
static void c_punycode(void)
{
    size_t n;
    xn_punycode_decode(long_alabel + 4, long_alabel_n - 4, cp_buf, XN_LABEL_LIMIT, &n, NULL);
    xn_punycode_encode(cp_buf, XN_LABEL_LIMIT, NULL, out_buf, BIG, &n);
}
static void c_nfc(void)
{
    xn_nfc(long_marks, long_marks_n, out_buf, BIG, &out_len);
}
static void c_strings(void)
{
    char buf[256];
    xn_strerror(XN_E_INVALID_DOMAIN);
    xn_strerror_name(XN_E_INVALID_DOMAIN);
    xn_error_name(XN_ERR_V6);
    xn_errors_format(~(uint64_t)0, buf, sizeof buf);
    xn_unsafe_name(XN_UNSAFE_CONFUSABLE);
    xn_unsafe_format(~(uint32_t)0, buf, sizeof buf);
    xn_label_class_name(XN_LABEL_U_LABEL);
    xn_version();
    xn_unicode_version();
    xn_icu_version();
}
static void c_nothing(void)
{
}

/* A call: a thunk on the input *in of *n bytes with flags, or (thunk NULL)
 * fn. */
typedef struct call {
    thunk_fn thunk;
    char *const *in;
    const size_t *n;
    unsigned flags;
    call_fn fn;
} call;

#define CALLS_MAX 5

/* An entry point and its calls, each on one of its worst inputs, up to
 * the first that is empty. */
typedef struct entry {
    const char *name;
    call calls[CALLS_MAX];
} entry;

#define CONV(fn, in, flags) {conv_##fn, &in, &in##_n, flags, NULL}
#define ALLOC(fn, in, flags) {alloc_##fn, &in, &in##_n, flags, NULL}
#define FN(fn) {NULL, NULL, NULL, 0, fn}

static const entry entries[] = {
    {"xn_to_ascii", {CONV(xn_to_ascii, long_cjk, NOLEN), CONV(xn_to_ascii, long_nfc, NOLEN),
                     CONV(xn_to_ascii, many_labels, NOLEN)}},
    {"xn_to_unicode",
     {CONV(xn_to_unicode, long_alabel, NOLEN), CONV(xn_to_unicode, long_nfc, NOLEN)}},
    {"xn_to_ascii/unicode (XN_WHATWG)",
     {CONV(xn_to_ascii, long_cjk, XN_WHATWG), CONV(xn_to_unicode, long_alabel, XN_WHATWG),
      CONV(xn_to_ascii, long_nfc, XN_WHATWG)}},
    {"xn_label_to_ascii/unicode",
     {CONV(xn_label_to_ascii, long_cjk, NOLEN), CONV(xn_label_to_ascii, long_nfc, NOLEN),
      CONV(xn_label_to_unicode, long_alabel, NOLEN), CONV(xn_label_to_unicode, long_nfc, NOLEN)}},
    {"xn_to_ascii_alloc, xn_to_unicode_alloc",
     {ALLOC(xn_to_ascii_alloc, long_cjk, NOLEN), ALLOC(xn_to_unicode_alloc, long_alabel, NOLEN),
      ALLOC(xn_to_ascii_alloc, long_nfc, NOLEN)}},
    {"xn_idna2008_lookup",
     {CONV(xn_idna2008_lookup, long_cjk, NOLEN),
      CONV(xn_idna2008_lookup, long_nfc, NOLEN | XN_IDNA2008_MAP),
      CONV(xn_idna2008_lookup, long_alabel, NOLEN)}},
    {"xn_idna2008_to_unicode (+ _alloc forms)",
     {CONV(xn_idna2008_to_unicode, long_alabel, NOLEN),
      ALLOC(xn_idna2008_lookup_alloc, long_cjk, NOLEN),
      ALLOC(xn_idna2008_to_unicode_alloc, long_alabel, NOLEN)}},
    {"xn_idna2008_register", {FN(c_idna2008_register)}},
    {"xn_idna2008_register_name",
     {FN(c_register_name_u), FN(c_register_name_a), FN(c_register_name_many),
      FN(c_register_name_bidi)}},
    {"xn_idna2003_to_ascii (+ _alloc)",
     {CONV(xn_idna2003_to_ascii, long_cjk, 0), CONV(xn_idna2003_to_ascii, long_nameprep, 0),
      ALLOC(xn_idna2003_to_ascii_alloc, long_nfc, 0)}},
    {"xn_idna2003_to_unicode (+ _alloc)",
     {CONV(xn_idna2003_to_unicode, long_alabel, 0),
      CONV(xn_idna2003_to_unicode, long_nameprep, 0),
      ALLOC(xn_idna2003_to_unicode_alloc, long_alabel, 0)}},
    {"xn_to_display (+ _alloc)",
     {FN(c_display_names), FN(c_display_many), FN(c_display_many_alloc), FN(c_display_marks),
      FN(c_display_marks_alloc)}},
    {"xn_known_set_new, xn_to_display_known",
     {FN(c_known_names), FN(c_known_many), FN(c_known_marks)}},
    {"xn_email_to_ascii/unicode (+ _alloc)",
     {FN(c_email_ascii), FN(c_email_unicode), FN(c_email_ascii_alloc),
      FN(c_email_unicode_alloc)}},
    {"xn_equal", {FN(c_equal_many), FN(c_equal_nfc)}},
    {"xn_label_class", {FN(c_label_class_u), FN(c_label_class_a)}},
    {"xn_punycode_decode, xn_punycode_encode", {FN(c_punycode)}},
    {"xn_nfc", {FN(c_nfc)}},
    {"status and name strings, versions", {FN(c_strings)}},
};

static bool call_exists(const entry *e, size_t i)
{
    return i < CALLS_MAX && (e->calls[i].thunk || e->calls[i].fn);
}

static void run_call(const call *c)
{
    if (c->thunk)
        c->thunk(*c->in, *c->n, c->flags);
    else
        c->fn();
}

/* What a measured thread runs: one call of an entry, or all of them. */
typedef struct job {
    const entry *e;
    size_t only;    /* the call to make, or ALL */
} job;
#define ALL ((size_t)-1)

/* ---- measuring ------------------------------------------------------------- */

static void *thread_main(void *arg)
{
    const job *j = arg;
    size_t i;
    for (i = 0; call_exists(j->e, i); i++)
        if (j->only == ALL || j->only == i)
            run_call(&j->e->calls[i]);
    return NULL;
}

/* Runs j in a thread on a fresh painted stack of `size` bytes (plus a
 * guard page below) and returns how many bytes of it were touched. */
static size_t depth_of(const job *j, size_t size)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t total = size + page, i;
    unsigned char *map = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                              -1, 0);
    unsigned char *stack = map + page;
    pthread_attr_t attr;
    pthread_t t;
    int rc;

    if (map == MAP_FAILED || mprotect(map, page, PROT_NONE) != 0) {
        fprintf(stderr, "mmap: %s\n", strerror(errno));
        exit(99);
    }
    memset(stack, PATTERN, size);
    pthread_attr_init(&attr);
    rc = pthread_attr_setstack(&attr, stack, size);
    if (rc == 0)
        rc = pthread_create(&t, &attr, thread_main, (void *)j);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
        fprintf(stderr, "pthread_create with a %zu-byte stack: %s\n", size, strerror(rc));
        exit(99);
    }
    pthread_join(t, NULL);
    VALGRIND_MAKE_MEM_DEFINED(stack, size);
    for (i = 0; i < size && stack[i] == PATTERN; i++)
        ;
    munmap(map, total);
    return size - i;
}

#define N_ENTRIES (sizeof entries / sizeof entries[0])

static void free_inputs(void)
{
    free(long_cjk);
    free(long_nfc);
    free(long_alabel);
    free(many_labels);
    free(long_mail);
    free(long_nameprep);
    free(long_marks);
}

static const entry nothing = {"(a thread that returns at once)", {FN(c_nothing)}};

/* A fresh process's first call: call i of entry k on a large stack (the
 * depth goes to stdout, and the exit status says whether it is within the
 * budget), or, tight, on baseline + budget (a crash on the guard page if
 * not).  Nothing of the library runs before it. */
static int cold(size_t k, size_t i, bool tight)
{
    const job none = {&nothing, ALL};
    job j;
    size_t page = (size_t)sysconf(_SC_PAGESIZE), base, used, own;
    int rc = 0;

    if (k >= N_ENTRIES || !call_exists(&entries[k], i))
        return 99;
    j.e = &entries[k];
    j.only = i;
    make_inputs(); /* touches only the Punycode encoder: no ICU, no checker */
    base = depth_of(&none, 1024 * 1024);
    if (tight) {
        depth_of(&j, (base + XN_STACK_MAX + page - 1) / page * page);
    } else {
        used = depth_of(&j, 1024 * 1024);
        own = used > base ? used - base : 0;
        printf("%zu\n", own);
        rc = own <= XN_STACK_MAX ? 0 : 1;
    }
    free_inputs();
    return rc;
}

/* Runs this program again for call i of entry k as a process's first
 * call; returns the depth, or 0 when the child failed (then a check has
 * failed). */
static size_t run_cold(const char *self, size_t k, size_t i, bool enforce)
{
    char cmd[4096], line[64];
    size_t own = 0;
    FILE *f;
    int st;

    snprintf(cmd, sizeof cmd, "'%s' --cold %zu %zu", self, k, i);
    f = popen(cmd, "r");
    CHECK_MSG(f != NULL, "popen %s", cmd);
    if (!f)
        return 0;
    if (fgets(line, sizeof line, f))
        own = (size_t)strtoul(line, NULL, 10);
    st = pclose(f);
    if (!enforce)
        return own;
    CHECK_MSG(st == 0, "%s, call %zu as the first call of a process: %zu bytes of stack, the "
              "budget is %d", entries[k].name, i, own, XN_STACK_MAX);
    snprintf(cmd, sizeof cmd, "'%s' --cold-tight %zu %zu", self, k, i);
    st = system(cmd);
    CHECK_MSG(st == 0, "%s, call %zu as the first call of a process, on a stack of the budget: "
              "exit status %#x", entries[k].name, i, (unsigned)st);
    return own;
}

/* The case of issue 33: the first call of a process, the display of "e"
 * and 1023 combining marks, in a thread made the ordinary way with a
 * 20 KiB stack (glibc takes its thread descriptor and TLS from it too). */
static void *small_thread(void *arg)
{
    /* The caller's report on the thread's own stack, as a caller has it. */
    xn_display_report d = XN_DISPLAY_REPORT_INIT;
    char *p = NULL;
    (void)arg;
    xn_to_display_alloc(long_marks, long_marks_n, &p, NULL, NOLEN, NULL, &d);
    xn_free(p);
    return NULL;
}
static int cold_small_thread(void)
{
    pthread_attr_t attr;
    pthread_t t;
    int rc;
    make_inputs();
    pthread_attr_init(&attr);
    rc = pthread_attr_setstacksize(&attr, 20 * 1024);
    if (rc == 0)
        rc = pthread_create(&t, &attr, small_thread, NULL);
    pthread_attr_destroy(&attr);
    if (rc != 0)
        return 99;
    pthread_join(t, NULL);
    free_inputs();
    return 0;
}

int main(int argc, char **argv)
{
    const size_t budget = XN_STACK_MAX;
    const job none = {&nothing, ALL};
    size_t page = (size_t)sysconf(_SC_PAGESIZE), base, size, k, i;
    size_t cold_depth[N_ENTRIES];
    bool enforce = !UNDER_ASAN && !UNOPTIMIZED;

    if (argc == 4 && (strcmp(argv[1], "--cold") == 0 || strcmp(argv[1], "--cold-tight") == 0))
        return cold((size_t)strtoul(argv[2], NULL, 10), (size_t)strtoul(argv[3], NULL, 10),
                    strcmp(argv[1], "--cold-tight") == 0);
    if (argc == 2 && strcmp(argv[1], "--cold-small-thread") == 0)
        return cold_small_thread();

    /* Cold first: each call of each entry as the first call of a process
     * of its own; an entry's cold depth is its deepest call's. */
    for (k = 0; k < N_ENTRIES; k++) {
        cold_depth[k] = 0;
        for (i = 0; call_exists(&entries[k], i); i++) {
            size_t d = run_cold(argv[0], k, i, enforce);
            if (d > cold_depth[k])
                cold_depth[k] = d;
        }
    }
    if (enforce) {
        char cmd[4096];
        int st;
        snprintf(cmd, sizeof cmd, "'%s' --cold-small-thread", argv[0]);
        st = system(cmd);
        CHECK_MSG(st == 0, "xn_to_display_alloc(\"e\" + 1023 x U+0301) as the first call, in a "
                  "thread of a 20 KiB stack: exit status %#x", (unsigned)st);
    }

    make_inputs();
    /* Warm up: ICU loads and the objects xn makes once are made. */
    for (k = 0; k < N_ENTRIES; k++) {
        job all = {&entries[k], ALL};
        thread_main(&all);
    }

    /* Each entry is measured on a large stack first (so that one over its
     * budget is reported, not crashed), then run again on a stack of
     * exactly baseline + budget with the guard page under it. */
    base = depth_of(&none, 1024 * 1024);
    size = (base + budget + page - 1) / page * page;
    printf("baseline (thread descriptor, TLS, start-up): %zu bytes; tight stack: %zu bytes%s%s\n",
           base, size,
           UNDER_ASAN ? "\nAddressSanitizer: frames are larger, the depths are shown "
                        "and the budget is not enforced" : "",
           UNOPTIMIZED ? "\nan unoptimized build: the depths are shown and the budget is not "
                         "enforced" : "");
    printf("  warm    cold  (bytes; cold: the deepest of its calls, each the first of a "
           "process)\n");
    for (k = 0; k < N_ENTRIES; k++) {
        job all = {&entries[k], ALL};
        size_t used = depth_of(&all, 1024 * 1024);
        size_t own = used > base ? used - base : 0;
        printf("%6zu  %6zu  %s\n", own, cold_depth[k], entries[k].name);
        if (!enforce)
            continue;
        CHECK_MSG(own <= budget, "%s: %zu bytes of stack, the budget is %zu", entries[k].name,
                  own, budget);
        if (own <= budget)
            depth_of(&all, size); /* past the budget: SIGSEGV on the guard page */
    }
    free_inputs();
    return test_done("stack");
}
