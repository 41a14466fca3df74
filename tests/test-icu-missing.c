/*
 * When ICU cannot be loaded (ICU on demand, lib/icu.h): libunistring
 * normalizes instead (lib/normalize.c), so every name converts as with ICU
 * but for those holding a code point newer than libunistring's data that
 * takes part in normalization (XN_E_NFC_TOO_OLD); IDNA2003, which needs
 * ICU's StringPrep, fails with XN_E_ICU_UNAVAILABLE, every time (each call
 * tries again, nothing crashes).  In a build without libunistring
 * (-Dnfc_unistring=disabled) every call that needs a normalizer fails so.
 * Everything else converts: ASCII names, Unicode names that pass xn's own
 * NFC quick check, A-labels that decode to such names; and the display
 * policy, on xn's own UTS #39 data, gives the answers it gives with ICU.
 * Linked with libxn's objects but the loader's, whose sonames name files
 * that do not exist (lib/meson.build, xn-icu-missing), and with libidn2's
 * ABI on top (compat/idn2), which answers as libidn2 then.
 */
#include <idn2.h>

#include "normalize.h"
#include "test.h"
#include "utf8.h"
#include "xn_tables.h"

#define UNAVAILABLE XN_E_ICU_UNAVAILABLE

typedef int (*conv_fn)(const char *in, size_t in_len, char *out, size_t out_cap,
                       size_t *out_len, unsigned flags, xn_report *report);

/* fn on in gives rc, and on XN_OK the output want. */
static void conv_is(const char *what, conv_fn fn, const char *in, unsigned flags, int rc,
                    const char *want)
{
    char out[256] = "unchanged";
    size_t n = 12345;
    int got = fn(in, strlen(in), out, sizeof out, &n, flags, NULL);
    CHECK_MSG(got == rc, "%s(\"%s\"): %s, want %s", what, in, xn_strerror_name(got),
              xn_strerror_name(rc));
    if (rc == XN_OK)
        CHECK_MSG(got == XN_OK && strcmp(out, want) == 0, "%s(\"%s\"): \"%s\", want \"%s\"",
                  what, in, out, want);
    else
        CHECK_MSG(out[0] == '\0' && n == 0, "%s(\"%s\") failed and left \"%s\" (%zu bytes)",
                  what, in, out, n);
}

static void idn2_is(const char *in, int want, const char *want_out)
{
    uint8_t *out = NULL;
    int rc = idn2_lookup_u8((const uint8_t *)in, &out, 0);
    CHECK_MSG(rc == want, "idn2_lookup_u8(\"%s\"): %s, want %s", in, idn2_strerror_name(rc),
              idn2_strerror_name(want));
    if (want == IDN2_OK)
        CHECK_MSG(rc == IDN2_OK && out && strcmp((char *)out, want_out) == 0,
                  "idn2_lookup_u8(\"%s\"): \"%s\", want \"%s\"", in, out ? (char *)out : "",
                  want_out);
    else
        CHECK_MSG(out == NULL, "idn2_lookup_u8(\"%s\") failed and handed out a result", in);
    idn2_free(out);
}

/* xn_to_display() of in with the built-in known domains shows want, and
 * its reasons hold must (none when must is 0): the answers test-display.c
 * and the Chromium cases expect with ICU loaded. */
static void display_is(const char *in, const char *want, uint32_t must)
{
    char out[256];
    size_t n = 0;
    xn_display_report d = XN_DISPLAY_REPORT_INIT;
    int rc = xn_to_display(in, strlen(in), out, sizeof out, &n, XN_DISPLAY_BUILTIN_KNOWN, NULL,
                           &d);
    CHECK_MSG(rc == XN_OK && strcmp(out, want) == 0,
              "xn_to_display(\"%s\"): %s \"%s\", want \"%s\"", in, xn_strerror_name(rc),
              rc == XN_OK ? out : "", want);
    CHECK_MSG(must ? (d.unsafe & must) == must : d.unsafe == 0,
              "xn_to_display(\"%s\"): reasons 0x%x, want 0x%x", in, (unsigned)d.unsafe,
              (unsigned)must);
}

