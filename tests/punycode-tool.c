/*
 * A line-oriented front end to the public Punycode API, for
 * tests/punycode_diff.py.  One output line for every input line:
 *
 *   E <hex> <hex> ...   the code points' encoding, with every byte outside
 *                       0x21-0x7E (and the backslash) written as \xHH;
 *   D <punycode>        the bytes after "D " up to the newline, decoded:
 *                       code points in upper-case hex, space-separated;
 *
 * or "ERR <status name>" when the call fails ("ERR parse" for a line that is
 * neither).  Uses nothing but include/xn.h and the shared library.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xn.h"

/* More than XN_LABEL_LIMIT, so that the limit itself is tested. */
#define MAX_CPS (4 * XN_LABEL_LIMIT)
#define MAX_LINE (16 * MAX_CPS)

static void encode_line(const char *s, size_t n)
{
    static uint32_t cps[MAX_CPS];
    static char out[16 * MAX_CPS];
    size_t count = 0, len, i = 0;
    int rc;

    while (i < n) {
        uint32_t v = 0;
        size_t digits = 0;
        while (i < n && s[i] == ' ')
            i++;
        if (i == n)
            break;
        for (; i < n && s[i] != ' '; i++, digits++) {
            int c = (unsigned char)s[i];
            int d = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
            if (d < 0 || digits == 8 || count == MAX_CPS) {
                puts("ERR parse");
                return;
            }
            v = v * 16 + (uint32_t)d;
        }
        cps[count++] = v;
    }
    rc = xn_punycode_encode(cps, count, NULL, out, sizeof out, &len);
    if (rc != XN_OK) {
        printf("ERR %s\n", xn_strerror_name(rc));
        return;
    }
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)out[i];
        if (c > 0x20 && c < 0x7F && c != '\\')
            putchar(c);
        else
            printf("\\x%02X", (unsigned)c);
    }
    putchar('\n');
}

static void decode_line(const char *s, size_t n)
{
    static uint32_t out[MAX_LINE];
    size_t len, i;
    int rc = xn_punycode_decode(s, n, out, MAX_LINE, &len, NULL);
    if (rc != XN_OK) {
        printf("ERR %s\n", xn_strerror_name(rc));
        return;
    }
    for (i = 0; i < len; i++)
        printf(i ? " %" PRIX32 : "%" PRIX32, out[i]);
    putchar('\n');
}

int main(void)
{
    static char line[MAX_LINE];
    int c = 0;

    while (c != EOF) {
        size_t n = 0;
        while ((c = getchar()) != EOF && c != '\n') {
            if (n == sizeof line) {
                fprintf(stderr, "punycode-tool: line too long\n");
                return 2;
            }
            line[n++] = (char)c;
        }
        if (n == 0 && c == EOF)
            break;
        if (n >= 1 && line[0] == 'E' && (n == 1 || line[1] == ' '))
            encode_line(line + 1, n - 1);
        else if (n >= 2 && line[0] == 'D' && line[1] == ' ')
            decode_line(line + 2, n - 2);
        else
            puts("ERR parse");
    }
    return fflush(stdout) == 0 ? 0 : 2;
}
