/*
 * xn: convert domain names with IDNA from the command line.
 *
 * Names come from the arguments and the files of -f (FILE "-": standard
 * input), in their order, or, without any (or where a NAME is "-"), from
 * standard input, one per line; every name gives exactly one output
 * line, in input order.  A
 * name that fails prints an empty line (with -u and rule violations: the
 * converted name) and a message on standard error, or, with --status, its
 * status in the first column; processing always goes on with the next name.
 *
 * Exit status: 0 every name converted, 1 some name failed, 2 usage error or
 * an I/O error (standard input unreadable, standard output unwritable).
 *
 * Standard input is read byte by byte into a line buffer that grows up to
 * NAME_CAP; longer lines are skipped to their end without being stored and
 * fail with the status TOO_LONG.  Nothing else about the input is held.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <locale.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "charset.h"
#include "explain.h"
#include "messages.h"
#include "options.h"
#include "output.h"

/* The longest name accepted, in bytes, without the line terminator.  Far
 * more than any name the library can accept with its checks on (253 bytes
 * of output) and room for long names with --no-verify-dns-length; it bounds
 * the memory one input line can take. */
#define NAME_CAP 65536


/* The first size of the line buffer; it doubles up to NAME_CAP + 1. */
#define LINE_START 256


/* The longest message about a name: "xn: ", the name as echo_name() shows
 * it, ": ", a text of the program or the library, the rule codes (less
 * than the 1024 bytes of their buffer) and where the first one is. */
#define MESSAGE_MAX (ESC_BUF(ECHO_MAX) + 3 + 2048)

/* The longest list of display reasons: every XN_UNSAFE_* name, 177 bytes
 * for the 15 of them, with room for more. */
#define REASONS_MAX 256

/* The longest --display note: a reason list for each of
 * XN_DISPLAY_LABELS_MAX labels, with its label number. */
#define DISPLAY_MESSAGE_MAX (MESSAGE_MAX + XN_DISPLAY_LABELS_MAX * (REASONS_MAX + 32))

/* ---- state of one run ---------------------------------------------------- */

struct run {
    convert_fn convert;
    unsigned flags;
    bool to_unicode;
    bool status;         /* --status, --tsv or --json: no messages */
    enum format format;
    struct record rec;   /* of the name being converted */
    const char *charset; /* the locale's charset with --locale, else NULL */
    bool flush_each;     /* standard output is a terminal, or --line-buffered */
    bool root_dot_offered; /* the conversion takes --allow-root-dot */

    char *heap; /* output buffer for results longer than XN_DOMAIN_MAX */
    size_t heap_cap;

    bool failed;        /* some name failed */
    bool name_failed;   /* the name being converted failed */
    int write_errno;    /* non-zero once writing standard output failed */

    bool display;              /* --display */
    const xn_known_set *known; /* --display-known */
    bool email;                /* --email */
    xn_display_report display_report; /* of the last --display call */
    int smtputf8;              /* of the last --email call */
};

/* ---- output ------------------------------------------------------------ */

/* Writes the output line of the name of r->rec (output.c): status is its
 * status column, result what it shows of the result (UTF-8; len 0:
 * nothing).  Returns false when writing failed (recorded in
 * r->write_errno). */
static bool put_line(struct run *r, const char *status, const char *result, size_t len)
{
    bool ok;
    errno = 0;
    r->rec.status = status ? status : "";
    r->rec.result = len > 0 ? result : NULL;
    r->rec.result_len = len;
    r->rec.ok = !r->name_failed;
    if (r->name_failed)
        r->failed = true;
    ok = put_record(stdout, r->format, &r->rec);
    /* The name's message, if any, went to standard error before its line. */
    if (ok && r->flush_each) {
        ok = fflush(stdout) == 0;
        fflush(stderr);
    }
    if (!ok)
        r->write_errno = errno ? errno : EIO;
    return ok;
}

static bool all_ascii(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return false;
    return true;
}

/* The status column for a library status: OK, the rule codes, or the
 * status name without its XN_E_ prefix. */
static const char *status_text(int rc, const xn_report *rep, char *buf, size_t cap)
{
    const char *name;
    if (rc == XN_OK)
        return "OK";
    if (rc == XN_E_INVALID_DOMAIN && rep->errors != 0 &&
        xn_errors_format(rep->errors, buf, cap) < cap)
        return buf;
    name = xn_strerror_name(rc);
    if (strncmp(name, "XN_E_", 5) == 0)
        name += 5;
    return name;
}

