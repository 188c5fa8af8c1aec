// TIFF through libtiff: 1- to 16-bit gray, 8- and 16-bit RGB, palette, 8-bit CMYK (through
// the caller's transform from its profile, else the naive inversion), associated and
// unassociated alpha, strips and tiles, every compression libtiff decodes (JPEG-in-TIFF as
// RGB), the Orientation tag, and the first page of a multi-page file. Group 3 1-D fax data
// libtiff 4.5 refuses is decoded by poppler (cimageio_tiff_fax.c).
//
// libtiff reads from memory through client procedures; its errors and warnings go to
// handlers set on this one handle (libtiff 4.5's TIFFOpenOptions), never to stderr or a
// global. Only the rows (strips) or tiles a region covers are decoded.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

#include "internal.h"
#include "tiff_fax.h"

// The largest buffer allocated here or by libtiff (a strip, a tile, a row, a tag's array): a
// header that declares more is refused before the allocation.
#define MAX_BUFFER ((tmsize_t)256 << 20)

// The file in memory, and whether libtiff asked for bytes past its end (then the caller holds
// only the file's first bytes, or the file is cut short).
typedef struct {
  const uint8_t *data;
  size_t size, position;
  int past_end;
} memory_file;

static tmsize_t read_proc(thandle_t handle, void *buffer, tmsize_t count) {
  memory_file *file = handle;
  size_t left = file->position < file->size ? file->size - file->position : 0;
  size_t n = (size_t)count < left ? (size_t)count : left;
  if (n < (size_t)count) file->past_end = 1;
  memcpy(buffer, file->data + file->position, n);
  file->position += n;
  return (tmsize_t)n;
}

static tmsize_t write_proc(thandle_t handle, void *buffer, tmsize_t count) {
  (void)handle, (void)buffer, (void)count;
  return 0;
}

static toff_t seek_proc(thandle_t handle, toff_t offset, int whence) {
  memory_file *file = handle;
  uint64_t base = whence == SEEK_CUR ? file->position : whence == SEEK_END ? file->size : 0;
  uint64_t target = base + offset;
  if (target > file->size) file->past_end = 1;
  file->position = (size_t)(target < file->size ? target : file->size);
  return target;
}

static int close_proc(thandle_t handle) { return (void)handle, 0; }
static toff_t size_proc(thandle_t handle) { return ((memory_file *)handle)->size; }

static int map_proc(thandle_t handle, void **base, toff_t *size) {
  memory_file *file = handle;
  *base = (void *)file->data;
  *size = file->size;
  return 1;
}

static void unmap_proc(thandle_t handle, void *base, toff_t size) { (void)handle, (void)base, (void)size; }

// libtiff's first error, kept for the caller's message.
typedef struct {
  char message[200];
  int errors;
} messages;

static int on_error(TIFF *tif, void *user, const char *module, const char *format, va_list args) {
  (void)tif, (void)module;
  messages *found = user;
  if (found->errors++ == 0) vsnprintf(found->message, sizeof found->message, format, args);
  return 1;
}

// Warnings (unknown tags and the like) change nothing artfit reads, except the fax decoders'
// (Fax3Decode1D, Fax3Decode2D, Fax4Decode...): a bad code or a row of the wrong length there
// means the rows libtiff fills are not the page's, so they count as errors.
static int on_warning(TIFF *tif, void *user, const char *module, const char *format, va_list args) {
  if (module != NULL && strncmp(module, "Fax", 3) == 0) return on_error(tif, user, module, format, args);
  return 1;
}

// What a page stores, as read from its tags.
typedef struct {
  uint32_t width, height;
  uint16_t samples, bits, photometric, planar, sample_format, orientation;
  int alpha;       // 0 none, 1 unassociated, 2 associated (premultiplied)
  int tiled;
  uint32_t tile_width, tile_height;
  uint16_t *map[3];  // the palette's colour map
} page;

static int fail_with(cimageio_error *err, const memory_file *file, const messages *found, const char *what) {
  if (file->past_end) return cimageio_fail(err, CIMAGEIO_TRUNCATED, "the TIFF data ends early");
  return cimageio_fail(err, CIMAGEIO_CORRUPT, "%s%s%s", what, found->errors ? ": " : "", found->message);
}

