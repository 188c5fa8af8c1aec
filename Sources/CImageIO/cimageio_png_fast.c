// Fast 8-bit PNG writer: per-row adaptive filters, then one libdeflate zlib stream.
//
// Why not libpng here: previews are the batch's dominant cost, and libdeflate compresses
// the same filtered rows faster and smaller than zlib at the same level. The container is
// small: signature, IHDR, optional iCCP, IDAT, IEND.
#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void put32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

// Appends one chunk (length, type, data, CRC) at `out`; returns the bytes written.
static size_t put_chunk(uint8_t *out, const char type[4], const uint8_t *data, size_t size) {
  put32(out, (uint32_t)size);
  memcpy(out + 4, type, 4);
  if (size > 0) memcpy(out + 8, data, size);
  uint32_t crc = libdeflate_crc32(0, out + 4, size + 4);
  put32(out + 8 + size, crc);
  return size + 12;
}

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

// Picks a row filter with libpng's heuristic (the smallest sum of the filtered bytes read
// as signed values) over every byte of the row, then filters the row with it into `out`
// (1 + n bytes). The loops are branch-free so the compiler vectorises them; on x86-64 the
// body is compiled a second time for AVX2 (filter_row_avx2) and chosen per image. Not
// through `target_clones`: its load-time resolver crashes ThreadSanitizer's runtime.
static inline __attribute__((always_inline)) void filter_row(const uint8_t *row, const uint8_t *prior,
                                                            size_t n, int bpp, uint8_t *out) {
  size_t head = (size_t)bpp < n ? (size_t)bpp : n;
  uint32_t c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0;
  for (size_t i = 0; i < head; i++) {  // no pixel to the left: a = c = 0
    uint8_t x = row[i], b = prior[i];
    c0 += cost(x);
    c1 += cost(x);
    c2 += cost((uint8_t)(x - b));
    c3 += cost((uint8_t)(x - (b >> 1)));
    c4 += cost((uint8_t)(x - b));
  }
  for (size_t i = head; i < n; i++) {
    uint8_t x = row[i], a = row[i - bpp], b = prior[i], c = prior[i - bpp];
    c0 += cost(x);
    c1 += cost((uint8_t)(x - a));
    c2 += cost((uint8_t)(x - b));
    c3 += cost((uint8_t)(x - (uint8_t)((a + b) >> 1)));
    c4 += cost((uint8_t)(x - paeth(a, b, c)));
  }
  unsigned long costs[5] = {c0, c1, c2, c3, c4};
  int best = 0;
  for (int f = 1; f < 5; f++)
    if (costs[f] < costs[best]) best = f;
  out[0] = (uint8_t)best;
  uint8_t *dst = out + 1;
  switch (best) {
  case 0: memcpy(dst, row, n); break;
  case 1:
    memcpy(dst, row, head);
    for (size_t i = head; i < n; i++) dst[i] = (uint8_t)(row[i] - row[i - bpp]);
    break;
  case 2:
    for (size_t i = 0; i < n; i++) dst[i] = (uint8_t)(row[i] - prior[i]);
    break;
  case 3:
    for (size_t i = 0; i < head; i++) dst[i] = (uint8_t)(row[i] - (prior[i] >> 1));
    for (size_t i = head; i < n; i++) dst[i] = (uint8_t)(row[i] - ((row[i - bpp] + prior[i]) >> 1));
    break;
  default:
    for (size_t i = 0; i < head; i++) dst[i] = (uint8_t)(row[i] - prior[i]);
    for (size_t i = head; i < n; i++)
      dst[i] = (uint8_t)(row[i] - paeth(row[i - bpp], prior[i], prior[i - bpp]));
    break;
  }
}

