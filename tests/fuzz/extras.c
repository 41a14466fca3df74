/*
 * Property: the functions beyond the standards on any bytes, with flags
 * from the input's last bytes, never crash or touch memory they do not own,
 * and:
 *  - xn_email_to_ascii / xn_email_to_unicode keep the buffer contract
 *    (fuzz_convert()), their *_alloc forms agree with them (SMTPUTF8
 *    answer included); on success the output is the input's local part, byte
 *    for byte, '@', and exactly what xn_to_ascii / xn_to_unicode make of the
 *    domain; SMTPUTF8 is asked for exactly when the local part is not ASCII;
 *  - xn_to_display, at the restriction level and deviation setting the
 *    input's first byte picks, shows the same name: ToASCII of its output
 *    is ToASCII of the input, and it succeeds exactly when ToASCII does
 *    (short of XN_E_TOO_LONG for long ASCII forms), but for its fail-safe:
 *    where ToASCII could not decide (no normalizer for a character, no
 *    memory) on an input of ASCII, it may show that input, lower-cased,
 *    with UNDECIDED as its only reason; it keeps the buffer
 *    contract, and xn_to_display_alloc gives the same output and reasons;
 *    its report has one entry per label shown and their union;
 *    at the Minimally Restrictive level no label has more reasons, and a
 *    label shown in Unicode stays so;
 *  - xn_equal: a name ToASCII accepts (with XN_ALLOW_ROOT_DOT, as xn_equal
 *    uses it) equals itself, its ASCII form and (unless only the URL
 *    fallback accepts it) its Unicode form; a name ToASCII refuses makes
 *    xn_equal fail, never answer "not equal";
 *  - xn_label_class answers with a category that has a name, and an
 *    A-label or U-label by its verdict registers under IDNA2008.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static void check_email(const char *in, size_t n, unsigned flags)
{
    int op;
    for (op = FUZZ_EMAIL_TO_UNICODE; op <= FUZZ_EMAIL_TO_ASCII; op++) {
        fuzz_result r = fuzz_convert(op, in, n, flags);
        int smtputf8 = 7;
        char *buf = (char *)malloc(r.len + 1);
        size_t len = 0, at, i;
        int rc = (op == FUZZ_EMAIL_TO_ASCII ? xn_email_to_ascii : xn_email_to_unicode)(
            in, n, buf, r.len + 1, &len, flags, NULL, &smtputf8);
        int asmtputf8 = 7;
        char *abuf = NULL;
        FUZZ_ASSERT(rc == r.rc, "email, second call: %s then %s", xn_strerror_name(r.rc),
                    xn_strerror_name(rc));
        /* The allocating form's output is fuzz_convert()'s to check; here
         * its SMTPUTF8 answer. */
        rc = (op == FUZZ_EMAIL_TO_ASCII ? xn_email_to_ascii_alloc : xn_email_to_unicode_alloc)(
            in, n, &abuf, NULL, flags, NULL, &asmtputf8);
        FUZZ_ASSERT(rc == r.rc && asmtputf8 == smtputf8, "email_alloc: %s smtputf8 %d, %s %d",
                    xn_strerror_name(rc), asmtputf8, xn_strerror_name(r.rc), smtputf8);
        xn_free(abuf);
        if (r.rc == XN_OK) {
            bool ascii = true;
            fuzz_result d;
            for (at = n; at > 0 && in[at - 1] != '@'; at--)
                ;
            FUZZ_ASSERT(at > 1, "email \"%s\" accepted without a local part", fuzz_show(in, n));
            for (i = 0; i + 1 < at; i++)
                if ((unsigned char)in[i] >= 0x80)
                    ascii = false;
            FUZZ_ASSERT(smtputf8 == !ascii, "email \"%s\": smtputf8 %d", fuzz_show(in, n),
                        smtputf8);
            FUZZ_ASSERT(r.len >= at && memcmp(r.out, in, at) == 0,
                        "email \"%s\" -> \"%s\": the local part changed", fuzz_show(in, n),
                        fuzz_show(r.out, r.len));
            if (in[at] != '[') { /* not an address literal */
                d = fuzz_convert(op == FUZZ_EMAIL_TO_ASCII ? FUZZ_TO_ASCII : FUZZ_TO_UNICODE,
                                 in + at, n - at, flags);
                FUZZ_ASSERT(d.rc == XN_OK && d.len == r.len - at &&
                                memcmp(d.out, r.out + at, d.len) == 0,
                            "email \"%s\" -> \"%s\", its domain alone %s \"%s\"",
                            fuzz_show(in, n), fuzz_show(r.out, r.len), xn_strerror_name(d.rc),
                            d.out ? fuzz_show(d.out, d.len) : "");
                fuzz_result_free(&d);
            }
        }
        free(buf);
        fuzz_result_free(&r);
    }
}