// Fills `info` from the page's tags; an error for layouts artfit does not read.
static int describe(TIFF *tif, page *p, cimageio_info *info, cimageio_error *err) {
  uint16_t extra_count = 0, *extra = NULL, inkset = INKSET_CMYK;
  TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &p->width);
  TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &p->height);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &p->samples);
  TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &p->bits);
  TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &p->planar);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &p->sample_format);
  TIFFGetFieldDefaulted(tif, TIFFTAG_ORIENTATION, &p->orientation);
  TIFFGetFieldDefaulted(tif, TIFFTAG_EXTRASAMPLES, &extra_count, &extra);
  TIFFGetFieldDefaulted(tif, TIFFTAG_INKSET, &inkset);
  if (!TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &p->photometric))
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "the TIFF has no PhotometricInterpretation");
  if (p->width == 0 || p->height == 0) return cimageio_fail(err, CIMAGEIO_CORRUPT, "the TIFF has no pixels");
  p->alpha = extra_count > 0 && extra[0] == EXTRASAMPLE_UNASSALPHA   ? 1
             : extra_count > 0 && extra[0] == EXTRASAMPLE_ASSOCALPHA ? 2
                                                                     : 0;
  p->tiled = TIFFIsTiled(tif);
  if (p->tiled) {
    TIFFGetField(tif, TIFFTAG_TILEWIDTH, &p->tile_width);
    TIFFGetField(tif, TIFFTAG_TILELENGTH, &p->tile_height);
  }
  // A valid file in a variant artfit does not read is named as such ("corrupt" is for data
  // that breaks the format).
  if (p->sample_format == SAMPLEFORMAT_IEEEFP)
    return cimageio_fail(err, CIMAGEIO_UNUSABLE,
                         "its samples are %u-bit floating point (an HDR master), which artfit does not read; export it as 16-bit RGB",
                         p->bits);
  if (p->sample_format != SAMPLEFORMAT_UINT)
    return cimageio_fail(err, CIMAGEIO_UNUSABLE,
                         "its samples are signed integers (sample format %u), which artfit does not read; export it as 8- or 16-bit RGB",
                         p->sample_format);
  {
    uint16_t compression = COMPRESSION_NONE;
    TIFFGetField(tif, TIFFTAG_COMPRESSION, &compression);
    if (compression == COMPRESSION_OJPEG)
      return cimageio_fail(err, CIMAGEIO_UNUSABLE,
                           "it uses old-style JPEG compression (OJPEG, TIFF 6.0's withdrawn scheme), which artfit does not read; re-save it with JPEG, LZW or Deflate compression");
    // A fax row takes at least one bit (Group 4 codes a row like the one above it in one), so
    // strips too short for the page's rows are refused before a page that tall is allocated.
    int fax = compression == COMPRESSION_CCITTRLE || compression == COMPRESSION_CCITTRLEW ||
              compression == COMPRESSION_CCITTFAX3 || compression == COMPRESSION_CCITTFAX4;
    uint64_t *counts = NULL;
    if (fax && !TIFFIsTiled(tif) && TIFFGetField(tif, TIFFTAG_STRIPBYTECOUNTS, &counts) && counts != NULL) {
      uint64_t bytes = 0;
      for (uint32_t i = 0, strips = TIFFNumberOfStrips(tif); i < strips; i++) bytes += counts[i];
      if (bytes < ((uint64_t)p->height + 7) / 8)
        return cimageio_fail(err, CIMAGEIO_CORRUPT, "its fax data (%llu bytes) cannot hold its %u rows (a row takes at least one bit)",
                             (unsigned long long)bytes, p->height);
    }
  }
  if (p->photometric == PHOTOMETRIC_LOGLUV || p->photometric == PHOTOMETRIC_LOGL)
    return cimageio_fail(err, CIMAGEIO_UNUSABLE, "it is LogLuv HDR (photometric %u), which artfit does not read; export it as 16-bit RGB",
                         p->photometric);
  if (p->photometric == PHOTOMETRIC_CIELAB || p->photometric == PHOTOMETRIC_ICCLAB || p->photometric == PHOTOMETRIC_ITULAB)
    return cimageio_fail(err, CIMAGEIO_UNUSABLE, "it is CIE L*a*b* (photometric %u), which artfit does not read; export it as RGB",
                         p->photometric);
  // Separate planes (Photoshop's "Per Channel" pixel order) are read a plane at a time and
  // interleaved, at whole-byte sample sizes.
  if (p->planar != PLANARCONFIG_CONTIG && p->samples > 1 && p->bits != 8 && p->bits != 16)
    return cimageio_fail(err, CIMAGEIO_UNUSABLE,
                         "its %u-bit channels lie in separate planes, which artfit reads only at 8 and 16 bits", p->bits);

  int base;  // colour samples before the extra ones
  info->bit_depth = 8;
  switch (p->photometric) {
  case PHOTOMETRIC_MINISBLACK:
  case PHOTOMETRIC_MINISWHITE:
    base = 1;
    if (p->bits != 1 && p->bits != 2 && p->bits != 4 && p->bits != 8 && p->bits != 16) goto bits;
    if (p->bits == 16) info->bit_depth = 16;
    info->color = CIMAGEIO_COLOR_GRAY;
    break;
  case PHOTOMETRIC_YCBCR:
    // JPEG-in-TIFF: libjpeg turns YCbCr into RGB.
    if (TIFFIsCODECConfigured(COMPRESSION_JPEG) == 0 || p->bits != 8) goto layout;
    {
      uint16_t compression = COMPRESSION_NONE;
      TIFFGetField(tif, TIFFTAG_COMPRESSION, &compression);
      if (compression != COMPRESSION_JPEG && compression != COMPRESSION_OJPEG) goto layout;
    }
    TIFFSetField(tif, TIFFTAG_JPEGCOLORMODE, JPEGCOLORMODE_RGB);
    p->photometric = PHOTOMETRIC_RGB;
    base = 3;
    info->color = CIMAGEIO_COLOR_RGB;
    break;
  case PHOTOMETRIC_RGB:
    base = 3;
    if (p->bits != 8 && p->bits != 16) goto bits;
    if (p->bits == 16) info->bit_depth = 16;
    info->color = CIMAGEIO_COLOR_RGB;
    break;
  case PHOTOMETRIC_PALETTE:
    base = 1;
    if (p->bits != 1 && p->bits != 2 && p->bits != 4 && p->bits != 8) goto bits;
    if (!TIFFGetField(tif, TIFFTAG_COLORMAP, &p->map[0], &p->map[1], &p->map[2]))
      return cimageio_fail(err, CIMAGEIO_CORRUPT, "a palette TIFF without its colour map");
    info->color = CIMAGEIO_COLOR_PALETTE;
    p->alpha = 0;
    break;
  case PHOTOMETRIC_SEPARATED:
    base = 4;
    if (inkset != INKSET_CMYK || p->bits != 8) goto layout;
    info->color = CIMAGEIO_COLOR_CMYK;
    p->alpha = 0;  // a CMYK file's extra channels (spot colours, alpha) are not drawn
    break;
  default:
    goto layout;
  }
  if (p->samples < base) goto layout;
  // Samples under 8 bits are read only one to a pixel (bilevel, gray, palette indices).
  if (p->bits < 8 && p->samples > 1) goto layout;
  if (p->samples == base) p->alpha = 0;
  info->channels = (info->color == CIMAGEIO_COLOR_GRAY ? 1 : 3) + (p->alpha ? 1 : 0);
  info->source_bit_depth = p->bits;
  info->orientation = p->orientation >= 1 && p->orientation <= 8 ? p->orientation : 1;
  return CIMAGEIO_OK;