static void filter_row_baseline(const uint8_t *row, const uint8_t *prior, size_t n, int bpp,
                                uint8_t *out) {
  filter_row(row, prior, n, bpp, out);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void filter_row_avx2(const uint8_t *row, const uint8_t *prior,
                                                            size_t n, int bpp, uint8_t *out) {
  filter_row(row, prior, n, bpp, out);
}
#endif

int cimageio_png_encode_fast(const uint8_t *pixels, uint32_t width, uint32_t height,
                             int channels, int level, const uint8_t *icc, size_t icc_size,
                             uint8_t **out, size_t *out_size, cimageio_error *err) {
  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  static const uint8_t color_types[5] = {0, 0, 4, 2, 6};
  *out = NULL;
  *out_size = 0;
  if (pixels == NULL || width == 0 || height == 0 || channels < 1 || channels > 4 ||
      level < 0 || level > 12 || width > 0x7fffffff / 4 || height > 0x7fffffff)
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "bad PNG encode parameters");

  size_t stride = (size_t)width * channels;
  size_t raw_size = (stride + 1) * height;
  uint8_t *raw = malloc(raw_size);
  uint8_t *zeros = calloc(stride, 1);
  struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
  uint8_t *icc_z = NULL;
  size_t icc_z_size = 0;
  uint8_t *file = NULL;
  int status = CIMAGEIO_OK;
  if (raw == NULL || zeros == NULL || compressor == NULL) {
    status = cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
    goto done;
  }
  void (*filter)(const uint8_t *, const uint8_t *, size_t, int, uint8_t *) = filter_row_baseline;
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2")) filter = filter_row_avx2;
#endif
  for (uint32_t y = 0; y < height; y++) {
    const uint8_t *row = pixels + (size_t)y * stride;
    const uint8_t *prior = y > 0 ? row - stride : zeros;
    if (level == 0) {  // stored: filters cannot help
      raw[y * (stride + 1)] = 0;
      memcpy(raw + y * (stride + 1) + 1, row, stride);
    } else {
      filter(row, prior, stride, channels, raw + y * (stride + 1));
    }
  }

  if (icc != NULL && icc_size > 0) {
    size_t bound = libdeflate_zlib_compress_bound(compressor, icc_size);
    icc_z = malloc(bound + 12);  // profile name "ICC profile\0" + method byte first
    if (icc_z == NULL) {
      status = cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
      goto done;
    }
    memcpy(icc_z, "ICC profile", 12);
    icc_z[12] = 0;
    icc_z_size = 13 + libdeflate_zlib_compress(compressor, icc, icc_size, icc_z + 13, bound - 1);
  }
  size_t bound = libdeflate_zlib_compress_bound(compressor, raw_size);
  size_t capacity = 8 + 25 + (icc_z_size ? icc_z_size + 12 : 0) + bound + 12 + 12;
  file = malloc(capacity);
  if (file == NULL) {
    status = cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
    goto done;
  }
  size_t at = 0;
  memcpy(file, signature, 8);
  at += 8;
  uint8_t ihdr[13];
  put32(ihdr, width);
  put32(ihdr + 4, height);
  ihdr[8] = 8;
  ihdr[9] = color_types[channels];
  ihdr[10] = ihdr[11] = ihdr[12] = 0;
  at += put_chunk(file + at, "IHDR", ihdr, 13);
  if (icc_z_size) at += put_chunk(file + at, "iCCP", icc_z, icc_z_size);
  // IDAT is compressed straight into its place in the file.
  size_t compressed = libdeflate_zlib_compress(compressor, raw, raw_size, file + at + 8, bound);
  if (compressed == 0 || compressed > 0x7fffffff) {
    status = cimageio_fail(err, CIMAGEIO_ENCODE_FAILED, "deflate failed");
    goto done;
  }
  put32(file + at, (uint32_t)compressed);
  memcpy(file + at + 4, "IDAT", 4);
  put32(file + at + 8 + compressed, libdeflate_crc32(0, file + at + 4, compressed + 4));
  at += compressed + 12;
  at += put_chunk(file + at, "IEND", NULL, 0);
  *out = file;
  *out_size = at;
  file = NULL;

done:
  free(raw);
  free(zeros);
  free(icc_z);
  free(file);
  if (compressor != NULL) libdeflate_free_compressor(compressor);
  return status;
}
