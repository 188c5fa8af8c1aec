// Helpers shared by the CImageIO shims; not part of the public header.
#ifndef CIMAGEIO_INTERNAL_H
#define CIMAGEIO_INTERNAL_H

#include "CImageIO.h"

/// An unsigned integer of `count` bytes (at most 8), most significant first (ISO boxes, PNG
/// chunks).
static inline uint64_t cimageio_big_endian(const uint8_t *bytes, int count) {
  uint64_t value = 0;
  for (int i = 0; i < count; i++) value = value << 8 | bytes[i];
  return value;
}

/// 16, 32 and 64 bits in the order a TIFF structure says (EXIF, MPF, BigTIFF): little-endian
/// or not.
static inline uint16_t cimageio_read16(const uint8_t *bytes, int little) {
  return little ? (uint16_t)(bytes[0] | bytes[1] << 8) : (uint16_t)(bytes[0] << 8 | bytes[1]);
}

static inline uint32_t cimageio_read32(const uint8_t *bytes, int little) {
  return little ? (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24
                : (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

static inline uint64_t cimageio_read64(const uint8_t *bytes, int little) {
  uint64_t first = cimageio_read32(bytes, little), second = cimageio_read32(bytes + 4, little);
  return little ? second << 32 | first : first << 32 | second;
}

/// Records a failure in `err` (when not NULL) and returns `status`.
int cimageio_fail(cimageio_error *err, int status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/// Reads the orientation tag (0x0112) from a TIFF-structured EXIF block
/// ("II*\0" or "MM\0*" first). Returns 1...8, or 1 when absent or malformed.
int cimageio_exif_orientation(const uint8_t *tiff, size_t size);

/// Reads tags 33 and 48 of Apple's maker note (the HDR gain map's headroom, as "Applying Apple
/// HDR effect to your photos" reads them) from a TIFF-structured EXIF block. 0 when either is
/// absent or malformed.
int cimageio_exif_apple_hdr_tags(const uint8_t *tiff, size_t size, double *tag33, double *tag48);

int cimageio_jpeg_read(const uint8_t *data, size_t size, int scale_denom,
                       const cimageio_limits *limits, cimageio_info *info,
                       void *pixels, size_t pixels_size, uint8_t **icc,
                       size_t *icc_size, const cimageio_transform *cmyk_transform,
                       const cimageio_region *region, cimageio_jpeg_split *split, int part,
                       cimageio_error *err);

/// Naive CMYK to RGB for `width` pixels (`inverted`: 0 is full ink, as Adobe writes).
void cimageio_cmyk_row_to_rgb(const uint8_t *cmyk, uint8_t *rgb, uint32_t width, int inverted);

/// The primaries and white point (CIE xy: red, green, blue, white) of ITU-T H.273 colour
/// primaries code `code`; 0 for a code it does not list.
int cimageio_h273_primaries(int code, double xy[8]);

/// The name people know H.273 colour primaries code `code` by ("Display P3"), or "unknown".
const char *cimageio_h273_primaries_name(int code);

/// A premultiplied sample made straight again (0 where alpha is 0).
uint8_t cimageio_unpremultiply8(unsigned value, unsigned alpha);
uint16_t cimageio_unpremultiply16(uint32_t value, uint32_t alpha);

/// A JPEG's HDR gain map from its segments and its MPF images' (1 Apple's, 2 Ultra HDR's or
/// ISO 21496-1's, 0 none). When an MPF image lies beyond `size` bytes and nothing settled it,
/// `*needs_bytes` says how many bytes of the file would. `map_image` gets where the map's own
/// JPEG lies (offset and length), or zeros.
int cimageio_jpeg_gain_map(const uint8_t *data, size_t size, cimageio_gain_map_figures *figures,
                           uint64_t map_image[2], uint64_t *needs_bytes);

/// Whether `region` lies inside a width × height image and is not empty.
int cimageio_region_fits(const cimageio_region *region, uint32_t width, uint32_t height);

/// Filters rows [from, to) of an 8-bit image (`stride` bytes a row) with the adaptive
/// choice, into `out` ((to - from) × (1 + stride) bytes); `zeros` is `stride` zero bytes, the
/// row above the first.
void cimageio_filter_band(const uint8_t *pixels, size_t stride, uint32_t from, uint32_t to, int channels,
                          const uint8_t *zeros, uint8_t *out);

#endif