bits:
  return cimageio_fail(err, CIMAGEIO_CORRUPT, "TIFF samples of %u bits (photometric %u) are not read", p->bits,
                       p->photometric);
layout:
  return cimageio_fail(err, CIMAGEIO_CORRUPT,
                       "a TIFF of photometric %u, %u bits, %u samples is not read; export it as 8- or 16-bit RGB",
                       p->photometric, p->bits, p->samples);
}

// Sample `x` of a row of `bits`-bit samples (1, 2, 4 or 8), most significant bits first.
static unsigned packed_sample(const uint8_t *row, uint32_t x, unsigned bits) {
  if (bits == 8) return row[x];
  uint32_t bit = x * bits;
  return (row[bit / 8] >> (8 - bits - bit % 8)) & ((1u << bits) - 1);
}

// `width` pixels of plain CMYK to RGB: through the profile's transform when there is one.
static void cmyk_to_rgb(const uint8_t *cmyk, uint8_t *rgb, uint32_t width, const cimageio_transform *transform) {
  if (transform != NULL) {
    cimageio_transform_rows(transform, cmyk, rgb, width);
  } else {
    cimageio_cmyk_row_to_rgb(cmyk, rgb, width, 0);
  }
}

// One row of stored samples (columns x0 … x0+width) into artfit's pixels.
static void convert_row(const page *p, const cimageio_info *info, const uint8_t *raw, uint32_t x0, uint32_t width,
                        uint8_t *out, const cimageio_transform *cmyk_transform) {
  unsigned channels = (unsigned)info->channels, colour = channels - (p->alpha ? 1 : 0);
  if (info->color == CIMAGEIO_COLOR_CMYK) {
    if (p->samples == 4) {
      cmyk_to_rgb(raw + (size_t)x0 * 4, out, width, cmyk_transform);
      return;
    }
    // Extra channels: each pixel's CMYK gathered first, a stack chunk at a time.
    uint8_t cmyk[4 * 256];
    for (uint32_t start = 0; start < width; start += 256) {
      uint32_t count = width - start < 256 ? width - start : 256;
      for (uint32_t x = 0; x < count; x++) memcpy(cmyk + 4 * x, raw + (size_t)(x0 + start + x) * p->samples, 4);
      cmyk_to_rgb(cmyk, out + (size_t)start * 3, count, cmyk_transform);
    }
    return;
  }
  if (info->color == CIMAGEIO_COLOR_PALETTE) {
    unsigned entries = 1u << p->bits;
    for (uint32_t x = 0; x < width; x++) {
      unsigned index = packed_sample(raw, x0 + x, p->bits) % entries;
      for (int c = 0; c < 3; c++) out[3 * x + c] = (uint8_t)(p->map[c][index] >> 8);
    }
    return;
  }
  int invert = p->photometric == PHOTOMETRIC_MINISWHITE;
  if (p->bits == 16) {
    const uint16_t *samples = (const uint16_t *)raw;
    uint16_t *to = (uint16_t *)out;
    for (uint32_t x = 0; x < width; x++) {
      const uint16_t *pixel = samples + (size_t)(x0 + x) * p->samples;
      uint16_t alpha = p->alpha ? pixel[colour] : 65535;
      for (unsigned c = 0; c < colour; c++) {
        uint16_t v = invert ? (uint16_t)(65535 - pixel[c]) : pixel[c];
        to[x * channels + c] = p->alpha == 2 ? cimageio_unpremultiply16(v, alpha) : v;
      }
      if (p->alpha) to[x * channels + colour] = alpha;
    }
    return;
  }
  if (p->bits < 8) {  // gray only
    unsigned top = (1u << p->bits) - 1;
    for (uint32_t x = 0; x < width; x++) {
      unsigned v = packed_sample(raw, x0 + x, p->bits) * 255 / top;
      out[x] = (uint8_t)(invert ? 255 - v : v);
    }
    return;
  }
  for (uint32_t x = 0; x < width; x++) {
    const uint8_t *pixel = raw + (size_t)(x0 + x) * p->samples;
    uint8_t alpha = p->alpha ? pixel[colour] : 255;
    for (unsigned c = 0; c < colour; c++) {
      uint8_t v = invert ? (uint8_t)(255 - pixel[c]) : pixel[c];
      out[x * channels + c] = p->alpha == 2 ? cimageio_unpremultiply8(v, alpha) : v;
    }
    if (p->alpha) out[x * channels + colour] = alpha;
  }
}

