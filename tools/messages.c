/*
 * The xn command's messages on standard error (messages.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "messages.h"

/* How echo_name() shows a byte that is not part of a UTF-8 sequence it
 * passes: shown[c] holds the text, shown_len[c] its length.  Filled by
 * init_echo() before the first message. */
static char shown[256][4];
static unsigned char shown_len[256];

static void init_echo(void)
{
    static const char hex[] = "0123456789ABCDEF";
    unsigned c;
    for (c = 0; c < 256; c++) {
        if (c == '\\') {
            memcpy(shown[c], "\\\\", 2);
            shown_len[c] = 2;
        } else if (c >= 0x20 && c < 0x7F) {
            shown[c][0] = (char)c;
            shown_len[c] = 1;
        } else {
            shown[c][0] = '\\';
            shown[c][1] = 'x';
            shown[c][2] = hex[c >> 4];
            shown[c][3] = hex[c & 15];
            shown_len[c] = 4;
        }
    }
}

/* The length of the well-formed UTF-8 sequence at p[0..n) other than a C1
 * control (no overlong form, surrogate or value above U+10FFFF), or 0. */
static size_t utf8_shown(const unsigned char *p, size_t n)
{
    unsigned char c = p[0];
    size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2, k;
    uint32_t cp;
    if (c < 0xC2 || c > 0xF4 || n < need)
        return 0;
    cp = (uint32_t)c & (0x7Fu >> need);
    for (k = 1; k < need; k++) {
        if ((p[k] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | ((uint32_t)p[k] & 0x3Fu);
    }
    if (cp < (need == 2 ? 0x80u : need == 3 ? 0x800u : 0x10000u) || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp <= 0xDFFF) || cp <= 0x9F)
        return 0;
    return need;
}

/* Writes up to ECHO_MAX bytes of a name to standard error so that a
 * terminal shows them safely: printable ASCII as it is, a backslash
 * doubled, other ASCII and ill-formed bytes as \xHH.  Other bytes pass when
 * raw_high (the name is known to be text in the locale's charset); else
 * well-formed UTF-8 passes, except the C1 controls.  The text is made in a
 * buffer from a table and written at once: a failing name of random bytes
 * is mostly \xHH, and a call into stdio for each byte made the error path
 * many times slower than --status.  Only a lead byte followed by a
 * continuation byte (a few in a hundred random bytes) takes a branch of
 * its own: the others are one table copy each. */
static void echo_name(const char *s, size_t n, bool raw_high)
{
    /* Each byte shown in 4 at most, then "...". */
    char buf[4 * ECHO_MAX + 3];
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, o = 0, end = n < ECHO_MAX ? n : ECHO_MAX;
    if (!shown_len['a']) /* the first message (the program is one thread) */
        init_echo();
    while (i < end) {
        unsigned char c = p[i];
        unsigned char next = i + 1 < n ? p[i + 1] : 0;
        size_t len;
        if (raw_high && c >= 0x80) {
            buf[o++] = (char)c;
            i++;
            continue;
        }
        if (((unsigned)(c - 0xC2) <= 0xF4 - 0xC2) & ((next & 0xC0) == 0x80) &&
            (len = utf8_shown(p + i, n - i)) != 0) {
            memcpy(buf + o, p + i, len);
            o += len;
            i += len;
            continue;
        }
        memcpy(buf + o, shown[c], 4); /* room for 4 is always there */
        o += shown_len[c];
        i++;
    }
    if (i < n) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    fwrite(buf, 1, o, stderr);
}

/* Keeps each message whole in one write(2) although standard error is
 * written in blocks: a message is started only when the buffer surely has
 * room for all of it (max bytes), else the buffer is written first.  So
 * every write ends at the end of a line, as with line buffering, and
 * messages of other programs writing to the same file never land inside
 * one of ours. */
static void message_room(size_t max)
{
    static size_t buffered; /* the most the buffer holds since the last write */
    if (buffered + max > STDERR_BUF) {
        fflush(stderr);
        buffered = 0;
    }
    buffered += max;
}

void message_start(const char *name, size_t name_len, bool raw_high, size_t max)
{
    message_room(max);
    fputs("xn: ", stderr);
    echo_name(name, name_len, raw_high);
    fputs(": ", stderr);
}
