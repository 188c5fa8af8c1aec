// Netpbm's formats (PBM, PGM, PPM in plain and raw form, PAM and PFM), read by artfit itself:
// the formats are a short header and rows of samples, documented at netpbm.sourceforge.net.
// Samples are scaled from the file's maxval to 8 bits (maxval up to 255) or 16 (above); PFM's
// floats, linear light by convention, are clamped to 0...1 and encoded with the sRGB curve
// into 16 bits, since artfit works in sRGB-encoded samples.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef enum { plain, raw, pam, pfm } netpbm_kind;

typedef struct {
  netpbm_kind kind;
  int bitmap;          // PBM, or a PAM of tuple type BLACKANDWHITE: 1 bit a sample
  int bitmap_inverted; // PBM: 1 is black
  uint32_t width, height, depth;
  uint32_t maxval;     // 1 for a bitmap; 0 for PFM
  int little_endian;   // PFM: a negative scale
  size_t raster;       // where the samples start
} netpbm_header;

static int space(uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// Skips white space and comments (`#` to the end of the line).
static size_t skip_space(const uint8_t *data, size_t size, size_t at) {
  while (at < size) {
    if (data[at] == '#') {
      while (at < size && data[at] != '\n' && data[at] != '\r') at++;
    } else if (space(data[at])) {
      at++;
    } else {
      break;
    }
  }
  return at;
}

// An unsigned decimal at `*at` after white space; -1 when there is none (or it ends the data
// before its end is known), -2 when it is larger than 2^32 - 1.
static int64_t number(const uint8_t *data, size_t size, size_t *at) {
  size_t i = skip_space(data, size, *at);
  if (i >= size || data[i] < '0' || data[i] > '9') return -1;
  int64_t value = 0;
  for (; i < size && data[i] >= '0' && data[i] <= '9'; i++) {
    if (value < 0) continue;  // past 32 bits: the rest of its digits are read, not counted
    value = value * 10 + (data[i] - '0');
    if (value > UINT32_MAX) value = -2;
  }
  *at = i;
  return value;
}

static int netpbm_sniff(const uint8_t *data, size_t size) {
  if (size < 3 || data[0] != 'P') return 0;
  int kind = (data[1] >= '1' && data[1] <= '7') || data[1] == 'F' || data[1] == 'f';
  return kind && space(data[2]);
}

// The tuple types netpbm defines (its pam.html), with the depth each has.
static const struct {
  const char *name;
  int64_t depth;
} tuple_types[] = {
    {"BLACKANDWHITE", 1},       {"GRAYSCALE", 1},       {"RGB", 3},
    {"BLACKANDWHITE_ALPHA", 2}, {"GRAYSCALE_ALPHA", 2}, {"RGB_ALPHA", 4},
};

// A named tuple type is one netpbm defines and has the header's depth (CMYK's four samples
// are not RGBA's); a PAM without one is read by its depth.
static int check_tuple_type(const char *tuple, int64_t depth, cimageio_error *err) {
  if (tuple[0] == '\0') return CIMAGEIO_OK;
  for (size_t i = 0; i < sizeof tuple_types / sizeof *tuple_types; i++) {
    if (strcmp(tuple, tuple_types[i].name) != 0) continue;
    if (tuple_types[i].depth == depth) return CIMAGEIO_OK;
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "its PAM tuple type %s has depth %lld, but its DEPTH is %lld", tuple,
                         (long long)tuple_types[i].depth, (long long)depth);
  }
  return cimageio_fail(err, CIMAGEIO_UNUSABLE, "its PAM tuple type '%s' is not one artfit reads (BLACKANDWHITE, "
                       "GRAYSCALE or RGB, with _ALPHA or without)", tuple);
}