// Rows y0 … y0+height of a page whose channels lie in separate planes, in bands of whole
// strips or tile rows (at most about 64 MB of samples at a time): each plane of a band read
// in turn into whole interleaved rows, which are then converted as a contiguous page's are.
static int read_planar_rows(TIFF *tif, const page *p, const cimageio_info *info, uint32_t x0, uint32_t y0,
                            uint32_t width, uint32_t height, uint8_t *out, const cimageio_transform *cmyk_transform) {
  size_t sample_bytes = p->bits / 8, pixel_bytes = sample_bytes * p->samples;
  size_t raw_row = (size_t)p->width * pixel_bytes;
  size_t out_row = (size_t)width * (size_t)info->channels * (size_t)(info->bit_depth / 8);
  uint32_t rows_per_strip = p->height;
  TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
  if (rows_per_strip == 0 || rows_per_strip > p->height) rows_per_strip = p->height;
  uint32_t tw = p->tiled ? p->tile_width : p->width, unit = p->tiled ? p->tile_height : rows_per_strip;
  if (tw == 0 || unit == 0) return 0;
  uint64_t units = ((uint64_t)64 << 20) / ((uint64_t)unit * raw_row + 1);
  uint32_t band = unit * (uint32_t)(units > 0 ? (units < 65536 ? units : 65536) : 1);
  if ((uint64_t)band * raw_row > MAX_BUFFER) return 0;
  tmsize_t plane_size = p->tiled ? TIFFTileSize(tif) : TIFFScanlineSize(tif);
  uint8_t *raw = _TIFFmalloc((tmsize_t)((size_t)band * raw_row));
  uint8_t *plane = plane_size > 0 && plane_size <= MAX_BUFFER ? _TIFFmalloc(plane_size) : NULL;
  int ok = raw != NULL && plane != NULL;
  for (uint32_t start = y0 / unit * unit; ok && start < y0 + height; start += band) {
    uint32_t end = start + band < p->height ? start + band : p->height;
    for (uint16_t sample = 0; ok && sample < p->samples; sample++) {
      for (uint32_t ty = start; ok && ty < end; ty += p->tiled ? unit : 1) {
        for (uint32_t tx = 0; ok && tx < p->width; tx += tw) {
          ok = p->tiled ? TIFFReadTile(tif, plane, tx, ty, 0, sample) >= 0 : TIFFReadScanline(tif, plane, ty, sample) >= 0;
          uint32_t rows = p->tiled ? unit : 1, columns = tx + tw <= p->width ? tw : p->width - tx;
          for (uint32_t y = ty; ok && y < ty + rows && y < end; y++) {
            const uint8_t *from = plane + (size_t)(y - ty) * tw * sample_bytes;
            uint8_t *to = raw + (size_t)(y - start) * raw_row + (size_t)tx * pixel_bytes + sample * sample_bytes;
            for (uint32_t x = 0; x < columns; x++) memcpy(to + x * pixel_bytes, from + x * sample_bytes, sample_bytes);
          }
        }
      }
    }
    for (uint32_t y = start > y0 ? start : y0; ok && y < end && y < y0 + height; y++)
      convert_row(p, info, raw + (size_t)(y - start) * raw_row, x0, width, out + (size_t)(y - y0) * out_row,
                  cmyk_transform);
  }
  if (plane != NULL) _TIFFfree(plane);
  if (raw != NULL) _TIFFfree(raw);
  return ok;
}

