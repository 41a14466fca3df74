/*
 * The xn command's messages on standard error (messages.h).
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "invisible-table.h"
#include "messages.h"

/* Whether text is written in the charset of the C library's locale (set
 * by setlocale()) rather than in UTF-8: --locale in another charset
 * (output_in_locale()). */
static bool in_locale;

void output_in_locale(bool on)
{
    in_locale = on;
}

bool output_is_locale(void)
{
    return in_locale;
}

/* How escape_text() shows an ASCII byte, or a byte of no character:
 * shown[c] holds the text, shown_len[c] its length.  Filled by
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

/* Whether cp is in one of the sorted ranges r[0..n). */
static bool in_ranges(uint32_t cp, const uint32_t (*r)[2], size_t n)
{
    size_t lo = 0, hi = n;
    if (cp < r[0][0])
        return false;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < r[mid][0])
            hi = mid;
        else if (cp > r[mid][1])
            lo = mid + 1;
        else
            return true;
    }
    return false;
}

/* The characters that change how a line reads without being seen: the
 * format characters (General_Category Cf: the bidi controls, zero-width
 * characters, tags, U+FFF9..U+FFFB) and the line and paragraph separators
 * U+2028, U+2029 (Zl, Zp), from the table tools/gen-invisible.py makes. */
static bool invisible(uint32_t cp)
{
    return in_ranges(cp, invisible_ranges, sizeof invisible_ranges / sizeof invisible_ranges[0]);
}

/* The bidi controls (Bidi_Control of PropList.txt, the same table's file). */
static bool bidi_control(uint32_t cp)
{
    return in_ranges(cp, bidi_control_ranges,
                     sizeof bidi_control_ranges / sizeof bidi_control_ranges[0]);
}

bool escaped_cp(uint32_t cp, enum esc_level level)
{
    if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029)
        return true;
    return level == ESC_NAME ? bidi_control(cp) : invisible(cp);
}

/* The escape of one character: \xHH for ASCII, \uXXXX, or \UXXXXXXXX
 * above U+FFFF, at buf; its length (at most 10). */
static size_t escape_cp(uint32_t cp, char *buf)
{
    static const char hex[] = "0123456789ABCDEF";
    int d = cp < 0x80 ? 2 : cp > 0xFFFF ? 8 : 4;
    size_t o = 0;
    buf[o++] = '\\';
    buf[o++] = cp < 0x80 ? 'x' : cp > 0xFFFF ? 'U' : 'u';
    while (d-- > 0)
        buf[o++] = hex[(cp >> (4 * d)) & 15];
    return o;
}

#if defined(__STDC_ISO_10646__)
/* wchar_t holds code points: the C library converts the locale's charset
 * character by character (mbrtowc(), wcrtomb()). */
#define LOCALE_CHARS 1
#else
#define LOCALE_CHARS 0
#endif

/* Whether a character that the locale's charset writes as the k bytes b
 * must be escaped there although it is safe text: a single byte 0x80..0x9F
 * (a C1 control to a terminal that reads 8-bit controls, whatever the
 * charset makes of it: KOI8-R, CP1251), or the byte 0x5C for another
 * character than '\' (Shift_JIS's YEN SIGN), which would read as the start
 * of an escape. */
static bool locale_bytes_unsafe(const unsigned char *b, size_t k, uint32_t cp)
{
    return k == 1 && ((b[0] >= 0x80 && b[0] <= 0x9F) || (b[0] == 0x5C && cp != 0x5C));
}

size_t escape_text(const char *s, size_t n, size_t max, enum esc_level level, bool utf8_in,
                   char *buf, size_t *used)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, o = 0, end = n < max ? n : max;
    bool locale_in = in_locale && !utf8_in;
#if LOCALE_CHARS
    mbstate_t in_state, out_state;
    memset(&in_state, 0, sizeof in_state);
    memset(&out_state, 0, sizeof out_state);