/* A name holding a code point that takes part in normalization and is
 * newer than the engine's data (unicode), after U+0301, which sends the
 * label to the engine: refused with XN_E_NFC_TOO_OLD by every call that
 * normalizes.  None when the engine's data are as new as xn's. */
static void too_new_is_refused(unsigned unicode)
{
    size_t i;
    for (i = 0; i < XN_NFC_AGE_COUNT; i++) {
        char name[32], out[64];
        size_t n = 0, len = 0;
        uint32_t cp = xn__nfc_age_lo[i];
        if (xn__nfc_age[i] <= unicode)
            continue;
        memcpy(name, "a\xCC\x81", 3);
        n = 3 + xn__utf8_put(cp, name + 3);
        memcpy(name + n, ".com", 5);
        CHECK_MSG(xn_nfc(name, n, out, sizeof out, &len) == XN_E_NFC_TOO_OLD,
                  "xn_nfc(a U+0301 U+%04X): %s, want XN_E_NFC_TOO_OLD", (unsigned)cp,
                  xn_strerror_name(xn_nfc(name, n, out, sizeof out, &len)));
        conv_is("xn_to_ascii", xn_to_ascii, name, 0, XN_E_NFC_TOO_OLD, NULL);
        conv_is("xn_to_unicode", xn_to_unicode, name, 0, XN_E_NFC_TOO_OLD, NULL);
        idn2_is(name, IDN2_NFC, NULL);
        printf("U+%04X (Unicode %u.%u), newer than the engine's %u.%u: XN_E_NFC_TOO_OLD\n",
               (unsigned)cp, xn__nfc_age[i] >> 8, xn__nfc_age[i] & 0xFF, unicode >> 8,
               unicode & 0xFF);
        return;
    }
    printf("the engine's data (Unicode %u.%u) know every code point: nothing refused\n",
           unicode >> 8, unicode & 0xFF);
}

/* The display's fail-safe (issue 52): a name given as its A-labels, one of
 * which decodes to text the engine cannot normalize, is shown as it is,
 * lower-cased, with XN_UNSAFE_UNDECIDED on that label, where ToUnicode
 * fails.  The label is x a U+05C8 U+0316 (NFC: U+05C8, Hebrew, of class
 * 10 and Unicode 18.0, before U+0316 of class 220), whose two marks in a
 * row send it to the engine. */
static void undecided_is_shown(unsigned unicode)
{
    static const uint32_t label[] = {'x', 'a', 0x05C8, 0x0316};
    char name[64] = "XN--", lower[64], out[64];
    size_t n = 0, len = 0, i;
    xn_display_report d = XN_DISPLAY_REPORT_INIT;
    int rc;
    if (unicode >= 0x1200) {
        printf("the engine's data (Unicode %u.%u) know U+05C8: no fail-safe case\n",
               unicode >> 8, unicode & 0xFF);
        return;
    }
    CHECK_EQ_INT(xn_punycode_encode(label, 4, NULL, name + 4, sizeof name - 4 - 16, &n), XN_OK);
    memcpy(name + 4 + n, ".Example.COM", 13);
    n += 4 + 12;
    for (i = 0; i <= n; i++)
        lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + 32 : name[i]);
    CHECK_EQ_INT(xn_to_unicode(name, n, out, sizeof out, &len, 0, NULL), XN_E_NFC_TOO_OLD);
    rc = xn_to_display(name, n, out, sizeof out, &len, XN_DISPLAY_BUILTIN_KNOWN, NULL, &d);
    CHECK_MSG(rc == XN_OK && strcmp(out, lower) == 0 && len == n && d.labels == 3 &&
                  d.unsafe == XN_UNSAFE_UNDECIDED &&
                  d.label_unsafe[0] == XN_UNSAFE_UNDECIDED && d.label_unsafe[1] == 0,
              "xn_to_display(%s): %s \"%s\", reasons 0x%x", name, xn_strerror_name(rc),
              rc == XN_OK ? out : "", (unsigned)d.unsafe);
    /* The size query and a buffer one byte short, as everywhere. */
    CHECK_EQ_INT(xn_to_display(name, n, NULL, 0, &len, 0, NULL, &d), XN_E_BUFFER_TOO_SMALL);
    CHECK(len == n);
    CHECK_EQ_INT(xn_to_display(name, n, out, n - 1, &len, 0, NULL, &d), XN_E_BUFFER_TOO_SMALL);
    CHECK(len == n && out[0] == '\0');
    printf("the fail-safe: %s shown as %s (UNDECIDED)\n", name, lower);
    /* Only an A-label form: an empty label leaves the failure as it was. */
    memcpy(name + n, "..x", 4);
    CHECK_EQ_INT(xn_to_display(name, n + 3, out, sizeof out, &len, 0, NULL, &d),
                 XN_E_NFC_TOO_OLD);
}