// Decodes rows y0 … y0+height, columns x0 … x0+width of the page into `out`.
static int read_rows(TIFF *tif, const page *p, const cimageio_info *info, uint32_t x0, uint32_t y0, uint32_t width,
                     uint32_t height, uint8_t *out, const cimageio_transform *cmyk_transform) {
  size_t out_row = (size_t)width * (size_t)info->channels * (size_t)(info->bit_depth / 8);
  if (p->planar != PLANARCONFIG_CONTIG && p->samples > 1)
    return read_planar_rows(tif, p, info, x0, y0, width, height, out, cmyk_transform);
  if (!p->tiled) {
    tmsize_t size = TIFFScanlineSize(tif);
    uint8_t *line = size > 0 && size <= MAX_BUFFER ? _TIFFmalloc(size) : NULL;
    if (line == NULL) return 0;
    // From the first row of the strip holding y0: a compressed strip decodes only forward
    // from its start, so the rows above y0 in it are decoded and passed over.
    uint32_t rows_per_strip = p->height;
    TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
    if (rows_per_strip == 0 || rows_per_strip > p->height) rows_per_strip = p->height;
    for (uint32_t y = y0 / rows_per_strip * rows_per_strip; y < y0 + height; y++) {
      if (TIFFReadScanline(tif, line, y, 0) < 0) {
        _TIFFfree(line);
        return 0;
      }
      if (y >= y0) convert_row(p, info, line, x0, width, out + (y - y0) * out_row, cmyk_transform);
    }
    _TIFFfree(line);
    return 1;
  }
  // Tiles: only those the region crosses, each read once and its part of each row converted.
  tmsize_t tile_size = TIFFTileSize(tif);
  tmsize_t tile_row = TIFFTileRowSize(tif);
  uint32_t tw = p->tile_width, th = p->tile_height;
  if (tile_size <= 0 || tile_size > MAX_BUFFER || tile_row <= 0 || tw == 0 || th == 0) return 0;
  size_t pixel_bytes = (size_t)info->channels * (size_t)(info->bit_depth / 8);
  uint8_t *tile = _TIFFmalloc(tile_size);
  int ok = tile != NULL;
  for (uint32_t ty = y0 / th; ok && (uint64_t)ty * th < (uint64_t)y0 + height; ty++) {
    for (uint32_t tx = x0 / tw; ok && (uint64_t)tx * tw < (uint64_t)x0 + width; tx++) {
      ok = TIFFReadTile(tif, tile, tx * tw, ty * th, 0, 0) >= 0;
      uint32_t left = tx * tw > x0 ? tx * tw : x0;
      uint32_t right = (uint64_t)(tx + 1) * tw < (uint64_t)x0 + width ? (tx + 1) * tw : x0 + width;
      uint32_t top = ty * th > y0 ? ty * th : y0;
      uint32_t bottom = (uint64_t)(ty + 1) * th < (uint64_t)y0 + height ? (ty + 1) * th : y0 + height;
      for (uint32_t y = top; ok && y < bottom; y++) {
        convert_row(p, info, tile + (size_t)(y - ty * th) * (size_t)tile_row, left - tx * tw, right - left,
                    out + (y - y0) * out_row + (size_t)(left - x0) * pixel_bytes, cmyk_transform);
      }
    }
  }
  _TIFFfree(tile);
  return ok;
}

