// A bounds-checked reader for the one EXIF tag artfit needs: Orientation (0x0112) in IFD0.
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
