// A JPEG's HDR gain map: Ultra HDR's (Google's, ISO 21496-1's metadata) and Apple's, both a
// second image listed in the primary's Multi-Picture Format (MPF, CIPA DC-007) segment.
// Ultra HDR says so in the primary's own XMP (`hdrgm:`) or its ISO 21496-1 segment; Apple's
// is known by the second image's XMP naming its auxiliary type. The map's own segments hold
// its figures (gain_map_figures.h); Apple's headroom, when that XMP does not state it, is in
// the primary's EXIF maker note. Only segments are read, with a walk over the JPEG's
// markers; no pixel data.
#include <string.h>

#include "gain_map_figures.h"
#include "internal.h"

static const char xmp_header[] = "http://ns.adobe.com/xap/1.0/";
static const char iso_header[] = "urn:iso:std:iso:ts:21496:-1";
static const char apple_type[] = "urn:com:apple:photo:2020:aux:hdrgainmap";

static int contains(const uint8_t *bytes, size_t size, const char *text) {
  size_t length = strlen(text);
  for (size_t i = 0; i + length <= size; i++)
    if (bytes[i] == (uint8_t)text[0] && memcmp(bytes + i, text, length) == 0) return 1;
  return 0;
}

static int starts_with(const uint8_t *bytes, size_t size, const char *text) {
  size_t length = strlen(text) + 1;  // with its NUL
  return size >= length && memcmp(bytes, text, length) == 0;
}

// Where the images after the first lie, from an MPF segment's TIFF structure at `tiff`
// (`size` bytes; offsets count from its start): up to `capacity` file offsets and lengths.
static int mpf_images(const uint8_t *tiff, size_t size, size_t tiff_at, uint64_t *found, uint64_t *lengths,
                      int capacity) {
  if (size < 8 || (memcmp(tiff, "II*\0", 4) != 0 && memcmp(tiff, "MM\0*", 4) != 0)) return 0;
  int little = tiff[0] == 'I';
  uint32_t ifd = cimageio_read32(tiff + 4, little);
  if (ifd > size - 2) return 0;
  unsigned tags = cimageio_read16(tiff + ifd, little);
  int count = 0;
  for (unsigned t = 0; t < tags && (size_t)ifd + 2 + 12 * (t + 1) <= size; t++) {
    const uint8_t *tag = tiff + ifd + 2 + 12 * t;
    if (cimageio_read16(tag, little) != 0xB002) continue;  // MP Entry: 16 bytes an image
    uint32_t length = cimageio_read32(tag + 4, little), at = cimageio_read32(tag + 8, little);
    if (length > size || at > size - length) return 0;
    for (uint32_t e = 1; e < length / 16 && count < capacity; e++) {
      uint32_t offset = cimageio_read32(tiff + at + 16 * e + 8, little);
      if (offset == 0) continue;
      lengths[count] = cimageio_read32(tiff + at + 16 * e + 4, little);
      found[count++] = (uint64_t)tiff_at + offset;
    }
  }
  return count;
}

// The MPF images after the first: where each begins and how long it is.
typedef struct {
  uint64_t at[8], length[8];
  int count;
} mpf_list;

// What the segments from `at` up to the scan say: 2 for Ultra HDR's or ISO 21496-1's gain
// map, 1 for Apple's auxiliary type, else 0; the figures they hold go into `figures`, and
// (the primary's) the MPF images into `images`.
static int read_segments(const uint8_t *data, size_t size, size_t at, mpf_list *images,
                         cimageio_gain_map_figures *figures) {
  int found = 0;
  size_t iso_length = strlen(iso_header) + 1, xmp_length = strlen(xmp_header) + 1;
  while (at + 4 <= size && data[at] == 0xFF) {
    uint8_t marker = data[at + 1];
    if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
      at += 2;
      continue;
    }
    if (marker == 0xDA || marker == 0xD9) break;
    size_t length = (size_t)data[at + 2] << 8 | data[at + 3];
    if (length < 2 || length > size - at - 2) break;
    const uint8_t *payload = data + at + 4;
    size_t payload_size = length - 2;
    if (marker == 0xE1 && starts_with(payload, payload_size, xmp_header)) {
      const uint8_t *xmp = payload + xmp_length;
      size_t xmp_size = payload_size - xmp_length;
      if (contains(payload, payload_size, "hdrgm:")) {
        found = 2;
        if (!figures->known) cimageio_hdrgm_figures(xmp, xmp_size, figures);
      } else if (contains(payload, payload_size, apple_type)) {
        found = found ? found : 1;
        if (!figures->known) cimageio_apple_gain_map_figures(xmp, xmp_size, figures);
      }
    } else if (marker == 0xE2 && starts_with(payload, payload_size, iso_header)) {
      found = 2;
      // ISO's figures outrank the XMP's (a writer of both puts the same figures in each).
      cimageio_iso_gain_map_figures(payload + iso_length, payload_size - iso_length, figures);
    } else if (marker == 0xE2 && images != NULL && payload_size > 4 && memcmp(payload, "MPF\0", 4) == 0) {
      images->count = mpf_images(payload + 4, payload_size - 4, at + 8, images->at, images->length, 8);
    }
    at += 2 + length;
  }
  return found;
}

// Apple's headroom from the maker note in the primary's EXIF (APP1 "Exif\0\0"), read when its
// map's XMP does not state it.
static void apple_maker_note(const uint8_t *data, size_t size, cimageio_gain_map_figures *figures) {
  size_t at = 2;
  while (at + 4 <= size && data[at] == 0xFF && data[at + 1] != 0xDA && data[at + 1] != 0xD9) {
    size_t length = (size_t)data[at + 2] << 8 | data[at + 3];
    if (length < 2 || length > size - at - 2) return;
    if (data[at + 1] == 0xE1 && length >= 8 && memcmp(data + at + 4, "Exif\0\0", 6) == 0) {
      cimageio_apple_maker_note_figures(data + at + 10, length - 8, figures);
      return;
    }
    at += 2 + length;
  }
}

int cimageio_jpeg_gain_map(const uint8_t *data, size_t size, cimageio_gain_map_figures *figures,
                           uint64_t map_image[2], uint64_t *needs_bytes) {
  *needs_bytes = 0;
  map_image[0] = map_image[1] = 0;
  memset(figures, 0, sizeof *figures);
  mpf_list images = {{0}, {0}, 0};
  int found = read_segments(data, size, 0, &images, figures);
  // The map is the MPF image whose own segments name it; its figures are there too.
  int map_found = 0;
  for (int i = 0; i < images.count && !map_found; i++) {
    // The later image's own segments, which may lie beyond what the caller holds: it then
    // says how much it would need (a complete file that ends sooner simply ends).
    if (images.at[i] < size) {
      int kind = read_segments(data, size, (size_t)images.at[i], NULL, figures);
      if (kind) {
        map_found = 1, found = found ? found : kind;
        map_image[0] = images.at[i], map_image[1] = images.length[i];
      }
    }
    uint64_t wanted = images.at[i] + 4 + 65535 + 4;  // its SOI and one whole segment after
    if (!map_found && wanted > size && wanted > *needs_bytes) *needs_bytes = wanted;
  }
  if (map_found) *needs_bytes = 0;
  if (found == 1 && !figures->known) apple_maker_note(data, size, figures);
  // Figures without a map image to apply them to are not a gain map's.
  if (!map_found && images.count == 0) figures->known = 0;
  return found;
}
