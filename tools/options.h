/*
 * The xn command's options (options.c): the profiles, the option table,
 * the parsing of the command line, the help text and usage errors; xn.c
 * runs the names.
 */
#ifndef XN_CLI_OPTIONS_H
#define XN_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "xn.h"

typedef int (*convert_fn)(const char *in, size_t in_len, char *out, size_t out_cap,
                          size_t *out_len, unsigned flags, xn_report *report);

/* A --profile value: the entry points and the flag bits it starts from.
 * Options' flag bits are added to these. */
struct profile {
    const char *name;
    unsigned flags;
    convert_fn to_ascii;
    convert_fn to_unicode;
};

/* The --profile values, the first the default, and how many there are;
 * what --register selects. */
extern const struct profile profiles[];
extern const size_t profile_count;
extern const struct profile register_profile;

enum opt_action {
    ACT_TO_ASCII,
    ACT_PROFILE,
    ACT_REGISTER,
    ACT_FLAG,  /* adds the option's XN_* bit to the flags */
    ACT_MODE,  /* adds the option's MODE_* bits to the modes */
    ACT_DISPLAY_KNOWN,
    ACT_DISPLAY_LEVEL, /* --display-level=LEVEL: the restriction level's bits */
    ACT_FILE,          /* -f FILE: an operand that names a file of names */
    ACT_HELP,
    ACT_VERSION,
};

/* How the names are run (struct options' modes). */
enum {
    MODE_UNICODE = 1, /* -u: to Unicode */
    MODE_DISPLAY = 2, /* --display: xn_to_display() */
    MODE_EMAIL = 4,   /* --email: xn_email_to_ascii() / xn_email_to_unicode() */
    MODE_STATUS = 8,  /* --status */
    MODE_LOCALE = 16, /* --locale */
    MODE_EXPLAIN = 32, /* --explain: the operands are codes to explain */
    MODE_TSV = 64,     /* --tsv (with MODE_STATUS) */
    MODE_JSON = 128,   /* --json (with MODE_STATUS) */
    MODE_LINE_BUFFERED = 256, /* --line-buffered: each line flushed */
};

/* One command-line option.  A long name may be shortened to any beginning
 * that no other long name shares (--to-uni), as getopt_long() allows; an
 * exact name always wins over the longer names it begins (--display). */
struct opt_def {
    const char *long_name; /* without the leading "--" */
    char short_name;       /* 0 when there is none */
    bool has_arg;          /* takes a value: --name=VALUE or --name VALUE */
    enum opt_action action;
    unsigned bits; /* the XN_* bit of ACT_FLAG, the MODE_* bits of ACT_MODE */
};

/* Every option, and how many there are. */
extern const struct opt_def opt_defs[];
extern const size_t opt_count;

struct options {
    const struct profile *profile;
    unsigned flags; /* the XN_* bits the options added */
    unsigned modes; /* MODE_* */
    const char *known_file; /* --display-known=FILE */
    unsigned char *is_file; /* argc entries, zeroed by the caller: operand i
                               names a file of names (-f FILE) */
};

/* parse_args()'s "go on and convert the names". */
enum { PARSE_RUN = -1 };

/* Parses argv.  Moves the NAME operands and the FILEs of -f to
 * argv[0..*names) in their order, is_file[i] set for a FILE.
 * Returns PARSE_RUN to go on, else the exit status (help, version, usage
 * error). */
int parse_args(int argc, char **argv, struct options *o, int *names);

/* Whether argv asks for --locale (read as parse_args() reads it, but
 * silently): the locale is set before parse_args() writes anything. */
bool locale_requested(int argc, char **argv);

/* Usage errors, for exit status 2, each followed by the line that points
 * to --help.  Text a user typed is quoted ('--stat=yes'), escaped; the
 * names of xn's own options are never quoted (--json).
 *   usage_error(): "xn: BEFORE'ARG'AFTER", ARG typed by the user;
 *   usage_text(): "xn: TEXT", the printf() format and its arguments. */
void usage_error(const char *before, const char *arg, const char *after);
void usage_text(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

#endif
