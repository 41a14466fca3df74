/*
 * Known domains for the display policy: the caller's set (xn_known_set),
 * the built-in set of popular domains (generated at build time from the
 * three lists of data/, see display_known.h), and the TLD rules: a name's
 * IDN TLD compared with the ASCII TLDs, and the script it exempts.
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

/* A byte buffer that starts in the caller's array (stack) and moves to
 * the heap only when it outgrows it: a name's key fits the array, so a
 * display call allocates nothing for it.  heap is what to free; nomem
 * once an allocation failed. */
typedef struct growbuf {
    char *p;
    size_t len, cap;
    bool nomem;
    char *heap;
} growbuf;

/* Bytes: the key of most names.  A code point's key takes 21 bytes at
 * most (a Hangul syllable's jamo and their prototypes, Unicode 18.0), so a
 * longer one goes to the heap. */
#define KEY_STACK 512

/* Makes room for n more bytes in *b; false (nomem set) when it cannot. */
static bool grow_room(growbuf *b, size_t n)
{
    size_t cap;
    char *p;
    if (b->nomem)
        return false;
    if (b->cap - b->len >= n)
        return true;
    cap = b->cap ? b->cap : 256;
    while (cap - b->len < n) {
        if (cap > SIZE_MAX / 2) {
            b->nomem = true;
            return false;
        }
        cap *= 2;
    }
    p = realloc(b->heap, cap);
    if (!p) {
        b->nomem = true;
        return false;
    }
    if (!b->heap && b->len)
        memcpy(p, b->p, b->len);
    b->heap = b->p = p;
    b->cap = cap;
    return true;
}

static void grow_put(growbuf *b, const char *s, size_t n)
{
    if (!grow_room(b, n))
        return;
    memcpy(b->p + b->len, s, n);
    b->len += n;
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

/* Appends the key of the label of code points cp[0..n) to *b: the extra
 * mappings, the skeleton without nonspacing marks, in UTF-8, "rn" as
 * "m". */
static int cps_key(const uint32_t *cp, const uint32_t *words, size_t n, growbuf *b)
{
    uint32_t small[128], sk_small[256];
    const uint32_t *src = cp;
    void *heap = NULL;
    xn__cps sk;
    size_t i, from = b->len, kn, sn = n;
    int rc = XN_OK;

    /* Most Latin labels: the skeleton of each code point from a table. */
    if (n <= SIZE_MAX / 4 && grow_room(b, 4 * n) &&
        xn__display_ascii_key(cp, n, b->p + b->len, &kn)) {
        b->len += kn;
        fold_rn(b->p + from, &kn);
        b->len = from + kn;
        return XN_OK;
    }
    if (b->nomem)
        return XN_E_NOMEM;
    if (xn__display_any(cp, n)) { /* else nothing to map: the common case */
        uint32_t *mapped = xn__scratch(small, sizeof small, 2 * n * sizeof *mapped, &heap);
        if (!mapped)
            return XN_E_NOMEM;
        sn = xn__display_map(cp, n, false, mapped);
        src = mapped;
        words = NULL; /* theirs, not the mapped code points' */
    }
    xn__cps_init(&sk, sk_small, sizeof sk_small / sizeof sk_small[0]);
    rc = xn__display_bases(src, words, sn, &sk);
    xn__scratch_free(heap);
    if (rc == XN_OK && sk.len <= SIZE_MAX / 4 && grow_room(b, 4 * sk.len))
        for (i = 0; i < sk.len; i++)
            b->len += xn__utf8_put(sk.p[i], b->p + b->len);
    else if (rc == XN_OK)
        b->nomem = true;
    xn__cps_free(&sk);
    if (rc == XN_OK && b->nomem)
        rc = XN_E_NOMEM;
    if (rc == XN_OK) {
        kn = b->len - from;
        fold_rn(b->p + from, &kn);
        b->len = from + kn;
    }
    return rc;
}

/* Appends the key of a label of an ASCII form, label[0..n) (fewer than
 * XN_DOMAIN_MAX bytes), to *b: an A-label's is its U-label's. */
XN__NOINLINE static int label_key(const char *label, size_t n, growbuf *b)
{
    uint32_t cp[XN_DOMAIN_MAX];
    char u8[U8_CAP];
    size_t un = 0, i = 0, cn = 0;

    if (xn__has_ace_prefix_bytes(label, n) &&
        xn_label_to_unicode(label, n, u8, sizeof u8, &un, 0, NULL) == XN_OK) {
        while (i < un && cn < XN_DOMAIN_MAX) {
            size_t k = xn__utf8_decode((const unsigned char *)u8 + i, un - i, &cp[cn++]);
            if (k == 0)
                return XN_E_INTERNAL; /* the library wrote it: cannot happen */
            i += k;
        }
    } else if (ldh_key(label, n, b)) {
        return b->nomem ? XN_E_NOMEM : XN_OK;
    } else {
        for (cn = 0; cn < n && cn < XN_DOMAIN_MAX; cn++)
            cp[cn] = (unsigned char)label[cn];
    }
    return cps_key(cp, NULL, cn, b);
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

/* Whether the labels from j on of nm, whose key k[0..kn) (hash h) is a
 * domain's of set and of the built-in set as asked, are none of those
 * domains (their ASCII form, made only on such a hit, is no domain of the
 * set whose key it has).  XN_OK or XN_E_INTERNAL (*looks set). */
static int looks_like_known(const xn__dname *nm, size_t j, const xn_known_set *set,
                            bool builtin, uint64_t h, const char *k, size_t kn, bool *looks)
{
    bool in_set = set && index_has(&set->keys, set->pool, h, k, kn);
    bool in_builtin = builtin && index_has(&xn__builtin_known.keys, xn__builtin_known.pool, h,
                                           k, kn);
    char a[XN_DOMAIN_MAX];
    xn__sink s = {a, sizeof a, 0, false};
    uint64_t ha = 0;
    size_t i;
    int rc = XN_OK;

    *looks = false;
    if (!in_set && !in_builtin)
        return XN_OK;
    /* The ASCII form of the labels from j on: shorter than the name's. */
    for (i = j; i < nm->count && rc == XN_OK; i++) {
        if (i > j)
            xn__put(&s, ".", 1);
        rc = xn__dname_put_ascii(nm, &nm->l[i], &s);
    }
    if (rc != XN_OK || s.full)
        return XN_E_INTERNAL;
    for (i = s.len; i > 0;)
        ha = hash_step(ha, (unsigned char)a[--i]);
    *looks = (in_set && !index_has(&set->domains, set->pool, ha, a, s.len)) ||
             (in_builtin &&
              !index_has(&xn__builtin_known.domains, xn__builtin_known.pool, ha, a, s.len));
    return XN_OK;
}

/* The keys of every label of the ASCII form a[0..an) (a trailing root dot
 * left out), joined by '.', to *b; sets *labels. */
static int name_key(const char *a, size_t an, growbuf *b, size_t *labels)
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
        rc = label_key(a + from, i - from, b);
        from = i + 1;
        j++;
    }
    *labels = j;
    return rc == XN_OK && b->nomem ? XN_E_NOMEM : rc;
}