int main(void)
{
    static const char nfd[] = "e\xCC\x81.com"; /* e + U+0301: NFC composes it */
    char out[64];
    size_t n;
    int round;
    unsigned unicode = 0;
    xn_display_report d = XN_DISPLAY_REPORT_INIT;
    /* What a call that needs the normalizer gives: libunistring's answer,
     * or, in a build without it, XN_E_ICU_UNAVAILABLE. */
    const int nfc_rc = XN_NFC_UNISTRING ? XN_OK : UNAVAILABLE;

    /* Twice: a failed load leaves nothing behind, and the next call tries
     * again (and fails again). */
    for (round = 0; round < 2; round++) {
        conv_is("xn_to_ascii", xn_to_ascii, nfd, 0, nfc_rc, "xn--9ca.com");
        conv_is("xn_to_unicode", xn_to_unicode, nfd, 0, nfc_rc, "\xC3\xA9.com");
        conv_is("xn_idna2008_lookup", xn_idna2008_lookup, nfd, XN_IDNA2008_MAP, nfc_rc,
                "xn--9ca.com");
        /* Indic ccTLDs: the quick check cannot pass them. */
        conv_is("xn_to_ascii", xn_to_ascii,
                "\xE0\xAE\x87\xE0\xAE\xA8\xE0\xAF\x8D\xE0\xAE\xA4\xE0\xAE\xBF"
                "\xE0\xAE\xAF\xE0\xAE\xBE.example", 0, nfc_rc,
                "xn--xkc2dl3a5ee0h.example"); /* இந்தியா */
        conv_is("xn_to_ascii", xn_to_ascii,
                "\xE0\xA6\xAD\xE0\xA6\xBE\xE0\xA6\xB0\xE0\xA6\xA4.example", 0, nfc_rc,
                "xn--45brj9c.example"); /* ভারত */
        conv_is("xn_idna2003_to_ascii", xn_idna2003_to_ascii, "b\xC3\xBC" "cher.de", 0,
                UNAVAILABLE, NULL);
        conv_is("xn_idna2003_to_unicode", xn_idna2003_to_unicode, "xn--bcher-kva.de", 0,
                UNAVAILABLE, NULL);
        CHECK_EQ_INT(xn_nfc("e\xCC\x81", 3, out, sizeof out, &n), nfc_rc);
        CHECK(nfc_rc != XN_OK || (n == 2 && strcmp(out, "\xC3\xA9") == 0));
        /* Text in NFC by xn's quick check needs no normalizer. */
        CHECK(xn_nfc("b\xC3\xBC" "cher", 7, out, sizeof out, &n) == XN_OK && n == 7 &&
              strcmp(out, "b\xC3\xBC" "cher") == 0);
        /* The display policy needs a normalizer only where the conversion
         * does. */
        CHECK_EQ_INT(xn_to_display(nfd, strlen(nfd), out, sizeof out, &n, 0, NULL, &d),
                     nfc_rc);
        display_is("xn--bcher-kva.de", "b\xC3\xBC" "cher.de", 0);
        display_is("b\xC3\xBC" "cher.de", "b\xC3\xBC" "cher.de", 0);
        display_is("xn--googl-fsa.com", "xn--googl-fsa.com", XN_UNSAFE_KNOWN_DOMAIN);
        display_is("xn--e1afmkfd.xn--c1avg", "\xD0\xBF\xD1\x80\xD0\xB8\xD0\xBC\xD0\xB5"
                   "\xD1\x80.\xD0\xBE\xD1\x80\xD0\xB3", 0); /* пример.орг */
        display_is("xn--pypal-4ve.com", "xn--pypal-4ve.com", XN_UNSAFE_MIXED_SCRIPT);
        display_is("xn--80ak6aa92e.com", "xn--80ak6aa92e.com", XN_UNSAFE_CONFUSABLE);
        idn2_is(nfd, XN_NFC_UNISTRING ? IDN2_OK : IDN2_NFC, "xn--9ca.com");
        idn2_is("b\xC3\xBC" "cher.de", IDN2_OK, "xn--bcher-kva.de");

        /* What needs no normalizer. */
        conv_is("xn_to_ascii", xn_to_ascii, "Example.COM", 0, XN_OK, "example.com");
        conv_is("xn_to_ascii", xn_to_ascii, "b\xC3\xBC" "cher.example", 0, XN_OK,
                "xn--bcher-kva.example");
        conv_is("xn_to_ascii", xn_to_ascii, "\xC3\xA9.com", 0, XN_OK, "xn--9ca.com");
        conv_is("xn_to_unicode", xn_to_unicode, "xn--bcher-kva.example", 0, XN_OK,
                "b\xC3\xBC" "cher.example");
        conv_is("xn_idna2008_lookup", xn_idna2008_lookup, "\xC3\xA9.com", 0, XN_OK,
                "xn--9ca.com");
        conv_is("xn_idna2003_to_ascii", xn_idna2003_to_ascii, "example.com", 0, XN_OK,
                "example.com");
        /* A name of ASCII labels only is shown as it is, checker or not. */
        CHECK_EQ_INT(xn_to_display("Example.COM", 11, out, sizeof out, &n,
                                   XN_DISPLAY_BUILTIN_KNOWN, NULL, &d), XN_OK);
        CHECK(strcmp(out, "example.com") == 0 && d.labels == 2 && d.unsafe == 0);
    }
    CHECK_EQ_INT(xn__nfc_engine(&unicode), XN_NFC_UNISTRING ? XN__NFC_UNISTRING : XN__NFC_NONE);
    {
        /* What xn_nfc_engine() says of it: libunistring's release and the
         * Unicode version of its data, the one the refusals above used. */
        char want[64];
        snprintf(want, sizeof want, "(Unicode %u.%u data)", unicode >> 8, unicode & 0xFF);
        CHECK_MSG(XN_NFC_UNISTRING ? strncmp(xn_nfc_engine(), "libunistring ", 13) == 0 &&
                                         strstr(xn_nfc_engine(), want) != NULL
                                   : strcmp(xn_nfc_engine(), "none (ICU could not be loaded)") == 0,
                  "xn_nfc_engine() = \"%s\"", xn_nfc_engine());
    }
    if (XN_NFC_UNISTRING) {
        too_new_is_refused(unicode);
        undecided_is_shown(unicode);
    }
    CHECK(strstr(xn_strerror(UNAVAILABLE), "ICU") != NULL);
    /* Every message names what is missing and the package that provides
     * it. */
    CHECK_EQ_INT(xn_icu_load(), UNAVAILABLE);
    CHECK_MSG(strstr(xn_strerror(UNAVAILABLE), "libicuuc.so.") != NULL &&
                  strstr(xn_strerror(UNAVAILABLE), "(Debian package libicu") != NULL,
              "xn_strerror(XN_E_ICU_UNAVAILABLE) = \"%s\"", xn_strerror(UNAVAILABLE));
    /* The drop-in's text for IDN2_NFC: libidn2's own where libunistring
     * normalizes (ICU is not what is missing), else what is missing. */
    CHECK_MSG(strcmp(idn2_strerror(IDN2_NFC), XN_NFC_UNISTRING
                                                  ? "string could not be NFC normalized"
                                                  : xn_strerror(UNAVAILABLE)) == 0,
              "idn2_strerror(IDN2_NFC) = \"%s\"", idn2_strerror(IDN2_NFC));
    CHECK(strcmp(xn_strerror_name(UNAVAILABLE), "XN_E_ICU_UNAVAILABLE") == 0);
    CHECK(strcmp(xn_strerror_name(XN_E_NFC_TOO_OLD), "XN_E_NFC_TOO_OLD") == 0);
    return test_done("icu-missing");
}
