#include "fixed_point_avx2.h"

#if defined(__x86_64__)
#include <string.h>

// Haswell's instruction set, as the Swift baseline build's AVX2 twin was compiled for.
#define AVX2 __attribute__((target("avx2,fma,bmi,bmi2,f16c,movbe,lzcnt,popcnt")))

typedef int32_t i32x16 __attribute__((vector_size(64)));
typedef int32_t i32x8 __attribute__((vector_size(32)));
typedef int32_t i32x4 __attribute__((vector_size(16)));
typedef int16_t i16x16 __attribute__((vector_size(32)));
typedef uint8_t u8x16 __attribute__((vector_size(16)));
typedef uint8_t u8x4 __attribute__((vector_size(4)));

// Fraction bits: weights 14, intermediate rows 6 (FixedPointPass).
enum { VERTICAL_SHIFT = 14 - 6, HORIZONTAL_SHIFT = 14 + 6 };

AVX2 void fixed_point_avx2_vertical(const uint8_t *const *rows, const int16_t *taps, long count, long length,
                                    int16_t *out) {
  const int32_t half = 1 << (VERTICAL_SHIFT - 1);
  long i = 0;
  // 32 bytes per step: each tap's row pointer and weight are loaded once for two vectors.
  for (; i + 32 <= length; i += 32) {
    i32x16 low = (i32x16){0} + half;
    i32x16 high = (i32x16){0} + half;
    for (long k = 0; k < count; k++) {
      u8x16 a, b;
      memcpy(&a, rows[k] + i, 16);
      memcpy(&b, rows[k] + i + 16, 16);
      i32x16 weight = (i32x16){0} + (int32_t)taps[k];
      low += __builtin_convertvector(a, i32x16) * weight;
      high += __builtin_convertvector(b, i32x16) * weight;
    }
    i16x16 lowOut = __builtin_convertvector(low >> VERTICAL_SHIFT, i16x16);
    i16x16 highOut = __builtin_convertvector(high >> VERTICAL_SHIFT, i16x16);
    memcpy(out + i, &lowOut, sizeof lowOut);
    memcpy(out + i + 16, &highOut, sizeof highOut);
  }
  for (; i + 16 <= length; i += 16) {
    i32x16 sum = (i32x16){0} + half;
    for (long k = 0; k < count; k++) {
      u8x16 bytes;
      memcpy(&bytes, rows[k] + i, 16);
      sum += __builtin_convertvector(bytes, i32x16) * ((i32x16){0} + (int32_t)taps[k]);
    }
    i16x16 narrow = __builtin_convertvector(sum >> VERTICAL_SHIFT, i16x16);
    memcpy(out + i, &narrow, sizeof narrow);
  }
  for (; i < length; i++) {
    int32_t sum = half;
    for (long k = 0; k < count; k++) sum += (int32_t)rows[k][i] * (int32_t)taps[k];
    out[i] = (int16_t)(sum >> VERTICAL_SHIFT);
  }
}

AVX2 void fixed_point_avx2_split(const int16_t *row, long count, long channels, int32_t *const *planes) {
  if (channels == 1) {
    int32_t *plane = planes[0];
    for (long x = 0; x < count; x++) plane[x] = row[x];
    return;
  }
  int32_t *red = planes[0], *green = planes[1], *blue = planes[2];
  for (long x = 0; x < count; x++) {
    red[x] = row[3 * x];
    green[x] = row[3 * x + 1];
    blue[x] = row[3 * x + 2];
  }
}

AVX2 static inline i32x8 load8(const int32_t *pointer) {
  i32x8 value;
  memcpy(&value, pointer, sizeof value);
  return value;
}