// The PAM header's lines after "P7": WIDTH, HEIGHT, DEPTH, MAXVAL and TUPLTYPE, to ENDHDR.
static int read_pam_header(const uint8_t *data, size_t size, netpbm_header *h, cimageio_error *err) {
  size_t at = 2;
  int64_t width = -1, height = -1, depth = -1, maxval = -1;
  char tuple[32] = "";
  for (;;) {
    at = skip_space(data, size, at);
    if (at >= size) return cimageio_fail(err, CIMAGEIO_TRUNCATED, "the PAM header ends before ENDHDR");
    size_t start = at;
    while (at < size && !space(data[at])) at++;
    size_t length = at - start;
    const char *word = (const char *)data + start;
    if (length == 6 && memcmp(word, "ENDHDR", 6) == 0) {
      if (at >= size) return cimageio_fail(err, CIMAGEIO_TRUNCATED, "the PAM data ends after its header");
      h->raster = at + 1;  // the line end after ENDHDR
      break;
    }
    int64_t *field = length == 5 && memcmp(word, "WIDTH", 5) == 0    ? &width
                     : length == 6 && memcmp(word, "HEIGHT", 6) == 0 ? &height
                     : length == 5 && memcmp(word, "DEPTH", 5) == 0  ? &depth
                     : length == 6 && memcmp(word, "MAXVAL", 6) == 0 ? &maxval
                                                                     : NULL;
    if (field != NULL) {
      *field = number(data, size, &at);
    } else if (length == 8 && memcmp(word, "TUPLTYPE", 8) == 0) {
      while (at < size && (data[at] == ' ' || data[at] == '\t')) at++;
      size_t value = at;
      while (at < size && data[at] != '\n' && data[at] != '\r') at++;
      size_t end = at;
      while (end > value && space(data[end - 1])) end--;
      size_t n = end - value < sizeof tuple - 1 ? end - value : sizeof tuple - 1;
      memcpy(tuple, data + value, n);
      tuple[n] = '\0';
    } else {
      return cimageio_fail(err, CIMAGEIO_CORRUPT, "the PAM header has an unknown line '%.*s'",
                           (int)(length < 40 ? length : 40), word);
    }
  }
  const char *names[] = {"WIDTH", "HEIGHT", "DEPTH", "MAXVAL"};
  int64_t values[] = {width, height, depth, maxval};
  for (int i = 0; i < 4; i++)
    if (values[i] == -2) return cimageio_fail(err, CIMAGEIO_CORRUPT, "its PAM %s is past 32 bits (4294967295)", names[i]);
  if (width <= 0 || height <= 0 || depth <= 0 || maxval <= 0)
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "the PAM header lacks a positive WIDTH, HEIGHT, DEPTH or MAXVAL");
  if (depth > 4 || maxval > 65535)
    return cimageio_fail(err, CIMAGEIO_UNUSABLE, "its PAM has depth %lld and maxval %lld; artfit reads depth 1 to 4 "
                         "(gray, gray and alpha, RGB, RGBA) up to maxval 65535", (long long)depth, (long long)maxval);
  int status = check_tuple_type(tuple, depth, err);
  if (status != CIMAGEIO_OK) return status;
  h->width = (uint32_t)width, h->height = (uint32_t)height, h->depth = (uint32_t)depth, h->maxval = (uint32_t)maxval;
  h->bitmap = strncmp(tuple, "BLACKANDWHITE", 13) == 0 && maxval == 1;
  return CIMAGEIO_OK;
}

static int read_header(const uint8_t *data, size_t size, netpbm_header *h, cimageio_error *err) {
  memset(h, 0, sizeof *h);
  char type = (char)data[1];
  if (type == '7') {
    h->kind = pam;
    return read_pam_header(data, size, h, err);
  }
  h->kind = type == 'F' || type == 'f' ? pfm : type <= '3' ? plain : raw;
  h->bitmap = type == '1' || type == '4';
  h->bitmap_inverted = h->bitmap;
  h->depth = type == '3' || type == '6' || type == 'F' ? 3 : 1;
  size_t at = 2;
  int64_t width = number(data, size, &at), height = width >= 0 ? number(data, size, &at) : width;
  if (width == -2 || height == -2)
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "its %s is past 32 bits (4294967295)", width == -2 ? "width" : "height");
  if (width == -1 || height == -1)
    return cimageio_fail(err, at >= size ? CIMAGEIO_TRUNCATED : CIMAGEIO_CORRUPT, "its header has no width and height");
  if (width <= 0 || height <= 0)
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "its header gives a size of %lld x %lld", (long long)width,
                         (long long)height);
  h->width = (uint32_t)width, h->height = (uint32_t)height;
  if (h->kind == pfm) {
    size_t start = skip_space(data, size, at);
    char text[48] = "";
    size_t n = 0;
    while (start + n < size && !space(data[start + n]) && n < sizeof text - 1) text[n] = (char)data[start + n], n++;
    char *end = NULL;
    double scale = strtod(text, &end);
    if (n == 0 || end != text + n || scale == 0 || !isfinite(scale))
      return cimageio_fail(err, CIMAGEIO_CORRUPT, "its PFM scale '%s' is not a non-zero number", text);
    h->little_endian = scale < 0;
    at = start + n;
  } else if (h->bitmap) {
    h->maxval = 1;
  } else {
    int64_t maxval = number(data, size, &at);
    if (maxval <= 0 || maxval > 65535)
      return cimageio_fail(err, maxval == -1 && at >= size ? CIMAGEIO_TRUNCATED : CIMAGEIO_CORRUPT,
                           maxval == -2 ? "its maxval is past 32 bits (and not 1 to 65535)" : "its maxval is not 1 to 65535");
    h->maxval = (uint32_t)maxval;
  }
  // One white-space character ends the header of a raw file (a comment may come before it, as
  // netpbm allows); a plain one's samples are text.
  if (at < size && data[at] == '#')
    while (at < size && data[at] != '\n' && data[at] != '\r') at++;
  if (at >= size || !space(data[at])) return cimageio_fail(err, CIMAGEIO_TRUNCATED, "the data ends after its header");
  h->raster = at + 1;
  return CIMAGEIO_OK;
}