// The region of a fax page libtiff refused, decoded by poppler instead (cimageio_tiff_fax.c):
// libtiff 4.5 refuses some sound fax data that later releases read.
static int read_fax_rows(TIFF *tif, const memory_file *file, const page *p, const cimageio_info *info,
                         const cimageio_region *r, uint8_t *out, const messages *found, cimageio_error *err) {
  size_t row_bytes = ((size_t)p->width + 7) / 8, out_row = (size_t)r->width * (size_t)info->channels;
  uint8_t *rows = malloc(row_bytes * r->height);
  if (rows == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  cimageio_error fax = {0};
  int status = cimageio_tiff_fax_rows(tif, file->data, file->size, p->width, r->y, r->height, rows, row_bytes, &fax);
  for (uint32_t y = 0; status == CIMAGEIO_OK && y < r->height; y++)
    convert_row(p, info, rows + (size_t)y * row_bytes, r->x, r->width, out + (size_t)y * out_row, NULL);
  free(rows);
  if (status == CIMAGEIO_OK) return CIMAGEIO_OK;
  return cimageio_fail(err, status == CIMAGEIO_TRUNCATED ? CIMAGEIO_TRUNCATED : CIMAGEIO_CORRUPT,
                       "libtiff cannot decode its fax data%s%s%s, nor can poppler's fax decoder: %s",
                       found->errors ? " (" : "", found->errors ? found->message : "",
                       found->errors ? ")" : "", fax.message);
}

static int tiff_read(const cimageio_read_call *c) {
  memory_file file = {c->data, c->size, 0, 0};
  messages found = {{0}, 0};
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  if (options == NULL) return cimageio_fail(c->err, CIMAGEIO_NO_MEMORY, "out of memory");
  TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, &found);
  TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, &found);
  TIFFOpenOptionsSetMaxSingleMemAlloc(options, MAX_BUFFER);
  // "m": no mapping, so every read goes through read_proc, which notices a read past the end
  // (a probe holds only the file's first bytes, and a TIFF's directory is often at its end).
  TIFF *tif = TIFFClientOpenExt("artwork", "rm", &file, read_proc, write_proc, seek_proc, close_proc, size_proc,
                                map_proc, unmap_proc, options);
  TIFFOpenOptionsFree(options);
  if (tif == NULL) return fail_with(c->err, &file, &found, "libtiff cannot open it");

  page p = {0};
  int status = describe(tif, &p, c->info, c->err);
  c->info->format = CIMAGEIO_FORMAT_TIFF;
  c->info->width = c->info->full_width = p.width;
  c->info->height = c->info->full_height = p.height;
  c->info->scale_denom = 1;
  if (status == CIMAGEIO_OK && c->limits->max_pixels > 0 && (uint64_t)p.width * p.height > c->limits->max_pixels) {
    status = cimageio_fail(c->err, CIMAGEIO_TOO_LARGE, "%ux%u pixels is over the limit of %llu", p.width, p.height,
                           (unsigned long long)c->limits->max_pixels);
  }
  if (status == CIMAGEIO_OK && c->icc != NULL) {
    uint32_t count = 0;
    void *profile = NULL;
    if (TIFFGetField(tif, TIFFTAG_ICCPROFILE, &count, &profile) && count > 0 && profile != NULL) {
      *c->icc = malloc(count);
      if (*c->icc == NULL) {
        status = cimageio_fail(c->err, CIMAGEIO_NO_MEMORY, "out of memory");
      } else {
        memcpy(*c->icc, profile, count);
        *c->icc_size = count;
      }
    }
  }
  if (status == CIMAGEIO_OK) {
    // The pages, by following the directory offsets alone (libtiff stops at a loop): reading
    // the next directory would replace the first page's state, and a damaged one leaves it
    // half torn down.
    tdir_t pages = TIFFNumberOfDirectories(tif);
    c->info->images = pages > 1 ? (uint32_t)pages : 1;
  }
  if (status != CIMAGEIO_OK || c->pixels == NULL) {
    TIFFClose(tif);
    if (status == CIMAGEIO_OK && file.past_end)
      return cimageio_fail(c->err, CIMAGEIO_TRUNCATED, "the TIFF data ends early");
    return status;
  }

  cimageio_region whole = {0, 0, p.width, p.height};
  const cimageio_region *r = c->region != NULL ? c->region : &whole;
  if (!cimageio_region_fits(r, p.width, p.height)) {
    TIFFClose(tif);
    return cimageio_fail(c->err, CIMAGEIO_BAD_ARGUMENT, "region outside the image");
  }
  size_t expected = (size_t)r->width * r->height * (size_t)c->info->channels * (size_t)(c->info->bit_depth / 8);
  if (c->pixels_size != expected) {
    TIFFClose(tif);
    return cimageio_fail(c->err, CIMAGEIO_BAD_ARGUMENT, "pixel buffer size");
  }
  found.errors = 0;
  int ok = read_rows(tif, &p, c->info, r->x, r->y, r->width, r->height, c->pixels, c->cmyk_transform);
  if ((!ok || found.errors > 0) && !file.past_end && cimageio_tiff_is_one_dimensional_fax(tif)) {
    status = read_fax_rows(tif, &file, &p, c->info, r, c->pixels, &found, c->err);
  } else if (!ok || found.errors > 0) {
    status = fail_with(c->err, &file, &found, "libtiff cannot decode it");
  }
  TIFFClose(tif);
  c->info->width = r->width;
  c->info->height = r->height;
  return status;
}

