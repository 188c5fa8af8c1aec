// A HEIF's or AVIF's HDR gain map: which kind it is and what its metadata says (for the
// probe), and its map image decoded (cimageio_decode_gain_map): Apple's auxiliary image, or
// the input of ISO 21496-1's `tmap` item, upright as the primary is, with the alternate
// rendition's colour space when the figures apply the gain there.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gain_map_figures.h"
#include "heif_boxes.h"
#include "heif_gain_map.h"
#include "heif_source.h"
#include "heif_transforms.h"
#include "heif_ycbcr.h"

static const char apple_gain_map[] = "urn:com:apple:photo:2020:aux:hdrgainmap";

// Reads `handle`'s metadata blocks of `type` with `read` until one gives the figures.
static void read_blocks(const struct heif_image_handle *handle, const char *type,
                        int (*read)(const uint8_t *, size_t, cimageio_gain_map_figures *),
                        cimageio_gain_map_figures *figures) {
  heif_item_id ids[8];
  int count = heif_image_handle_get_list_of_metadata_block_IDs(handle, type, ids, 8);
  for (int i = 0; i < count && !figures->known; i++) {
    size_t size = heif_image_handle_get_metadata_size(handle, ids[i]);
    uint8_t *block = size > 0 && size <= ((size_t)1 << 24) ? malloc(size) : NULL;
    if (block != NULL && heif_image_handle_get_metadata(handle, ids[i], block).code == heif_error_Ok)
      read(block, size, figures);
    free(block);
  }
}

// Apple's maker note figures from libheif's "Exif" block: a 4-byte offset to the TIFF header,
// then the block.
static int maker_note_in_exif(const uint8_t *block, size_t size, cimageio_gain_map_figures *figures) {
  if (size < 4) return 0;
  uint32_t skip = (uint32_t)block[0] << 24 | (uint32_t)block[1] << 16 | (uint32_t)block[2] << 8 | block[3];
  return skip <= size - 4 && cimageio_apple_maker_note_figures(block + 4 + skip, size - 4 - skip, figures);
}

// Apple's headroom from the XMP its gain map image carries (libheif's "mime" metadata), else
// from the maker note in the primary image's EXIF, as iPhones wrote it before the XMP said it.
static void apple_figures(const struct heif_image_handle *primary, const struct heif_image_handle *map,
                          cimageio_gain_map_figures *figures) {
  read_blocks(map, "mime", cimageio_apple_gain_map_figures, figures);
  if (!figures->known) read_blocks(primary, "Exif", maker_note_in_exif, figures);
}

// The primary image's auxiliary image of Apple's gain map type (released by the caller), and
// its item id when `id` is not NULL; NULL when there is none.
static struct heif_image_handle *apple_map_handle(const struct heif_image_handle *handle, heif_item_id *id) {
  int count = heif_image_handle_get_number_of_auxiliary_images(handle, 0);
  heif_item_id ids[16];
  if (count > 16) count = 16;
  count = count > 0 ? heif_image_handle_get_list_of_auxiliary_image_IDs(handle, 0, ids, count) : 0;
  for (int i = 0; i < count; i++) {
    struct heif_image_handle *aux = NULL;
    if (heif_image_handle_get_auxiliary_image_handle(handle, ids[i], &aux).code != heif_error_Ok) continue;
    const char *type = NULL;
    int found = 0;
    if (heif_image_handle_get_auxiliary_type(aux, &type).code == heif_error_Ok && type != NULL) {
      found = strcmp(type, apple_gain_map) == 0;
      heif_image_handle_free_auxiliary_types(aux, &type);
    }
    if (found && id != NULL) *id = ids[i];
    if (found) return aux;
    heif_image_handle_release(aux);
  }
  return NULL;
}

int cimageio_heif_gain_map_kind(const struct heif_image_handle *handle, const uint8_t *data, size_t size,
                                cimageio_gain_map_figures *figures) {
  memset(figures, 0, sizeof *figures);
  struct heif_image_handle *apple = apple_map_handle(handle, NULL);
  if (apple != NULL) apple_figures(handle, apple, figures);
  heif_image_handle_release(apple);
  // iOS 18 writes both (its tmap's map is the same auxiliary image): ISO's figures, when the
  // file has them, are the ones to use.
  cimageio_gain_map_figures iso;
  int tone_map = cimageio_heif_tone_map(data, size, &iso);
  if (iso.known) *figures = iso;
  return apple != NULL ? 1 : tone_map ? 2 : 0;
}

