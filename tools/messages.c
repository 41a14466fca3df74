/*
 * The xn command's messages on standard error (messages.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "invisible-table.h"
#include "messages.h"

/* Whether bytes >= 0x80 that are not raw_high text are shown as \xHH
 * each, never as the UTF-8 character they may spell: output in a charset
 * other than UTF-8 (escape_bytes_only()). */
static bool bytes_only;

void escape_bytes_only(bool on)
{
    bytes_only = on;
}

/* How escape_text() shows a byte that is not part of a UTF-8 sequence it
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

/* The code point of the well-formed UTF-8 sequence at p[0..n) (no overlong
 * form, surrogate or value above U+10FFFF) in *cp, and its length; 0 when
 * there is none. */
static size_t utf8_at(const unsigned char *p, size_t n, uint32_t *cp)
{
    unsigned char c = p[0];
    size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2, k;
    uint32_t v;
    if (c < 0xC2 || c > 0xF4 || n < need)
        return 0;
    v = (uint32_t)c & (0x7Fu >> need);
    for (k = 1; k < need; k++) {
        if ((p[k] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | ((uint32_t)p[k] & 0x3Fu);
    }
    if (v < (need == 2 ? 0x80u : need == 3 ? 0x800u : 0x10000u) || v > 0x10FFFF ||
        (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return need;
}

size_t utf8_char(const char *s, size_t n, uint32_t *cp)
{
    return n ? utf8_at((const unsigned char *)s, n, cp) : 0;
}

/* The characters that change how a line reads without being seen: the
 * format characters (General_Category Cf: the bidi controls, zero-width
 * characters, tags, U+FFF9..U+FFFB) and the line and paragraph separators
 * U+2028, U+2029 (Zl, Zp), from the table tools/gen-invisible.py makes. */
static bool invisible(uint32_t cp)
{
    size_t lo = 0, hi = sizeof invisible_ranges / sizeof invisible_ranges[0];
    if (cp < invisible_ranges[0][0])
        return false;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < invisible_ranges[mid][0])
            hi = mid;
        else if (cp > invisible_ranges[mid][1])
            lo = mid + 1;
        else
            return true;
    }
    return false;
}

bool unsafe_cp(uint32_t cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || invisible(cp);
}

bool text_safe(const char *utf8, size_t n)
{
    const unsigned char *p = (const unsigned char *)utf8;
    size_t i = 0;
    while (i < n) {
        uint32_t cp = p[i];
        size_t k = cp < 0x80 ? 1 : utf8_at(p + i, n - i, &cp);
        if (!k || (cp >= 0x80 && unsafe_cp(cp)))
            return false;
        i += k;
    }
    return true;
}

size_t escape_text(const char *s, size_t n, size_t max, bool raw_high, char *buf,
                   size_t *used)
{
    static const char hex[] = "0123456789ABCDEF";
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, o = 0, end = n < max ? n : max;
    if (!shown_len['a']) /* the first call (the program is one thread) */
        init_echo();
    while (i < end) {
        unsigned char c = p[i];
        unsigned char next = i + 1 < n ? p[i + 1] : 0;
        uint32_t cp;
        size_t len;
        if (raw_high && c >= 0x80) {
            buf[o++] = (char)c;
            i++;
            continue;
        }
        if (!bytes_only && ((unsigned)(c - 0xC2) <= 0xF4 - 0xC2) & ((next & 0xC0) == 0x80) &&
            (len = utf8_at(p + i, n - i, &cp)) != 0 && cp > 0x9F) {
            if (invisible(cp)) {
                /* \uXXXX, or \UXXXXXXXX above U+FFFF: at most 10 bytes
                 * for the 4 of the sequence. */
                int d = cp > 0xFFFF ? 8 : 4;
                buf[o++] = '\\';
                buf[o++] = cp > 0xFFFF ? 'U' : 'u';
                while (d-- > 0)
                    buf[o++] = hex[(cp >> (4 * d)) & 15];
            } else {
                memcpy(buf + o, p + i, len);
                o += len;
            }
            i += len;
            continue;
        }
        memcpy(buf + o, shown[c], 4); /* room for 4 is always there */
        o += shown_len[c];
        i++;
    }
    *used = i;
    return o;
}

void put_escaped(FILE *f, const char *s, size_t n, bool raw_high)
{
    char buf[4 * 256 + 12];
    size_t i = 0;
    while (i < n) {
        size_t used, o = escape_text(s + i, n - i, 256, raw_high, buf, &used);
        fwrite(buf, 1, o, f);
        i += used;
    }
}

/* Writes up to ECHO_MAX bytes of a name to standard error, escaped
 * (escape_text()), then "..." when there was more.  The text is made in a
 * buffer from a table and written at once: a failing name of random bytes
 * is mostly \xHH, and a call into stdio for each byte made the error path
 * many times slower than --status. */
static void echo_name(const char *s, size_t n, bool raw_high)
{
    /* Each byte shown in 4 at most (a sequence begun before ECHO_MAX may
     * end 3 bytes after it), then "...". */
    char buf[4 * ECHO_MAX + 12 + 3];
    size_t used, o = escape_text(s, n, ECHO_MAX, raw_high, buf, &used);
    if (used < n) {
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

/* Where the names come from (message_source()): NULL for the arguments
 * and standard input read without --file. */
static const char *source_path;
static size_t source_line;

void message_source(const char *path, size_t line)
{
    source_path = path;
    source_line = line;
}

void message_start(const char *name, size_t name_len, bool raw_high, size_t max)
{
    size_t path_len = source_path ? strlen(source_path) : 0;
    message_room(max + 4 * path_len + 32);
    fputs("xn: ", stderr);
    if (source_path) {
        put_escaped(stderr, source_path, path_len, false);
        fprintf(stderr, ":%zu: ", source_line);
    }
    if (name_len == 0)
        fputs("(empty name)", stderr);
    else
        echo_name(name, name_len, raw_high);
    fputs(": ", stderr);
}