/* The labels of out[0..len): the dots plus one. */
static size_t count_labels(const char *out, size_t len)
{
    size_t k = 1, i;
    for (i = 0; i < len; i++)
        k += out[i] == '.';
    return k;
}

static void check_display(const char *in, size_t n, unsigned flags, const fuzz_result *a)
{
    /* The display bits (restriction level, deviations) from the first byte. */
    unsigned dflags = flags | ((n ? (unsigned char)in[0] % 8u : 0u) << 12);
    char out[4 * XN_DOMAIN_MAX], loose[4 * XN_DOMAIN_MAX];
    size_t len = 0, need = 7, loose_len = 0, i, start, lstart, label;
    xn_display_report dr = XN_DISPLAY_REPORT_INIT, dq = XN_DISPLAY_REPORT_INIT,
                      dl = XN_DISPLAY_REPORT_INIT;
    uint32_t all = 0;
    int rc = xn_to_display(in, n, out, sizeof out, &len, dflags, NULL, &dr), rq;
    if (a->rc != XN_OK && rc == XN_OK) {
        /* The fail-safe: the input as it was, in lower case, undecided. */
        bool cannot = a->rc == XN_E_NFC_TOO_OLD || a->rc == XN_E_ICU_TOO_OLD ||
                      a->rc == XN_E_ICU_UNAVAILABLE || a->rc == XN_E_NOMEM;
        FUZZ_ASSERT(cannot && len == n && dr.unsafe == XN_UNSAFE_UNDECIDED,
                    "display XN_OK [0x%x] where ToASCII gives %s", (unsigned)dr.unsafe,
                    xn_strerror_name(a->rc));
        for (i = 0; i < n; i++)
            FUZZ_ASSERT(out[i] == ((in[i] >= 'A' && in[i] <= 'Z') ? in[i] + 32 : in[i]),
                        "the fail-safe shows \"%s\"", fuzz_show(out, len));
        {
            char *abuf = NULL;
            size_t alen = 0;
            xn_display_report da = XN_DISPLAY_REPORT_INIT;
            int ra = xn_to_display_alloc(in, n, &abuf, &alen, dflags, NULL, &da);
            FUZZ_ASSERT(ra == XN_OK && abuf && alen == len && memcmp(abuf, out, len) == 0 &&
                            da.unsafe == dr.unsafe && da.labels == dr.labels,
                        "display_alloc's fail-safe: %s", xn_strerror_name(ra));
            xn_free(abuf);
        }
        return;
    }
    if (a->rc != XN_OK || rc == XN_E_TOO_LONG) {
        char *abuf = (char *)&len;
        xn_display_report da = XN_DISPLAY_REPORT_INIT;
        int ra = xn_to_display_alloc(in, n, &abuf, NULL, dflags, NULL, &da);
        FUZZ_ASSERT(ra == rc && abuf == NULL && da.labels == dr.labels && da.unsafe == dr.unsafe,
                    "display_alloc: %s, the buffer call %s", xn_strerror_name(ra),
                    xn_strerror_name(rc));
    }
    if (a->rc != XN_OK) {
        FUZZ_ASSERT(rc == a->rc, "display %s, ToASCII %s", xn_strerror_name(rc),
                    xn_strerror_name(a->rc));
        FUZZ_ASSERT(len == 0 && dr.labels == 0 && dr.unsafe == 0,
                    "display failed with output or reasons");
        return;
    }
    if (rc == XN_E_TOO_LONG) {
        FUZZ_ASSERT(a->len >= XN_DOMAIN_MAX, "display: XN_E_TOO_LONG for %zu bytes", a->len);
        return;
    }
    FUZZ_ASSERT(rc == XN_OK, "display 0x%X: %s, ToASCII XN_OK", dflags, xn_strerror_name(rc));
    FUZZ_ASSERT(len < sizeof out && out[len] == '\0', "display: %zu bytes, no NUL", len);

    /* The name shown is the same name. */
    {
        fuzz_result again = fuzz_convert(FUZZ_TO_ASCII, out, len, flags);
        FUZZ_ASSERT(again.rc == XN_OK && again.len == a->len &&
                        memcmp(again.out, a->out, a->len) == 0,
                    "flags 0x%X: \"%s\" displays as \"%s\", whose ToASCII is %s \"%s\", not \"%s\"",
                    dflags, fuzz_show(in, n), fuzz_show(out, len), xn_strerror_name(again.rc),
                    again.out ? fuzz_show(again.out, again.len) : "", fuzz_show(a->out, a->len));
        fuzz_result_free(&again);
    }

    /* The report: one entry per label of the output, their union. */
    FUZZ_ASSERT(dr.labels == count_labels(out, len), "display: %zu labels reported, %zu shown",
                dr.labels, count_labels(out, len));
    for (i = 0; i < dr.labels && i < XN_DISPLAY_LABELS_MAX; i++)
        all |= dr.label_unsafe[i];
    FUZZ_ASSERT(dr.labels > XN_DISPLAY_LABELS_MAX ? (all & ~dr.unsafe) == 0 : all == dr.unsafe,
                "display: reasons 0x%X, per label 0x%X", (unsigned)dr.unsafe, (unsigned)all);

    /* The buffer contract: a size query, the exact size without the NUL,
     * one byte short; the report comes with XN_E_BUFFER_TOO_SMALL too. */
    rq = xn_to_display(in, n, NULL, 0, &need, dflags, NULL, &dq);
    FUZZ_ASSERT(rq == (len ? XN_E_BUFFER_TOO_SMALL : XN_OK) && need == len &&
                    dq.labels == dr.labels && dq.unsafe == dr.unsafe,
                "display size query: %s, %zu for %zu", xn_strerror_name(rq), need, len);
    if (len) {
        char *b = fuzz_out_new(len);
        rq = xn_to_display(in, n, b, len, &need, dflags, NULL, NULL);
        FUZZ_ASSERT(rq == XN_OK && need == len && memcmp(b, out, len) == 0,
                    "display into exactly %zu bytes: %s", len, xn_strerror_name(rq));
        fuzz_out_done(b, len);
        b = fuzz_out_new(len - 1);
        rq = xn_to_display(in, n, b, len - 1, &need, dflags, NULL, NULL);
        FUZZ_ASSERT(rq == XN_E_BUFFER_TOO_SMALL && need == len,
                    "display into %zu bytes: %s, %zu", len - 1, xn_strerror_name(rq), need);
        fuzz_out_done(b, len - 1);
    }

    /* The allocating form gives the same output and reasons. */
    {
        char *abuf = NULL;
        size_t alen = 12345;
        xn_display_report da = XN_DISPLAY_REPORT_INIT;
        rq = xn_to_display_alloc(in, n, &abuf, &alen, dflags, NULL, &da);
        FUZZ_ASSERT(rq == XN_OK && abuf && alen == len && memcmp(abuf, out, len + 1) == 0,
                    "display_alloc: %s \"%s\", want \"%s\"", xn_strerror_name(rq),
                    abuf ? fuzz_show(abuf, alen) : "(null)", fuzz_show(out, len));
        FUZZ_ASSERT(da.labels == dr.labels && da.unsafe == dr.unsafe &&
                        memcmp(da.label_unsafe, dr.label_unsafe,
                               sizeof dr.label_unsafe[0] *
                                   (dr.labels < XN_DISPLAY_LABELS_MAX ? dr.labels
                                                                      : XN_DISPLAY_LABELS_MAX)) == 0,
                    "display_alloc: other reasons");
        xn_free(abuf);
    }

    /* Minimally Restrictive is the loosest level: every label has no more
     * reasons than at dflags' level, and one shown in Unicode there is
     * shown in Unicode here. */
    rq = xn_to_display(in, n, loose, sizeof loose, &loose_len,
                       (dflags & ~XN_DISPLAY_LEVEL_MASK) | XN_DISPLAY_MINIMAL, NULL, &dl);
    FUZZ_ASSERT(rq == XN_OK && dl.labels == dr.labels, "display, minimal level: %s",
                xn_strerror_name(rq));
    for (i = 0; i < dr.labels && i < XN_DISPLAY_LABELS_MAX; i++)
        FUZZ_ASSERT((dl.label_unsafe[i] & ~dr.label_unsafe[i]) == 0,
                    "label %zu: reasons 0x%X at the minimal level, 0x%X at 0x%X", i,
                    (unsigned)dl.label_unsafe[i], (unsigned)dr.label_unsafe[i], dflags);
    for (start = lstart = label = 0; label < dr.labels; label++) {
        size_t e = start, le = lstart;
        while (e < len && out[e] != '.')
            e++;
        while (le < loose_len && loose[le] != '.')
            le++;
        if (label < XN_DISPLAY_LABELS_MAX && dr.label_unsafe[label] == 0)
            FUZZ_ASSERT(e - start == le - lstart && memcmp(out + start, loose + lstart, e - start) == 0,
                        "label %zu: \"%s\" at 0x%X, \"%s\" at the minimal level", label,
                        fuzz_show(out + start, e - start), dflags,
                        fuzz_show(loose + lstart, le - lstart));
        start = e + 1;
        lstart = le + 1;
    }
}

