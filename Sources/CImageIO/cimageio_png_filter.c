// PNG row filters: libpng's adaptive choice (the smallest sum of the filtered bytes read as
// signed values), made on every eighth row, in baseline C and in AVX2, chosen at run time.
#include <stdlib.h>
#include <string.h>

#include "cpu_features.h"
#include "internal.h"

// The Paeth predictor of PNG's filter type 4, in 16-bit lanes once vectorised.
static inline uint8_t paeth(int16_t a, int16_t b, int16_t c) {
  int16_t pa = (int16_t)(b - c), pb = (int16_t)(a - c), pc = (int16_t)(a + b - 2 * c);
  pa = pa < 0 ? (int16_t)-pa : pa;
  pb = pb < 0 ? (int16_t)-pb : pb;
  pc = pc < 0 ? (int16_t)-pc : pc;
  return (uint8_t)((pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c));
}

// |v| of a filtered byte read as signed, libpng's cost measure.
static inline uint8_t cost(uint8_t v) {
  int8_t s = (int8_t)v;
  return (uint8_t)(s < 0 ? -s : s);
}

#define INLINE static inline __attribute__((always_inline))

// Adds the cost of each filter over bytes [from, to) of the row to `costs` (from >= bpp).
// Branch-free, so the compiler vectorises it. Sums wrap at 2^32 in every build alike.
INLINE void add_costs(const uint8_t *row, const uint8_t *prior, size_t from, size_t to, int bpp,
                      uint32_t costs[5]) {
  uint32_t c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0;
  for (size_t i = from; i < to; i++) {
    uint8_t x = row[i], a = row[i - bpp], b = prior[i], c = prior[i - bpp];
    c0 += cost(x);
    c1 += cost((uint8_t)(x - a));
    c2 += cost((uint8_t)(x - b));
    c3 += cost((uint8_t)(x - (uint8_t)((a + b) >> 1)));
    c4 += cost((uint8_t)(x - paeth(a, b, c)));
  }
  costs[0] += c0;
  costs[1] += c1;
  costs[2] += c2;
  costs[3] += c3;
  costs[4] += c4;
}

// Filters bytes [from, to) of the row with `type` into dst (from >= bpp).
INLINE void apply_filter(int type, const uint8_t *row, const uint8_t *prior, size_t from, size_t to,
                         int bpp, uint8_t *dst) {
  switch (type) {
  case 0: memcpy(dst + from, row + from, to - from); break;
  case 1:
    for (size_t i = from; i < to; i++) dst[i] = (uint8_t)(row[i] - row[i - bpp]);
    break;
  case 2:
    for (size_t i = from; i < to; i++) dst[i] = (uint8_t)(row[i] - prior[i]);
    break;
  case 3:
    for (size_t i = from; i < to; i++) dst[i] = (uint8_t)(row[i] - ((row[i - bpp] + prior[i]) >> 1));
    break;
  default:
    for (size_t i = from; i < to; i++)
      dst[i] = (uint8_t)(row[i] - paeth(row[i - bpp], prior[i], prior[i - bpp]));
    break;
  }
}

// The first bpp bytes have no pixel to the left (a = c = 0): Sub and Paeth keep x - 0 and
// x - b, Average subtracts b / 2.
INLINE void head_costs(const uint8_t *row, const uint8_t *prior, size_t head, uint32_t costs[5]) {
  for (size_t i = 0; i < head; i++) {
    uint8_t x = row[i], b = prior[i];
    costs[0] += cost(x);
    costs[1] += cost(x);
    costs[2] += cost((uint8_t)(x - b));
    costs[3] += cost((uint8_t)(x - (b >> 1)));
    costs[4] += cost((uint8_t)(x - b));
  }
}

INLINE void apply_head(int type, const uint8_t *row, const uint8_t *prior, size_t head, uint8_t *dst) {
  for (size_t i = 0; i < head; i++) {
    uint8_t x = row[i], b = prior[i];
    dst[i] = type == 0 || type == 1 ? x : (uint8_t)(x - (type == 3 ? (b >> 1) : b));
  }
}

// The filter with the smallest cost; the first one on a tie, as libpng does.
INLINE int cheapest(const uint32_t costs[5]) {
  int best = 0;
  for (int f = 1; f < 5; f++)
    if (costs[f] < costs[best]) best = f;
  return best;
}

