// Fast 8-bit PNG writer: adaptive row filters, then one zlib stream, on an effort scale.
//
// Why not libpng here: previews are the batch's dominant cost. The fastest effort's deflate
// (cimageio_deflate_runs.c) compresses the filtered rows many times faster than zlib's
// fastest level, and libdeflate smaller than zlib's strongest; the container is small:
// signature, IHDR, optional iCCP, IDAT, IEND.
//
// The rows are cut into bands of about 1 MiB (by the image's width alone, never by the
// thread count) and filtered on every core. At the fastest effort each band is compressed
// right after it is filtered, by the same thread while its rows are still in cache, into a
// block of its own ended on a byte boundary, so the blocks join into one valid zlib stream,
// the same bytes however many threads ran.
#include <libdeflate.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"


enum deflater { STORED, RUNS, LIBDEFLATE };

// Effort 0...9 as a compressor and its own level: each step slower and smaller than the one
// before on the benchmark's previews (Benchmarks/README.md, "PNG effort").
static const struct {
  enum deflater deflater;
  int level;
} efforts[10] = {
    {STORED, 0},     {RUNS, 0},       {LIBDEFLATE, 1}, {LIBDEFLATE, 3},  {LIBDEFLATE, 5},
    {LIBDEFLATE, 6}, {LIBDEFLATE, 7}, {LIBDEFLATE, 8}, {LIBDEFLATE, 10}, {LIBDEFLATE, 12},
};

#define BAND_BYTES ((size_t)1 << 20)

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

// What one encode needs, kept between encodes so a batch of previews reuses the same
// memory instead of mapping (and the kernel clearing) fresh pages for every image; and the
// encode in progress, between begin, work and finish.
struct cimageio_png_writer {
  struct libdeflate_compressor *compressor;
  int compressor_level;
  uint8_t *raw, *zeros, *deflated, *file;
  size_t raw_capacity, zeros_capacity, deflated_capacity, file_capacity;
  size_t *band_sizes;
  uint32_t band_capacity;

  const uint8_t *pixels;
  uint32_t width, height, band_rows, bands;
  int channels, effort;
  size_t stride, band_bound;
  atomic_uint next_band;
};

cimageio_png_writer *cimageio_png_writer_new(void) { return calloc(1, sizeof(cimageio_png_writer)); }

void cimageio_png_writer_free(cimageio_png_writer *writer) {
  if (writer == NULL) return;
  if (writer->compressor != NULL) libdeflate_free_compressor(writer->compressor);
  free(writer->raw);
  free(writer->zeros);
  free(writer->deflated);
  free(writer->file);
  free(writer->band_sizes);
  free(writer);
}

// Makes `*buffer` hold at least `size` bytes (contents not kept); 0 when memory runs out.
static int reserve(uint8_t **buffer, size_t *capacity, size_t size, int zeroed) {
  if (*capacity >= size && *buffer != NULL) return 1;
  free(*buffer);
  *buffer = zeroed ? calloc(size, 1) : malloc(size);
  *capacity = *buffer != NULL ? size : 0;
  return *buffer != NULL;
}

// The libdeflate compressor at `level`, made again only when the level changes.
static struct libdeflate_compressor *compressor_at(cimageio_png_writer *writer, int level) {
  if (writer->compressor == NULL || writer->compressor_level != level) {
    if (writer->compressor != NULL) libdeflate_free_compressor(writer->compressor);
    writer->compressor = libdeflate_alloc_compressor(level);
    writer->compressor_level = level;
  }
  return writer->compressor;
}

// The bytes of `size` bytes in stored blocks: at most 65535 a block, 5 of header each, and one
// block even when empty.
static size_t stored_size(size_t size) { return size + 5 * (size > 0 ? (size + 65534) / 65535 : 1); }

// Writes `size` bytes at `in` as stored blocks at `out` (the last one final when `final`);
// returns the bytes written.
static size_t put_stored(uint8_t *out, const uint8_t *in, size_t size, int final) {
  size_t at = 0;
  do {
    size_t block = size > 65535 ? 65535 : size;
    out[at] = final && block == size;  // BFINAL, BTYPE 00, then padding to the byte
    out[at + 1] = (uint8_t)block;
    out[at + 2] = (uint8_t)(block >> 8);
    out[at + 3] = (uint8_t)~block;
    out[at + 4] = (uint8_t)(~block >> 8);
    memcpy(out + at + 5, in, block);
    at += 5 + block;
    in += block;
    size -= block;
  } while (size > 0);
  return at;
}