/* One library call in the mode of the run. */
static int call(struct run *r, const char *in, size_t len, char *out, size_t cap, size_t *need,
                xn_report *rep)
{
    if (r->display)
        return xn_to_display_known(in, len, out, cap, need, r->flags, r->known, rep,
                                   &r->display_report);
    if (r->email && r->to_unicode)
        return xn_email_to_unicode(in, len, out, cap, need, r->flags, rep, &r->smtputf8);
    if (r->email)
        return xn_email_to_ascii(in, len, out, cap, need, r->flags, rep, &r->smtputf8);
    return r->convert(in, len, out, cap, need, r->flags, rep);
}

/* Calls the library with a stack buffer, then with r->heap when the result
 * is longer.  Sets *out and *out_len to the result (with -u also on
 * XN_E_INVALID_DOMAIN). */
static int convert(struct run *r, const char *in, size_t len, char *stack, size_t stack_cap,
                   const char **out, size_t *out_len, xn_report *rep)
{
    int rc;
    int tries;
    size_t need = 0;

    *out = stack;
    rc = call(r, in, len, stack, stack_cap, &need, rep);
    for (tries = 0; rc == XN_E_BUFFER_TOO_SMALL && tries < 2; tries++) {
        if (need >= r->heap_cap) {
            size_t cap = need + 1;
            char *p = realloc(r->heap, cap);
            if (!p) {
                memset(rep, 0, sizeof *rep);
                return XN_E_NOMEM;
            }
            r->heap = p;
            r->heap_cap = cap;
        }
        *out = r->heap;
        rc = call(r, in, len, r->heap, r->heap_cap, &need, rep);
    }
    *out_len = need;
    return rc;
}

/* A charset conversion under --locale failed: of the name as given (out
 * false) or of its result (out true).  Says so unless --status, and
 * returns the status word. */
static const char *charset_failure(struct run *r, const char *input, size_t input_len,
                                   bool out)
{
    bool nomem = errno == ENOMEM;
    r->name_failed = true;
    if (!r->status) {
        message_start(input, input_len, MESSAGE_MAX);
        if (nomem)
            fputs("out of memory\n", stderr);
        else
            fprintf(stderr, "%s in the locale's charset (%s)\n",
                    out ? "the result cannot be shown" : "not valid text", r->charset);
    }
    if (nomem)
        return "NOMEM";
    return out ? "UNREPRESENTABLE" : "BAD_LOCALE_INPUT";
}

/* --display kept labels as A-labels: returns their reasons for the status
 * column, or without --status says which labels and why on standard error. */
static const char *display_note(struct run *r, const char *input, size_t input_len,
                                char *buf, size_t cap)
{
    const xn_display_report *d = &r->display_report;
    const char *sep = "";
    size_t i;

    xn_unsafe_format(d->unsafe, buf, cap);
    if (r->status)
        return buf;
    message_start(input, input_len, DISPLAY_MESSAGE_MAX);
    fputs("shown with A-labels: ", stderr);
    for (i = 0; i < d->labels && i < XN_DISPLAY_LABELS_MAX; i++) {
        char why[REASONS_MAX];
        if (!d->label_unsafe[i])
            continue;
        xn_unsafe_format(d->label_unsafe[i], why, sizeof why);
        fprintf(stderr, "%slabel %zu %s", sep, i, why);
        sep = ", ";
    }
    putc('\n', stderr);
    return buf;
}

/* The length of the full stop (U+002E, U+3002, U+FF0E, U+FF61: UTS #46
 * maps all four to '.') that s[0..n) ends with, 0 when none. */
static size_t trailing_dot(const char *s, size_t n)
{
    static const char *const dots[] = {".", "\xE3\x80\x82", "\xEF\xBC\x8E", "\xEF\xBD\xA1"};
    size_t i, k;
    for (i = 0; i < sizeof dots / sizeof dots[0]; i++) {
        k = strlen(dots[i]);
        if (n >= k && memcmp(s + n - k, dots[i], k) == 0)
            return k;
    }
    return 0;
}

