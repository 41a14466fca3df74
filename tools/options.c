/*
 * The xn command's options: the profiles, every option with its action,
 * the parsing of the command line (long names or their unambiguous
 * beginnings, as getopt_long() takes them; short ones clustered), the
 * help text and the usage errors.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "charset.h"
#include "messages.h"
#include "options.h"

/* ---- profiles and options --------------------------------------------- */

/* Where the command line reaches each flag bit of xn.h: an option of its
 * own (opt_defs below), an option's value (--display-level), a profile or
 * a mode (--profile=whatwg; --display, which shows deviations unless -T),
 * or not at all.  A bit added to XN_FLAG_BITS must be placed here for
 * xn to compile. */
#define BY_OPTION                                                                          \
    (XN_TRANSITIONAL | XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_CHECK_BIDI |         \
     XN_NO_CHECK_JOINERS | XN_NO_VERIFY_DNS_LENGTH | XN_ALLOW_ROOT_DOT |                  \
     XN_IGNORE_INVALID_PUNYCODE | XN_IDNA2008_MAP | XN_ALLOW_UNASSIGNED | XN_DNS_LABELS)
#define BY_PROFILE_OR_MODE \
    (XN_URL_RULES | XN_DISPLAY_BUILTIN_KNOWN | XN_DISPLAY_ALLOW_DEVIATIONS | XN_DISPLAY_LEVEL_MASK)
#define NOT_OFFERED (XN_IDNA2008_HYPHEN_ENDS)
#define FLAG_OR_(flag) | (flag)
_Static_assert((BY_OPTION | BY_PROFILE_OR_MODE | NOT_OFFERED) == (0u XN_FLAG_BITS(FLAG_OR_)) &&
                   (BY_OPTION & (BY_PROFILE_OR_MODE | NOT_OFFERED)) == 0 &&
                   (BY_PROFILE_OR_MODE & NOT_OFFERED) == 0,
               "a flag bit of xn.h without its place on the command line");

const struct profile profiles[] = {
    {"uts46", 0, xn_to_ascii, xn_to_unicode},
    {"whatwg", XN_WHATWG, xn_to_ascii, xn_to_unicode},
    {"idna2008", 0, xn_idna2008_lookup, xn_idna2008_to_unicode},
    {"idna2003", 0, xn_idna2003_to_ascii, xn_idna2003_to_unicode},
};

#define PROFILE_COUNT (sizeof profiles / sizeof profiles[0])
const size_t profile_count = PROFILE_COUNT;

/* What --register selects: the idna2008 profile's registration side (RFC
 * 5891 §4 on each label of a name, given as A-labels, U-labels or LDH
 * labels, then the name's length and Bidi rules), which has no to-Unicode
 * direction. */
const struct profile register_profile = {"idna2008", 0, xn_idna2008_register_name, NULL};

const struct opt_def opt_defs[] = {
    {"to-ascii", 'a', false, ACT_TO_ASCII, 0},
    {"to-unicode", 'u', false, ACT_MODE, MODE_UNICODE},
    {"profile", 0, true, ACT_PROFILE, 0},
    {"transitional", 'T', false, ACT_FLAG, XN_TRANSITIONAL},
    {"no-std3", 0, false, ACT_FLAG, XN_NO_STD3_RULES},
    {"no-check-hyphens", 0, false, ACT_FLAG, XN_NO_CHECK_HYPHENS},
    {"no-check-bidi", 0, false, ACT_FLAG, XN_NO_CHECK_BIDI},
    {"no-check-joiners", 0, false, ACT_FLAG, XN_NO_CHECK_JOINERS},
    {"no-verify-dns-length", 0, false, ACT_FLAG, XN_NO_VERIFY_DNS_LENGTH},
    {"allow-root-dot", 0, false, ACT_FLAG, XN_ALLOW_ROOT_DOT},
    {"ignore-invalid-punycode", 0, false, ACT_FLAG, XN_IGNORE_INVALID_PUNYCODE},
    {"register", 0, false, ACT_REGISTER, 0},
    {"idna2008-map", 0, false, ACT_FLAG, XN_IDNA2008_MAP},
    {"allow-unassigned", 0, false, ACT_FLAG, XN_ALLOW_UNASSIGNED},
    {"dns", 0, false, ACT_FLAG, XN_DNS_LABELS},
    {"display", 0, false, ACT_MODE, MODE_UNICODE | MODE_DISPLAY},
    {"display-known", 0, true, ACT_DISPLAY_KNOWN, MODE_UNICODE | MODE_DISPLAY},
    {"display-level", 0, true, ACT_DISPLAY_LEVEL, MODE_UNICODE | MODE_DISPLAY},
    {"email", 0, false, ACT_MODE, MODE_EMAIL},
    {"status", 0, false, ACT_MODE, MODE_STATUS},
    {"tsv", 0, false, ACT_MODE, MODE_STATUS | MODE_TSV},
    {"json", 0, false, ACT_MODE, MODE_STATUS | MODE_JSON},
    {"locale", 0, false, ACT_MODE, MODE_LOCALE},
    {"file", 'f', true, ACT_FILE, 0},
    {"line-buffered", 0, false, ACT_MODE, MODE_LINE_BUFFERED},
    {"explain", 0, false, ACT_MODE, MODE_EXPLAIN},
    {"help", 'h', false, ACT_HELP, 0},
    {"version", 0, false, ACT_VERSION, 0},
};

