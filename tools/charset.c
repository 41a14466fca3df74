/*
 * --locale's charset conversions (charset.h).
 */
#include <errno.h>
#include <stdint.h>

#include "charset.h"
#include "cli-config.h"

#if XN_CLI_LOCALE

#include <uniconv.h>

bool charset_available(void)
{
    return true;
}

const char *charset_of_locale(void)
{
    return locale_charset();
}

char *from_charset(const char *charset, const char *s, size_t n, char *buf, size_t *len)
{
    return (char *)u8_conv_from_encoding(charset, iconveh_error, s, n, NULL, (uint8_t *)buf,
                                         len);
}

char *to_charset(const char *charset, const char *s, size_t n, char *buf, size_t *len)
{
    return u8_conv_to_encoding(charset, iconveh_error, (const uint8_t *)s, n, NULL, buf, len);
}

#else /* built without libunistring: main() refuses --locale */

bool charset_available(void)
{
    return false;
}

const char *charset_of_locale(void)
{
    return "UTF-8";
}

char *from_charset(const char *charset, const char *s, size_t n, char *buf, size_t *len)
{
    (void)charset, (void)s, (void)n, (void)buf, (void)len;
    errno = ENOSYS;
    return NULL;
}

char *to_charset(const char *charset, const char *s, size_t n, char *buf, size_t *len)
{
    return from_charset(charset, s, n, buf, len);
}

#endif
