/*
 * What the display tests share: a name displayed as a caller would, its
 * reasons returned (test-display.c, test-display-builtin.c).
 */
#ifndef XN_TEST_DISPLAY_CHECK_H
#define XN_TEST_DISPLAY_CHECK_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xn.h"
#include "test.h"

/* The reasons of every label, or-ed, when `in` (copied to a block of its
 * exact size) is displayed; *out gets the displayed form. */
static inline uint32_t test_shown(const char *in, const xn_known_set *known, unsigned flags,
                                  char *out, size_t cap)
{
    char *p = test_exact_copy(in, strlen(in)), esc[512];
    size_t len = 0;
    xn_display_report d = XN_DISPLAY_REPORT_INIT;
    int rc = xn_to_display_known(p, strlen(in), out, cap, &len, flags, known, NULL, &d);
    test_escape(esc, sizeof esc, in, strlen(in));
    CHECK_MSG(rc == XN_OK, "display(%s) = %s", esc, xn_strerror_name(rc));
    free(p);
    return rc == XN_OK ? d.unsafe : UINT32_MAX;
}

#endif
