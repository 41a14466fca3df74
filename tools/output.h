/*
 * The xn command's output lines (output.c): the converted name alone, or
 * with --status, --tsv and --json the record of every name, each on one
 * line that can be read back without loss.
 */
#ifndef XN_CLI_OUTPUT_H
#define XN_CLI_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "xn.h"

enum format {
    FMT_PLAIN,  /* the result */
    FMT_STATUS, /* --status: STATUS<TAB>RESULT */
    FMT_TSV,    /* --tsv: INPUT<TAB>STATUS<TAB>RESULT */
    FMT_JSON,   /* --json: one JSON object (JSON Lines) */
};

/* What is known of one name when its line is written. */
struct record {
    const char *input; /* the name as given (at most the first NAME_CAP bytes), in
                          the locale's charset under --locale */
    size_t input_len;
    bool input_truncated; /* the line was longer than what input holds */
    const char *text;     /* the name in UTF-8 (--locale: converted), NULL when unknown */
    size_t text_len;
    const char *status;   /* the status column: OK, the rule codes, a status name */
    const xn_report *rep; /* the library's report, NULL when it was not called */
    const char *result;   /* the result shown (UTF-8), NULL when none */
    size_t result_len;
    const xn_display_report *display; /* --display, else NULL */
    int smtputf8;                     /* --email: 0 or 1; else -1 */
    bool ok; /* the name converted: alone, it would make the exit status 0 */
};

/* Writes the line of rec in the format, with its '\n'.  Returns false when
 * writing failed (ferror(f) set or errno). */
bool put_record(FILE *f, enum format fmt, const struct record *rec);

#endif