// A map coded as RGB planes (libheif's planar RGB for an identity matrix, as libavif codes
// its maps) as 8-bit interleaved samples, deeper codes rounded to 8 bits.
static int copy_planar_rgb(struct heif_image *image, cimageio_gain_map_image *out, cimageio_error *err) {
  const enum heif_channel channels[3] = {heif_channel_R, heif_channel_G, heif_channel_B};
  int width = heif_image_get_width(image, heif_channel_R), height = heif_image_get_height(image, heif_channel_R);
  int bits = heif_image_get_bits_per_pixel_range(image, heif_channel_R);
  const uint8_t *planes[3];
  int strides[3];
  for (int c = 0; c < 3; c++) {
    planes[c] = heif_image_get_plane_readonly(image, channels[c], &strides[c]);
    if (planes[c] == NULL || heif_image_get_width(image, channels[c]) != width ||
        heif_image_get_height(image, channels[c]) != height || heif_image_get_bits_per_pixel_range(image, channels[c]) != bits)
      return cimageio_fail(err, CIMAGEIO_CORRUPT, "its gain map image's planes do not match");
  }
  if (width <= 0 || height <= 0 || bits < 8 || bits > 16)
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "its gain map image's planes do not match");
  out->pixels = malloc((size_t)width * (size_t)height * 3);
  if (out->pixels == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  uint32_t top = (1u << bits) - 1;
  for (int y = 0; y < height; y++) {
    uint8_t *row = out->pixels + (size_t)y * (size_t)width * 3;
    for (int c = 0; c < 3; c++) {
      const uint8_t *from = planes[c] + (size_t)y * (size_t)strides[c];
      for (int x = 0; x < width; x++) {
        uint32_t v = bits > 8 ? ((const uint16_t *)from)[x] : from[x];
        if (v > top) v = top;
        row[3 * x + c] = (uint8_t)((v * 255u + top / 2) / top);
      }
    }
  }
  out->width = (uint32_t)width;
  out->height = (uint32_t)height;
  out->channels = 3;
  return CIMAGEIO_OK;
}

