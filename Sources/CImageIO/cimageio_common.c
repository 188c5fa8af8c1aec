// Dispatch by signature, error recording and the shared free.
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "jpeg_split.h"

int cimageio_fail(cimageio_error *err, int status, const char *format, ...) {
  if (err != NULL) {
    err->status = status;
    va_list args;
    va_start(args, format);
    vsnprintf(err->message, sizeof err->message, format, args);
    va_end(args);
    // Libraries end some messages with a line break (libxml2's through librsvg).
    size_t length = strlen(err->message);
    while (length > 0 && (err->message[length - 1] == '\n' || err->message[length - 1] == ' '))
      err->message[--length] = '\0';
  }
  return status;
}

// HEIF and AVIF by their `ftyp` box: AVIF when its brands name AV1 (`avif`, `avis`), HEIF when
// they name HEVC or only the generic image brands (`mif1`, `msf1`).
static int heif_brand(const uint8_t *data, size_t size) {
  if (size < 16 || memcmp(data + 4, "ftyp", 4) != 0) return CIMAGEIO_FORMAT_UNKNOWN;
  size_t box = (size_t)data[0] << 24 | (size_t)data[1] << 16 | (size_t)data[2] << 8 | data[3];
  if (box < 16 || box > size) box = size < 64 ? size : 64;
  int heif = 0, avif = 0;
  // The major brand at 8, then the compatible brands from 16 (the minor version between).
  for (size_t at = 8; at + 4 <= box; at += at == 8 ? 8 : 4) {
    const uint8_t *brand = data + at;
    if (memcmp(brand, "avif", 4) == 0 || memcmp(brand, "avis", 4) == 0) avif = 1;
    static const char *const heif_brands[] = {"heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"};
    for (size_t i = 0; i < sizeof heif_brands / sizeof *heif_brands; i++)
      if (memcmp(brand, heif_brands[i], 4) == 0) heif = 1;
  }
  return avif ? CIMAGEIO_FORMAT_AVIF : heif ? CIMAGEIO_FORMAT_HEIF : CIMAGEIO_FORMAT_UNKNOWN;
}

// Where the text at `from` next holds `needle`, or `size` when it does not.
static size_t find(const uint8_t *data, size_t size, size_t from, const char *needle) {
  size_t length = strlen(needle);
  for (size_t at = from; at + length <= size; at++)
    if (memcmp(data + at, needle, length) == 0) return at;
  return size;
}

// Past the doctype at `at` (`<!DOCTYPE`): its closing `>`, skipping quoted strings and the
// internal subset in brackets (where entity declarations hold `>` of their own).
static size_t past_doctype(const uint8_t *data, size_t size, size_t at) {
  int depth = 0;
  for (; at < size; at++) {
    uint8_t c = data[at];
    if (c == '"' || c == '\'') {
      while (++at < size && data[at] != c) {}
    } else if (c == '[') {
      depth++;
    } else if (c == ']') {
      depth--;
    } else if (c == '>' && depth <= 0) {
      return at + 1;
    }
  }
  return size;
}

// An XML document whose first element is `svg`; white space, the declaration, processing
// instructions, comments and a doctype may come first.
static int svg_document(const uint8_t *data, size_t size) {
  size_t at = size >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
  while (at < size) {
    uint8_t c = data[at];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      at++;
    } else if (size - at >= 2 && memcmp(data + at, "<?", 2) == 0) {
      at = find(data, size, at + 2, "?>") + 2;
    } else if (size - at >= 4 && memcmp(data + at, "<!--", 4) == 0) {
      at = find(data, size, at + 4, "-->") + 3;
    } else if (size - at >= 9 && memcmp(data + at, "<!DOCTYPE", 9) == 0) {
      at = past_doctype(data, size, at + 9);
    } else {
      if (size - at < 5 || memcmp(data + at, "<svg", 4) != 0) return 0;
      uint8_t next = data[at + 4];
      return next == ' ' || next == '\t' || next == '\r' || next == '\n' || next == '>' || next == '/';
    }
  }
  return 0;
}