int cimageio_png_writer_begin(cimageio_png_writer *writer, const uint8_t *pixels, uint32_t width,
                              uint32_t height, int channels, int effort, cimageio_error *err) {
  if (writer == NULL || pixels == NULL || width == 0 || height == 0 || channels < 1 || channels > 4 ||
      effort < 0 || effort > 9 || width > 0x7fffffff / 4 || height > 0x7fffffff)
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "bad PNG encode parameters");
  size_t stride = (size_t)width * channels;
  size_t row_bytes = stride + 1;
  uint32_t band_rows = (uint32_t)((BAND_BYTES + row_bytes - 1) / row_bytes);
  if (band_rows > height) band_rows = height;
  uint32_t bands = (height + band_rows - 1) / band_rows;
  // A band in stored blocks, what it falls back to.
  size_t band_bound = stored_size((size_t)band_rows * row_bytes);
  int runs = efforts[effort].deflater == RUNS;
  if (!reserve(&writer->raw, &writer->raw_capacity, row_bytes * height, 0) ||
      !reserve(&writer->zeros, &writer->zeros_capacity, stride, 1) ||
      (runs && !reserve(&writer->deflated, &writer->deflated_capacity, band_bound * bands, 0)))
    return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  if (writer->band_capacity < bands) {
    free(writer->band_sizes);
    writer->band_sizes = malloc(sizeof(size_t) * bands);
    writer->band_capacity = writer->band_sizes != NULL ? bands : 0;
    if (writer->band_sizes == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  }
  writer->pixels = pixels;
  writer->width = width;
  writer->height = height;
  writer->channels = channels;
  writer->effort = effort;
  writer->stride = stride;
  writer->band_rows = band_rows;
  writer->bands = bands;
  writer->band_bound = band_bound;
  atomic_store(&writer->next_band, 0);
  return (int)bands;
}

// Compresses one band's filtered rows into its place in `deflated`, or, when that would be no
// smaller, writes them there as stored blocks; either ends on a byte boundary.
static void deflate_band(cimageio_png_writer *writer, uint32_t band, const uint8_t *rows, size_t size) {
  uint8_t *out = writer->deflated + (size_t)band * writer->band_bound;
  int last = band + 1 == writer->bands;
  size_t deflated = cimageio_deflate_runs(rows, size, last, out, stored_size(size));
  writer->band_sizes[band] = deflated > 0 ? deflated : put_stored(out, rows, size, last);
}

// Filters the rows of `band` into `raw`: after the filter-type byte, the rows as they are
// when stored (filters cannot help them), else with the adaptive choice.
static void filter_band(cimageio_png_writer *writer, uint32_t from, uint32_t to, uint8_t *raw) {
  size_t row_bytes = writer->stride + 1;
  if (efforts[writer->effort].deflater == STORED) {
    for (uint32_t y = from; y < to; y++) {
      raw[(size_t)(y - from) * row_bytes] = 0;
      memcpy(raw + (size_t)(y - from) * row_bytes + 1, writer->pixels + (size_t)y * writer->stride, writer->stride);
    }
  } else {
    cimageio_filter_band(writer->pixels, writer->stride, from, to, writer->channels, writer->zeros, raw);
  }
}

void cimageio_png_writer_work(cimageio_png_writer *writer) {
  size_t row_bytes = writer->stride + 1;
  for (;;) {
    uint32_t band = atomic_fetch_add(&writer->next_band, 1);
    if (band >= writer->bands) return;
    uint32_t from = band * writer->band_rows;
    uint32_t to = from + writer->band_rows < writer->height ? from + writer->band_rows : writer->height;
    uint8_t *raw = writer->raw + (size_t)from * row_bytes;
    filter_band(writer, from, to, raw);
    if (efforts[writer->effort].deflater == RUNS) deflate_band(writer, band, raw, (size_t)(to - from) * row_bytes);
  }
}