const size_t opt_count = sizeof opt_defs / sizeof opt_defs[0];

/* ---- help and usage errors ---------------------------------------------- */

/* The help, in three parts: --locale's line is left out of a build
 * without it. */
static const char help_text[] =
    "Usage: xn [OPTION]... [NAME]...  IDNA: convert NAMEs or lines of stdin (-)\n"
    "  -a, --to-ascii / -u, --to-unicode  to \"xn--\" labels (the default) / Unicode\n"
    "  -f, --file=FILE           read names from FILE, one a line (-: stdin)\n"
    "      --display[-known=FILE]  Unicode where safe to show, else xn-- (UTS #39)\n"
    "      --display-level=LEVEL  high (default), moderate or minimal script mixes\n"
    "      --email               NAMEs are mail addresses: convert the domain part\n"
    "      --profile=PROFILE     uts46 (default), whatwg, idna2008 or idna2003\n"
    "      --register            idna2008: check a name for registration\n"
    "      --idna2008-map        idna2008: map as UTS #46 does before the checks\n"
    "      --allow-unassigned    idna2003: allow what Unicode 3.2 left unassigned\n"
    "  -T, --transitional        transitional processing (deprecated)\n"
    "      --no-std3 / --dns     allow any ASCII / _service labels and a leading *\n"
    "      --no-check-hyphens --no-check-bidi --no-check-joiners  skip that check\n"
    "      --no-verify-dns-length / --allow-root-dot  no length checks / a root dot\n"
    "      --ignore-invalid-punycode  bad Punycode in xn-- labels is no P4 error\n"
    "      --status              STATUS<TAB>RESULT; STATUS: OK, codes (P4,V6), ...\n"
    "      --tsv / --json        INPUT<TAB>STATUS<TAB>RESULT / a JSON object a line\n";
static const char help_locale[] =
    "      --locale              input and output in the locale's charset\n";
static const char help_end[] =
    "      --line-buffered       write out each line at once (for coprocesses)\n"
    "      --explain [CODE]...   what rule codes and statuses mean (all: no CODE)\n"
    "  -h, --help  --version     show this help / the versions, and exit\n"
    "Exit status: 0 all converted, 1 some failed, 2 usage or I/O error.  See xn(1).\n";

void usage_error(const char *before, const char *arg, const char *after)
{
    fprintf(stderr, "xn: %s'", before);
    put_escaped(stderr, arg, strlen(arg), ESC_TEXT, false);
    fprintf(stderr, "'%s\n", after);
    fputs("Try 'xn --help' for more information.\n", stderr);
}

void usage_text(const char *format, ...)
{
    va_list ap;
    fputs("xn: ", stderr);
    va_start(ap, format);
    vfprintf(stderr, format, ap);
    va_end(ap);
    fputs("\nTry 'xn --help' for more information.\n", stderr);
}

/* An unknown option that looks like a domain name. */
static void unknown_option(const char *opt, const char *arg)
{
    usage_error("unknown option ", opt, "");
    if (strchr(arg, '.'))
        fputs("(A NAME that begins with '-' goes after '--'.)\n", stderr);
}

/* ---- arguments ---------------------------------------------------------- */

