/*
 * xn --explain (explain.c): what each rule code, status name and display
 * reason means, and where the standard says so, from the table that
 * tools/gen-explain.py makes of include/xn.h's lists.
 */
#ifndef XN_CLI_EXPLAIN_H
#define XN_CLI_EXPLAIN_H

/* Writes a line "CODE<TAB>MEANING<TAB>SECTION" for each of codes[0..n)
 * (any case; a status with or without XN_E_; several separated by commas,
 * as the --status column lists them), or for every entry when n is 0.
 * Returns the exit status: 0, 2 when a code is unknown (said on standard
 * error; the others are still explained) or standard output failed. */
int explain(int n, char **codes);

#endif