// Writes the zlib stream of the filtered rows at `out` (room for `capacity` bytes); returns
// its size, or 0 when it does not fit.
static size_t put_zlib(cimageio_png_writer *writer, uint8_t *out, size_t capacity) {
  size_t raw_size = (writer->stride + 1) * writer->height;
  if (efforts[writer->effort].deflater != RUNS) {
    struct libdeflate_compressor *compressor = compressor_at(writer, efforts[writer->effort].level);
    return compressor != NULL ? libdeflate_zlib_compress(compressor, writer->raw, raw_size, out, capacity) : 0;
  }
  size_t at = 0;
  out[at++] = 0x78;  // deflate, 32 KiB window
  out[at++] = 0x01;  // fastest, no dictionary; 0x7801 is a multiple of 31
  for (uint32_t band = 0; band < writer->bands; band++) {
    memcpy(out + at, writer->deflated + (size_t)band * writer->band_bound, writer->band_sizes[band]);
    at += writer->band_sizes[band];
  }
  put32(out + at, libdeflate_adler32(1, writer->raw, raw_size));
  return at + 4;
}

int cimageio_png_writer_finish(cimageio_png_writer *writer, const uint8_t *icc, size_t icc_size,
                               const uint8_t **out, size_t *out_size, cimageio_error *err) {
  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  static const uint8_t color_types[5] = {0, 0, 4, 2, 6};
  *out = NULL;
  *out_size = 0;
  if (atomic_load(&writer->next_band) < writer->bands)
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "PNG bands left unencoded");

  size_t raw_size = (writer->stride + 1) * writer->height;
  // NULL: bounds that hold for every libdeflate level.
  size_t icc_bound = icc != NULL && icc_size > 0 ? libdeflate_zlib_compress_bound(NULL, icc_size) : 0;
  size_t bound = efforts[writer->effort].deflater == RUNS ? writer->band_bound * writer->bands + 6
                                                           : libdeflate_zlib_compress_bound(NULL, raw_size);
  size_t capacity = 8 + 25 + (icc_bound ? icc_bound + 13 + 12 : 0) + bound + 12 + 12;
  if (!reserve(&writer->file, &writer->file_capacity, capacity, 0))
    return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  // The file is laid out in writer->file: signature, IHDR, iCCP (its profile compressed in
  // place), IDAT compressed straight into place, IEND.
  uint8_t *file = writer->file;
  size_t at = 0;
  memcpy(file, signature, 8);
  at += 8;
  uint8_t ihdr[13];
  put32(ihdr, writer->width);
  put32(ihdr + 4, writer->height);
  ihdr[8] = 8;
  ihdr[9] = color_types[writer->channels];
  ihdr[10] = ihdr[11] = ihdr[12] = 0;
  at += put_chunk(file + at, "IHDR", ihdr, 13);
  if (icc_bound) {
    uint8_t *chunk = file + at;
    memcpy(chunk + 8, "ICC profile", 12);  // profile name, its NUL, then the method byte
    chunk[8 + 12] = 0;
    // Profiles are small: libdeflate's level 6 at the fastest effort.
    int level = efforts[writer->effort].deflater == LIBDEFLATE ? efforts[writer->effort].level : 6;
    struct libdeflate_compressor *compressor = compressor_at(writer, level);
    if (compressor == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
    size_t compressed = libdeflate_zlib_compress(compressor, icc, icc_size, chunk + 8 + 13, icc_bound);
    if (compressed == 0) return cimageio_fail(err, CIMAGEIO_ENCODE_FAILED, "deflate failed");
    put32(chunk, (uint32_t)(13 + compressed));
    memcpy(chunk + 4, "iCCP", 4);
    put32(chunk + 8 + 13 + compressed, libdeflate_crc32(0, chunk + 4, 13 + compressed + 4));
    at += 13 + compressed + 12;
  }
  size_t compressed = put_zlib(writer, file + at + 8, bound);
  if (compressed == 0 || compressed > 0x7fffffff)
    return cimageio_fail(err, CIMAGEIO_ENCODE_FAILED, "deflate failed");
  put32(file + at, (uint32_t)compressed);
  memcpy(file + at + 4, "IDAT", 4);
  put32(file + at + 8 + compressed, libdeflate_crc32(0, file + at + 4, compressed + 4));
  at += compressed + 12;
  at += put_chunk(file + at, "IEND", NULL, 0);
  *out = file;
  *out_size = at;
  return CIMAGEIO_OK;
}