#endif
    if (!shown_len['a']) /* the first call (the program is one thread) */
        init_echo();
    while (i < end) {
        unsigned char c = p[i];
        uint32_t cp;
        size_t len;
        if (c < 0x80) {
            /* An ASCII byte at a character's start is that character in
             * every charset a locale has: \xHH, '\\' doubled, or itself. */
            memcpy(buf + o, shown[c], 4); /* room for 4 is always there */
            o += shown_len[c];
            i++;
            continue;
        }
        if (locale_in) {
#if LOCALE_CHARS
            wchar_t wc;
            len = mbrtowc(&wc, s + i, n - i, &in_state);
            if (len == (size_t)-1 || len == (size_t)-2 || len == 0) {
                memset(&in_state, 0, sizeof in_state);
                len = 0;
            } else {
                cp = (uint32_t)wc;
            }
#else
            len = 0; /* no way to know the characters: every byte \xHH */
#endif
            if (len == 0) {
                memcpy(buf + o, shown[c], 4);
                o += shown_len[c];
                i++;
            } else if (escaped_cp(cp, level) || locale_bytes_unsafe(p + i, len, cp)) {
                o += escape_cp(cp, buf + o);
                i += len;
            } else {
                memcpy(buf + o, p + i, len);
                o += len;
                i += len;
            }
            continue;
        }
        len = ((unsigned)(c - 0xC2) <= 0xF4 - 0xC2) ? utf8_at(p + i, n - i, &cp) : 0;
        if (len == 0) { /* a byte of no well-formed sequence */
            memcpy(buf + o, shown[c], 4);
            o += shown_len[c];
            i++;
        } else if (escaped_cp(cp, level)) {
            o += escape_cp(cp, buf + o);
            i += len;
        } else if (!in_locale) {
            memcpy(buf + o, p + i, len);
            o += len;
            i += len;
        } else {
#if LOCALE_CHARS
            /* UTF-8 text written in the locale's charset, a character at
             * a time; one the charset lacks is escaped. */
            char mb[MB_LEN_MAX];
            size_t k = wcrtomb(mb, (wchar_t)cp, &out_state);
            if (k == (size_t)-1 || k == 0 || locale_bytes_unsafe((unsigned char *)mb, k, cp)) {
                memset(&out_state, 0, sizeof out_state);
                o += escape_cp(cp, buf + o);
            } else {
                memcpy(buf + o, mb, k);
                o += k;
            }
#else
            o += escape_cp(cp, buf + o);
#endif
            i += len;
        }
    }
    *used = i;
    return o;
}

void put_escaped(FILE *f, const char *s, size_t n, enum esc_level level, bool utf8_in)
{
    char buf[ESC_BUF(256)];
    size_t i = 0;
    while (i < n) {
        size_t used, o = escape_text(s + i, n - i, 256, level, utf8_in, buf, &used);
        fwrite(buf, 1, o, f);
        i += used;
    }
}

/* Writes up to ECHO_MAX bytes of a name to standard error, escaped
 * (escape_text()), then "..." when there was more.  The text is made in a
 * buffer from a table and written at once: a failing name of random bytes
 * is mostly \xHH, and a call into stdio for each byte made the error path
 * many times slower than --status. */
static void echo_name(const char *s, size_t n)
{
    char buf[ESC_BUF(ECHO_MAX) + 3]; /* and "..." */
    size_t used, o = escape_text(s, n, ECHO_MAX, ESC_TEXT, false, buf, &used);
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

void message_start(const char *name, size_t name_len, size_t max)
{
    size_t path_len = source_path ? strlen(source_path) : 0;
    message_room(max + ESC_BUF(path_len) + 32);
    fputs("xn: ", stderr);
    if (source_path) {
        put_escaped(stderr, source_path, path_len, ESC_TEXT, false);
        fprintf(stderr, ":%zu: ", source_line);
    }
    if (name_len == 0)
        fputs("(empty name)", stderr);
    else
        echo_name(name, name_len);
    fputs(": ", stderr);
}
