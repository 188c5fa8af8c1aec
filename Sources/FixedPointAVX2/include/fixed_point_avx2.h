#ifndef FIXED_POINT_AVX2_H
#define FIXED_POINT_AVX2_H

#include <stdint.h>

// The resampler's fixed-point passes (ArtworkPixels' FixedPointPass) compiled for AVX2 CPUs
// with per-function target attributes, so no build flag is needed and the package builds as
// a dependency required by version. The same integer arithmetic as the Swift baseline build,
// so the same bytes (a test compares them); defined on x86-64 only, and called only when the
// CPU has AVX2 (cpu_features_has_avx2).

// out[i] = Σ taps[k]·rows[k][i], shifted to 6 fraction bits, rounded, for i < length.
void fixed_point_avx2_vertical(const uint8_t *const *rows, const int16_t *taps, long count, long length,
                               int16_t *out);

// An interleaved row of `count` pixels (1 or 3 channels) split into planes.
void fixed_point_avx2_split(const int16_t *row, long count, long channels, int16_t *const *planes);

// One output row from 1 or 3 planes: per pixel, the dot product of `stride` taps (from
// x·stride in `table`) with the plane from starts[x] − rowStart, rounded, clamped to 0…255.
void fixed_point_avx2_horizontal(int16_t *const *planes, long channels, long row_start, const int32_t *starts,
                                 long count, long stride, const int16_t *table, uint8_t *out);

#endif
