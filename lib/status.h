/*
 * status.c: the names of error bits as text.
 */
#ifndef XN_STATUS_H
#define XN_STATUS_H

#include <stddef.h>
#include <stdint.h>

/* Writes the names of the bits set in bits, lowest first,
 * separated by commas, into buf as xn_errors_format() documents; name()
 * gives the name of one bit. */
size_t xn__format_bits(uint64_t bits, const char *(*name)(uint64_t bit), char *buf,
                       size_t buf_cap);

#endif