/* The labels of s[0..n): one more than its full stops. */
static size_t label_count(const char *s, size_t n)
{
    size_t count = 1, k;
    while (n > 0) {
        k = trailing_dot(s, n);
        count += k != 0;
        n -= k ? k : 1;
    }
    return count;
}

/* Which part of a mail address xn_email_to_ascii() refused with
 * XN_E_BAD_ADDRESS (xn.h: split at the last '@'), in buf. */
static const char *address_fault(const char *s, size_t n, char *buf, size_t cap)
{
    size_t at = n, i, k;
    uint32_t cp;
    while (at > 0 && s[at - 1] != '@')
        at--;
    if (at == 0)
        return "there is no '@'";
    at--;
    if (at == 0)
        return "the local part (before the last '@') is empty";
    if (at + 1 == n)
        return "the domain (after the last '@') is empty";
    for (i = 0; i < at; i += k) {
        const char *what = NULL;
        cp = (unsigned char)s[i];
        k = cp < 0x80 ? 1 : utf8_char(s + i, at - i, &cp);
        if (k == 0)
            break;
        if (cp < 0x20 || cp == 0x7F)
            what = "an ASCII control character (RFC 5321 section 4.1.2)";
        else if (cp >= 0x80 && cp <= 0x9F)
            what = "a C1 control character (RFC 5198 section 2)";
        else if (cp == 0x2028 || cp == 0x2029)
            what = "a line or paragraph separator";
        else if (cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
                 (cp >= 0x2066 && cp <= 0x2069))
            what = "a bidi control";
        if (what) {
            snprintf(buf, cap, "the local part holds U+%04lX, %s", (unsigned long)cp, what);
            return buf;
        }
    }
    if (s[at + 1] == '[')
        return "the address literal after '@' is no IPv4 address, no IPv6 address and no "
               "other registered form (RFC 5321 section 4.1.3)";
    return "the local part or the domain is malformed";
}

/* After a failed name's codes, "; " and a short hint for each rule that
 * an option or a documented limit explains. */
static void put_hints(const struct run *r, const char *s, size_t n, int rc,
                      const xn_report *rep)
{
    size_t dot = trailing_dot(s, n);
    if (rc == XN_E_TOO_LONG)
        fprintf(stderr,
                "; a label with a non-ASCII character may hold %d code points, an xn-- "
                "label %d characters",
                XN_LABEL_LIMIT, XN_ACE_LIMIT + 4);
    if (rc != XN_E_INVALID_DOMAIN)
        return;
    if (rep->errors & XN_ERR_A4_1)
        fprintf(stderr, n == 0 ? "; the name is empty"
                               : "; a name may hold at most %d octets in its ASCII form",
                XN_DNS_NAME_MAX);
    if ((rep->errors & XN_ERR_A4_2) && n > 0) {
        /* One trailing dot, and the first violation in the empty label
         * after it: the root dot alone explains A4_2. */
        bool root = dot && dot < n && !trailing_dot(s, n - dot);
        if (root && r->root_dot_offered && !(r->flags & XN_ALLOW_ROOT_DOT))
            fputs("; a trailing dot (the root) needs --allow-root-dot", stderr);
        if (!root || rep->label + 1 != label_count(s, n))
            fprintf(stderr, "; a label holds 1 to %d octets in its ASCII form",
                    XN_DNS_LABEL_MAX);
    }
    if ((rep->errors & XN_ERR_U1) && rep->code_point == '@' && !r->email)
        fputs("; a mail address needs --email", stderr);
}

/* Converts one name and writes its output line; input_len > NAME_CAP means
 * the line was too long (input then holds its first NAME_CAP bytes).
 * Returns false when standard output failed. */