/* The option a long name given as NAME (up to '=') stands for, as
 * getopt_long() finds it: the option of exactly that name, else the one
 * option whose name begins with it.  NULL after a usage error when none
 * does, or when several do (naming them). */
static const struct opt_def *find_long(const char *arg, const char *name, size_t len)
{
    const struct opt_def *found = NULL;
    size_t i, matches = 0;
    for (i = 0; i < opt_count; i++) {
        const char *full = opt_defs[i].long_name;
        if (strncmp(full, name, len) != 0)
            continue;
        if (full[len] == '\0')
            return &opt_defs[i];
        found = &opt_defs[i];
        matches++;
    }
    if (matches == 1 && len > 0)
        return found;
    if (matches == 0 || len == 0) {
        unknown_option(arg, arg);
        return NULL;
    }
    fputs("xn: option '", stderr);
    put_escaped(stderr, arg, strlen(arg), ESC_TEXT, false);
    fputs("' is ambiguous; possibilities:", stderr);
    for (i = 0; i < opt_count; i++)
        if (strncmp(opt_defs[i].long_name, name, len) == 0)
            fprintf(stderr, " --%s", opt_defs[i].long_name);
    fputs("\nTry 'xn --help' for more information.\n", stderr);
    return NULL;
}

static const struct opt_def *find_short(char c)
{
    size_t i;
    for (i = 0; i < opt_count; i++)
        if (opt_defs[i].short_name == c)
            return &opt_defs[i];
    return NULL;
}

static int print_and_exit_code(const char *text)
{
    if (fputs(text, stdout) == EOF || fflush(stdout) != 0) {
        fprintf(stderr, "xn: write error: %s\n", strerror(errno));
        return 2;
    }
    return 0;
}

static int print_help(void)
{
    if (fputs(help_text, stdout) == EOF ||
        (charset_available() && fputs(help_locale, stdout) == EOF) ||
        fputs(help_end, stdout) == EOF || fflush(stdout) != 0) {
        fprintf(stderr, "xn: write error: %s\n", strerror(errno));
        return 2;
    }
    return 0;
}

/* Applies one option.  Returns PARSE_RUN to go on, else the exit status. */
static int apply(const struct opt_def *d, const char *arg, struct options *o)
{
    size_t i;
    char version[256];
    switch (d->action) {
    case ACT_TO_ASCII:
        o->modes &= ~(unsigned)(MODE_UNICODE | MODE_DISPLAY);
        break;
    case ACT_PROFILE:
        for (i = 0; i < PROFILE_COUNT; i++)
            if (strcmp(arg, profiles[i].name) == 0)
                break;
        if (i == PROFILE_COUNT) {
            usage_error("unknown profile ", arg, " (known: uts46, whatwg, idna2008, idna2003)");
            return 2;
        }
        if (o->profile == &register_profile) {
            if (strcmp(arg, "idna2008") != 0) {
                usage_text("option --register goes with --profile=idna2008 only");
                return 2;
            }
            break; /* --register already chose the idna2008 registration side */
        }
        o->profile = &profiles[i];
        break;
    case ACT_REGISTER:
        if (o->profile != &profiles[0] && strcmp(o->profile->name, "idna2008") != 0) {
            usage_text("option --register goes with --profile=idna2008 only");
            return 2;
        }
        o->profile = &register_profile;
        break;
    case ACT_FLAG:
        o->flags |= d->bits;
        break;
    case ACT_DISPLAY_KNOWN:
        o->known_file = arg;
        /* fall through */
    case ACT_MODE:
        o->modes |= d->bits;
        break;
    case ACT_DISPLAY_LEVEL:
        if (strcmp(arg, "high") == 0) {
            o->flags &= ~(unsigned)XN_DISPLAY_LEVEL_MASK;
        } else if (strcmp(arg, "moderate") == 0 || strcmp(arg, "minimal") == 0) {
            o->flags &= ~(unsigned)XN_DISPLAY_LEVEL_MASK;
            o->flags |= arg[1] == 'o' ? XN_DISPLAY_MODERATE : XN_DISPLAY_MINIMAL;
        } else {
            usage_error("unknown display level ", arg, " (known: high, moderate, minimal)");
            return 2;
        }
        o->modes |= d->bits;
        break;
    case ACT_FILE:
        break; /* parse_args() keeps the FILE among the operands */
    case ACT_HELP:
        return print_help();
    case ACT_VERSION: {
        /* Whether ICU can be loaded is known only by trying; a name
         * needing NFC no longer tells (libunistring normalizes where ICU
         * cannot be loaded): the second line names the engine that does. */
        bool icu = xn_icu_load() != XN_E_ICU_UNAVAILABLE;
        snprintf(version, sizeof version, "xn %s (Unicode %s, ICU %s%s)\nnormalizer: %s\n",
                 xn_version(), xn_unicode_version(), xn_icu_version(),
                 icu ? "" : " could not be loaded", xn_nfc_engine());
        return print_and_exit_code(version);
    }
    }
    return PARSE_RUN;
}

