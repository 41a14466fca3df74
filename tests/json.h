/*
 * A small strict JSON reader (RFC 8259) for the test data: the WPT and
 * rust-url files.  One reader for every test program, so that a file is
 * judged by the same rules wherever it is read.
 *
 *   test_json_parse(data, len, &root, &err)  the whole of data[0..len) as one
 *                                  value; false (root freed, err->line and
 *                                  err->msg set) when it is not JSON
 *   test_json_get(obj, key)        an object's member, or NULL
 *   test_json_free(&v)             frees a value and everything in it
 *
 * Strings are kept as UTF-8 in a test_buf.  Raw bytes in a string must be
 * well-formed UTF-8; a \u escape of a lone surrogate (which UTF-8 cannot
 * carry) is kept in generalized UTF-8 (ED A0..BF xx) and sets the string's
 * surrogate flag; an escaped high surrogate followed by an escaped low one
 * is one code point.  Numbers keep their literal text.
 */
#ifndef XN_TEST_JSON_H
#define XN_TEST_JSON_H

#include "testdata.h"

enum {
    TEST_JSON_NULL,
    TEST_JSON_FALSE,
    TEST_JSON_TRUE,
    TEST_JSON_NUMBER,
    TEST_JSON_STRING,
    TEST_JSON_ARRAY,
    TEST_JSON_OBJECT
};

typedef struct test_json {
    int type;
    unsigned line;            /* where the value starts, from 1 */
    test_buf text;            /* TEST_JSON_STRING: the string; _NUMBER: its literal */
    struct test_json *items;  /* TEST_JSON_ARRAY: elements; _OBJECT: values */
    test_buf *keys;           /* TEST_JSON_OBJECT: keys, parallel to items */
    size_t n;
} test_json;

typedef struct test_json_error {
    unsigned line;
    const char *msg;
} test_json_error;

typedef struct test_json_parser {
    const char *p, *end;
    unsigned line;
    const char *err;
} test_json_parser;