static bool process_name(struct run *r, const char *input, size_t input_len)
{
    char stack[XN_DOMAIN_MAX];
    char codes[1024];
    char conv_in[1024];
    char conv_out[1024];
    char *in_heap = NULL;
    const char *name = input;
    size_t name_len = input_len;
    const char *result = NULL;
    size_t result_len = 0;
    const char *status;
    bool show_result;
    bool ok;
    xn_report rep = XN_REPORT_INIT;
    int rc;
    size_t held = input_len > NAME_CAP ? NAME_CAP : input_len;
    struct record rec = {input, held, input_len > NAME_CAP, r->charset ? NULL : input,
                         held, NULL, NULL, NULL, 0, NULL, -1, false};
    r->rec = rec;

    r->name_failed = false;
    if (input_len > NAME_CAP) {
        r->name_failed = true;
        if (!r->status) {
            message_start(input, NAME_CAP, MESSAGE_MAX);
            fprintf(stderr, "name longer than %d bytes, the most xn takes\n",
                    NAME_CAP);
        }
        return put_line(r, r->status ? "TOO_LONG" : NULL, NULL, 0);
    }

    /* --locale: the library takes UTF-8.  ASCII needs no conversion (every
     * charset a locale can have is a superset of ASCII). */
    if (r->charset && !all_ascii(input, input_len)) {
        size_t len = sizeof conv_in;
        char *u = from_charset(r->charset, input, input_len, conv_in, &len);
        if (!u) {
            status = charset_failure(r, input, input_len, false);
            return put_line(r, r->status ? status : NULL, NULL, 0);
        }
        if (u != conv_in)
            in_heap = u;
        name = u;
        name_len = len;
    }

    rc = convert(r, name, name_len, stack, sizeof stack, &result, &result_len, &rep);
    if (rc != XN_OK && r->display)
        r->display_report.unsafe = 0, r->display_report.labels = 0;
    r->rec.text = name, r->rec.text_len = name_len;
    r->rec.rep = &rep, r->rec.display = r->display ? &r->display_report : NULL;
    r->rec.smtputf8 = r->email ? rc == XN_OK && r->smtputf8 : -1;
    status = status_text(rc, &rep, codes, sizeof codes);
    show_result = rc == XN_OK || (rc == XN_E_INVALID_DOMAIN && r->to_unicode && !r->display);
    if (rc != XN_OK) {
        r->name_failed = true;
        if (!r->status) {
            message_start(input, input_len, MESSAGE_MAX);
            if (rc == XN_E_BAD_ADDRESS)
                fprintf(stderr, "not a mail address: %s",
                        address_fault(name, name_len, codes, sizeof codes));
            else
                fputs(xn_strerror(rc), stderr);
            if (rc == XN_E_BAD_UTF8 && !r->charset && charset_available())
                fputs(" (for text in the locale's charset, use --locale)", stderr);
            if (rc == XN_E_INVALID_DOMAIN && rep.errors != 0) {
                fprintf(stderr, ": %s", status);
                /* A4_1 is about the name as a whole: no place in it. */
                if (rep.errors != XN_ERR_A4_1) {
                    fprintf(stderr, " (label %zu, byte offset %zu", rep.label, rep.offset);
                    if (rep.code_point != XN_NO_CODE_POINT)
                        fprintf(stderr, ", U+%04lX", (unsigned long)rep.code_point);
                    putc(')', stderr);
                }
            }
            put_hints(r, name, name_len, rc, &rep);
            putc('\n', stderr);
        }
    }

    /* Converted, with a note: labels --display keeps as A-labels, or a
     * local part that needs SMTPUTF8. */
    if (rc == XN_OK && r->display && r->display_report.unsafe)
        status = display_note(r, input, input_len, codes, sizeof codes);
    if (rc == XN_OK && r->email && r->smtputf8)
        status = "SMTPUTF8";

    /* A result that cannot be printed as one line in the output charset is
     * an error of its own; the rule codes of a failed name stay.  So is one
     * holding a NUL (only the output of a failed -u: the library refuses
     * U+0000), which xn never writes. */
    if (show_result && memchr(result, '\0', result_len)) {
        show_result = false;
        r->name_failed = true;
        if (!r->status) {
            message_start(input, input_len, MESSAGE_MAX);
            fputs("the result contains a NUL\n", stderr);
        }
    }
    if (show_result && (memchr(result, '\n', result_len) || memchr(result, '\r', result_len))) {
        show_result = false;
        if (rc == XN_OK)
            status = "LINE_BREAK";
        r->name_failed = true;
        if (!r->status) {
            message_start(input, input_len, MESSAGE_MAX);
            fputs("the result contains a line break\n", stderr);
        }
    }
    /* Under --locale the result is written in the locale's charset, a
     * character at a time (messages.h); one the charset cannot hold makes
     * the name fail (UNREPRESENTABLE), as the whole result is converted
     * here to know.  JSON is UTF-8 in every locale. */
    if (show_result && r->charset && r->format != FMT_JSON && !all_ascii(result, result_len)) {
        size_t len = sizeof conv_out;
        char *c = to_charset(r->charset, result, result_len, conv_out, &len);
        if (!c) {
            const char *why = charset_failure(r, input, input_len, true);
            show_result = false;
            if (rc == XN_OK)
                status = why;
        } else if (c != conv_out) {
            free(c);
        }
    }

    ok = put_line(r, r->status ? status : NULL, result, show_result ? result_len : 0);
    free(in_heap);
    return ok;
}

