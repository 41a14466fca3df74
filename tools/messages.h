/*
 * The xn command's messages on standard error (messages.c): a name echoed
 * so that a terminal shows it safely, each message kept whole in one
 * write(2).
 */
#ifndef XN_CLI_MESSAGES_H
#define XN_CLI_MESSAGES_H

#include <stdbool.h>
#include <stddef.h>

/* How many input bytes a message on standard error echoes. */
#define ECHO_MAX 200

/* The buffer of standard error: more than one message (4 * ECHO_MAX bytes
 * of name and its text), and blocks large enough that a stream of failing
 * names costs few write() calls. */
#define STDERR_BUF 65536

/* "xn: NAME: ", at the start of a message of at most max bytes, the name
 * echoed (raw_high: bytes >= 0x80 are text in the locale's charset). */
void message_start(const char *name, size_t name_len, bool raw_high, size_t max);

#endif