// Classic TIFF (42) and BigTIFF (43), either byte order.
static int tiff_sniff(const uint8_t *data, size_t size) {
  return size >= 4 && ((data[0] == 'I' && data[1] == 'I' && (data[2] == 42 || data[2] == 43) && data[3] == 0) ||
                       (data[0] == 'M' && data[1] == 'M' && data[2] == 0 && (data[3] == 42 || data[3] == 43)));
}

// The first IFD lies past the header (BigTIFF's offsets 8 bytes wide), inside a whole file.
static int tiff_header_holds(const uint8_t *data, size_t size, int whole) {
  int little = data[0] == 'I', big = (little ? data[2] : data[3]) == 43;
  size_t at = big ? 8 : 4, width = big ? 8 : 4;
  if (size < at + width) return 0;
  // BigTIFF names its offsets' width (8) and a zero after it.
  if (big && (cimageio_read16(data + 4, little) != 8 || cimageio_read16(data + 6, little) != 0)) return 0;
  uint64_t offset = big ? cimageio_read64(data + at, little) : cimageio_read32(data + at, little);
  return offset >= at + width && (!whole || offset + 2 <= size);
}

const cimageio_format_descriptor cimageio_tiff_format = {
    .format = CIMAGEIO_FORMAT_TIFF, .id = "tiff", .name = "TIFF", .extensions = "tif tiff", .library = "libtiff",
    .sniff = tiff_sniff, .header_holds = tiff_header_holds, .read = tiff_read, .traits = CIMAGEIO_TRAIT_DECODES_REGIONS,
};