/* ---- standard input ------------------------------------------------------ */

struct line {
    char *buf;
    size_t cap;
};

/* Reads one line without its "\n" and one "\r" before it.  Stores at most
 * NAME_CAP + 1 bytes; of a longer line *len is NAME_CAP + 1 and, unless
 * stop_over, the rest is read and dropped (a stream of names goes on with
 * the next line); with stop_over, reading stops there, so that a line
 * without end (/dev/zero) is refused after NAME_CAP + 1 bytes.  Returns 1
 * for a line, 0 at the end of the input, -1 on a read error or when the
 * buffer cannot grow (errno says which). */
static int read_line_upto(FILE *f, struct line *l, size_t *len, bool stop_over)
{
    size_t n = 0;
    bool any = false, newline = false, over = false;
    int c;

    while ((c = getc_unlocked(f)) != EOF) {
        any = true;
        if (c == '\n') {
            newline = true;
            break;
        }
        if (n > NAME_CAP) { /* keeps one byte for a possible '\r' */
            over = true;
            if (stop_over)
                break;
            continue;
        }
        if (n == l->cap) {
            size_t cap = l->cap ? l->cap * 2 : LINE_START;
            char *p;
            if (cap > NAME_CAP + 1)
                cap = NAME_CAP + 1;
            p = realloc(l->buf, cap);
            if (!p) {
                errno = ENOMEM;
                return -1;
            }
            l->buf = p;
            l->cap = cap;
        }
        l->buf[n++] = (char)c;
    }
    if (ferror(f))
        return -1;
    if (!any)
        return 0;
    if (newline && !over && n > 0 && l->buf[n - 1] == '\r')
        n--;
    *len = over ? NAME_CAP + 1 : n;
    return 1;
}

/* A line of a stream of names (read_line_upto() reading to its end). */
static int read_line(FILE *f, struct line *l, size_t *len)
{
    return read_line_upto(f, l, len, false);
}

/* Converts the names of f, one a line.  path: the file's name as -f gave
 * it, shown with the line number in messages; NULL for standard input
 * read without -f.  Returns false on a read or write error (already
 * reported). */
static bool process_stream(struct run *r, FILE *f, const char *path)
{
    struct line l = {NULL, 0};
    size_t len = 0, line_no = 0;
    bool ok = true;
    int got;

    while ((got = read_line(f, &l, &len)) > 0) {
        message_source(path, ++line_no);
        if (!process_name(r, l.buf ? l.buf : "", len)) {
            ok = false;
            break;
        }
    }
    message_source(NULL, 0);
    if (got < 0) {
        fputs("xn: ", stderr);
        if (path) {
            fputs("--file: ", stderr);
            put_escaped(stderr, path, strlen(path), ESC_TEXT, false);
        } else {
            fputs("standard input", stderr);
        }
        fprintf(stderr, ": reading: %s\n", strerror(errno));
        ok = false;
    }
    free(l.buf);
    return ok;
}

/* ---- options a profile cannot honour ---------------------------------- */

/* Whether the library refuses flags for the conversion of the run (each
 * entry point refuses the bits it does not take with XN_E_INVALID_ARG, on
 * any input): asked of the library itself, so that the command knows no
 * list of its own that could drift from it. */
static bool flags_refused(struct run *r, unsigned flags)
{
    char out[64];
    size_t len = 0;
    xn_report rep = XN_REPORT_INIT;
    unsigned saved = r->flags;
    int rc;
    r->flags = flags;
    rc = r->email ? call(r, "a@a", 3, out, sizeof out, &len, &rep)
                  : call(r, "a", 1, out, sizeof out, &len, &rep);
    r->flags = saved;
    return rc == XN_E_INVALID_ARG;
}

