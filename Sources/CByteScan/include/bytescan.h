// Byte scanning with SIMD compares for the JSON hot loops: the page decoder's strings and the
// writer's escaping. Swift's comparisons on SIMD16<UInt8> compile to a loop over the lanes
// here, and Swift has no movemask, so these are written with SSE2 intrinsics (the x86-64
// baseline), with a byte loop for the tail and for other architectures. `static inline`:
// clang compiles them into each Swift caller, where they inline.
#ifndef REACTOR_BYTESCAN_H
#define REACTOR_BYTESCAN_H

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Eight bytes (SWAR): the high bit set in each byte that is a quote, a backslash, below 0x20,
/// 0x80 or above, or (with `del`) DEL, and perhaps in bytes above such a byte (a borrow carries
/// upwards), never below: the lowest set bit marks the first; zero means none.
static inline uint64_t rc_flagged8(const uint8_t *source, int del) {
  const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  uint64_t word;
  __builtin_memcpy(&word, source, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  word = __builtin_bswap64(word);
#endif
  uint64_t quote = word ^ (ones * 0x22), backslash = word ^ (ones * 0x5C);
  uint64_t flagged = (word & highs) | ((word - ones * 0x20) & ~word & highs) | ((quote - ones) & ~quote & highs)
    | ((backslash - ones) & ~backslash & highs);
  if (del) {
    uint64_t d = word ^ (ones * 0x7F);
    flagged |= (d - ones) & ~d & highs;
  }
  return flagged;
}

/// The first byte at or after `index` that `rc_flagged8` would flag, or `count`. With `words`,
/// a tail under sixteen bytes goes eight at a time first (for short strings; where the tail is
/// rare, its constants would only cost each call). `del` and `words` are constants, folded.
static inline size_t rc_run_end(const uint8_t *bytes, size_t index, size_t count, int del, int words) {
  if (index >= count) return index;  // (`count - index` below must not wrap)
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i delete_ = _mm_set1_epi8(0x7F);
  // A signed compare: bytes 0x80-0xFF are negative, so "below 0x20" catches them and the
  // control characters at once.
  const __m128i space = _mm_set1_epi8(0x20);
  while (count - index >= 16) {
    __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
    __m128i ends = _mm_or_si128(
      _mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)), _mm_cmplt_epi8(block, space));
    if (del) ends = _mm_or_si128(ends, _mm_cmpeq_epi8(block, delete_));  // folded away: `del` is a constant
    int mask = _mm_movemask_epi8(ends);
    if (mask != 0) return index + (size_t)__builtin_ctz((unsigned)mask);
    index += 16;
  }
#endif
  while (words && count - index >= 8) {
    uint64_t flagged = rc_flagged8(bytes + index, del);
    if (flagged != 0) return index + (size_t)(__builtin_ctzll(flagged) / 8);
    index += 8;
  }
  while (index < count) {
    uint8_t byte = bytes[index];
    if (byte == '"' || byte == '\\' || byte < 0x20 || byte >= 0x80 || (del && byte == 0x7F)) return index;
    index += 1;
  }
  return count;
}

/// The index of the first byte in `bytes[start..<count]` that ends a plain run of JSON string
/// content: a quote, a backslash, a control character (below 0x20) or a byte of a non-ASCII
/// character (0x80 and above); `count` if there is none.
static inline size_t rc_plain_run_end(const uint8_t *bytes, size_t start, size_t count) {
  return rc_run_end(bytes, start, count, 0, 0);
}

/// The index of the first byte in `bytes[start..<count]` that JSON text written by reactor
/// must look at: what ends a plain run (see `rc_plain_run_end`) and DEL (0x7F), which the
/// writer escapes too; `count` if there is none.
static inline size_t rc_escape_run_end(const uint8_t *bytes, size_t start, size_t count) {
  return rc_run_end(bytes, start, count, 1, 1);
}

/// Whether `a` and `b` hold the same `count` bytes (memcmp, for modules that import no libc).
static inline int rc_bytes_equal(const void *a, const void *b, size_t count) {
  return count == 0 || __builtin_memcmp(a, b, count) == 0;
}

#endif