static inline void test_json_free(test_json *v)
{
    size_t i;
    for (i = 0; i < v->n; i++) {
        test_json_free(&v->items[i]);
        if (v->keys)
            test_buf_free(&v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    test_buf_free(&v->text);
    memset(v, 0, sizeof *v);
}

static inline void test_json_ws_(test_json_parser *j)
{
    while (j->p < j->end &&
           (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')) {
        if (*j->p == '\n')
            j->line++;
        j->p++;
    }
}

static inline bool test_json_fail_(test_json_parser *j, const char *msg)
{
    if (!j->err)
        j->err = msg;
    return false;
}

static inline bool test_json_hex4_(test_json_parser *j, uint32_t *v)
{
    if (j->end - j->p < 4 || !test_read_hex(&j->p, j->p + 4, 4, 4, v))
        return test_json_fail_(j, "bad \\u escape");
    return true;
}

static inline bool test_json_string_(test_json_parser *j, test_buf *out)
{
    memset(out, 0, sizeof *out);
    test_buf_put(out, "", 0);
    j->p++; /* the opening quote */
    for (;;) {
        unsigned char c;
        if (j->p >= j->end)
            return test_json_fail_(j, "unterminated string");
        c = (unsigned char)*j->p;
        if (c == '"') {
            j->p++;
            return true;
        }
        if (c < 0x20)
            return test_json_fail_(j, "control character in string");
        if (c >= 0x80) {
            uint32_t cp;
            size_t k = test_utf8_get((const unsigned char *)j->p, (size_t)(j->end - j->p), &cp,
                                     false);
            if (!k)
                return test_json_fail_(j, "ill-formed UTF-8 in string");
            test_buf_put(out, j->p, k);
            j->p += k;
            continue;
        }
        if (c != '\\') {
            test_buf_put(out, j->p, 1);
            j->p++;
            continue;
        }
        if (++j->p >= j->end)
            return test_json_fail_(j, "unterminated escape");
        c = (unsigned char)*j->p++;
        switch (c) {
        case '"': case '\\': case '/':
            test_buf_put(out, &c, 1);
            break;
        case 'b': test_buf_put(out, "\b", 1); break;
        case 'f': test_buf_put(out, "\f", 1); break;
        case 'n': test_buf_put(out, "\n", 1); break;
        case 'r': test_buf_put(out, "\r", 1); break;
        case 't': test_buf_put(out, "\t", 1); break;
        case 'u': {
            uint32_t cp, lo;
            if (!test_json_hex4_(j, &cp))
                return false;
            if (cp >= 0xD800 && cp <= 0xDBFF && j->end - j->p >= 6 && j->p[0] == '\\' &&
                j->p[1] == 'u') {
                const char *save = j->p;
                j->p += 2;
                if (!test_json_hex4_(j, &lo))
                    return false;
                if (lo >= 0xDC00 && lo <= 0xDFFF)
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                else
                    j->p = save; /* a lone high surrogate, then another escape */
            }
            test_buf_cp(out, cp); /* a lone surrogate sets out->surrogate */
            break;
        }
        default:
            return test_json_fail_(j, "bad escape");
        }
    }
}

static inline bool test_json_digits_(test_json_parser *j)
{
    const char *s = j->p;
    while (j->p < j->end && *j->p >= '0' && *j->p <= '9')
        j->p++;
    return j->p > s;
}

static inline bool test_json_value_(test_json_parser *j, test_json *v, int depth)
{
    const char *start;
    memset(v, 0, sizeof *v);
    test_json_ws_(j);
    v->line = j->line;
    if (j->p >= j->end)
        return test_json_fail_(j, "unexpected end of input");
    if (depth > 64)
        return test_json_fail_(j, "nesting too deep");
    start = j->p;
    switch (*j->p) {
    case '"':
        v->type = TEST_JSON_STRING;
        return test_json_string_(j, &v->text);
    case 'n': case 't': case 'f': {
        static const char *const words[] = {"null", "true", "false"};
        static const int types[] = {TEST_JSON_NULL, TEST_JSON_TRUE, TEST_JSON_FALSE};
        int k;
        for (k = 0; k < 3; k++) {
            size_t wl = strlen(words[k]);
            if ((size_t)(j->end - j->p) >= wl && memcmp(j->p, words[k], wl) == 0) {
                j->p += wl;
                v->type = types[k];
                return true;
            }
        }
        return test_json_fail_(j, "bad literal");
    }
    case '[': case '{': {
        bool obj = *j->p == '{';
        char close = obj ? '}' : ']';
        size_t cap = 0;
        v->type = obj ? TEST_JSON_OBJECT : TEST_JSON_ARRAY;
        j->p++;
        test_json_ws_(j);
        if (j->p < j->end && *j->p == close) {
            j->p++;
            return true;
        }
        for (;;) {
            if (v->n == cap) {
                cap = cap ? cap * 2 : 8;
                v->items = (test_json *)test_xrealloc(v->items, cap * sizeof *v->items);
                if (obj)
                    v->keys = (test_buf *)test_xrealloc(v->keys, cap * sizeof *v->keys);
            }
            if (obj) {
                test_json_ws_(j);
                if (j->p >= j->end || *j->p != '"')
                    return test_json_fail_(j, "object key expected");
                if (!test_json_string_(j, &v->keys[v->n])) {
                    test_buf_free(&v->keys[v->n]);
                    return false;
                }
                test_json_ws_(j);
                if (j->p >= j->end || *j->p != ':') {
                    test_buf_free(&v->keys[v->n]);
                    return test_json_fail_(j, "':' expected");
                }
                j->p++;
            }
            if (!test_json_value_(j, &v->items[v->n], depth + 1)) {
                test_json_free(&v->items[v->n]);
                if (obj)
                    test_buf_free(&v->keys[v->n]);
                return false;
            }
            v->n++;
            test_json_ws_(j);
            if (j->p < j->end && *j->p == ',') {
                j->p++;
                continue;
            }
            if (j->p < j->end && *j->p == close) {
                j->p++;
                return true;
            }
            return test_json_fail_(j, "',' or closing bracket expected");
        }
    }
    default:
        /* -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
        v->type = TEST_JSON_NUMBER;
        if (*j->p == '-')
            j->p++;
        if (j->p < j->end && *j->p == '0')
            j->p++;
        else if (j->p >= j->end || *j->p < '1' || *j->p > '9' || !test_json_digits_(j))
            return test_json_fail_(j, "unexpected character");
        if (j->p < j->end && *j->p == '.') {
            j->p++;
            if (!test_json_digits_(j))
                return test_json_fail_(j, "digits expected after '.'");
        }
        if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
            j->p++;
            if (j->p < j->end && (*j->p == '+' || *j->p == '-'))
                j->p++;
            if (!test_json_digits_(j))
                return test_json_fail_(j, "digits expected in exponent");
        }
        test_buf_put(&v->text, start, (size_t)(j->p - start));
        return true;
    }
}

/* Parses data[0..len) whole, as one value with nothing after it but blanks.
 * On failure root is freed (left empty) and *err says where and why. */
static inline bool test_json_parse(const char *data, size_t len, test_json *root,
                                   test_json_error *err)
{
    test_json_parser j;
    j.p = data;
    j.end = data + len;
    j.line = 1;
    j.err = NULL;
    if (test_json_value_(&j, root, 0)) {
        test_json_ws_(&j);
        if (j.p == j.end)
            return true;
        test_json_fail_(&j, "content after the value");
    }
    err->line = j.line;
    err->msg = j.err;
    test_json_free(root);
    return false;
}

/* The value of obj's member key (the first, if repeated); NULL when obj is
 * no object or has no such member. */
static inline const test_json *test_json_get(const test_json *obj, const char *key)
{
    size_t i, n = strlen(key);
    if (obj->type != TEST_JSON_OBJECT)
        return NULL;
    for (i = 0; i < obj->n; i++)
        if (obj->keys[i].n == n && memcmp(obj->keys[i].s, key, n) == 0)
            return &obj->items[i];
    return NULL;
}

#endif