int cimageio_sniff(const uint8_t *data, size_t size) {
  static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (size >= 8 && memcmp(data, png_signature, 8) == 0) return CIMAGEIO_FORMAT_PNG;
  if (size >= 3 && data[0] == 0xff && data[1] == 0xd8 && data[2] == 0xff)
    return CIMAGEIO_FORMAT_JPEG;
  if (size >= 12 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0)
    return CIMAGEIO_FORMAT_WEBP;
  // Classic TIFF (42) and BigTIFF (43), either byte order.
  if (size >= 4 && ((data[0] == 'I' && data[1] == 'I' && (data[2] == 42 || data[2] == 43) && data[3] == 0) ||
                    (data[0] == 'M' && data[1] == 'M' && data[2] == 0 && (data[3] == 42 || data[3] == 43))))
    return CIMAGEIO_FORMAT_TIFF;
  int heif = heif_brand(data, size);
  if (heif != CIMAGEIO_FORMAT_UNKNOWN) return heif;
  // PDF readers take the header anywhere in the first 1024 bytes (ISO 32000-2, annex H).
  if (find(data, size < 1024 ? size : 1024, 0, "%PDF-") < (size < 1024 ? size : 1024)) return CIMAGEIO_FORMAT_PDF;
  return svg_document(data, size) ? CIMAGEIO_FORMAT_SVG : CIMAGEIO_FORMAT_UNKNOWN;
}

struct cimageio_decoder {
  /// The sniffed format, 0 until the first call.
  int format;
  /// A HEIF's or AVIF's context, from the first call on; taken under `lock`.
  cimageio_heif_source *heif;
  pthread_mutex_t lock;
};

cimageio_decoder *cimageio_decoder_make(void) {
  cimageio_decoder *decoder = calloc(1, sizeof *decoder);
  if (decoder != NULL) pthread_mutex_init(&decoder->lock, NULL);
  return decoder;
}

void cimageio_decoder_free(cimageio_decoder *decoder) {
  if (decoder == NULL) return;
  cimageio_heif_source_free(decoder->heif);
  pthread_mutex_destroy(&decoder->lock);
  free(decoder);
}

/// The format of `data`, sniffed once per decoder.
static int sniffed(cimageio_decoder *decoder, const uint8_t *data, size_t size) {
  if (decoder == NULL) return cimageio_sniff(data, size);
  pthread_mutex_lock(&decoder->lock);
  if (decoder->format == 0) decoder->format = cimageio_sniff(data, size);
  int format = decoder->format;
  pthread_mutex_unlock(&decoder->lock);
  return format;
}

static int dispatch(cimageio_decoder *decoder, const uint8_t *data, size_t size, int scale_denom,
                    const cimageio_limits *limits, cimageio_info *info, void *pixels,
                    size_t pixels_size, uint8_t **icc, size_t *icc_size,
                    const cimageio_transform *cmyk_transform, const cimageio_region *region,
                    cimageio_error *err) {
  static const cimageio_limits no_limits = {0, 0, 0};
  if (info == NULL) return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "no info struct");
  memset(info, 0, sizeof *info);
  info->images = 1;
  if (icc != NULL) *icc = NULL;
  if (icc_size != NULL) *icc_size = 0;
  if (limits == NULL) limits = &no_limits;
  if (data == NULL || size == 0)
    return cimageio_fail(err, CIMAGEIO_UNSUPPORTED, "the file is empty");
  switch (sniffed(decoder, data, size)) {
  case CIMAGEIO_FORMAT_PNG:
    return cimageio_png_read(data, size, limits, info, pixels, pixels_size, icc, icc_size,
                             region, err);
  case CIMAGEIO_FORMAT_JPEG:
    if (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8)
      return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "scale_denom %d is not 1, 2, 4 or 8",
                           scale_denom);
    return cimageio_jpeg_read(data, size, scale_denom, limits, info, pixels, pixels_size,
                              icc, icc_size, cmyk_transform, region, NULL, 0, err);
  case CIMAGEIO_FORMAT_WEBP:
    if (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8)
      return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "scale_denom %d is not 1, 2, 4 or 8",
                           scale_denom);
    return cimageio_webp_read(data, size, scale_denom, limits, info, pixels, pixels_size, icc, icc_size,
                              region, err);
  case CIMAGEIO_FORMAT_TIFF:
    return cimageio_tiff_read(data, size, limits, info, pixels, pixels_size, icc, icc_size, cmyk_transform,
                              region, err);
  case CIMAGEIO_FORMAT_HEIF:
  case CIMAGEIO_FORMAT_AVIF:
    if (decoder == NULL)
      return cimageio_heif_read(data, size, limits, info, pixels, pixels_size, icc, icc_size, region, NULL, err);
    pthread_mutex_lock(&decoder->lock);
    int status = cimageio_heif_read(data, size, limits, info, pixels, pixels_size, icc, icc_size, region,
                                    &decoder->heif, err);
    pthread_mutex_unlock(&decoder->lock);
    return status;
  case CIMAGEIO_FORMAT_SVG:
  case CIMAGEIO_FORMAT_PDF:
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "a vector document is drawn (cimageio_vector_draw), not decoded");
  default:
    return cimageio_fail(err, CIMAGEIO_UNSUPPORTED, "not a PNG, JPEG, WebP, TIFF, HEIF or AVIF file");
  }
}

