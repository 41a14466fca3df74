/*
 * ToUnicode as libidn2 does it, the UTF-32 forms of both directions, the
 * Punycode codec libidn2 exports, and whether text is ASCII.  Under
 * locale.c, which calls down into it: nothing here calls locale.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <unistr.h>

#include "idn2-errors.h"
#include "idn2-lookup.h"
#include "idn2-unicode.h"
#include "idn2.h"
#include "xn.h"

/* Whether s[0..n) is ASCII: every byte a code point below U+0080.  Here,
 * under locale.c, which asks it of text in the locale's charset. */
bool idn2__all_ascii(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return false;
    return true;
}

/* ---- to ASCII, from UTF-32 ----------------------------------------------- */

/* UTF-32 to NUL-terminated UTF-8 (malloc()ed); an embedded U+0000 ends
 * the name there, as in libidn2. */
int idn2__u32_to_u8z(const uint32_t *in, size_t n, uint8_t **out)
{
    size_t len = 0;
    uint8_t *u8 = u32_to_u8(in, n, NULL, &len), *z;
    *out = NULL;
    if (!u8)
        return errno == ENOMEM ? IDN2_MALLOC : IDN2_ENCODING_ERROR;
    z = realloc(u8, len + 1);
    if (!z) {
        free(u8);
        return IDN2_MALLOC;
    }
    z[len] = 0;
    *out = z;
    return IDN2_OK;
}

int
idn2_to_ascii_4i2(const uint32_t *input, size_t inlen, char **output, int flags)
{
    uint8_t *u8;
    int rc;

    if (output)
        *output = NULL;
    if (!input)
        return idn2__lookup(NULL, output, flags);
    rc = idn2__u32_to_u8z(input, inlen, &u8);
    if (rc != IDN2_OK)
        return rc;
    rc = idn2__lookup((const char *)u8, output, flags);
    free(u8);
    return rc;
}

int
idn2_to_ascii_4i(const uint32_t *input, size_t inlen, char *output, int flags)
{
    char *out = NULL;
    int rc;
    if (!input) {
        if (output)
            *output = '\0';
        return IDN2_OK;
    }
    rc = idn2_to_ascii_4i2(input, inlen, &out, flags);
    if (rc == IDN2_OK) {
        /* libidn2 documents this buffer as IDN2_LABEL_MAX_LENGTH + 1 bytes;
         * a longer result is refused rather than written past it. */
        size_t len = strlen(out);
        if (len > IDN2_LABEL_MAX_LENGTH)
            rc = IDN2_TOO_BIG_DOMAIN;
        else if (output)
            memcpy(output, out, len + 1);
    }
    free(out);
    return rc;
}

int
idn2_to_ascii_4z(const uint32_t *input, char **output, int flags)
{
    size_t n = 0;
    if (output)
        *output = NULL;
    if (!input)
        return IDN2_OK;
    while (input[n])
        n++;
    return idn2_to_ascii_4i2(input, n, output, flags);
}

/* ---- to Unicode ---------------------------------------------------------- */

/* ToUnicode as libidn2 does it, on a NUL-terminated UTF-8 name: the name
 * is split at U+002E only; each label that starts with "xn--" (in any case)
 * is decoded, and every other label is returned exactly as given (case,
 * compatibility characters and all).  Unlike libidn2, what a label decodes
 * to is checked as UTS #46 ToUnicode checks one label (nontransitional, no
 * STD3, hyphen or length rules: xn_label_to_unicode()); a label that does
 * not pass fails the call with the rule's code. */
static int to_unicode(const char *input, char **output)
{
    const unsigned xf = XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_VERIFY_DNS_LENGTH;
    size_t n, start, i, o = 0, cap;
    char *out;

    *output = NULL;
    if (!input)
        return IDN2_OK;
    n = strlen(input);
    if (u8_check((const uint8_t *)input, n))
        return IDN2_ENCODING_ERROR;
    /* A label of k bytes decodes to at most 4 (k - 4) bytes of UTF-8: each
     * code point costs at least one byte of Punycode. */
    cap = 4 * n + 1;
    out = malloc(cap);
    if (!out)
        return IDN2_MALLOC;
    for (start = 0, i = 0; i <= n; i++) {
        size_t len;
        if (i < n && input[i] != '.')
            continue;
        len = i - start;
        if (idn2__is_ace_label(input + start, len)) {
            xn_report rep = XN_REPORT_INIT;
            size_t got = 0;
            int rc;
            if (!idn2__all_ascii(input + start, len)) {
                free(out);
                return IDN2_PUNYCODE_BAD_INPUT; /* Punycode is ASCII (RFC 3492 section 5) */
            }
            rc = xn_label_to_unicode(input + start, len, out + o, cap - o, &got, xf, &rep);
            if (rc != XN_OK) {
                free(out);
                if (rc == XN_E_INVALID_DOMAIN && (rep.errors & XN_ERR_P4))
                    /* as libidn2 says of a label it cannot decode */
                    return IDN2_PUNYCODE_BAD_INPUT;
                if (rc == XN_E_TOO_LONG)
                    return IDN2_PUNYCODE_BIG_OUTPUT;
                return idn2__rc_of(rc, &rep);
            }
            o += got;
        } else {
            memcpy(out + o, input + start, len);
            o += len;
        }
        if (i < n)
            out[o++] = '.';
        start = i + 1;
    }
    out[o] = '\0';
    *output = out;
    return IDN2_OK;
}

