/*
 * Known domains for the display policy: the caller's set (xn_known_set),
 * the built-in set of popular domains (generated at build time from
 * data/known-domains.txt, see display_known.h), and the lookalike-TLD
 * rule, which compares a name's IDN TLD with the ASCII TLDs.
 *
 * Each domain's key is the skeleton of its labels (display_known.h says
 * exactly what), and a name is matched by the hashes of its runs of final
 * labels, taken from its end, so that one pass over the name's key finds
 * them all, in both sets at once: a lookup, never a scan.
 */
#include <stdlib.h>
#include <string.h>

#include "display_known.h"
#include "compiler.h"
#include "display_data.h"
#include "display_rules.h"
#include "rules.h"
#include "sink.h"
#include "utf8.h"
#include "uts39.h"
#include "xn.h"

/* ---- keys -------------------------------------------------------------------- */

/* A byte string that grows on the heap; nomem once an allocation failed. */
/* A byte buffer that starts in the caller's array (stack) and moves to
 * the heap only when it outgrows it: a name's key fits the array, so a
 * display call allocates nothing for it.  heap is what to free. */
typedef struct growbuf {
    char *p;
    size_t len, cap;
    bool nomem;
    char *heap;
} growbuf;

#define KEY_STACK 512 /* bytes: the key of any name DNS can carry */