int cimageio_probe(const uint8_t *data, size_t size, int scale_denom,
                   const cimageio_limits *limits, cimageio_info *info, uint8_t **icc,
                   size_t *icc_size, cimageio_error *err) {
  return cimageio_decoder_probe(NULL, data, size, scale_denom, limits, info, icc, icc_size, err);
}

int cimageio_decoder_probe(cimageio_decoder *decoder, const uint8_t *data, size_t size, int scale_denom,
                           const cimageio_limits *limits, cimageio_info *info, uint8_t **icc,
                           size_t *icc_size, cimageio_error *err) {
  return dispatch(decoder, data, size, scale_denom, limits, info, NULL, 0, icc, icc_size, NULL, NULL, err);
}

int cimageio_decode(const uint8_t *data, size_t size, int scale_denom,
                    const cimageio_limits *limits, cimageio_info *info, void *pixels,
                    size_t pixels_size, uint8_t **icc, size_t *icc_size,
                    const cimageio_transform *cmyk_transform, const cimageio_region *region,
                    cimageio_error *err) {
  return cimageio_decoder_decode(NULL, data, size, scale_denom, limits, info, pixels, pixels_size, icc,
                                 icc_size, cmyk_transform, region, err);
}

int cimageio_decoder_decode(cimageio_decoder *decoder, const uint8_t *data, size_t size, int scale_denom,
                            const cimageio_limits *limits, cimageio_info *info, void *pixels,
                            size_t pixels_size, uint8_t **icc, size_t *icc_size,
                            const cimageio_transform *cmyk_transform, const cimageio_region *region,
                            cimageio_error *err) {
  if (pixels == NULL) return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "no pixel buffer");
  return dispatch(decoder, data, size, scale_denom, limits, info, pixels, pixels_size, icc, icc_size,
                  cmyk_transform, region, err);
}

int cimageio_decode_jpeg_part(cimageio_jpeg_split *split, int part, int scale_denom,
                              const cimageio_limits *limits, cimageio_info *info,
                              void *pixels, size_t pixels_size, uint8_t **icc,
                              size_t *icc_size, const cimageio_transform *cmyk_transform,
                              const cimageio_region *region, cimageio_error *err) {
  int status;
  if (pixels == NULL) {
    status = cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "no pixel buffer");
  } else if (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8) {
    status = cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "scale_denom %d is not 1, 2, 4 or 8", scale_denom);
  } else {
    size_t size = 0;
    const uint8_t *data = cimageio_jpeg_split_stream(split, part, &size);
    status = cimageio_jpeg_read(data, size, scale_denom, limits, info, pixels, pixels_size, icc,
                                icc_size, cmyk_transform, region, split, part, err);
  }
  // However it ended, the other part must not wait for this one.
  cimageio_jpeg_split_meet(split, part, status == CIMAGEIO_OK ? NULL : err, NULL);
  return status;
}

int cimageio_region_fits(const cimageio_region *region, uint32_t width, uint32_t height) {
  return region->width > 0 && region->height > 0 && region->x <= width && region->y <= height &&
         region->width <= width - region->x && region->height <= height - region->y;
}

void cimageio_free(void *pointer) { free(pointer); }

// Naive CMYK to RGB, as libvips and Pillow do without a profile. Adobe writes inverted
// samples (0 = full ink); other writers store 255 = full ink.
void cimageio_cmyk_row_to_rgb(const uint8_t *cmyk, uint8_t *rgb, uint32_t width, int inverted) {
  for (uint32_t x = 0; x < width; x++, cmyk += 4, rgb += 3) {
    unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
    if (!inverted) {
      c = 255 - c;
      m = 255 - m;
      y = 255 - y;
      k = 255 - k;
    }
    rgb[0] = (uint8_t)((c * k + 127) / 255);
    rgb[1] = (uint8_t)((m * k + 127) / 255);
    rgb[2] = (uint8_t)((y * k + 127) / 255);
  }
}


uint8_t cimageio_unpremultiply8(unsigned value, unsigned alpha) {
  if (alpha == 0) return 0;
  unsigned straight = (value * 255 + alpha / 2) / alpha;
  return (uint8_t)(straight > 255 ? 255 : straight);
}

uint16_t cimageio_unpremultiply16(uint32_t value, uint32_t alpha) {
  if (alpha == 0) return 0;
  uint64_t straight = ((uint64_t)value * 65535 + alpha / 2) / alpha;
  return (uint16_t)(straight > 65535 ? 65535 : straight);
}