bool locale_requested(int argc, char **argv)
{
    int i;
    size_t k, len;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const struct opt_def *d = NULL;
        if (a[0] != '-' || a[1] == '\0')
            continue;
        if (strcmp(a, "--") == 0)
            return false;
        if (a[1] == '-') {
            size_t matches = 0;
            len = strcspn(a + 2, "=");
            for (k = 0; k < opt_count; k++) {
                const char *full = opt_defs[k].long_name;
                if (len == 0 || strncmp(full, a + 2, len) != 0)
                    continue;
                if (full[len] == '\0') {
                    d = &opt_defs[k];
                    matches = 1;
                    break;
                }
                d = &opt_defs[k];
                matches++;
            }
            if (matches != 1)
                continue; /* unknown or ambiguous: parse_args() says so */
            if (d->action == ACT_MODE && d->bits == MODE_LOCALE)
                return true;
            if (d->has_arg && !a[2 + len])
                i++; /* its value */
            continue;
        }
        for (k = 1; a[k]; k++) {
            d = find_short(a[k]);
            if (d && d->has_arg) {
                if (!a[k + 1])
                    i++;
                break;
            }
        }
    }
    return false;
}

int parse_args(int argc, char **argv, struct options *o, int *names)
{
    int i, n = 0, rc;
    bool options_done = false;

    for (i = 1; i < argc; i++) {
        char *a = argv[i];
        if (options_done || a[0] != '-' || a[1] == '\0') {
            argv[n++] = a;
        } else if (strcmp(a, "--") == 0) {
            options_done = true;
        } else if (a[1] == '-') {
            const char *eq = strchr(a + 2, '=');
            size_t len = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
            const struct opt_def *d;
            const char *arg = NULL;
            if (eq)
                *(char *)eq = '\0'; /* name the option without its value */
            d = find_long(a, a + 2, len);
            if (!d)
                return 2;
            if (eq)
                *(char *)eq = '='; /* the value is read after it */
            if (d->has_arg) {
                if (eq) {
                    arg = eq + 1;
                } else if (i + 1 < argc) {
                    arg = argv[++i];
                } else {
                    usage_error("option ", a, " needs a value");
                    return 2;
                }
            } else if (eq) {
                *(char *)eq = '\0';
                usage_error("option ", a, " takes no value");
                return 2;
            }
            rc = apply(d, arg, o);
            if (rc != PARSE_RUN)
                return rc;
            if (d->action == ACT_FILE) {
                o->is_file[n] = 1;
                argv[n++] = (char *)arg;
            }
        } else {
            const char *p;
            for (p = a + 1; *p; p++) {
                const struct opt_def *d = find_short(*p);
                const char *arg = NULL;
                if (!d) {
                    char bad[3] = {'-', *p, '\0'};
                    unknown_option(bad, a);
                    return 2;
                }
                if (d->has_arg) {
                    /* -oVALUE or -o VALUE; ends the cluster. */
                    if (p[1]) {
                        arg = p + 1;
                    } else if (i + 1 < argc) {
                        arg = argv[++i];
                    } else {
                        char bad[3] = {'-', *p, '\0'};
                        usage_error("option ", bad, " needs a value");
                        return 2;
                    }
                }
                rc = apply(d, arg, o);
                if (rc != PARSE_RUN)
                    return rc;
                if (d->action == ACT_FILE) {
                    o->is_file[n] = 1;
                    argv[n++] = (char *)arg;
                }
                if (arg)
                    break;
            }
        }
    }
    *names = n;
    return PARSE_RUN;
}