/* Whether ToASCII accepts in[0..n) only by the URL Standard's fallback for
 * ASCII names, which the name's Unicode form does not get. */
static bool url_fallback(const char *in, size_t n, unsigned flags)
{
    size_t need = 0;
    return (flags & XN_URL_RULES) &&
           xn_to_ascii(in, n, NULL, 0, &need, (flags | XN_ALLOW_ROOT_DOT) & ~XN_URL_RULES,
                       NULL) == XN_E_INVALID_DOMAIN;
}

static void check_equal(const char *in, size_t n, unsigned flags, const fuzz_result *a)
{
    int eq = 7, rc = xn_equal(in, n, in, n, flags, &eq);
    if (a->rc != XN_OK) {
        FUZZ_ASSERT(rc != XN_OK && eq == 0, "xn_equal of a name ToASCII refuses (%s): %s, %d",
                    xn_strerror_name(a->rc), xn_strerror_name(rc), eq);
        return;
    }
    if (a->len >= XN_DOMAIN_MAX)
        return; /* XN_E_TOO_LONG by its documentation */
    FUZZ_ASSERT(rc == XN_OK && eq == 1, "xn_equal(x, x): %s, %d", xn_strerror_name(rc), eq);
    rc = xn_equal(in, n, a->out, a->len, flags, &eq);
    FUZZ_ASSERT(rc == XN_OK && eq == 1, "xn_equal(\"%s\", \"%s\"): %s, %d", fuzz_show(in, n),
                fuzz_show(a->out, a->len), xn_strerror_name(rc), eq);
    if (!(flags & XN_TRANSITIONAL) && !url_fallback(in, n, flags)) {
        fuzz_result u = fuzz_convert(FUZZ_TO_UNICODE, in, n, flags);
        if (u.rc == XN_OK) {
            rc = xn_equal(u.out, u.len, a->out, a->len, flags, &eq);
            FUZZ_ASSERT(rc == XN_OK && eq == 1, "xn_equal(\"%s\", \"%s\"): %s, %d",
                        fuzz_show(u.out, u.len), fuzz_show(a->out, a->len),
                        xn_strerror_name(rc), eq);
        }
        fuzz_result_free(&u);
    }
}