// The header as far as the bytes reach: "P1 fix the launch screen" starts like a PBM but is
// a note. A header the bytes cut short, or one artfit cannot use, is still netpbm's.
static int netpbm_header_holds(const uint8_t *data, size_t size, int whole) {
  (void)whole;
  netpbm_header header;
  cimageio_error err;
  return read_header(data, size, &header, &err) != CIMAGEIO_CORRUPT;
}

static int describe(const netpbm_header *h, const cimageio_limits *limits, cimageio_info *info, cimageio_error *err) {
  info->format = CIMAGEIO_FORMAT_NETPBM;
  info->full_width = info->width = h->width;
  info->full_height = info->height = h->height;
  info->channels = (int)h->depth;
  info->bit_depth = h->kind == pfm || h->maxval > 255 ? 16 : 8;
  int bits = 1;
  while (h->maxval >> bits) bits++;
  info->source_bit_depth = h->kind == pfm ? 32 : bits;
  info->color = h->depth >= 3 ? CIMAGEIO_COLOR_RGB : CIMAGEIO_COLOR_GRAY;
  info->orientation = 1;
  info->scale_denom = 1;
  if (limits->max_pixels > 0 && (uint64_t)h->width * h->height > limits->max_pixels)
    return cimageio_fail(err, CIMAGEIO_TOO_LARGE, "%u x %u pixels", h->width, h->height);
  return CIMAGEIO_OK;
}

// The bytes a raw row holds.
static uint64_t row_bytes(const netpbm_header *h) {
  if (h->kind == pfm) return (uint64_t)h->width * h->depth * 4;
  if (h->bitmap && h->kind == raw) return ((uint64_t)h->width + 7) / 8;
  return (uint64_t)h->width * h->depth * (h->maxval > 255 ? 2 : 1);
}

// The linear `value` with the sRGB curve, as a 16-bit sample.
static uint16_t srgb16(float value) {
  double v = value != value || value <= 0 ? 0 : value >= 1 ? 1 : value;
  double encoded = v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055;
  return (uint16_t)lrint(encoded * 65535);
}

// Row `y` of a raw file (`bytes` at its start) as samples at the output's scale.
static void unpack_raw_row(const netpbm_header *h, const uint8_t *bytes, uint16_t *row) {
  size_t count = (size_t)h->width * h->depth;
  if (h->kind == pfm) {
    for (size_t i = 0; i < count; i++) {
      const uint8_t *b = bytes + 4 * i;
      uint32_t word = cimageio_read32(b, h->little_endian);
      float value;
      memcpy(&value, &word, 4);
      row[i] = srgb16(value);
    }
  } else if (h->bitmap && h->kind == raw) {
    for (size_t i = 0; i < count; i++) row[i] = (bytes[i / 8] >> (7 - i % 8) & 1) ? 0 : 255;
  } else {
    uint32_t full = h->maxval > 255 ? 65535 : 255;
    for (size_t i = 0; i < count; i++) {
      uint32_t v = h->maxval > 255 ? (uint32_t)bytes[2 * i] << 8 | bytes[2 * i + 1] : bytes[i];
      if (v > h->maxval) v = h->maxval;
      if (h->bitmap) v = h->bitmap_inverted ? !v : v;
      row[i] = (uint16_t)((v * full + h->maxval / 2) / h->maxval);
    }
  }
}

