/*
 * libidn2's interface on libxn.
 *
 * A thin adapter: it picks the libxn conversion a libidn2 flag set stands
 * for, turns xn's report into libidn2's one return code, converts between
 * UTF-8, UTF-32 and the locale's charset (libunistring), and hands results
 * out in malloc()ed memory.  Every IDNA rule is libxn's; README.md lists
 * where that makes a result differ from libidn2's.
 *
 * The library is built from its parts (meson.build), one concern each:
 *   lookup.c   lookup and registration, and what a result is held to;
 *   locale.c   the locale's charset, and the entry points that use it;
 *   unicode.c  ToUnicode, the UTF-32 forms, libidn2's Punycode exports;
 *   errors.c   libidn2's return codes and their texts, the version.
 * This file is all of them as one translation unit, for a build that
 * compiles one file for the whole interface (tests/fuzz's replayer).
 */
#include "lookup.c"

#include "locale.c"

#include "unicode.c"

#include "errors.c"