static void grow_put(growbuf *b, const char *s, size_t n)
{
    if (b->nomem)
        return;
    if (b->cap - b->len < n) {
        size_t cap = b->cap ? b->cap : 256;
        char *p;
        while (cap - b->len < n) {
            if (cap > SIZE_MAX / 2) {
                b->nomem = true;
                return;
            }
            cap *= 2;
        }
        p = realloc(b->heap, cap);
        if (!p) {
            b->nomem = true;
            return;
        }
        if (!b->heap && b->len)
            memcpy(p, b->p, b->len);
        b->heap = b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
}

static bool key_put(uint32_t c, void *ctx)
{
    growbuf *b = ctx;
    char tmp[4];
    grow_put(b, tmp, xn__utf8_put(c, tmp));
    return !b->nomem;
}

/* Writes "rn" as "m" in s[0..*n), in place. */
static void fold_rn(char *s, size_t *n)
{
    size_t i, o = 0;
    for (i = 0; i < *n; i++) {
        if (s[i] == 'r' && i + 1 < *n && s[i + 1] == 'n') {
            s[o++] = 'm';
            i++;
        } else {
            s[o++] = s[i];
        }
    }
    *n = o;
}

/* Appends the key of the label s[0..n) to *b when it is of a-z, 0-9 and
 * '-' only, whose skeletons are themselves but for "0" ("O"), "1" ("l")
 * and "m" ("rn") (confusables.txt): no skeleton to make.
 * tests/test-display.c checks, on every domain of the built-in list, that
 * the skeleton agrees.  False otherwise. */
static bool ldh_key(const char *s, size_t n, growbuf *b)
{
    size_t i, from = b->len, kn;
    for (i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
            return false;
    grow_put(b, s, n);
    if (b->nomem)
        return true;
    for (i = from; i < b->len; i++) {
        if (b->p[i] == '0')
            b->p[i] = 'O';
        else if (b->p[i] == '1')
            b->p[i] = 'l';
    }
    kn = b->len - from;
    fold_rn(b->p + from, &kn);
    b->len = from + kn;
    return true;
}

/* Appends the key of one label of an ASCII form to *b. */
XN__NOINLINE static int label_key(const char *label, size_t n, unsigned flags, growbuf *b)
{
    char u8[U8_CAP], small[SMALL_UNITS], *skeleton;
    const char *u = label;
    size_t un = n, from = b->len, kn, skn;
    void *heap = NULL;
    int rc;

    if (xn__has_ace_prefix_bytes(label, n) &&
        xn_label_to_unicode(label, n, u8, sizeof u8, &un, LABEL_FLAGS(flags), NULL) == XN_OK) {
        un = xn__display_map(u8, un, false, u8, sizeof u8);
        u = u8;
    } else if (ldh_key(label, n, b)) {
        return b->nomem ? XN_E_NOMEM : XN_OK;
    } else {
        un = n;
    }
    rc = xn__display_skeleton(u, un, small, &skeleton, &skn, &heap);
    if (rc == XN_OK)
        xn__display_each_base(skeleton, skn, key_put, b);
    xn__scratch_free(heap);
    if (rc == XN_OK && !b->nomem) {
        kn = b->len - from;
        fold_rn(b->p + from, &kn);
        b->len = from + kn;
    }
    return rc == XN_OK && b->nomem ? XN_E_NOMEM : rc;
}

static uint64_t hash_step(uint64_t h, unsigned char byte)
{
    return h * KNOWN_MULT + byte + 1;
}

/* The string of a pool at offset at equals s[0..n). */
static bool pool_equal(const char *pool, size_t at, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)pool + at;
    return (size_t)(p[0] | p[1] << 8) == n && memcmp(p + 2, s, n) == 0;
}

/* Whether the index ix (over pool) holds s[0..n), of hash h. */
static bool index_has(const known_index *ix, const char *pool, uint64_t h, const char *s,
                      size_t n)
{
    size_t i = (size_t)h & ix->mask;
    for (; ix->slots[i]; i = (i + 1) & ix->mask)
        if (pool_equal(pool, ix->slots[i] - 1, s, n))
            return true;
    return false;
}

/* Whether the key k[0..kn) (hash h) is a known domain's, and a[0..an), the
 * ASCII form it was taken from (hash ha), is none of the set's domains. */
static bool looks_like_known(const xn_known_set *set, uint64_t h, const char *k, size_t kn,
                             uint64_t ha, const char *a, size_t an)
{
    return index_has(&set->keys, set->pool, h, k, kn) &&
           !index_has(&set->domains, set->pool, ha, a, an);
}

/* The keys of every label of the ASCII form a[0..an) (a trailing root dot
 * left out), joined by '.', to *b; start[j] = where label j's key starts,
 * astart[j] where the label starts in a (either may be NULL); sets
 * *labels. */
static int name_key(const char *a, size_t an, unsigned flags, growbuf *b,
                    size_t *start, size_t *astart, size_t *labels)
{
    size_t i, from = 0, j = 0;
    int rc = XN_OK;
    if (an && a[an - 1] == '.')
        an--;
    for (i = 0; i <= an && rc == XN_OK; i++) {
        if (i < an && a[i] != '.')
            continue;
        if (j)
            grow_put(b, ".", 1);
        if (start)
            start[j] = b->len;
        if (astart)
            astart[j] = from;
        rc = label_key(a + from, i - from, flags, b);
        from = i + 1;
        j++;
    }
    *labels = j;
    return rc == XN_OK && b->nomem ? XN_E_NOMEM : rc;
}

int xn__display_known_from(const xn_known_set *set, bool builtin,
                           const char *a, size_t an, unsigned flags, size_t *from)
{
    char stack[KEY_STACK];
    growbuf key = {stack, 0, sizeof stack, false, NULL};
    size_t n = 1, i, j, labels = 0, p, pa, *start, start_stack[2 * 64];
    uint64_t h = 0, ha = 0;
    int rc;

    *from = SIZE_MAX;
    for (i = 0; i < an; i++)
        n += a[i] == '.';
    start = n <= 64 ? start_stack : malloc(2 * n * sizeof *start);
    if (!start)
        return XN_E_NOMEM;
    rc = name_key(a, an, flags, &key, start, start + n, &labels);
    if (an && a[an - 1] == '.')
        an--;
    p = key.len;
    pa = an;
    for (j = labels; rc == XN_OK && j-- > 0;) {
        const char *k, *s = a + start[n + j];
        size_t kn, sn = an - start[n + j];
        while (p > start[j])
            h = hash_step(h, (unsigned char)key.p[--p]);
        while (pa > start[n + j])
            ha = hash_step(ha, (unsigned char)a[--pa]);
        k = key.p + p;
        kn = key.len - p;
        if ((set && looks_like_known(set, h, k, kn, ha, s, sn)) ||
            (builtin && looks_like_known(&xn__builtin_known, h, k, kn, ha, s, sn)))
            *from = j;
    }
    if (start != start_stack)
        free(start);
    free(key.heap);
    return rc;
}

/* ---- lookalike TLDs ----------------------------------------------------------- */

int xn__display_tld_lookalike(const char *tld, size_t n, bool *hit)
{
    char stack[KEY_STACK];
    growbuf key = {stack, 0, sizeof stack, false, NULL};
    size_t lo = 0, hi = xn__builtin_tld_count;
    int rc;

    *hit = false;
    if (!xn__has_ace_prefix_bytes(tld, n))
        return XN_OK;
    rc = label_key(tld, n, 0, &key);
    while (rc == XN_OK && lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *t = xn__builtin_tlds[mid];
        size_t tn = strlen(t);
        int cmp = memcmp(t, key.p, tn < key.len ? tn : key.len);
        if (cmp == 0 && tn != key.len)
            cmp = tn < key.len ? -1 : 1;
        if (cmp == 0) {
            *hit = true;
            break;
        }
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    free(key.heap);
    return rc;
}

/* The TLD counts: an IDN TLD that reads as an ASCII one ("сом") sets
 * *lookalike, which keeps every IDN label of the name; any other IDN TLD
 * of letters of one script exempts that script from the whole-script
 * rule, as a country-code TLD of the table does (".орг", ".中国"). */
int xn__display_tld_rules(xn__tld *tld, bool *lookalike)
{
    char u8[U8_CAP];
    size_t un = 0, i = 0;
    int script = -1;
    int rc;

    if (!xn__has_ace_prefix_bytes(tld->s, tld->n))
        return XN_OK;
    rc = xn__display_tld_lookalike(tld->s, tld->n, lookalike);
    if (rc != XN_OK || *lookalike || tld->script >= 0 ||
        xn_label_to_unicode(tld->s, tld->n, u8, sizeof u8, &un, 0, NULL) != XN_OK)
        return rc;
    while (i < un) {
        uint32_t c;
        int sx;
        size_t k = xn__utf8_decode((const unsigned char *)u8 + i, un - i, &c);
        if (k == 0)
            return XN_OK;
        i += k;
        sx = xn__u39_script(c);
        if (sx == XN_SC_COMMON || sx == XN_SC_INHERITED)
            continue;
        if (script >= 0 && script != sx)
            return XN_OK; /* several scripts: none */
        script = sx;
    }
    tld->script = script;
    return XN_OK;
}

/* ---- the caller's sets ---------------------------------------------------------- */

/* An index being built: at most cap strings in slots (mask + 1). */
typedef struct index_build {
    uint32_t *slots;
    size_t mask, count;
} index_build;

static bool index_init(index_build *b, size_t cap)
{
    size_t nslots = 4;
    while (nslots < 2 * cap)
        nslots *= 2;
    b->slots = calloc(nslots, sizeof *b->slots);
    b->mask = nslots - 1;
    b->count = 0;
    return b->slots != NULL;
}

/* Adds s[0..n) to *b unless it holds it: appended to *pool and entered.
 * An equal string ends the probe, so a set of copies costs one probe
 * each.  XN_OK or XN_E_NOMEM. */
static int index_add(index_build *b, growbuf *pool, const char *s, size_t n)
{
    uint64_t h = 0;
    size_t i = n, at = pool->len;
    while (i > 0)
        h = hash_step(h, (unsigned char)s[--i]);
    for (i = (size_t)h & b->mask; b->slots[i]; i = (i + 1) & b->mask)
        if (pool_equal(pool->p, b->slots[i] - 1, s, n))
            return XN_OK;
    if (n > 0xFFFF)
        return XN_E_TOO_LONG; /* a key of 64 KiB: not a domain's */
    {
        char len[2] = {(char)(n & 0xFF), (char)(n >> 8)};
        grow_put(pool, len, 2);
    }
    grow_put(pool, s, n);
    if (pool->nomem || pool->len >= UINT32_MAX)
        return XN_E_NOMEM; /* offsets are 32 bits: 4 GiB of keys */
    b->slots[i] = (uint32_t)at + 1;
    b->count++;
    return XN_OK;
}

static void index_publish(known_index *ix, const index_build *b)
{
    ix->mask = b->mask;
    ix->slots = b->slots;
    ix->count = b->count;
}

xn_known_set *
xn_known_set_new(const char *const *domains, size_t n, int *status)
{
    xn_known_set *set = NULL;
    index_build keys = {NULL, 0, 0}, names = {NULL, 0, 0};
    char stack[KEY_STACK];
    growbuf pool = {NULL, 0, 0, false, NULL}, key = {stack, 0, sizeof stack, false, NULL};
    size_t i;
    int rc = XN_OK;

    if ((!domains && n) || n > UINT32_MAX / 4)
        rc = XN_E_INVALID_ARG;
    if (rc == XN_OK) {
        bool k = index_init(&keys, n), d = index_init(&names, n);
        set = malloc(sizeof *set);
        if (!k || !d || !set)
            rc = XN_E_NOMEM;
    }
    for (i = 0; rc == XN_OK && i < n; i++) {
        char ascii[XN_DOMAIN_MAX];
        size_t alen = 0, labels;
        if (!domains[i]) {
            rc = XN_E_INVALID_ARG;
            break;
        }
        rc = xn_to_ascii(domains[i], strlen(domains[i]), ascii, sizeof ascii, &alen, 0, NULL);
        if (rc == XN_OK)
            rc = index_add(&names, &pool, ascii, alen);
        key.len = 0;
        if (rc == XN_OK)
            rc = name_key(ascii, alen, 0, &key, NULL, NULL, &labels);
        if (rc == XN_OK)
            rc = index_add(&keys, &pool, key.p, key.len);
    }
    free(key.heap);
    if (rc == XN_OK) {
        index_publish(&set->keys, &keys);
        index_publish(&set->domains, &names);
        set->pool = pool.p;
    } else {
        free(set);
        free(keys.slots);
        free(names.slots);
        free(pool.p);
        set = NULL;
    }
    if (status)
        *status = rc;
    return set;
}

void
xn_known_set_free(xn_known_set *set)
{
    if (!set)
        return;
    free((void *)set->keys.slots);
    free((void *)set->domains.slots);
    free((void *)set->pool);
    free(set);
}
