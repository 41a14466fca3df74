/*
 * normalize.c: NFC by ICU's engine on xn's data, or by libunistring's where
 * ICU cannot be loaded.  Each call below that asks the engine may also
 * return XN_E_ICU_TOO_OLD (an ICU before 76 and a code point with
 * XN_PROP_NFC_BOTH_WAYS), XN_E_NFC_TOO_OLD (libunistring's data older than
 * a code point that takes part in normalization) and XN_E_NOMEM when the
 * engine runs out of memory.
 */
#ifndef XN_NORMALIZE_H
#define XN_NORMALIZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sink.h"
#include "xn.h"

/* What xn__nfc(), xn__nfc_scratch() and xn__is_nfc() return, deep in a
 * conversion, when no engine is chosen yet: never seen by a caller of the
 * library.  The loop over the labels that gets it (xn__nfc_again())
 * chooses the engine in its own frame, above the label's buffers (loading
 * ICU, when it can be had), and walks the name again: at most once per
 * process, when the first name that needs a normalizer comes. */
#define XN__E_NEED_NFC (-1000)

/* Chooses the engine if that is not done yet (ICU with xn's normalizer
 * opened, else libunistring): XN_OK, or XN_E_ICU_UNAVAILABLE (neither
 * can be had), XN_E_NOMEM, XN_E_INTERNAL. */
int xn__nfc_load(void);

/* After a pass over a name's labels that ended in *rc: true when the pass
 * must run again because it needed the normalizer (now loaded: *pass
 * counts the passes).  Otherwise *rc is the call's status. */
static inline bool xn__nfc_again(int *rc, int *pass)
{
    if (*rc != XN__E_NEED_NFC)
        return false;
    if ((*pass)++ > 0) {
        *rc = XN_E_INTERNAL; /* loaded, and still not there: never */
        return false;
    }
    *rc = xn__nfc_load();
    return *rc == XN_OK;
}

/* The engine that normalizes (chosen by the first text that needed one):
 * XN__NFC_NONE before that, XN__NFC_ICU or XN__NFC_UNISTRING, with the
 * Unicode version of its data in *unicode ((major << 8) | minor; xn's own
 * for ICU).  For the tests and the command's --version. */
enum { XN__NFC_NONE, XN__NFC_ICU, XN__NFC_UNISTRING };
int xn__nfc_engine(unsigned *unicode);

/* True when the label is certainly in NFC by the quick-check bits of the
 * tables (no ICU call). */
bool xn__nfc_quick_yes(const uint32_t *label, size_t n);

/* Code points (scalar values) to UTF-16 in out (cap units), setting
 * *out_n; false when cap is too small.  ICU's UChar is uint16_t. */
bool xn__to_utf16(const uint32_t *s, size_t n, uint16_t *out, size_t cap, int32_t *out_n);

/* Normalizes label[0..n) to NFC into out (out_cap code points), setting
 * *out_n.  Returns XN_OK, XN_E_TOO_LONG when out_cap is too small,
 * XN_E_NOMEM, or XN_E_INTERNAL when the engine fails. */
int xn__nfc(const uint32_t *label, size_t n, uint32_t *out, size_t out_cap,
            size_t *out_n);

/* xn__nfc() into small (the caller's stack) when the result surely fits,
 * else into a heap block: *out points at the result, *heap at what to
 * free() afterwards (NULL when small was used), in every case. */
int xn__nfc_scratch(const uint32_t *label, size_t n, uint32_t small[XN__SMALL_LABEL],
                    uint32_t **out, size_t *out_n, void **heap);

/* Sets *is_nfc to whether the label is in NFC, by the engine: for a label whose
 * quick check could not say yes (the code-point pass has made it:
 * XN__FOUND_NFC_MAYBE).  Returns XN_OK, XN_E_NOMEM, or XN_E_INTERNAL. */
int xn__is_nfc(const uint32_t *label, size_t n, bool *is_nfc);

#endif
