// PNG probe and decode over libpng's full API (the simplified API would truncate 16-bit).
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t position;
  int ran_out;             // the file ended before libpng was done
  uint8_t *volatile indexes;  // palette indexes before expansion; freed on longjmp too
  cimageio_error *err;
  cimageio_info *info;  // where a refused profile is noted
} png_source;

// libpng allocates an ancillary chunk's declared length before reading it, so a 2 GiB
// length in a 100-byte file would cost 2 GiB. Returns 0 when a chunk runs past the data;
// a probe, which holds only a prefix, stops looking at the first IDAT.
static int chunks_fit(const uint8_t *data, size_t size, int stop_at_idat) {
  size_t at = 8;
  while (at + 8 <= size) {
    uint32_t length = (uint32_t)cimageio_big_endian(data + at, 4);
    const uint8_t *type = data + at + 4;
    if (stop_at_idat && memcmp(type, "IDAT", 4) == 0) return 1;
    if ((uint64_t)length + 12 > size - at) return 0;
    if (memcmp(type, "IEND", 4) == 0) return 1;
    at += 12 + (size_t)length;
  }
  return 1;  // no room for another header: libpng reports the truncation itself
}

static void read_from_memory(png_structp png, png_bytep out, size_t count) {
  png_source *source = png_get_io_ptr(png);
  if (source->size - source->position < count) {
    source->ran_out = 1;
    png_error(png, "PNG data ends early");
  }
  memcpy(out, source->data + source->position, count);
  source->position += count;
}

static void on_error(png_structp png, png_const_charp message) {
  png_source *source = png_get_error_ptr(png);
  cimageio_fail(source->err, CIMAGEIO_CORRUPT, "%s", message);
  png_longjmp(png, 1);
}

// Warnings are about ancillary chunks (bad text, a broken ICC profile): the chunk is dropped
// and decoding goes on. A dropped profile is noted, so the caller can say why the art is
// treated as untagged.
static void on_warning(png_structp png, png_const_charp message) {
  png_source *source = png_get_error_ptr(png);
  if (strncmp(message, "iCCP", 4) == 0 && source->info->profile_problem[0] == 0)
    snprintf(source->info->profile_problem, sizeof source->info->profile_problem, "%s", message);
}

// Expands palette indexes to RGB or RGBA. libpng's own expansion maps an index past the
// palette to black without a word (its index check runs only when it does not expand),
// so artfit expands and refuses such a file.
static void expand_palette(png_structp png, png_infop info_ptr, const uint8_t *indexes,
                           uint8_t *out, size_t count, int channels) {
  png_colorp palette = NULL;
  int palette_size = 0;
  png_get_PLTE(png, info_ptr, &palette, &palette_size);
  png_bytep alpha = NULL;
  int alpha_count = 0;
  png_get_tRNS(png, info_ptr, &alpha, &alpha_count, NULL);
  for (size_t i = 0; i < count; i++) {
    int index = indexes[i];
    if (index >= palette_size)
      png_error(png, palette_size == 0 ? "no PLTE chunk for a palette image"
                                       : "a pixel indexes past the end of the palette");
    out[0] = palette[index].red;
    out[1] = palette[index].green;
    out[2] = palette[index].blue;
    if (channels == 4) out[3] = index < alpha_count ? alpha[index] : 255;
    out += channels;
  }
}

/// The frames an APNG's acTL chunk announces (1 for a still PNG or a malformed chunk).
static uint32_t animation_frames(png_structp png, png_infop info_ptr) {
  png_unknown_chunkp chunks = NULL;
  int count = png_get_unknown_chunks(png, info_ptr, &chunks);
  for (int i = 0; i < count; i++) {
    if (memcmp(chunks[i].name, "acTL", 4) != 0 || chunks[i].size < 8) continue;
    const png_byte *d = chunks[i].data;
    uint32_t frames = (uint32_t)d[0] << 24 | (uint32_t)d[1] << 16 | (uint32_t)d[2] << 8 | d[3];
    return frames > 1 ? frames : 1;
  }
  return 1;
}

static int describe(png_structp png, png_infop info_ptr, cimageio_info *info) {
  png_uint_32 width, height;
  int depth, color_type, interlace;
  png_get_IHDR(png, info_ptr, &width, &height, &depth, &color_type, &interlace, NULL, NULL);
  info->format = CIMAGEIO_FORMAT_PNG;
  info->width = info->full_width = width;
  info->height = info->full_height = height;
  info->source_bit_depth = depth;
  info->interlaced = interlace != PNG_INTERLACE_NONE;
  info->scale_denom = 1;
  int has_trns = png_get_valid(png, info_ptr, PNG_INFO_tRNS) != 0;
  int alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || has_trns;
  int gray = (color_type & PNG_COLOR_MASK_COLOR) == 0;
  info->color = color_type == PNG_COLOR_TYPE_PALETTE ? CIMAGEIO_COLOR_PALETTE
                : gray                               ? CIMAGEIO_COLOR_GRAY
                                                     : CIMAGEIO_COLOR_RGB;
  info->channels = (gray ? 1 : 3) + (alpha ? 1 : 0);
  info->bit_depth = depth == 16 ? 16 : 8;
  return color_type;
}