// Filters the row into `out` (1 + n bytes) with `type`, or, when `type` is -1, with the filter
// libpng's heuristic picks (the smallest sum of the filtered bytes read as signed values, over
// every byte of the row). Returns the filter used.
static int filter_row_baseline(const uint8_t *row, const uint8_t *prior, size_t n, int bpp, int type,
                               uint8_t *out) {
  size_t head = (size_t)bpp < n ? (size_t)bpp : n;
  int best = type;
  if (best < 0) {
    uint32_t costs[5] = {0, 0, 0, 0, 0};
    head_costs(row, prior, head, costs);
    add_costs(row, prior, head, n, bpp, costs);
    best = cheapest(costs);
  }
  out[0] = (uint8_t)best;
  apply_head(best, row, prior, head, out + 1);
  apply_filter(best, row, prior, head, n, bpp, out + 1);
  return best;
}

#if defined(__x86_64__)
#include <immintrin.h>
#define AVX2 static inline __attribute__((always_inline, target("avx2")))

// Paeth's predictor for 32 bytes in 8-bit lanes. pa = |b - c| and pb = |a - c| fit a byte;
// pc = |(b - c) + (a - c)| is pa + pb when both differences have the same sign and
// |pa - pb| otherwise. The sum saturates at 255, which keeps both comparisons with pc right
// (pa and pb are at most 255).
AVX2 __m256i paeth_avx2(__m256i a, __m256i b, __m256i c) {
  __m256i pa = _mm256_or_si256(_mm256_subs_epu8(b, c), _mm256_subs_epu8(c, b));
  __m256i pb = _mm256_or_si256(_mm256_subs_epu8(a, c), _mm256_subs_epu8(c, a));
  __m256i b_at_least_c = _mm256_cmpeq_epi8(_mm256_max_epu8(b, c), b);
  __m256i a_at_least_c = _mm256_cmpeq_epi8(_mm256_max_epu8(a, c), a);
  __m256i same_sign = _mm256_cmpeq_epi8(b_at_least_c, a_at_least_c);
  __m256i pc = _mm256_blendv_epi8(_mm256_or_si256(_mm256_subs_epu8(pa, pb), _mm256_subs_epu8(pb, pa)),
                                  _mm256_adds_epu8(pa, pb), same_sign);
  __m256i pa_le_pb = _mm256_cmpeq_epi8(_mm256_min_epu8(pa, pb), pa);
  __m256i pa_le_pc = _mm256_cmpeq_epi8(_mm256_min_epu8(pa, pc), pa);
  __m256i pb_le_pc = _mm256_cmpeq_epi8(_mm256_min_epu8(pb, pc), pb);
  __m256i b_or_c = _mm256_blendv_epi8(c, b, pb_le_pc);
  return _mm256_blendv_epi8(b_or_c, a, _mm256_and_si256(pa_le_pb, pa_le_pc));
}

// floor((a + b) / 2) per byte: pavgb rounds up, so take the odd sums' extra half back.
AVX2 __m256i average_avx2(__m256i a, __m256i b) {
  __m256i odd = _mm256_and_si256(_mm256_xor_si256(a, b), _mm256_set1_epi8(1));
  return _mm256_sub_epi8(_mm256_avg_epu8(a, b), odd);
}

// Sum of |v| over 32 bytes read as signed, as four 64-bit partial sums. pabsb leaves -128
// as 0x80, which read unsigned is the 128 the scalar cost gives.
AVX2 __m256i cost_avx2(__m256i v) {
  return _mm256_sad_epu8(_mm256_abs_epi8(v), _mm256_setzero_si256());
}

AVX2 uint32_t lanes_sum(__m256i v) {
  __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  return (uint32_t)(_mm_cvtsi128_si64(s) + _mm_extract_epi64(s, 1));
}

// libpng's heuristic over the row, 32 bytes a step; the tail and the first pixel through the
// scalar code.
AVX2 int choose_avx2(const uint8_t *row, const uint8_t *prior, size_t n, int bpp, size_t head, size_t end) {
  uint32_t costs[5] = {0, 0, 0, 0, 0};
  head_costs(row, prior, head, costs);
  __m256i s0 = _mm256_setzero_si256(), s1 = s0, s2 = s0, s3 = s0, s4 = s0;
  for (size_t i = head; i < end; i += 32) {
    __m256i x = _mm256_loadu_si256((const __m256i *)(row + i));
    __m256i a = _mm256_loadu_si256((const __m256i *)(row + i - bpp));
    __m256i b = _mm256_loadu_si256((const __m256i *)(prior + i));
    __m256i c = _mm256_loadu_si256((const __m256i *)(prior + i - bpp));
    s0 = _mm256_add_epi64(s0, cost_avx2(x));
    s1 = _mm256_add_epi64(s1, cost_avx2(_mm256_sub_epi8(x, a)));
    s2 = _mm256_add_epi64(s2, cost_avx2(_mm256_sub_epi8(x, b)));
    s3 = _mm256_add_epi64(s3, cost_avx2(_mm256_sub_epi8(x, average_avx2(a, b))));
    s4 = _mm256_add_epi64(s4, cost_avx2(_mm256_sub_epi8(x, paeth_avx2(a, b, c))));
  }
  costs[0] += lanes_sum(s0);
  costs[1] += lanes_sum(s1);
  costs[2] += lanes_sum(s2);
  costs[3] += lanes_sum(s3);
  costs[4] += lanes_sum(s4);
  add_costs(row, prior, end, n, bpp, costs);

  return cheapest(costs);
}

