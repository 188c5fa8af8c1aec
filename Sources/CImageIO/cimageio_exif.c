// A bounds-checked reader for the EXIF tags artfit needs: Orientation (0x0112) in IFD0, and
// the two tags of Apple's maker note that give its gain map's headroom.
#include <string.h>

#include "internal.h"

int cimageio_exif_orientation(const uint8_t *tiff, size_t size) {
  if (tiff == NULL || size < 8) return 1;
  int little;
  if (tiff[0] == 'I' && tiff[1] == 'I') little = 1;
  else if (tiff[0] == 'M' && tiff[1] == 'M') little = 0;
  else return 1;
  if (cimageio_read16(tiff + 2, little) != 42) return 1;
  uint32_t ifd = cimageio_read32(tiff + 4, little);
  if (ifd > size || size - ifd < 2) return 1;
  uint32_t count = cimageio_read16(tiff + ifd, little);
  for (uint32_t i = 0; i < count; i++) {
    size_t entry = (size_t)ifd + 2 + (size_t)i * 12;
    if (entry + 12 > size) return 1;
    if (cimageio_read16(tiff + entry, little) != 0x0112) continue;
    uint32_t type = cimageio_read16(tiff + entry + 2, little);
    uint32_t value = type == 3 ? cimageio_read16(tiff + entry + 8, little)
                     : type == 4 ? cimageio_read32(tiff + entry + 8, little)
                                 : 0;
    return value >= 1 && value <= 8 ? (int)value : 1;
  }
  return 1;
}

// The entry of tag `tag` in the IFD at `ifd` of `tiff` (offsets from `tiff`), or NULL.
static const uint8_t *ifd_entry(const uint8_t *tiff, size_t size, uint32_t ifd, int little, uint16_t tag) {
  if (ifd > size || size - ifd < 2) return NULL;
  uint32_t count = cimageio_read16(tiff + ifd, little);
  for (uint32_t i = 0; i < count; i++) {
    size_t entry = (size_t)ifd + 2 + (size_t)i * 12;
    if (entry + 12 > size) return NULL;
    if (cimageio_read16(tiff + entry, little) == tag) return tiff + entry;
  }
  return NULL;
}

// One number of an IFD entry whose values lie at offsets from `base`: a rational (5, 10), a
// float (11) or a double (12); 0 for another type or one out of bounds.
static int entry_number(const uint8_t *base, size_t size, const uint8_t *entry, int little, double *value) {
  uint32_t type = cimageio_read16(entry + 2, little);
  if (type == 11) {  // four bytes: held in the entry itself
    uint32_t bits = cimageio_read32(entry + 8, little);
    float f;
    memcpy(&f, &bits, sizeof f);
    *value = f;
    return 1;
  }
  uint32_t at = cimageio_read32(entry + 8, little);
  if ((type != 5 && type != 10 && type != 12) || at > size || size - at < 8) return 0;
  if (type == 12) {
    uint64_t bits = (uint64_t)cimageio_read32(base + at + (little ? 4 : 0), little) << 32 |
                    cimageio_read32(base + at + (little ? 0 : 4), little);
    memcpy(value, &bits, sizeof *value);
    return 1;
  }
  uint32_t numerator = cimageio_read32(base + at, little), denominator = cimageio_read32(base + at + 4, little);
  if (denominator == 0) return 0;
  *value = type == 10 ? (double)(int32_t)numerator / (double)(int32_t)denominator
                      : (double)numerator / (double)denominator;
  return 1;
}

int cimageio_exif_apple_hdr_tags(const uint8_t *tiff, size_t size, double *tag33, double *tag48) {
  if (tiff == NULL || size < 8) return 0;
  int little = tiff[0] == 'I' && tiff[1] == 'I';
  if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) return 0;
  if (cimageio_read16(tiff + 2, little) != 42) return 0;
  const uint8_t *exif = ifd_entry(tiff, size, cimageio_read32(tiff + 4, little), little, 0x8769);
  const uint8_t *note = exif != NULL ? ifd_entry(tiff, size, cimageio_read32(exif + 8, little), little, 0x927C) : NULL;
  if (note == NULL) return 0;
  uint32_t length = cimageio_read32(note + 4, little), at = cimageio_read32(note + 8, little);
  // "Apple iOS", a NUL, a version, then "MM" and the IFD at 14; its offsets count from the
  // maker note's first byte.
  static const char header[] = "Apple iOS";
  if (at > size || length > size - at || length < 16 || memcmp(tiff + at, header, sizeof header) != 0 ||
      memcmp(tiff + at + 12, "MM", 2) != 0)
    return 0;
  const uint8_t *apple = tiff + at;
  const uint8_t *headroom = ifd_entry(apple, length, 14, 0, 0x0021), *gain = ifd_entry(apple, length, 14, 0, 0x0030);
  return headroom != NULL && gain != NULL && entry_number(apple, length, headroom, 0, tag33) &&
         entry_number(apple, length, gain, 0, tag48);
}