// The next row of a plain (text) file from `*at`; a PBM's digits may run together.
static int read_plain_row(const netpbm_header *h, const uint8_t *data, size_t size, size_t *at, uint16_t *row,
                          cimageio_error *err) {
  size_t count = (size_t)h->width * h->depth;
  uint32_t full = h->maxval > 255 ? 65535 : 255;
  for (size_t i = 0; i < count; i++) {
    int64_t v;
    if (h->bitmap) {
      size_t j = skip_space(data, size, *at);
      v = j < size && (data[j] == '0' || data[j] == '1') ? data[j] - '0' : j < size ? -2 : -1;
      *at = j + 1;
    } else {
      v = number(data, size, at);
    }
    if (v == -1) return cimageio_fail(err, CIMAGEIO_TRUNCATED, "the data ends before its last sample");
    if (v < 0 || v > h->maxval) return cimageio_fail(err, CIMAGEIO_CORRUPT, "a sample is not 0 to %u", h->maxval);
    row[i] = h->bitmap ? (v ? 0 : 255) : (uint16_t)(((uint32_t)v * full + h->maxval / 2) / h->maxval);
  }
  return CIMAGEIO_OK;
}

static int netpbm_read(const cimageio_read_call *c) {
  netpbm_header h;
  int status = read_header(c->data, c->size, &h, c->err);
  if (status != CIMAGEIO_OK) return status;
  if ((status = describe(&h, c->limits, c->info, c->err)) != CIMAGEIO_OK || c->pixels == NULL) return status;
  cimageio_region whole = {0, 0, h.width, h.height};
  const cimageio_region *region = c->region != NULL ? c->region : &whole;
  if (!cimageio_region_fits(region, h.width, h.height))
    return cimageio_fail(c->err, CIMAGEIO_BAD_ARGUMENT, "the region is not inside the image");
  c->info->width = region->width;
  c->info->height = region->height;
  size_t sample = c->info->bit_depth / 8, channels = h.depth;
  if (c->pixels_size != (size_t)region->width * region->height * channels * sample)
    return cimageio_fail(c->err, CIMAGEIO_BAD_ARGUMENT, "the pixel buffer does not fit the image");
  uint64_t stride = row_bytes(&h);
  if (h.kind != plain && (c->size - h.raster) / h.height < stride)
    return cimageio_fail(c->err, CIMAGEIO_TRUNCATED, "the data ends before its last row");
  uint16_t *row = malloc((size_t)h.width * channels * sizeof *row);
  if (row == NULL) return cimageio_fail(c->err, CIMAGEIO_NO_MEMORY, "out of memory");
  size_t at = h.raster;
  uint32_t last = region->y + region->height;
  for (uint32_t y = 0; y < last && status == CIMAGEIO_OK; y++) {
    if (h.kind == plain) {
      status = read_plain_row(&h, c->data, c->size, &at, row, c->err);
    } else if (y >= region->y) {
      uint32_t stored = h.kind == pfm ? h.height - 1 - y : y;  // PFM's rows run bottom to top
      unpack_raw_row(&h, c->data + h.raster + stored * stride, row);
    }
    if (status != CIMAGEIO_OK || y < region->y) continue;
    uint8_t *out = (uint8_t *)c->pixels + (size_t)(y - region->y) * region->width * channels * sample;
    const uint16_t *in = row + (size_t)region->x * channels;
    size_t count = (size_t)region->width * channels;
    if (sample == 1) {
      for (size_t i = 0; i < count; i++) out[i] = (uint8_t)in[i];
    } else {
      memcpy(out, in, count * sizeof *in);
    }
  }
  free(row);
  return status;
}

const cimageio_format_descriptor cimageio_netpbm_format = {
    .format = CIMAGEIO_FORMAT_NETPBM, .id = "netpbm", .name = "netpbm", .extensions = "ppm pgm pbm pnm pam pfm",
    .library = "artfit's netpbm reader", .sniff = netpbm_sniff, .header_holds = netpbm_header_holds, .read = netpbm_read,
    .traits = CIMAGEIO_TRAIT_DECODES_REGIONS,
};