static void check_label_class(const char *in, size_t n)
{
    xn_label_category c = xn_label_class(in, n);
    const char *name = xn_label_class_name(c);
    FUZZ_ASSERT(strcmp(name, "?") != 0, "label class %d has no name", (int)c);
    if (c == XN_LABEL_A_LABEL || c == XN_LABEL_U_LABEL) {
        char a[XN_DOMAIN_MAX];
        size_t len = 0;
        int rc = c == XN_LABEL_A_LABEL
                     ? xn_idna2008_register(NULL, 0, in, n, a, sizeof a, &len, 0, NULL)
                     : xn_idna2008_register(in, n, NULL, 0, a, sizeof a, &len, 0, NULL);
        FUZZ_ASSERT(rc == XN_OK, "\"%s\" is an %s but does not register: %s", fuzz_show(in, n),
                    name, xn_strerror_name(rc));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FUZZ_INPUT(in, flags);
    fuzz_result a;

    check_email(in, size, flags);
    if (!(flags & ~FUZZ_KNOWN_FLAGS)) {
        a = fuzz_convert(FUZZ_TO_ASCII, in, size, flags);
        check_display(in, size, flags, &a);
        fuzz_result_free(&a);
        /* xn_equal converts with XN_ALLOW_ROOT_DOT added. */
        a = fuzz_convert(FUZZ_TO_ASCII, in, size, flags | XN_ALLOW_ROOT_DOT);
        check_equal(in, size, flags, &a);
        fuzz_result_free(&a);
    }
    if (size <= 4 * XN_DNS_LABEL_MAX)
        check_label_class(in, size);
    return fuzz_end(in, NULL, NULL);
}