/* A usage error for the first option whose flag the run's conversion does
 * not take, naming the option and what it does not go with.  Returns
 * false after writing it. */
static bool check_flags(struct run *r, const struct options *o)
{
    size_t i;
    char with[96];
    if (o->modes & MODE_DISPLAY)
        snprintf(with, sizeof with, "--display");
    else if (o->modes & MODE_EMAIL)
        snprintf(with, sizeof with, "--email");
    else if (o->profile == &register_profile)
        snprintf(with, sizeof with, "--register");
    else
        snprintf(with, sizeof with, "--profile=%s%s", o->profile->name,
                 (o->modes & MODE_UNICODE) ? " -u" : "");
    for (i = 0; i < opt_count; i++) {
        const struct opt_def *d = &opt_defs[i];
        if (d->action != ACT_FLAG || !(o->flags & d->bits) ||
            !flags_refused(r, o->profile->flags | d->bits))
            continue;
        if (d->short_name)
            usage_text("option --%s (-%c) does not go with %s", d->long_name, d->short_name,
                       with);
        else
            usage_text("option --%s does not go with %s", d->long_name, with);
        return false;
    }
    return true;
}

/* ---- --display-known ------------------------------------------------------ */

/* "xn: OPTION: PATH[:LINE][: NAME]: TEXT" on standard error, the path and
 * the name escaped (escape_text()): a file's bad line is shown safely, and
 * the option says which file it is. */
static void file_message(const char *option, const char *path, size_t line_no,
                         const char *name, size_t len, const char *text)
{
    fprintf(stderr, "xn: %s: ", option);
    put_escaped(stderr, path, strlen(path), ESC_TEXT, false);
    if (line_no)
        fprintf(stderr, ":%zu", line_no);
    if (name && len == 0) {
        fputs(": (empty name)", stderr);
    } else if (name) {
        fputs(": ", stderr);
        put_escaped(stderr, name, len, ESC_TEXT, true); /* read as UTF-8 */
    }
    fprintf(stderr, ": %s\n", text);
}

/* The set of --display-known=FILE: one domain a line; blank lines, lines
 * starting with '#', and trailing blanks are left out.  NULL, after a
 * message naming the file (and the line, and the rule it breaks), when it
 * cannot be made. */
static xn_known_set *load_known(const char *path)
{
    FILE *f = fopen(path, "r");
    struct line l = {NULL, 0};
    char **names = NULL;
    size_t n = 0, cap = 0, len = 0, line_no = 0, i;
    xn_known_set *set = NULL;
    int got = 0, status = XN_OK;
    bool ok = f != NULL;

    if (!f)
        file_message("--display-known", path, 0, NULL, 0, strerror(errno));
    while (ok && (got = read_line_upto(f, &l, &len, true)) > 0) {
        char *name;
        line_no++;
        while (len > 0 && (l.buf[len - 1] == ' ' || l.buf[len - 1] == '\t'))
            len--;
        if (len == 0 || l.buf[0] == '#')
            continue;
        if (len > NAME_CAP || memchr(l.buf, '\0', len)) {
            file_message("--display-known", path, line_no, NULL, 0,
                         len > NAME_CAP ? "line longer than 65536 bytes" : "the line holds a NUL");
            ok = false;
            break;
        }
        /* Each name on its own first, to say which line is wrong. */
        {
            char ascii[XN_DOMAIN_MAX];
            char codes[1024];
            char text[2 * sizeof codes + 256]; /* the codes twice, and the words */
            size_t alen = 0;
            xn_report rep = XN_REPORT_INIT;
            int rc = xn_to_ascii(l.buf, len, ascii, sizeof ascii, &alen, 0, &rep);
            if (rc != XN_OK) {
                if (rc == XN_E_INVALID_DOMAIN && rep.errors != 0)
                    snprintf(text, sizeof text, "%s: %s (UTS #46 ToASCII; xn --explain %s)",
                             xn_strerror(rc), status_text(rc, &rep, codes, sizeof codes),
                             codes);
                else
                    snprintf(text, sizeof text, "%s", xn_strerror(rc));
                file_message("--display-known", path, line_no, l.buf, len, text);
                ok = false;
                break;
            }
        }
        if (n == cap) {
            char **p = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names);
            if (!p) {
                errno = ENOMEM;
                got = -1;
                break;
            }
            names = p;
        }
        name = malloc(len + 1);
        if (!name) {
            errno = ENOMEM;
            got = -1;
            break;
        }
        memcpy(name, l.buf, len);
        name[len] = '\0';
        names[n++] = name;
    }
    if (ok && got < 0) {
        file_message("--display-known", path, 0, NULL, 0, strerror(errno));
        ok = false;
    }
    if (ok) {
        set = xn_known_set_new((const char *const *)names, n, &status);
        if (!set)
            file_message("--display-known", path, 0, NULL, 0, xn_strerror(status));
    }
    for (i = 0; i < n; i++)
        free(names[i]);
    free(names);
    free(l.buf);
    if (f)
        fclose(f);
    return set;
}