// The totals of four accumulators, in order.
AVX2 static inline i32x4 sums(i32x8 a, i32x8 b, i32x8 c, i32x8 d) {
  i32x4 a4 = __builtin_shufflevector(a, a, 0, 1, 2, 3) + __builtin_shufflevector(a, a, 4, 5, 6, 7);
  i32x4 b4 = __builtin_shufflevector(b, b, 0, 1, 2, 3) + __builtin_shufflevector(b, b, 4, 5, 6, 7);
  i32x4 c4 = __builtin_shufflevector(c, c, 0, 1, 2, 3) + __builtin_shufflevector(c, c, 4, 5, 6, 7);
  i32x4 d4 = __builtin_shufflevector(d, d, 0, 1, 2, 3) + __builtin_shufflevector(d, d, 4, 5, 6, 7);
  i32x8 ab = __builtin_shufflevector(a4, b4, 0, 1, 2, 3, 4, 5, 6, 7);
  i32x8 cd = __builtin_shufflevector(c4, d4, 0, 1, 2, 3, 4, 5, 6, 7);
  i32x8 pairs = __builtin_shufflevector(ab, cd, 0, 2, 4, 6, 8, 10, 12, 14) +
                __builtin_shufflevector(ab, cd, 1, 3, 5, 7, 9, 11, 13, 15);
  return __builtin_shufflevector(pairs, pairs, 0, 2, 4, 6) + __builtin_shufflevector(pairs, pairs, 1, 3, 5, 7);
}

// Rounded sums in output units, clamped lane by lane to 0…255.
AVX2 static inline u8x4 clamped_bytes(i32x4 sums) {
  i32x4 shifted = sums >> HORIZONTAL_SHIFT;
  const i32x4 zero = {0, 0, 0, 0}, top = {255, 255, 255, 255};
  return __builtin_convertvector(__builtin_elementwise_min(__builtin_elementwise_max(shifted, zero), top), u8x4);
}

AVX2 static inline u8x4 rgb_pixel(int32_t *red, int32_t *green, int32_t *blue, long row_start, const int32_t *starts,
                                  long stride, const int32_t *table, long x, i32x4 rounding) {
  const int32_t *taps = table + x * stride;
  long offset = starts[x] - row_start;
  i32x8 r = {0}, g = {0}, b = {0};
  for (long j = offset; j < offset + stride; j += 8) {
    i32x8 w = load8(taps + (j - offset));
    r += load8(red + j) * w;
    g += load8(green + j) * w;
    b += load8(blue + j) * w;
  }
  return clamped_bytes(sums(r, g, b, b) + rounding);  // the fourth lane is overwritten
}

AVX2 void fixed_point_avx2_horizontal(int32_t *const *planes, long channels, long row_start, const int32_t *starts,
                                      long count, long stride, const int32_t *table, uint8_t *out) {
  const i32x4 rounding = (i32x4){0} + (1 << (HORIZONTAL_SHIFT - 1));
  if (channels == 1) {
    const int32_t *plane = planes[0];
    const i32x8 zero = {0};
    for (long x = 0; x < count; x++) {
      const int32_t *taps = table + x * stride;
      const int32_t *p = plane + (starts[x] - row_start);
      i32x8 sum = {0};
      for (long j = 0; j < stride; j += 8) sum += load8(p + j) * load8(taps + j);
      out[x] = clamped_bytes(sums(sum, zero, zero, zero) + rounding)[0];
    }
    return;
  }
  if (count <= 0) return;
  int32_t *red = planes[0], *green = planes[1], *blue = planes[2];
  // Four bytes at once; the fourth is overwritten by the next pixel. The last pixel goes
  // byte by byte, so nothing is written past the row.
  for (long x = 0; x < count - 1; x++) {
    u8x4 pixel = rgb_pixel(red, green, blue, row_start, starts, stride, table, x, rounding);
    memcpy(out + 3 * x, &pixel, 4);
  }
  u8x4 last = rgb_pixel(red, green, blue, row_start, starts, stride, table, count - 1, rounding);
  for (int c = 0; c < 3; c++) out[3 * (count - 1) + c] = last[c];
}
#endif
