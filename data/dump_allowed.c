/*
 * Prints the sets an ICU compiles from UTS #39's IdentifierStatus.txt and
 * IdentifierType.txt: uspoof_getRecommendedSet() and
 * uspoof_getInclusionSet(), as ranges, with the ICU's Unicode version.
 * data/display-allowed.txt is the union of what ICU 76.1 and ICU 78.3
 * print (data/README.md).  Not part of the build:
 *
 *   cc dump_allowed.c -o dump_allowed -licui18n -licuuc && ./dump_allowed
 */
#include <stdio.h>
#include <unicode/uset.h>
#include <unicode/uspoof.h>
#include <unicode/uversion.h>

static void dump(const char *name, const USet *set)
{
    UErrorCode err = U_ZERO_ERROR;
    int32_t i, items = uset_getItemCount(set), total = 0;

    printf("# %s\n", name);
    for (i = 0; i < items; i++) {
        UChar32 a, b;
        uset_getItem(set, i, &a, &b, NULL, 0, &err);
        total += b - a + 1;
        if (a == b)
            printf("%04X\n", (unsigned)a);
        else
            printf("%04X..%04X\n", (unsigned)a, (unsigned)b);
    }
    printf("# %s: %d code points\n", name, (int)total);
}

int main(void)
{
    UErrorCode err = U_ZERO_ERROR;
    UVersionInfo v;
    char version[U_MAX_VERSION_STRING_LENGTH];
    const USet *recommended = uspoof_getRecommendedSet(&err);
    const USet *inclusion = uspoof_getInclusionSet(&err);

    if (U_FAILURE(err)) {
        fprintf(stderr, "dump_allowed: %s\n", u_errorName(err));
        return 1;
    }
    u_getUnicodeVersion(v);
    u_versionToString(v, version);
    printf("# ICU %s, Unicode %s\n", U_ICU_VERSION, version);
    dump("recommended", recommended);
    dump("inclusion", inclusion);
    return 0;
}