int
idn2_to_unicode_8z8z(const char *input, char **output, int flags)
{
    char *out;
    int rc = to_unicode(input, &out);
    (void)flags; /* libidn2 takes none here */
    return idn2__hand_over(rc, out, output);
}

int
idn2_to_unicode_8z4z(const char *input, uint32_t **output, int flags)
{
    char *out = NULL;
    int rc = idn2_to_unicode_8z8z(input, &out, flags);
    if (output)
        *output = NULL;
    if (rc == IDN2_OK && out && output) {
        size_t n = 0;
        uint32_t *u32 = u8_to_u32((const uint8_t *)out, strlen(out) + 1, NULL, &n);
        if (!u32)
            rc = errno == ENOMEM ? IDN2_MALLOC : IDN2_ENCODING_ERROR;
        *output = u32;
    }
    free(out);
    return rc;
}

int
idn2_to_unicode_4z4z(const uint32_t *input, uint32_t **output, int flags)
{
    uint8_t *u8 = NULL;
    int rc;
    if (output)
        *output = NULL;
    if (input) {
        size_t n = 0, k = 0;
        while (input[k])
            k++;
        u8 = u32_to_u8(input, k + 1, NULL, &n); /* with the terminating 0 */
        if (!u8)
            return errno == ENOMEM ? IDN2_MALLOC : IDN2_ENCODING_ERROR;
    }
    rc = idn2_to_unicode_8z4z((const char *)u8, output, flags);
    free(u8);
    return rc;
}

int
idn2_to_unicode_44i(const uint32_t *in, size_t inlen, uint32_t *out, size_t *outlen,
                    int flags)
{
    uint8_t *u8;
    uint32_t *res = NULL;
    size_t k = 0;
    int rc;

    if (!in) {
        if (outlen)
            *outlen = 0;
        return IDN2_OK;
    }
    rc = idn2__u32_to_u8z(in, inlen, &u8);
    if (rc != IDN2_OK)
        return rc;
    rc = idn2_to_unicode_8z4z((const char *)u8, &res, flags);
    free(u8);
    if (rc == IDN2_OK) {
        while (res[k])
            k++;
        /* As libidn2: *outlen is the room in out, in code points; the
         * result is cut to it. */
        if (outlen) {
            if (k > *outlen)
                k = *outlen;
            if (out)
                memcpy(out, res, k * sizeof *res);
            *outlen = k;
        }
    }
    free(res);
    return rc;
}

/* ---- Punycode (RFC 3492), as libidn2 exports it -------------------------- */

/* Not in idn2.h, as not in libidn2's: exported for the programs that
 * linked against them. */
_IDN2_API int _idn2_punycode_encode(size_t input_length, const uint32_t input[],
                                    size_t *output_length, char output[]);
_IDN2_API int _idn2_punycode_decode(size_t input_length, const char input[],
                                    size_t *output_length, uint32_t output[]);

/* xn's Punycode codec, either way (encode: code points in, characters
 * out; else the reverse), with libidn2's contract: *output_length is the
 * room in output on entry and the length on return (on success), and the
 * status is libidn2's. */
static int punycode(bool encode, size_t input_length, const void *input, size_t *output_length,
                    void *output)
{
    size_t n = 0;
    int rc = XN_E_INVALID_ARG; /* no room given */
    if (output_length)
        rc = encode ? xn_punycode_encode((const uint32_t *)input, input_length, NULL,
                                         (char *)output, *output_length, &n)
                    : xn_punycode_decode((const char *)input, input_length, (uint32_t *)output,
                                         *output_length, &n, NULL);
    if (rc == XN_OK)
        *output_length = n;
    switch (rc) {
    case XN_OK:
        return IDN2_OK;
    case XN_E_BUFFER_TOO_SMALL:
    case XN_E_TOO_LONG:
        return IDN2_PUNYCODE_BIG_OUTPUT;
    case XN_E_PUNYCODE_OVERFLOW:
        return IDN2_PUNYCODE_OVERFLOW;
    default:
        return IDN2_PUNYCODE_BAD_INPUT;
    }
}

int
_idn2_punycode_encode(size_t input_length, const uint32_t input[], size_t *output_length,
                      char output[])
{
    return punycode(true, input_length, input, output_length, output);
}

int
_idn2_punycode_decode(size_t input_length, const char input[], size_t *output_length,
                      uint32_t output[])
{
    return punycode(false, input_length, input, output_length, output);
}

/* The same codec under the names libidn2 2.3.5 made public, whose
 * arguments come in another order. */
int
idn2_punycode_encode(const uint32_t *input, size_t input_length, char *output,
                     size_t *output_length)
{
    return punycode(true, input_length, input, output_length, output);
}

int
idn2_punycode_decode(const char *input, size_t input_length, uint32_t *output,
                     size_t *output_length)
{
    return punycode(false, input_length, input, output_length, output);
}
