/*
 * What errors.c gives the other files of compat/idn2: libidn2's return code
 * for an xn status.  Not installed; hidden, as every name of these files
 * but libidn2's own (meson.build, libidn2.map).  The bottom layer: errors.c
 * calls no other file here.
 */
#ifndef XN_IDN2_ERRORS_H
#define XN_IDN2_ERRORS_H

#include "xn.h"

/* libidn2's code for xn's status xn_rc and its report rep. */
int idn2__rc_of(int xn_rc, const xn_report *rep);

#endif
