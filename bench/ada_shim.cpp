// C entry points over ada-url/idna for bench.c: WHATWG URL "domain to
// ASCII" / "domain to Unicode" (beStrict=false).  Benchmark peer only:
// never built into the library.  ada signals failure with an empty result.
#include <cstring>
#include <string>
#include <string_view>

#include "idna.h"

extern "C" int ada_bench_to_ascii(const char *in, size_t n, char *out, size_t cap, size_t *olen)
{
    std::string r = ada::idna::to_ascii(std::string_view(in, n));
    *olen = r.size();
    if (r.empty() || r.size() >= cap)
        return 0;
    std::memcpy(out, r.data(), r.size() + 1);
    return 1;
}

extern "C" int ada_bench_to_unicode(const char *in, size_t n, char *out, size_t cap,
                                    size_t *olen)
{
    std::string r = ada::idna::to_unicode(std::string_view(in, n));
    *olen = r.size();
    if (r.size() >= cap)
        return 0;
    std::memcpy(out, r.data(), r.size() + 1);
    return 1;
}