static void read_metadata(png_structp png, png_infop info_ptr, cimageio_info *info) {
  png_uint_32 exif_size = 0;
  png_bytep exif = NULL;
  if (png_get_eXIf_1(png, info_ptr, &exif_size, &exif) != 0 && exif != NULL)
    info->orientation = cimageio_exif_orientation(exif, exif_size);
}

// Copies the iCCP profile, if any, for the caller (when it asked for one).
static void copy_profile(png_structp png, png_infop info_ptr, uint8_t **icc, size_t *icc_size) {
  if (icc == NULL) return;
  png_charp name;
  int compression;
  png_bytep profile;
  png_uint_32 length;
  if (png_get_iCCP(png, info_ptr, &name, &compression, &profile, &length) != 0 && length > 0) {
    *icc = malloc(length);
    if (*icc != NULL) {
      memcpy(*icc, profile, length);
      *icc_size = length;
    }
  }
}

static int png_read(const cimageio_read_call *c) {
  // The size is refused from IHDR itself, before libpng reads any further chunk.
  if (c->size >= 24 && memcmp(c->data + 12, "IHDR", 4) == 0) {
    uint32_t w = (uint32_t)c->data[16] << 24 | (uint32_t)c->data[17] << 16 | (uint32_t)c->data[18] << 8 | c->data[19];
    uint32_t h = (uint32_t)c->data[20] << 24 | (uint32_t)c->data[21] << 16 | (uint32_t)c->data[22] << 8 | c->data[23];
    if (c->limits->max_pixels > 0 && (uint64_t)w * h > c->limits->max_pixels) {
      c->info->format = CIMAGEIO_FORMAT_PNG;
      c->info->full_width = c->info->width = w;
      c->info->full_height = c->info->height = h;
      return cimageio_fail(c->err, CIMAGEIO_TOO_LARGE, "%ux%u pixels is over the limit of %llu", w, h,
                           (unsigned long long)c->limits->max_pixels);
    }
  }
  if (!chunks_fit(c->data, c->size, c->pixels == NULL))
    return cimageio_fail(c->err, CIMAGEIO_TRUNCATED, "PNG data ends early (truncated file)");
  png_source source = {c->data, c->size, 0, 0, NULL, c->err, c->info};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, on_error,
                                           on_warning);
  if (png == NULL) return cimageio_fail(c->err, CIMAGEIO_NO_MEMORY, "out of memory");
  png_infop info_ptr = png_create_info_struct(png);
  png_infop end_ptr = png_create_info_struct(png);
  if (info_ptr == NULL || end_ptr == NULL) {
    png_destroy_read_struct(&png, &info_ptr, &end_ptr);
    return cimageio_fail(c->err, CIMAGEIO_NO_MEMORY, "out of memory");
  }
  if (setjmp(png_jmpbuf(png))) {
    free(source.indexes);
    png_destroy_read_struct(&png, &info_ptr, &end_ptr);
    if (source.ran_out)
      return cimageio_fail(c->err, CIMAGEIO_TRUNCATED, "PNG data ends early (truncated file)");
    if (c->err != NULL) c->err->status = CIMAGEIO_CORRUPT;
    return CIMAGEIO_CORRUPT;
  }
  // artfit applies its own pixel limit below; libpng's defaults would reject wide images
  // with a less specific message.
  png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
  if (c->limits->max_chunk_bytes > 0)
    png_set_chunk_malloc_max(png, (png_alloc_size_t)c->limits->max_chunk_bytes);
  png_set_read_fn(png, &source, read_from_memory);
  // An APNG's acTL chunk (before IDAT) says how many frames it animates; libpng keeps it as
  // an unknown chunk for us to read.
  static const png_byte actl[5] = {'a', 'c', 'T', 'L', '\0'};
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, actl, 1);
  png_read_info(png, info_ptr);

  int color_type = describe(png, info_ptr, c->info);
  c->info->images = animation_frames(png, info_ptr);
  c->info->orientation = 1;
  read_metadata(png, info_ptr, c->info);
  uint64_t pixel_count = (uint64_t)c->info->full_width * c->info->full_height;
  if (c->limits->max_pixels > 0 && pixel_count > c->limits->max_pixels) {
    png_destroy_read_struct(&png, &info_ptr, &end_ptr);
    return cimageio_fail(c->err, CIMAGEIO_TOO_LARGE, "%ux%u pixels is over the limit of %llu",
                         c->info->full_width, c->info->full_height,
                         (unsigned long long)c->limits->max_pixels);
  }
  if (c->pixels == NULL) {  // probe only
    copy_profile(png, info_ptr, c->icc, c->icc_size);
    png_destroy_read_struct(&png, &info_ptr, &end_ptr);
    return CIMAGEIO_OK;
  }
  if (c->region != NULL && !cimageio_region_fits(c->region, c->info->width, c->info->height)) {
    png_destroy_read_struct(&png, &info_ptr, &end_ptr);
    return cimageio_fail(c->err, CIMAGEIO_BAD_ARGUMENT, "region %ux%u at %u,%u is outside the %ux%u image",
                         c->region->width, c->region->height, c->region->x, c->region->y, c->info->width,
                         c->info->height);
  }
  cimageio_region want = c->region != NULL ? *c->region : (cimageio_region){0, 0, c->info->width, c->info->height};
  uint32_t full_width = c->info->width, full_height = c->info->height;
  c->info->width = want.width;
  c->info->height = want.height;
  size_t stride = (size_t)c->info->width * c->info->channels * (c->info->bit_depth / 8);
  if (c->pixels_size != stride * c->info->height) {
    png_destroy_read_struct(&png, &info_ptr, &end_ptr);
    return cimageio_fail(c->err, CIMAGEIO_BAD_ARGUMENT, "pixel buffer has %zu bytes, needs %zu",
                         c->pixels_size, stride * c->info->height);
  }

  int palette = color_type == PNG_COLOR_TYPE_PALETTE;
  if (palette) png_set_packing(png);  // 1, 2 and 4-bit indexes to one byte each
  if (color_type == PNG_COLOR_TYPE_GRAY && c->info->source_bit_depth < 8)
    png_set_expand_gray_1_2_4_to_8(png);
  if (!palette && png_get_valid(png, info_ptr, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (c->info->bit_depth == 16) png_set_swap(png);  // PNG stores big-endian samples
#endif
  int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info_ptr);
  size_t pixel_bytes = (size_t)c->info->channels * (c->info->bit_depth / 8);
  size_t read_stride = palette ? full_width : full_width * pixel_bytes;
  if ((int)png_get_channels(png, info_ptr) != (palette ? 1 : c->info->channels) ||
      png_get_rowbytes(png, info_ptr) != read_stride)
    png_error(png, "unexpected row layout after expansion");

  if (!palette && c->region == NULL) {  // rows land in place; interlace passes refine them there
    for (int pass = 0; pass < passes; pass++)
      for (uint32_t y = 0; y < full_height; y++) png_read_row(png, (uint8_t *)c->pixels + y * read_stride, NULL);
  } else {
    // Rows go through `indexes` (one row, or the whole image when interlaced), and only the
    // region's part of them is kept: expanded from the palette, or copied.
    size_t scratch_rows = passes > 1 ? full_height : 1;
    source.indexes = malloc(read_stride * scratch_rows);
    if (source.indexes == NULL) png_error(png, "out of memory for rows");
#ifdef ARTFIT_PLANT_HEAP_OVERFLOW
    // A heap overflow planted on purpose (Scripts/check_sanitizer_filters.sh): one byte past
    // the rows, for AddressSanitizer to report.
    ((volatile uint8_t *)source.indexes)[read_stride * scratch_rows] = 0;
#endif
    for (int pass = 0; pass < passes; pass++) {
      for (uint32_t y = 0; y < full_height; y++) {
        uint8_t *row = source.indexes + (passes > 1 ? y * read_stride : 0);
        png_read_row(png, row, NULL);
        if (pass + 1 < passes || y < want.y || y >= want.y + want.height) continue;
        uint8_t *out = (uint8_t *)c->pixels + (size_t)(y - want.y) * stride;
        if (palette)
          expand_palette(png, info_ptr, row + want.x, out, want.width, c->info->channels);
        else
          memcpy(out, row + want.x * pixel_bytes, stride);
      }
    }
    free(source.indexes);
    source.indexes = NULL;
  }
  png_read_end(png, end_ptr);
  if (c->info->orientation == 1) read_metadata(png, end_ptr, c->info);  // eXIf after IDAT

  copy_profile(png, info_ptr, c->icc, c->icc_size);
  png_destroy_read_struct(&png, &info_ptr, &end_ptr);
  return CIMAGEIO_OK;
}

static int png_sniff(const uint8_t *data, size_t size) {
  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  return size >= 8 && memcmp(data, signature, 8) == 0;
}

// The IHDR chunk, 13 bytes long, follows the signature (PNG, 5.2 and 11.2.2).
static int png_header_holds(const uint8_t *data, size_t size, int whole) {
  (void)whole;
  static const uint8_t ihdr[8] = {0, 0, 0, 13, 'I', 'H', 'D', 'R'};
  return size >= 16 && memcmp(data + 8, ihdr, 8) == 0;
}

const cimageio_format_descriptor cimageio_png_format = {
    .format = CIMAGEIO_FORMAT_PNG, .id = "png", .name = "PNG", .extensions = "png", .library = "libpng",
    .sniff = png_sniff, .header_holds = png_header_holds, .read = png_read, .traits = 0,
};
