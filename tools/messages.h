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

/* The buffer of standard error: more than one message (ESC_BUF(ECHO_MAX)
 * bytes of name and its text), and blocks large enough that a stream of failing
 * names costs few write() calls. */
#define STDERR_BUF 65536

/* What escape_text() escapes besides '\' (written "\\"):
 *   ESC_NAME: a name that converted, exact but for what no valid name holds
 *     (a control only --no-std3 lets through): C0, DEL and C1 controls,
 *     the bidi controls, U+2028, U+2029;
 *   ESC_TEXT: text as given and names that failed: also every other
 *     invisible character (General_Category Cf, such as ZWJ, ZWNJ and the
 *     tags, and Zl, Zp). */
enum esc_level { ESC_NAME, ESC_TEXT };

/* Whether escape_text() escapes the character cp at level. */
bool escaped_cp(uint32_t cp, enum esc_level level);

/* The most escape_text() writes for max bytes of text: 6 bytes for each
 * (a one-byte character escaped as \uXXXX), the longest character begun
 * before max (MB_LEN_MAX bytes at most) included. */
#define ESC_BUF(max) (6 * ((max) + 16) + 16)

/* The one escaping of text that xn writes to a terminal or a column:
 * character by character, never byte by byte, in the charset the output
 * is written in.  An ASCII byte as it is, but a C0 control or DEL as \xHH
 * and '\' as "\\"; a byte of no character (ill-formed text) as \xHH; a
 * character of the level's set (enum esc_level) as \uXXXX or \UXXXXXXXX
 * (its code point); any other character as it is.  utf8_in: s is UTF-8
 * (the library's results); else s is text as the user gave it, in the
 * locale's charset under --locale.  After output_in_locale(true), text is
 * written in the locale's charset: a UTF-8 character the charset lacks
 * is escaped, and so is a character the charset writes as one byte of
 * 0x80..0x9F (a C1 control to an 8-bit terminal) or as 0x5C other than
 * '\'; a multibyte character is written whole, so a trail byte 0x5C of
 * GB18030, Big5 or Shift_JIS is never doubled.  Starts no character at or
 * after max bytes of s[0..n): writes at most ESC_BUF(max) bytes to buf,
 * sets *used to the bytes of s taken and returns the bytes written. */
size_t escape_text(const char *s, size_t n, size_t max, enum esc_level level, bool utf8_in,
                   char *buf, size_t *used);

/* on: write text in the charset of the C library's locale, set by
 * setlocale() (--locale in a charset other than UTF-8), not in UTF-8. */
void output_in_locale(bool on);

/* Whether output_in_locale(true) was called. */
bool output_is_locale(void);

/* The code point of the well-formed UTF-8 sequence of two to four bytes
 * at s[0..n) in *cp, and its length; 0 when there is none. */
size_t utf8_char(const char *s, size_t n, uint32_t *cp);

/* All of s[0..n), escaped as escape_text() does, to f. */
void put_escaped(FILE *f, const char *s, size_t n, enum esc_level level, bool utf8_in);

/* The file and line the next names come from (--file), shown before the
 * name in messages; path NULL: the arguments or standard input. */
void message_source(const char *path, size_t line);

/* "xn: [FILE:LINE: ]NAME: ", at the start of a message of at most max
 * bytes (besides the file's name), the name as given echoed (ESC_TEXT; in
 * the locale's charset under --locale), "(empty name)" for an empty one. */
void message_start(const char *name, size_t name_len, size_t max);

#endif
