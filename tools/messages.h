/*
 * The xn command's messages on standard error (messages.c): a name echoed
 * so that a terminal shows it safely, each message kept whole in one
 * write(2).
 */
#ifndef XN_CLI_MESSAGES_H
#define XN_CLI_MESSAGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* How many input bytes a message on standard error echoes. */
#define ECHO_MAX 200

/* The buffer of standard error: more than one message (4 * ECHO_MAX bytes
 * of name and its text), and blocks large enough that a stream of failing
 * names costs few write() calls. */
#define STDERR_BUF 65536

/* The one escaping of untrusted text that xn writes to standard error
 * (and to the result and input columns of --status and --tsv): printable
 * ASCII as it is, a backslash doubled, C0 controls, DEL and bytes of no
 * well-formed UTF-8 sequence (C1 controls, U+0080..U+009F, included) as
 * \xHH for each byte, the invisible characters (General_Category Cf, the
 * bidi controls among them, and U+2028, U+2029) as \uXXXX or \UXXXXXXXX,
 * other well-formed UTF-8 as it is.  With raw_high, bytes >= 0x80 pass
 * (text in the locale's charset that text_safe() found safe in its UTF-8
 * form); after escape_bytes_only(true), other bytes >= 0x80 are \xHH each.
 * Starts no character at or after max bytes of s[0..n): writes at most
 * 4 * max + 12 bytes to buf, sets *used to the bytes of s taken and
 * returns the bytes written. */
size_t escape_text(const char *s, size_t n, size_t max, bool raw_high, char *buf,
                   size_t *used);

/* on: the output's charset is not UTF-8, so bytes >= 0x80 are never
 * shown as the UTF-8 they may spell (Latin-1's 0xC3 0x9B would reach an
 * 8-bit terminal as a C1 CSI); only raw_high text passes. */
void escape_bytes_only(bool on);

/* The code point of the well-formed UTF-8 sequence of two to four bytes
 * at s[0..n) in *cp, and its length; 0 when there is none. */
size_t utf8_char(const char *s, size_t n, uint32_t *cp);

/* All of s[0..n), escaped as escape_text() does, to f. */
void put_escaped(FILE *f, const char *s, size_t n, bool raw_high);

/* A code point a terminal must not get as it is: C0, DEL, C1, a format
 * character (Cf, the bidi controls included), U+2028, U+2029. */
bool unsafe_cp(uint32_t cp);

/* Whether the UTF-8 text s[0..n) is well-formed and holds no C1 control or
 * invisible character (ASCII is escaped alike in every charset): its form in the
 * locale's charset may then be shown with raw_high. */
bool text_safe(const char *utf8, size_t n);

/* The file and line the next names come from (--file), shown before the
 * name in messages; path NULL: the arguments or standard input. */
void message_source(const char *path, size_t line);

/* "xn: [FILE:LINE: ]NAME: ", at the start of a message of at most max
 * bytes (besides the file's name), the name echoed (raw_high: bytes >=
 * 0x80 are text in the locale's charset), "(empty name)" for an empty
 * one. */
void message_start(const char *name, size_t name_len, bool raw_high, size_t max);

#endif
