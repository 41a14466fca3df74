/*
 * What the profiles that walk a name label by label share beyond the call
 * state of domain.h.
 */
#include "domain.h"

bool xn__dns_label(const char *s, size_t n, bool first)
{
    size_t i;
    if (n == 1 && s[0] == '*')
        return first;
    if (n < 2 || s[0] != '_')
        return false;
    for (i = 1; i < n; i++)
        if (!xn__is_ldh((unsigned char)s[i]) && s[i] != '_')
            return false;
    return true;
}