// The same choice and bytes as filter_row_baseline, 32 bytes a step; the tail and the first
// pixel go through the scalar code.
__attribute__((target("avx2"))) static int filter_row_avx2(const uint8_t *row, const uint8_t *prior, size_t n,
                                                           int bpp, int type, uint8_t *out) {
  size_t head = (size_t)bpp < n ? (size_t)bpp : n;
  size_t end = head + (n - head) / 32 * 32;
  int best = type >= 0 ? type : choose_avx2(row, prior, n, bpp, head, end);
  out[0] = (uint8_t)best;
  uint8_t *dst = out + 1;
  apply_head(best, row, prior, head, dst);
  for (size_t i = head; i < end; i += 32) {
    __m256i x = _mm256_loadu_si256((const __m256i *)(row + i));
    __m256i a = _mm256_loadu_si256((const __m256i *)(row + i - bpp));
    __m256i b = _mm256_loadu_si256((const __m256i *)(prior + i));
    __m256i predicted;
    switch (best) {
    case 0: predicted = _mm256_setzero_si256(); break;
    case 1: predicted = a; break;
    case 2: predicted = b; break;
    case 3: predicted = average_avx2(a, b); break;
    default: predicted = paeth_avx2(a, b, _mm256_loadu_si256((const __m256i *)(prior + i - bpp))); break;
    }
    _mm256_storeu_si256((__m256i *)(dst + i), _mm256_sub_epi8(x, predicted));
  }
  apply_filter(best, row, prior, end, n, bpp, dst);
  return best;
}
#endif

typedef int (*row_filter)(const uint8_t *, const uint8_t *, size_t, int, int, uint8_t *);

// Rows a filter choice holds for: the heuristic reads the first row of each band of 8 (and
// the first row a caller filters) and the rest reuse its choice. On the benchmark's
// previews this gives files 0.2 % larger than choosing every row, for an eighth of the cost
// of choosing (Benchmarks/README.md, "PNG effort").
#define CHOICE_ROWS 8

// The AVX2 loops when the CPU runs them; chosen per call, not through `target_clones`, whose
// load-time resolver crashes ThreadSanitizer's runtime.
static row_filter best_row_filter(void) {
#if defined(__x86_64__)
  if (cpu_features_has_avx2()) return filter_row_avx2;
#endif
  return filter_row_baseline;
}

static void filter_rows_with(row_filter filter, const uint8_t *pixels, size_t stride, uint32_t from,
                             uint32_t to, int channels, uint32_t choice_rows, const uint8_t *zeros,
                             uint8_t *out) {
  int type = -1;
  for (uint32_t y = from; y < to; y++) {
    const uint8_t *row = pixels + (size_t)y * stride;
    int choose = y == from || y % choice_rows == 0;
    type = filter(row, y > 0 ? row - stride : zeros, stride, channels, choose ? -1 : type,
                  out + (size_t)(y - from) * (stride + 1));
  }
}

void cimageio_filter_band(const uint8_t *pixels, size_t stride, uint32_t from, uint32_t to, int channels,
                          const uint8_t *zeros, uint8_t *out) {
  filter_rows_with(best_row_filter(), pixels, stride, from, to, channels, CHOICE_ROWS, zeros, out);
}

int cimageio_png_filter_rows(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                             int avx2, uint32_t choice_rows, uint8_t *out) {
  if (choice_rows == 0) return -1;
  row_filter filter = filter_row_baseline;
  if (avx2) {
#if defined(__x86_64__)
    if (!cpu_features_has_avx2()) return -1;
    filter = filter_row_avx2;
#else
    return -1;
#endif
  }
  size_t stride = (size_t)width * channels;
  uint8_t *zeros = calloc(stride, 1);
  if (zeros == NULL) return -1;
  filter_rows_with(filter, pixels, stride, 0, height, channels, choice_rows, zeros, out);
  free(zeros);
  return 0;
}
