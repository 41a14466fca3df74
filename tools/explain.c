/*
 * xn --explain: the table of codes (explain.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "explain.h"
#include "messages.h"

struct explain_entry {
    const char *code; /* as the status column and messages show it */
    const char *meaning;
    const char *section; /* "-" when no standard has the rule */
};

#include "explain-table.h"

#define ENTRY_COUNT (sizeof explain_table / sizeof explain_table[0])

static void put_entry(const struct explain_entry *e)
{
    printf("%s\t%s\t%s\n", e->code, e->meaning, e->section);
}

/* Whether s[0..n) is the text t, letters in any case. */
static bool same(const char *s, size_t n, const char *t)
{
    size_t i;
    if (strlen(t) != n)
        return false;
    for (i = 0; i < n; i++)
        if (toupper((unsigned char)s[i]) != t[i])
            return false;
    return true;
}

/* Whether the code s[0..n) names e: its code in any case; a rule code or a
 * reason also after XN_ERR_ or XN_UNSAFE_ (its macro's name), a status
 * also without XN_E_ (as the status column shows it) or XN_ (XN_OK). */
static bool names(const struct explain_entry *e, const char *s, size_t n)
{
    static const char *const prefixes[] = {"XN_ERR_", "XN_UNSAFE_"};
    size_t p, k;
    if (same(s, n, e->code))
        return true;
    if (strncmp(e->code, "XN_E_", 5) == 0)
        return same(s, n, e->code + 5);
    if (strncmp(e->code, "XN_", 3) == 0)
        return same(s, n, e->code + 3);
    for (p = 0; p < sizeof prefixes / sizeof prefixes[0]; p++) {
        k = strlen(prefixes[p]);
        if (n > k && same(s, k, prefixes[p]) && same(s + k, n - k, e->code))
            return true;
    }
    return false;
}

/* Explains one code s[0..n); false when there is none of that name. */
static bool explain_one(const char *s, size_t n)
{
    size_t i;
    bool found = false;
    for (i = 0; i < ENTRY_COUNT; i++)
        if (names(&explain_table[i], s, n)) {
            put_entry(&explain_table[i]);
            found = true;
        }
    if (!found) {
        fputs("xn: no code '", stderr);
        put_escaped(stderr, s, n, ESC_TEXT, false);
        fputs("' (xn --explain lists them all)\n", stderr);
    }
    return found;
}

int explain(int n, char **codes)
{
    int i, rc = 0;
    size_t k;
    if (n == 0)
        for (k = 0; k < ENTRY_COUNT; k++)
            put_entry(&explain_table[k]);
    for (i = 0; i < n; i++) {
        const char *p = codes[i];
        for (;;) {
            const char *comma = strchr(p, ',');
            size_t len = comma ? (size_t)(comma - p) : strlen(p);
            if (!explain_one(p, len))
                rc = 2;
            if (!comma)
                break;
            p = comma + 1;
        }
    }
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "xn: writing standard output: %s\n", strerror(errno ? errno : EIO));
        return 2;
    }
    return rc;
}