/* ---- main -------------------------------------------------------------- */

/* Whether the charset name cs is UTF-8's. */
static bool is_utf8(const char *cs)
{
    return (cs[0] | 0x20) == 'u' && (cs[1] | 0x20) == 't' && (cs[2] | 0x20) == 'f' &&
           ((cs[3] == '-' && cs[4] == '8' && cs[5] == '\0') || (cs[3] == '8' && cs[4] == '\0'));
}

int main(int argc, char **argv)
{
    /* static: standard error is flushed after main returns. */
    static char stderr_buf[STDERR_BUF];
    struct options o = {&profiles[0], 0, 0, NULL, NULL};
    xn_known_set *known = NULL;
    FILE **files = NULL;
    struct run r;
    int names = 0, rc, i;
    bool ok = true, locale_set = false;

    /* Buffered standard error.  Unbuffered (the default), a message went
     * out a character at a time (1 GB of failing names took 15 times
     * longer); line-buffered, one write() a failing name still made the
     * error path 7 times slower than --status on random bytes.  So the
     * messages are written in blocks, unless a person reads them (standard
     * error or standard output a terminal): then each goes out whole when
     * its line ends (a message is at most ECHO_MAX bytes of name, escaped
     * in ESC_BUF(ECHO_MAX) at most, plus its text: the buffer holds it).
     * Standard output is written in blocks too when it is no terminal, so
     * the order of the two streams in one file was never kept line by
     * line. */
    setvbuf(stderr, stderr_buf,
            isatty(STDERR_FILENO) == 1 || isatty(STDOUT_FILENO) == 1 ? _IOLBF : _IOFBF,
            sizeof stderr_buf);

    o.is_file = calloc((size_t)argc + 1, 1);
    if (!o.is_file) {
        fputs("xn: out of memory\n", stderr);
        return 2;
    }
    /* --locale: the locale is set before anything is written, so that a
     * usage error shows what was typed as text of its charset, and text
     * is written in that charset character by character (messages.h). */
    if (locale_requested(argc, argv)) {
        locale_set = setlocale(LC_ALL, "") != NULL;
        if (charset_available())
            output_in_locale(!is_utf8(charset_of_locale()));
    }
    rc = parse_args(argc, argv, &o, &names);
    if (rc != PARSE_RUN)
        goto out;
    rc = 2;
    if (o.modes & MODE_EXPLAIN) {
        rc = explain(names, argv);
        goto out;
    }
    if ((o.modes & MODE_UNICODE) && !o.profile->to_unicode) {
        usage_text("option --register checks names for registration: no -u");
        goto out;
    }
    if ((o.modes & MODE_LOCALE) && !charset_available()) {
        usage_text("option --locale is not in this build (-Dcli_locale, libunistring)");
        goto out;
    }
    if ((o.modes & MODE_JSON) && (o.modes & MODE_TSV)) {
        usage_text("options --json and --tsv do not go together");
        goto out;
    }
    if ((o.modes & MODE_DISPLAY) && (o.modes & MODE_EMAIL)) {
        usage_text("options --display and --email do not go together");
        goto out;
    }
    /* Both are built on UTS #46 ToASCII / ToUnicode. */
    if ((o.modes & (MODE_DISPLAY | MODE_EMAIL)) && o.profile->to_ascii != xn_to_ascii) {
        usage_text("option %s needs the uts46 or whatwg profile",
                    (o.modes & MODE_DISPLAY) ? "--display" : "--email");
        goto out;
    }
    /* Every file of -f opens before any name is converted: a wrong name is
     * a usage error with no output. */
    files = calloc((size_t)names + 1, sizeof *files);
    if (!files) {
        fputs("xn: out of memory\n", stderr);
        goto out;
    }
    for (i = 0; i < names; i++) {
        if (!o.is_file[i])
            continue;
        files[i] = strcmp(argv[i], "-") == 0 ? stdin : fopen(argv[i], "r");
        if (!files[i]) {
            fputs("xn: --file: ", stderr);
            put_escaped(stderr, argv[i], strlen(argv[i]), ESC_TEXT, false);
            fprintf(stderr, ": %s\n", strerror(errno));
            goto out;
        }
    }

    memset(&r, 0, sizeof r);
    r.display_report.size = sizeof r.display_report;
    r.to_unicode = (o.modes & MODE_UNICODE) != 0;
    r.convert = (o.modes & MODE_UNICODE) ? o.profile->to_unicode : o.profile->to_ascii;
    r.display = (o.modes & MODE_DISPLAY) != 0;
    /* --display-level's bits, dropped when -a came after it. */
    if (!r.display)
        o.flags &= ~(unsigned)XN_DISPLAY_LEVEL_MASK;
    r.flags = o.profile->flags | o.flags;
    r.status = (o.modes & MODE_STATUS) != 0;
    r.format = (o.modes & MODE_JSON) ? FMT_JSON : (o.modes & MODE_TSV) ? FMT_TSV
                                                 : r.status ? FMT_STATUS : FMT_PLAIN;
    r.email = (o.modes & MODE_EMAIL) != 0;
    r.flush_each = isatty(STDOUT_FILENO) == 1 || (o.modes & MODE_LINE_BUFFERED);
    if (!check_flags(&r, &o))
        goto out;
    r.root_dot_offered = !(r.flags & XN_ALLOW_ROOT_DOT) &&
                         !flags_refused(&r, r.flags | XN_ALLOW_ROOT_DOT);
    /* --display knows the popular domains; --display-known adds to them.
     * Under nontransitional processing it shows the deviation characters
     * (ß, ς, ZWJ, ZWNJ) as browsers do; -T maps them away instead. */
    if (r.display) {
        r.flags |= XN_DISPLAY_BUILTIN_KNOWN;
        if (!(r.flags & XN_TRANSITIONAL))
            r.flags |= XN_DISPLAY_ALLOW_DEVIATIONS;
    }
    if ((o.modes & MODE_DISPLAY) && o.known_file) {
        known = load_known(o.known_file);
        if (!known)
            goto out;
        r.known = known;
    }
    if (o.modes & MODE_LOCALE) {
        if (!locale_set && !(o.modes & MODE_STATUS))
            fputs("xn: warning: the locale of the environment is not available; "
                  "using the C locale\n",
                  stderr);
        r.charset = charset_of_locale();
    }

    if (names > 0) {
        for (i = 0; i < names && ok; i++) {
            size_t len = strlen(argv[i]);
            if (files[i])
                ok = process_stream(&r, files[i], files[i] == stdin ? "(standard input)"
                                                                  : argv[i]);
            else if (strcmp(argv[i], "-") == 0) /* standard input, as most tools read "-" */
                ok = process_stream(&r, stdin, NULL);
            else
                ok = process_name(&r, argv[i], len > NAME_CAP ? NAME_CAP + 1 : len);
        }
    } else {
        ok = process_stream(&r, stdin, NULL);
    }
    free(r.heap);

    if (ok && fflush(stdout) != 0)
        r.write_errno = errno ? errno : EIO;
    if (fclose(stdout) != 0 && r.write_errno == 0)
        r.write_errno = errno ? errno : EIO;
    if (r.write_errno) {
        fprintf(stderr, "xn: writing standard output: %s\n", strerror(r.write_errno));
        ok = false;
    }
    rc = !ok ? 2 : r.failed ? 1 : 0;
out:
    for (i = 0; files && i < names; i++)
        if (files[i] && files[i] != stdin)
            fclose(files[i]);
    free(files);
    xn_known_set_free(known);
    free(o.is_file);
    return rc;
}