// The decoded map image in `out` as 8-bit samples: converted to RGB as the primary's planes
// are (range, matrix, bit depth), then one channel kept when it was coded monochrome.
static int copy_map(const struct heif_image_handle *map, struct heif_image *image, cimageio_gain_map_image *out,
                    cimageio_error *err) {
  if (heif_image_get_colorspace(image) == heif_colorspace_RGB) return copy_planar_rgb(image, out, err);
  int mono = heif_image_get_chroma_format(image) == heif_chroma_monochrome;
  ycbcr_matrix matrix;
  if (!cimageio_heif_matrix_for(image, map, &matrix) && !mono)
    return cimageio_fail(err, CIMAGEIO_UNUSABLE, "its gain map image's colour coding is one artfit does not convert");
  cimageio_info rgb = {0};
  rgb.channels = 3;
  rgb.bit_depth = 8;
  rgb.full_width = rgb.width = (uint32_t)heif_image_get_width(image, heif_channel_Y);
  rgb.full_height = rgb.height = (uint32_t)heif_image_get_height(image, heif_channel_Y);
  size_t pixels = (size_t)rgb.width * rgb.height;
  out->pixels = malloc(pixels * 3);
  if (out->pixels == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  cimageio_region all = {0, 0, rgb.width, rgb.height};
  int status = cimageio_heif_convert_ycbcr(image, map, &matrix, 0, &rgb, &all, out->pixels, err);
  if (status != CIMAGEIO_OK) return status;
  if (mono)
    for (size_t i = 0; i < pixels; i++) out->pixels[i] = out->pixels[3 * i];
  out->width = rgb.width;
  out->height = rgb.height;
  out->channels = mono ? 1 : 3;
  return CIMAGEIO_OK;
}

// The gain map image `map`, decoded with its own transformative properties (libheif applies
// them to an auxiliary image as to any item).
static int decode_map(struct heif_image_handle *map, const cimageio_limits *limits, cimageio_gain_map_image *out,
                      cimageio_error *err) {
  int width = heif_image_handle_get_width(map), height = heif_image_handle_get_height(map);
  struct heif_image *image = NULL;
  int status = CIMAGEIO_OK;
  if (width <= 0 || height <= 0) {
    status = cimageio_fail(err, CIMAGEIO_CORRUPT, "its gain map image has no size");
  } else if (limits->max_pixels > 0 && (uint64_t)width * (uint64_t)height > limits->max_pixels) {
    status = cimageio_fail(err, CIMAGEIO_LIMIT, "its gain map image of %dx%d pixels is over the limit of %llu",
                           width, height, (unsigned long long)limits->max_pixels);
  } else {
    status = cimageio_heif_decode_as(map, heif_colorspace_undefined, heif_chroma_undefined, 0, &image, err);
  }
  if (status == CIMAGEIO_OK) status = copy_map(map, image, out, err);
  if (status != CIMAGEIO_OK) {
    free(out->pixels);
    memset(out, 0, sizeof *out);
  }
  if (image != NULL) heif_image_release(image);
  return status;
}

// The decoded map turned and mirrored as the primary image is, when the map item has no
// transformative properties of its own (as a gain map item is written: stored as the primary
// is); the primary's clean aperture, in its own pixels, is left out.
static int turned_with_primary(const uint8_t *data, size_t size, uint32_t map_item, cimageio_gain_map_image *out,
                               cimageio_error *err) {
  heif_transforms own, primary, turns = {0};
  if (cimageio_heif_item_transforms(data, size, map_item, &own) ||
      !cimageio_heif_primary_transforms(data, size, &primary))
    return CIMAGEIO_OK;
  for (int i = 0; i < primary.count; i++)
    if (primary.steps[i].kind != 'c') turns.steps[turns.count++] = primary.steps[i];
  if (turns.count == 0) return CIMAGEIO_OK;
  uint32_t width = 0, height = 0;
  uint8_t *result = NULL;
  int status = cimageio_heif_transformed_size(&turns, out->width, out->height, &width, &height, NULL, err);
  if (status == CIMAGEIO_OK)
    status = cimageio_heif_apply_transforms(&turns, out->pixels, out->width, out->height, out->channels, &result, err);
  if (status != CIMAGEIO_OK) return status;
  if (result != out->pixels) {
    free(out->pixels);
    out->pixels = result;
  }
  out->width = width;
  out->height = height;
  return CIMAGEIO_OK;
}

// The alternate rendition's colour space, where ISO 21496-1 says the gain applies (not the
// base's): the `tmap` item's colour property, as a profile for the map image. Only its
// primaries matter to the gain (applied to linear light), so a description (`nclx`) becomes
// a profile of its primaries (as the figures read them) with sRGB's transfer. None when the
// item has no `colr`, or primaries artfit does not know.
static int alternate_colour(const uint8_t *data, size_t size, uint32_t tmap, const cimageio_gain_map_figures *iso,
                            cimageio_gain_map_image *out, cimageio_error *err) {
  size_t at = 0, length = 0;
  int primaries = 0;
  if (cimageio_heif_item_colour(data, size, tmap, &at, &length, &primaries) == 1) {
    if ((out->icc = malloc(length)) == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
    memcpy(out->icc, data + at, length);
    out->icc_size = length;
    return CIMAGEIO_OK;
  }
  if (iso->alternate_primaries <= 0) return CIMAGEIO_OK;
  char name[96];
  snprintf(name, sizeof name, "%s primaries (the HDR rendition's, from its tone map item)",
           cimageio_h273_primaries_name(iso->alternate_primaries));
  return cimageio_profile_from_description(iso->alternate_primaries_xy, 13, name, &out->icc, &out->icc_size, err);
}

// The file's gain map image: the input of ISO 21496-1's `tmap` item when the file has that
// item's figures (they say what its codes mean, even beside an Apple map, as iOS 18 writes),
// else Apple's auxiliary image. libheif 1.15 hands out only top-level images, so the `tmap`
// input, a hidden item, is read from a copy of the file in which it is not hidden. The map is
// then upright as the primary is (turned_with_primary).
int cimageio_heif_read_gain_map(const uint8_t *data, size_t size, const cimageio_limits *limits,
                              cimageio_gain_map_image *out, cimageio_error *err) {
  cimageio_gain_map_figures iso;
  uint32_t tmap = 0, input = 0;
  int tone_map = cimageio_heif_tone_map(data, size, &iso);
  int iso_input = tone_map && iso.known && cimageio_heif_tone_map_input(data, size, &tmap, &input);
  uint8_t *bytes = cimageio_heif_with_sized_last_box(data, size);
  if (bytes == NULL && iso_input && (bytes = malloc(size)) != NULL) memcpy(bytes, data, size);
  if (bytes == NULL && iso_input) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  if (iso_input && !cimageio_heif_show_item(bytes, size, input)) {
    free(bytes);
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "its tone map item (tmap) names a gain map item %u it does not hold",
                         input);
  }
  int owned = bytes != NULL, status = CIMAGEIO_OK;
  heif_source *source = cimageio_heif_source_open(data, size, owned ? bytes : (uint8_t *)data, owned, limits, &status, err);
  if (source == NULL) return status;
  struct heif_image_handle *primary = NULL, *map = NULL;
  heif_item_id map_item = input;
  struct heif_error error = heif_context_get_primary_image_handle(source->context, &primary);
  if (error.code != heif_error_Ok) {
    status = cimageio_heif_failure(error, err);
  } else if (iso_input) {
    error = heif_context_get_image_handle(source->context, input, &map);
    if (error.code != heif_error_Ok)
      status = cimageio_fail(err, CIMAGEIO_CORRUPT, "its gain map item %u: %s", input, error.message);
  } else if ((map = apple_map_handle(primary, &map_item)) == NULL) {
    status = cimageio_fail(err, CIMAGEIO_UNUSABLE,
                           tone_map ? "its tone map item (tmap) has no whole figures or names no gain map item"
                                    : "it has no gain map image");
  }
  if (map != NULL) status = decode_map(map, limits, out, err);
  const uint8_t *read = source->bytes != NULL ? source->bytes : data;
  if (map != NULL && status == CIMAGEIO_OK) status = turned_with_primary(read, source->size, map_item, out, err);
  if (status == CIMAGEIO_OK && iso_input && iso.alternate_colour_space)
    status = alternate_colour(read, source->size, tmap, &iso, out, err);
  if (status != CIMAGEIO_OK) {
    free(out->pixels);
    free(out->icc);
    memset(out, 0, sizeof *out);
  }
  heif_image_handle_release(map);
  heif_image_handle_release(primary);
  cimageio_heif_source_free(source);
  return status;
}
