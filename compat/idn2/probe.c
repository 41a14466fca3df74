/*
 * One libidn2 call, for test-vs-libidn2.py: built against the system's
 * libidn2, so that the same program answers for libidn2 or, with
 * LD_LIBRARY_PATH naming this folder's build, for xn's libidn2.so.0.
 *
 *   probe LOCALE CALL FLAGS INPUT
 *
 * LOCALE is set with setlocale(LC_ALL, ...) ("C", "C.UTF-8",
 * "en_US.ISO-8859-1"); failing to set it is exit status 2, never a guess.
 * CALL is one of lookup_u8, lookup_ul, to_ascii_lz, register_u8 (INPUT as
 * the U-label), register_u8_alabel (INPUT as the A-label), register_ul,
 * to_unicode_8z8z, to_unicode_8zlz, to_unicode_lzlz, strerror_name (INPUT:
 * a return code).  INPUT is taken byte for byte.
 * Prints one line: which library answered ("xn" when libxn is loaded in
 * the process, else "libidn2") and the version it reports, a tab, the
 * return code, a tab, the output bytes as they are (nothing when NULL).
 * The version alone cannot tell them apart: xn's libidn2.so.0 reports the
 * interface level 2.3.8, which Debian trixie's libidn2 also has.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <idn2.h>

/* Which library answers: xn's libidn2.so.0 brings libxn into the process. */
static const char *who(void)
{
    return dlsym(RTLD_DEFAULT, "xn_version") ? "xn" : "libidn2";
}

int main(int argc, char **argv)
{
    const char *call, *in;
    char *out = NULL;
    int flags, rc;

    if (argc != 5) {
        fprintf(stderr, "usage: probe LOCALE CALL FLAGS INPUT\n");
        return 2;
    }
    if (!setlocale(LC_ALL, argv[1])) {
        fprintf(stderr, "probe: locale %s cannot be set\n", argv[1]);
        return 2;
    }
    call = argv[2];
    flags = (int)strtol(argv[3], NULL, 0);
    in = argv[4];
    if (strcmp(call, "lookup_u8") == 0)
        rc = idn2_lookup_u8((const uint8_t *)in, (uint8_t **)&out, flags);
    else if (strcmp(call, "lookup_ul") == 0)
        rc = idn2_lookup_ul(in, &out, flags);
    else if (strcmp(call, "to_ascii_lz") == 0)
        rc = idn2_to_ascii_lz(in, &out, flags);
    else if (strcmp(call, "register_u8") == 0)
        rc = idn2_register_u8((const uint8_t *)in, NULL, (uint8_t **)&out, flags);
    else if (strcmp(call, "register_u8_alabel") == 0)
        rc = idn2_register_u8(NULL, (const uint8_t *)in, (uint8_t **)&out, flags);
    else if (strcmp(call, "register_ul") == 0)
        rc = idn2_register_ul(in, NULL, &out, flags);
    else if (strcmp(call, "to_unicode_8z8z") == 0)
        rc = idn2_to_unicode_8z8z(in, &out, flags);
    else if (strcmp(call, "to_unicode_8zlz") == 0)
        rc = idn2_to_unicode_8zlz(in, &out, flags);
    else if (strcmp(call, "to_unicode_lzlz") == 0)
        rc = idn2_to_unicode_lzlz(in, &out, flags);
    else if (strcmp(call, "strerror_name") == 0) {
        printf("%s %s\t0\t%s\n", who(), idn2_check_version(NULL),
               idn2_strerror_name(atoi(in)));
        return 0;
    } else {
        fprintf(stderr, "probe: no call %s\n", call);
        return 2;
    }
    printf("%s %s\t%d\t%s\n", who(), idn2_check_version(NULL), rc, out ? out : "");
    idn2_free(out);
    return 0;
}
