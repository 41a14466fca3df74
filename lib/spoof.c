/*
 * The one spoof checker of the process (ICU's uspoof, icu-i18n), shared by
 * the display policy (display.c, display_rules.c).
 *
 * ICU documents (uspoof.h, "Thread Safety") that the functions taking a
 * const USpoofChecker, uspoof_check2UTF8 and uspoof_getSkeletonUTF8 among
 * them, may be called concurrently on one instance.  Creating one (with its
 * allowed set) costs about 10 microseconds, 600 the first time when ICU
 * loads its data, while a whole display call takes a few: per call it
 * would multiply the cost.  So it is made once per process and never
 * changed or freed afterwards (valgrind lists it as still reachable, with
 * ICU's own caches; ThreadSanitizer finds no race).  It is made under a
 * lock and published (an atomic store) only once it is complete and has
 * passed a check of its own: ICU's sets do not always report running out
 * of memory (a set that could not grow becomes empty), and a checker built
 * on one would call every label restricted, forever.  A failed attempt
 * shares nothing, the call fails with XN_E_NOMEM, and the next call tries
 * again.  ICU (its i18n library) is loaded here, on the first need
 * (icu.h).  The checker does not depend on the flags: display.c compares the
 * restriction level ICU reports (USPOOF_AUX_INFO) with the one asked for.
 */

#include "spoof.h"
#include "compiler.h"
#include "icu.h"
#include "utf8.h"
#include "xn.h"

static xn__icu_slot checker_slot;

/* The same checker with the hidden-overlay check (UTS #39 §5.4: U+0307
 * over a letter that has a dot of its own), which costs ICU a skeleton
 * lookup per character and can only hit a label that holds U+0307: made
 * with the shared one, before it is published. */
static USpoofChecker *overlay_checker;

/* The skeletons of the ten ASCII digits ("O", "l", "2" ... in ICU's
 * data): written with the checker, before it is published. */
static uint32_t digit_skeleton[10];

/* What the browsers take out of UTS #39's allowed characters (Chromium's
 * spoof checker and Firefox's blocklist, as facts), [first, last]: signs
 * that pass for ASCII punctuation, and the blocks of Latin, Greek and
 * Cyrillic letters so rare in names that a label holding one is more
 * likely a lookalike than a word. */
static const uint32_t removed[][2] = {
    {0x01CD, 0x01DC}, /* Latin Extended-B, Pinyin: ǔ passes for u */
    {0x02BB, 0x02BC}, /* modifier letters turned comma, apostrophe: quotes */
    {0x02EC, 0x02EC}, /* modifier letter voicing */
    {0x0338, 0x0338}, /* combining long solidus overlay: a slash */
    {0x058A, 0x058A}, /* Armenian hyphen: a hyphen (NV8 in IDNA2008 too) */
    {0x1C80, 0x1C8F}, /* Cyrillic Extended-C */
    {0x1E00, 0x1E9B}, /* Latin Extended Additional, but Vietnamese (1EA0..) */
    {0x1F00, 0x1FFF}, /* Greek Extended */
    {0x2010, 0x2010}, /* hyphen: passes for '-' */
    {0x2019, 0x2019}, /* right single quotation mark */
    {0x2027, 0x2027}, /* hyphenation point */
    {0x30A0, 0x30A0}, /* katakana-hiragana double hyphen: passes for '=' */
    {0xA640, 0xA69F}, /* Cyrillic Extended-B */
    {0xA720, 0xA7FF}, /* Latin Extended-D */
};

/* The checks of the shared checker: every single-identifier check, and the
 * restriction level in the result (the overlay checker adds
 * USPOOF_HIDDEN_OVERLAY). */
#define CHECKS                                                                             \
    (USPOOF_RESTRICTION_LEVEL | USPOOF_CHAR_LIMIT | USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS | \
     USPOOF_AUX_INFO)

/* A checker for the General Security Profile with xn's own allowed set
 * (xn__display_allowed, not the ICU's: it does not move with the ICU the
 * library runs on) less the browsers' removals, and ZWJ and ZWNJ, which
 * IDNA's CheckJoiners confines to the contexts of RFC 5892 appendix A;
 * CHECKS.  NULL, and *err set, when ICU fails. */
