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
 * (and to the result column of --status): printable ASCII as it is, a
 * backslash doubled, C0 controls, DEL and bytes of no well-formed UTF-8
 * sequence (C1 controls, U+0080..U+009F, included) as \xHH for each byte,
 * the bidi controls (U+061C, U+200E, U+200F, U+202A..U+202E,
 * U+2066..U+2069) as \uXXXX, other well-formed UTF-8 as it is.  With
 * raw_high, bytes >= 0x80 pass (text in the locale's charset that
 * text_safe() found safe in its UTF-8 form).  Starts no character at or
 * after max bytes of s[0..n): writes at most 4 * max + 12 bytes to buf,
 * sets *used to the bytes of s taken and returns the bytes written. */
size_t escape_text(const char *s, size_t n, size_t max, bool raw_high, char *buf,
                   size_t *used);

/* The code point of the well-formed UTF-8 sequence of two to four bytes
 * at s[0..n) in *cp, and its length; 0 when there is none. */
size_t utf8_char(const char *s, size_t n, uint32_t *cp);

/* All of s[0..n), escaped as escape_text() does, to f. */
void put_escaped(FILE *f, const char *s, size_t n, bool raw_high);

/* A code point a terminal must not get as it is: C0, DEL, C1, a bidi
 * control. */
bool unsafe_cp(uint32_t cp);

/* Whether the UTF-8 text s[0..n) is well-formed and holds no C1 or bidi
 * control (ASCII is escaped alike in every charset): its form in the
 * locale's charset may then be shown with raw_high. */
bool text_safe(const char *utf8, size_t n);

/* "xn: NAME: ", at the start of a message of at most max bytes, the name
 * echoed (raw_high: bytes >= 0x80 are text in the locale's charset). */
void message_start(const char *name, size_t name_len, bool raw_high, size_t max);

#endif
