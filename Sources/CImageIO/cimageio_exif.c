// A bounds-checked reader for the one EXIF tag artfit needs: Orientation (0x0112) in IFD0.
#include "internal.h"

static uint32_t read16(const uint8_t *p, int little) {
  return little ? (uint32_t)(p[0] | p[1] << 8) : (uint32_t)(p[0] << 8 | p[1]);
}

static uint32_t read32(const uint8_t *p, int little) {
  return little ? ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                   (uint32_t)p[3] << 24)
                : ((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 |
                   (uint32_t)p[3]);
}

int cimageio_exif_orientation(const uint8_t *tiff, size_t size) {
  if (tiff == NULL || size < 8) return 1;
  int little;
  if (tiff[0] == 'I' && tiff[1] == 'I') little = 1;
  else if (tiff[0] == 'M' && tiff[1] == 'M') little = 0;
  else return 1;
  if (read16(tiff + 2, little) != 42) return 1;
  uint32_t ifd = read32(tiff + 4, little);
  if (ifd > size || size - ifd < 2) return 1;
  uint32_t count = read16(tiff + ifd, little);
  for (uint32_t i = 0; i < count; i++) {
    size_t entry = (size_t)ifd + 2 + (size_t)i * 12;
    if (entry + 12 > size) return 1;
    if (read16(tiff + entry, little) != 0x0112) continue;
    uint32_t type = read16(tiff + entry + 2, little);
    uint32_t value = type == 3 ? read16(tiff + entry + 8, little)
                     : type == 4 ? read32(tiff + entry + 8, little)
                                 : 0;
    return value >= 1 && value <= 8 ? (int)value : 1;
  }
  return 1;
}
