/*
 * The xn command's output lines (output.h).
 */
#include <stdint.h>
#include <string.h>

#include "messages.h"
#include "output.h"

/* ---- JSON ------------------------------------------------------------------ */

/* Whether s[0..n) is well-formed UTF-8 (a JSON string can hold it). */
static bool well_formed(const char *s, size_t n)
{
    size_t i = 0, k;
    uint32_t cp;
    while (i < n) {
        if ((unsigned char)s[i] < 0x80) {
            i++;
            continue;
        }
        k = utf8_char(s + i, n - i, &cp);
        if (!k)
            return false;
        i += k;
    }
    return true;
}

/* s[0..n), well-formed UTF-8, as a JSON string: '"' and '\\' escaped, and
 * as \uXXXX the characters escaped_cp() escapes at level (the controls,
 * the bidi controls, U+2028, U+2029; at ESC_TEXT every invisible
 * character), so that a line of output shows no control on a terminal and
 * splits nowhere; under --locale in another charset than UTF-8
 * (output_is_locale()), every non-ASCII character too, so that the line
 * is ASCII and no UTF-8 byte reaches the terminal as a character of its
 * charset.  Above U+FFFF as a surrogate pair. */
static void json_string(FILE *f, const char *s, size_t n, enum esc_level level)
{
    size_t i = 0, k;
    uint32_t cp;
    bool ascii = output_is_locale();
    putc('"', f);
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            cp = c;
            k = 1;
        } else {
            k = utf8_char(s + i, n - i, &cp);
        }
        if (cp == '"' || cp == '\\')
            fprintf(f, "\\%c", (char)cp);
        else if ((escaped_cp(cp, level) || (ascii && cp >= 0x80)) && cp > 0xFFFF)
            fprintf(f, "\\u%04X\\u%04X", (unsigned)(0xD800 + ((cp - 0x10000) >> 10)),
                    (unsigned)(0xDC00 + ((cp - 0x10000) & 0x3FF)));
        else if (escaped_cp(cp, level) || (ascii && cp >= 0x80))
            fprintf(f, "\\u%04X", (unsigned)cp);
        else
            fwrite(s + i, 1, k, f);
        i += k;
    }
    putc('"', f);
}

/* A text member: "key":"TEXT" when s is well-formed UTF-8 (and not
 * hex_only), else "key":null and "key_hex":"HEX" of every byte, so that
 * nothing is lost or replaced; "key":null alone when s is NULL. */
static void json_text(FILE *f, const char *key, const char *s, size_t n, bool hex_only,
                      enum esc_level level)
{
    size_t i;
    if (s && !hex_only && well_formed(s, n)) {
        fprintf(f, "\"%s\":", key);
        json_string(f, s, n, level);
        return;
    }
    fprintf(f, "\"%s\":null", key);
    if (!s)
        return;
    fprintf(f, ",\"%s_hex\":\"", key);
    for (i = 0; i < n; i++)
        fprintf(f, "%02x", (unsigned char)s[i]);
    putc('"', f);
}

/* The names of the bits of a mask as a JSON array, each from name(bit). */
static void json_names(FILE *f, uint64_t bits, const char *(*name)(unsigned))
{
    unsigned b;
    const char *sep = "";
    putc('[', f);
    for (b = 0; b < 64; b++)
        if (bits & ((uint64_t)1 << b)) {
            fprintf(f, "%s\"%s\"", sep, name(b));
            sep = ",";
        }
    putc(']', f);
}

static const char *error_name(unsigned bit)
{
    return xn_error_name((uint64_t)1 << bit);
}

static const char *unsafe_name(unsigned bit)
{
    static char buf[64];
    xn_unsafe_format((unsigned)1 << bit, buf, sizeof buf);
    return buf;
}

static void put_json(FILE *f, const struct record *rec)
{
    const xn_report *rep = rec->rep;
    size_t i;
    fprintf(f, "{\"ok\":%s,", rec->ok ? "true" : "false");
    /* The name in UTF-8; its bytes as given when it has no UTF-8 form
     * (--locale and not valid text in the locale's charset). */
    if (rec->text)
        json_text(f, "input", rec->text, rec->text_len, false, ESC_TEXT);
    else
        json_text(f, "input", rec->input, rec->input_len, true, ESC_TEXT);
    if (rec->input_truncated)
        fputs(",\"input_truncated\":true", f);
    putc(',', f);
    json_text(f, "output", rec->result, rec->result_len, false, rec->ok ? ESC_NAME : ESC_TEXT);
    fputs(",\"status\":", f);
    json_string(f, rec->status, strlen(rec->status), ESC_TEXT);
    fputs(",\"errors\":", f);
    json_names(f, rep ? rep->errors : 0, error_name);
    if (rep && rep->errors) {
        fprintf(f, ",\"label\":%zu,\"offset\":%zu,\"code_point\":", rep->label, rep->offset);
        if (rep->code_point != XN_NO_CODE_POINT)
            fprintf(f, "\"U+%04lX\"", (unsigned long)rep->code_point);
        else
            fputs("null", f);
    } else {
        fputs(",\"label\":null,\"offset\":null,\"code_point\":null", f);
    }
    if (rec->display) {
        const xn_display_report *d = rec->display;
        fputs(",\"reasons\":", f);
        json_names(f, d->unsafe, unsafe_name);
        fputs(",\"label_reasons\":[", f);
        for (i = 0; i < d->labels && i < XN_DISPLAY_LABELS_MAX; i++) {
            if (i)
                putc(',', f);
            json_names(f, d->label_unsafe[i], unsafe_name);
        }
        putc(']', f);
    }
    if (rec->smtputf8 >= 0)
        fprintf(f, ",\"smtputf8\":%s", rec->smtputf8 ? "true" : "false");
    putc('}', f);
}

/* ---- the line -------------------------------------------------------------- */

bool put_record(FILE *f, enum format fmt, const struct record *rec)
{
    if (fmt == FMT_JSON) {
        put_json(f, rec);
    } else {
        if (fmt == FMT_TSV) {
            put_escaped(f, rec->input, rec->input_len, ESC_TEXT, false);
            putc('\t', f);
        }
        if (fmt != FMT_PLAIN) {
            fputs(rec->status, f);
            putc('\t', f);
        }
        /* A name that converted is the library's text, exact; the result
         * of a failed one is escaped as text. */
        if (rec->result)
            put_escaped(f, rec->result, rec->result_len, rec->ok ? ESC_NAME : ESC_TEXT, true);
    }
    return putc('\n', f) != EOF && !ferror(f);
}