static USpoofChecker *make_checker(UErrorCode *err)
{
    USpoofChecker *sc = XN__ICU(uspoof_open)(err);
    USet *allowed = U_SUCCESS(*err) ? XN__ICU(uset_openEmpty)() : NULL;

    if (U_SUCCESS(*err) && !allowed)
        *err = U_MEMORY_ALLOCATION_ERROR;
    if (U_SUCCESS(*err)) {
        size_t k;
        for (k = 0; k < xn__display_allowed_count; k++)
            XN__ICU(uset_addRange)(allowed, (UChar32)xn__display_allowed[k][0],
                                   (UChar32)xn__display_allowed[k][1]);
        for (k = 0; k < sizeof removed / sizeof removed[0]; k++)
            XN__ICU(uset_removeRange)(allowed, (UChar32)removed[k][0], (UChar32)removed[k][1]);
        XN__ICU(uset_add)(allowed, 0x200C);
        XN__ICU(uset_add)(allowed, 0x200D);
        XN__ICU(uspoof_setAllowedChars)(sc, allowed, err); /* copies the set */
        XN__ICU(uspoof_setRestrictionLevel)(sc, USPOOF_HIGHLY_RESTRICTIVE);
        XN__ICU(uspoof_setChecks)(sc, CHECKS, err);
    }
    if (allowed)
        XN__ICU(uset_close)(allowed);
    if (U_FAILURE(*err)) {
        if (sc)
            XN__ICU(uspoof_close)(sc);
        return NULL;
    }
    return sc;
}

/* The checker's own test before it is shared: a Latin word with an accent
 * passes every check, and a Latin word with one Cyrillic letter is of a
 * mixed script.  A checker that ICU could not build whole fails one. */
static bool checker_works(const USpoofChecker *sc)
{
    UErrorCode err = U_ZERO_ERROR;
    int32_t good = XN__ICU(uspoof_check2UTF8)(sc, "b\xC3\xBC" "cher", 7, NULL, &err);
    int32_t mixed = XN__ICU(uspoof_check2UTF8)(sc, "p\xD0\xB0ypal", 7, NULL, &err);
    return U_SUCCESS(err) && (good & ~USPOOF_RESTRICTION_LEVEL_MASK) == 0 &&
           (good & USPOOF_RESTRICTION_LEVEL_MASK) <= USPOOF_HIGHLY_RESTRICTIVE &&
           (mixed & USPOOF_RESTRICTION_LEVEL_MASK) > USPOOF_HIGHLY_RESTRICTIVE;
}

/* Fills digit_skeleton[] from the checker; false when ICU fails. */
static bool digit_skeletons(const USpoofChecker *sc)
{
    UErrorCode err = U_ZERO_ERROR;
    char sk[64];
    int32_t n, i = 0, k;
    uint32_t c;

    for (k = 0; k < 10; k++) {
        char digit = (char)('0' + k);
        n = XN__ICU(uspoof_getSkeletonUTF8)(sc, 0, &digit, 1, sk, sizeof sk, &err);
        if (U_FAILURE(err) || n <= 0 ||
            xn__utf8_decode((const unsigned char *)sk, (size_t)n, &c) != (size_t)n)
            c = (uint32_t)digit; /* a skeleton of more than one code point */
        if (U_FAILURE(err))
            return false;
        digit_skeleton[i++] = c;
    }
    return true;
}

/* ICU's own NFD, which the display policy reads (display.c,
 * display_rules.c), made and used once here: ICU loads its data then, in
 * this shallow frame, not under a deep call. */
static bool nfd_works(UErrorCode *err)
{
    static const UChar text[] = {0x00E9, 0x1E09};
    UChar out[16];
    const UNormalizer2 *nfd = XN__ICU(unorm2_getNFDInstance)(err);
    if (U_SUCCESS(*err))
        XN__ICU(unorm2_normalize)(nfd, text, 2, out, 16, err);
    return U_SUCCESS(*err);
}

/* The checker made, checked and used once (xn__icu_make()). */
static void *checker_make(int *rc)
{
    UErrorCode err = U_ZERO_ERROR;
    USpoofChecker *sc = make_checker(&err);
    /* The overlay checker: a clone (ICU shares the confusable data between
     * them; a second uspoof_open() would read it again, 0.6M instructions
     * of a process that displays one name). */
    USpoofChecker *full = sc ? XN__ICU(uspoof_clone)(sc, &err) : NULL;

    if (full)
        XN__ICU(uspoof_setChecks)(full, CHECKS | USPOOF_HIDDEN_OVERLAY, &err);

    if (full && (!checker_works(sc) || !checker_works(full) || !digit_skeletons(sc)))
        err = U_MEMORY_ALLOCATION_ERROR; /* an ICU set that could not grow */
    if (full && U_SUCCESS(err) && nfd_works(&err)) {
        overlay_checker = full;
    } else {
        if (full)
            XN__ICU(uspoof_close)(full);
        if (sc)
            XN__ICU(uspoof_close)(sc);
        sc = NULL;
    }
    if (!sc)
        *rc = xn__icu_failure(err);
    return sc;
}

/* The shared checker, made on the first call that needs it. */
int xn__display_checker(const USpoofChecker **out)
{
    void *p;
    int rc = xn__icu_object(&checker_slot, XN__ICU_I18N, checker_make, &p);
    *out = p;
    return rc;
}

const USpoofChecker *xn__spoof_overlay_checker(void)
{
    return overlay_checker;
}

bool xn__spoof_digit_skeleton(uint32_t c)
{
    unsigned k;
    for (k = 0; k < 10; k++)
        if (c == digit_skeleton[k])
            return true;
    return false;
}