/* Whether the key k[0..kn) is an ASCII TLD's ("сом" reads "com"). */
static bool ascii_tld_key(const char *k, size_t kn)
{
    size_t lo = 0, hi = xn__builtin_tld_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int cmp = xn__cmp_label(xn__builtin_tlds[mid], k, kn);
        if (cmp == 0)
            return true;
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

/* The one script of the letters of the U-label l of nm (Common and
 * Inherited aside), or -1 when they have none or several. */
static int one_script(const xn__dname *nm, const xn__dlabel *l)
{
    int script = -1;
    size_t i;
    for (i = l->cp; i < (size_t)l->cp + l->n; i++) {
        int sx = (int)(nm->words[i] & XN_U39_SCRIPT_MASK);
        if (sx == XN_SC_COMMON || sx == XN_SC_INHERITED)
            continue;
        if (script >= 0 && script != sx)
            return -1;
        script = sx;
    }
    return script;
}

/* Appends the key of the label l of the name nm to *b. */
static int dlabel_key(const xn__dname *nm, const xn__dlabel *l, growbuf *b)
{
    if (l->u)
        return cps_key(nm->cps + l->cp, nm->words + l->cp, l->n, b);
    return label_key(nm->ascii + l->a, l->an, b);
}

/* Whether the U-label cp[0..n) may have a key of letters that read as
 * Latin (ASCII among them): each code point's skeleton does (uts39.h), or
 * the extra mappings may make it. */
static bool may_read_latin(const xn__dname *nm, const xn__dlabel *l)
{
    size_t i;
    for (i = l->cp; i < (size_t)l->cp + l->n; i++)
        if (!(nm->words[i] & XN_U39_LATIN_SKELETON) && !xn__display_named(nm->cps[i]))
            return false;
    return true;
}

/* Whether the TLD l, a U-label under the caller's flags, is one under
 * UTS #46's defaults too: only such a TLD is an IDN TLD for the TLD rules
 * (a TLD with a '-' at an end, or a digit alone of a right-to-left script,
 * delegates nothing). */
static bool tld_valid(const xn__dname *nm, const xn__dlabel *l, unsigned flags)
{
    char u8[U8_CAP], a[XN_DOMAIN_MAX];
    xn__sink s = {a, sizeof a, 0, false};
    size_t n = 0;
    if (!(flags & (XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_CHECK_BIDI |
                   XN_NO_CHECK_JOINERS)))
        return true; /* ToASCII checked it so */
    return xn__dname_put_ascii(nm, l, &s) == XN_OK && !s.full &&
           xn_label_to_unicode(a, s.len, u8, sizeof u8, &n, 0, NULL) == XN_OK;
}

int xn__display_known(const xn_known_set *set, bool builtin, const xn__dname *nm,
                      unsigned flags, size_t *from, bool *tld_lookalike, xn__tld *tld)
{
    char stack[KEY_STACK];
    growbuf key = {stack, 0, sizeof stack, false, NULL};
    uint32_t start[XN_DOMAIN_MAX + 1]; /* a label takes its dot at least: it may be empty */
    const xn__dlabel *last = nm->count ? &nm->l[nm->count - 1] : NULL;
    size_t j, p, first = 0, last_u = 0;
    uint64_t h = 0;
    bool ascii_sets = (!set || set->ascii_keys) && (!builtin || xn__builtin_known.ascii_keys);
    int rc = XN_OK;

    *from = SIZE_MAX;
    *tld_lookalike = false;
    if (!last || nm->count > sizeof start / sizeof start[0])
        return nm->count ? XN_E_INTERNAL : XN_OK; /* an ASCII form under 256 bytes: cannot be */
    /* A U-label whose key cannot be ASCII is in no run of labels that
     * looks like a domain of sets of ASCII keys, nor an ASCII TLD: only
     * the labels after the last such one need a key. */
    if (!(set || builtin)) {
        /* The TLD's key alone. */
        if (last->u && !may_read_latin(nm, last))
            first = nm->count;
    } else if (ascii_sets) {
        for (j = nm->count; j-- > 0;)
            if (nm->l[j].u && !may_read_latin(nm, &nm->l[j])) {
                first = j + 1;
                break;
            }
    }
    /* A run of ASCII labels alone gives no label a reason (the ASCII
     * labels are shown as they are): only the runs from the last U-label
     * back are looked up. */
    for (j = nm->count; j-- > 0;)
        if (nm->l[j].u) {
            last_u = j;
            break;
        }
    if ((set || builtin) && first <= last_u && nm->l[last_u].u) {
        /* The key of the labels from first on, each label's start in it
         * noted. */
        for (j = first; j < nm->count && rc == XN_OK; j++) {
            if (j > first)
                grow_put(&key, ".", 1);
            start[j] = (uint32_t)key.len; /* 21 bytes a code point at most */
            rc = dlabel_key(nm, &nm->l[j], &key);
        }
        if (rc == XN_OK && key.nomem)
            rc = XN_E_NOMEM;
        /* Each run of final labels, from the shortest: its key's hash
         * comes from the next shorter run's. */
        p = key.len;
        for (j = nm->count; rc == XN_OK && j-- > first;) {
            bool looks = false;
            while (p > start[j])
                h = hash_step(h, (unsigned char)key.p[--p]);
            if (j > last_u)
                continue;
            rc = looks_like_known(nm, j, set, builtin, h, key.p + p, key.len - p, &looks);
            if (looks)
                *from = j;
        }
    } else if (last->u && first < nm->count) {
        start[nm->count - 1] = 0;
        rc = dlabel_key(nm, last, &key);
    }
    /* An IDN TLD that reads as an ASCII one ("сом") keeps every IDN label
     * of the name (the ASCII TLDs' keys are ASCII); any other IDN TLD of
     * letters of one script exempts that script from the whole-script
     * rule. */
    if (rc == XN_OK && last->u && tld_valid(nm, last, flags)) {
        /* The TLD's key starts where start[] says, if it was made. */
        *tld_lookalike = first < nm->count &&
                         ascii_tld_key(key.p + start[nm->count - 1], key.len - start[nm->count - 1]);
        if (!*tld_lookalike && tld->script < 0)
            tld->script = one_script(nm, last);
    }
    free(key.heap);
    return rc;
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
    size_t i, b;
    bool ascii_keys = true;
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
            rc = name_key(ascii, alen, &key, &labels);
        for (b = 0; rc == XN_OK && b < key.len; b++)
            ascii_keys = ascii_keys && (unsigned char)key.p[b] < 0x80;
        if (rc == XN_OK)
            rc = index_add(&keys, &pool, key.p, key.len);
    }
    free(key.heap);
    if (rc == XN_OK) {
        index_publish(&set->keys, &keys);
        index_publish(&set->domains, &names);
        set->pool = pool.p;
        set->ascii_keys = ascii_keys;
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
