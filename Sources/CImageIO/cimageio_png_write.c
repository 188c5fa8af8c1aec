// PNG encoding over libpng, into a growing memory buffer.
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct {
  uint8_t *bytes;
  size_t size;
  size_t capacity;
  int out_of_memory;
  cimageio_error *err;
} png_sink;

static void write_to_memory(png_structp png, png_bytep data, size_t count) {
  png_sink *sink = png_get_io_ptr(png);
  if (sink->capacity - sink->size < count) {
    size_t capacity = sink->capacity ? sink->capacity : 65536;
    while (capacity - sink->size < count) capacity *= 2;
    uint8_t *grown = realloc(sink->bytes, capacity);
    if (grown == NULL) {
      sink->out_of_memory = 1;
      png_error(png, "out of memory");
    }
    sink->bytes = grown;
    sink->capacity = capacity;
  }
  memcpy(sink->bytes + sink->size, data, count);
  sink->size += count;
}

static void flush_nothing(png_structp png) { (void)png; }

static void on_error(png_structp png, png_const_charp message) {
  png_sink *sink = png_get_error_ptr(png);
  cimageio_fail(sink->err, CIMAGEIO_ENCODE_FAILED, "%s", message);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

int cimageio_png_encode(const void *pixels, uint32_t width, uint32_t height, int channels,
                        int bit_depth, int level, int filter, const uint8_t *icc,
                        size_t icc_size, uint8_t **out, size_t *out_size,
                        cimageio_error *err) {
  static const int color_types[5] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA,
                                     PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA};
  static const int filters[5] = {PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP,
                                 PNG_FILTER_AVG, PNG_FILTER_PAETH};
  *out = NULL;
  *out_size = 0;
  if (pixels == NULL || width == 0 || height == 0 || channels < 1 || channels > 4 ||
      (bit_depth != 8 && bit_depth != 16) || level < 0 || level > 9 || filter < -1 ||
      filter > 4)
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "bad PNG encode parameters");

  png_sink sink = {NULL, 0, 0, 0, err};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_error,
                                            on_warning);
  if (png == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_write_struct(&png, NULL);
    return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    free(sink.bytes);
    return sink.out_of_memory ? cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory")
                              : CIMAGEIO_ENCODE_FAILED;
  }
  png_set_write_fn(png, &sink, write_to_memory, flush_nothing);
  png_set_compression_level(png, level);
  if (filter >= 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, filters[filter]);
  png_set_IHDR(png, info, width, height, bit_depth, color_types[channels],
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  if (icc != NULL && icc_size > 0)
    png_set_iCCP(png, info, "ICC profile", PNG_COMPRESSION_TYPE_BASE, icc,
                 (png_uint_32)icc_size);
  png_write_info(png, info);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (bit_depth == 16) png_set_swap(png);
#endif
  size_t stride = (size_t)width * channels * (bit_depth / 8);
  const uint8_t *rows = pixels;
  for (uint32_t y = 0; y < height; y++) png_write_row(png, rows + y * stride);
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  *out = sink.bytes;
  *out_size = sink.size;
  return CIMAGEIO_OK;
}
