// HEIF/HEIC and AVIF through libheif (HEVC through libde265; an AVIF's planes through libavif,
// cimageio_avif_planes.c): the primary
// image with its `irot`, `imir` and `clap` applied (libheif's handle already gives the
// oriented size), alpha made straight, 10- and 12-bit samples widened to 16 bits, the ICC
// profile or else the colour description (nclx) built into a profile, PQ and HLG tone-mapped
// in that profile's curves, and a gain map (Apple's auxiliary image, ISO 21496-1's `tmap`
// item) noticed but not applied (cimageio_heif_gain_map.c reads it, and decodes its map
// image on its own call). Grid images decode their tiles on two threads.
//
// libheif reports errors as returned structs, with no callbacks and no longjmp, so this file
// only translates them. Its security limits are set from the caller's pixel limit.
//
// The boxes libheif 1.15 has no call for are read in cimageio_heif_boxes.c, and YCbCr planes
// are converted to RGB in cimageio_heif_ycbcr.c.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

#include "gain_map_figures.h"
#include "heif_avif.h"
#include "heif_boxes.h"
#include "heif_gain_map.h"
#include "heif_source.h"
#include "heif_transforms.h"
#include "heif_ycbcr.h"

// The item codings libheif decodes here: AV1, HEVC, and images derived from them.
static int decodable_coding(const char *coding) {
  static const char *const known[] = {"av01", "hvc1", "grid", "iden", "iovl"};
  for (size_t i = 0; i < sizeof known / sizeof *known; i++)
    if (strcmp(coding, known[i]) == 0) return 1;
  return 0;
}

// A coding by the name people know it.
static const char *coding_name(const char *coding) {
  if (strcmp(coding, "unci") == 0) return "uncompressed samples";
  if (strcmp(coding, "jpeg") == 0) return "JPEG";
  if (strcmp(coding, "j2k1") == 0) return "JPEG 2000";
  if (strcmp(coding, "avc1") == 0) return "AVC (H.264)";
  if (strcmp(coding, "vvc1") == 0) return "VVC (H.266)";
  if (strcmp(coding, "mski") == 0) return "a mask";
  return "a coding artfit does not know";
}

static const char *transfer_name(int code) {
  switch (code) {
  case 1: case 6: case 14: case 15: return "BT.709 transfer";
  case 2: case 13: return "sRGB transfer";
  case 4: return "gamma 2.2";
  case 5: return "gamma 2.8";
  case 7: return "SMPTE 240M transfer";
  case 8: return "linear";
  case 16: return "PQ, tone-mapped to SDR";
  case 18: return "HLG, tone-mapped to SDR";
  default: return "unknown transfer";
  }
}

// The colour of the primary image: its ICC profile when it has one (unless the description
// says PQ or HLG, which only a built profile tone-maps), else a profile built from the
// description; nothing for sRGB's own primaries and transfer.
static int read_colour(const struct heif_image_handle *handle, cimageio_info *info, uint8_t **icc, size_t *icc_size,
                       cimageio_error *err) {
  struct heif_color_profile_nclx *nclx = NULL;
  struct heif_error described = heif_image_handle_get_nclx_color_profile(handle, &nclx);
  if (described.code != heif_error_Ok) {
    // libheif may have allocated the description before refusing one of its codes.
    heif_nclx_color_profile_free(nclx);
    nclx = NULL;
    if (described.code != heif_error_Color_profile_does_not_exist)
      snprintf(info->profile_problem, sizeof info->profile_problem, "its colour description (nclx): %s",
               described.message);
  }
  int transfer = nclx != NULL ? (int)nclx->transfer_characteristics : 2;
  int primaries = nclx != NULL ? (int)nclx->color_primaries : 2;
  if (transfer == 16 || transfer == 18) info->hdr = transfer;
  size_t raw_size = heif_image_handle_get_raw_color_profile_size(handle);
  int status = CIMAGEIO_OK;
  if (icc == NULL) {
    // The caller wants no profile.
  } else if (raw_size > 0 && info->hdr == 0) {
    *icc = malloc(raw_size);
    if (*icc == NULL) {
      status = cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
    } else if (heif_image_handle_get_raw_color_profile(handle, *icc).code != heif_error_Ok) {
      free(*icc);
      *icc = NULL;
    } else {
      *icc_size = raw_size;
    }
  } else if (nclx != NULL && !((primaries == 1 || primaries == 2) && (transfer == 2 || transfer == 13))) {
    // libheif decodes each primaries code into CIE xy; an unknown code leaves zeros.
    int known = nclx->color_primary_red_x > 0 && nclx->color_primary_white_x > 0;
    double bt709[8] = {0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290};
    double xy[8] = {nclx->color_primary_red_x,   nclx->color_primary_red_y,   nclx->color_primary_green_x,
                    nclx->color_primary_green_y, nclx->color_primary_blue_x,  nclx->color_primary_blue_y,
                    nclx->color_primary_white_x, nclx->color_primary_white_y};
    if (info->hdr != 0) {
      info->hdr_primaries = known ? primaries : 1;
      memcpy(info->hdr_primaries_xy, known ? xy : bt709, sizeof info->hdr_primaries_xy);
    }
    char name[96];
    snprintf(name, sizeof name, "%s primaries, %s (nclx)", known ? cimageio_h273_primaries_name(primaries) : "BT.709",
             transfer_name(transfer));
    cimageio_error problem = {0};
    if (cimageio_profile_from_description(known ? xy : bt709, transfer, name, icc, icc_size, &problem) !=
        CIMAGEIO_OK) {
      snprintf(info->profile_problem, sizeof info->profile_problem, "its colour description (nclx): %s",
               problem.message);
      info->hdr = 0;
    }
  }
  heif_nclx_color_profile_free(nclx);
  return status;
}

// 10- to 16-bit samples (0 ... 2^bits - 1, little-endian as libheif's RRGGBB_LE gives them)
// widened to the full 16-bit range, rounded.
static void widen_row(const uint8_t *from, uint16_t *to, size_t samples, int bits) {
  uint32_t top = (1u << bits) - 1;
  for (size_t i = 0; i < samples; i++) {
    uint32_t v = (uint32_t)from[2 * i] | (uint32_t)from[2 * i + 1] << 8;
    if (v > top) v = top;
    to[i] = (uint16_t)((v * 65535u + top / 2) / top);
  }
}

static void unpremultiply_row(void *row, uint32_t width, int bit_depth) {
  for (uint32_t x = 0; x < width; x++) {
    if (bit_depth == 16) {
      uint16_t *p = (uint16_t *)row + 4 * (size_t)x;
      for (int c = 0; c < 3; c++) p[c] = cimageio_unpremultiply16(p[c], p[3]);
    } else {
      uint8_t *p = (uint8_t *)row + 4 * (size_t)x;
      for (int c = 0; c < 3; c++) p[c] = cimageio_unpremultiply8(p[c], p[3]);
    }
  }
}

// Limited-range alpha (16 to 235 at 8 bits is transparent to opaque) made full, in a row of
// RGBA at `bit_depth`, its samples coded at `coded_bits` (widened to 16 when deeper than 8).
static void expand_limited_alpha_row(void *row, uint32_t width, int bit_depth, int coded_bits) {
  double top = bit_depth == 16 ? 65535 : 255, coded_top = bit_depth == 16 ? (double)((1u << coded_bits) - 1) : 255;
  double unit = (bit_depth == 16 ? (double)(1u << (coded_bits - 8)) : 1) * top / coded_top;
  double offset = 16 * unit, gain = top / (219 * unit);
  for (uint32_t x = 0; x < width; x++) {
    double a = bit_depth == 16 ? ((uint16_t *)row)[4 * (size_t)x + 3] : ((uint8_t *)row)[4 * (size_t)x + 3];
    double full = (a - offset) * gain + 0.5;
    full = full < 0 ? 0 : full > top ? top : full;
    if (bit_depth == 16) {
      ((uint16_t *)row)[4 * (size_t)x + 3] = (uint16_t)full;
    } else {
      ((uint8_t *)row)[4 * (size_t)x + 3] = (uint8_t)full;
    }
  }
}

// `region` of an image libheif converted to interleaved RGB(A) itself, into `pixels`; its
// alpha expanded when coded in limited range (libheif 1.15 hands it over as coded).
static void copy_interleaved(const struct heif_image *image, const struct heif_image_handle *handle,
                             const cimageio_info *info, int bits, int alpha_limited, const cimageio_region *region,
                             void *pixels) {
  int stride = 0;
  const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
  size_t bytes_per_sample = (size_t)info->bit_depth / 8;
  size_t region_row = (size_t)region->width * (size_t)info->channels * bytes_per_sample;
  int premultiplied = info->channels == 4 && heif_image_handle_is_premultiplied_alpha(handle);
  for (uint32_t y = 0; y < region->height; y++) {
    const uint8_t *from = plane + (size_t)(region->y + y) * (size_t)stride +
                          (size_t)region->x * (size_t)info->channels * bytes_per_sample;
    uint8_t *to = (uint8_t *)pixels + y * region_row;
    if (info->bit_depth == 16) {
      widen_row(from, (uint16_t *)to, (size_t)region->width * (size_t)info->channels, bits);
    } else {
      memcpy(to, from, region_row);
    }
    if (alpha_limited && info->channels == 4) expand_limited_alpha_row(to, region->width, info->bit_depth, bits);
    if (premultiplied) unpremultiply_row(to, region->width, info->bit_depth);
  }
}

// Where an AVIF's planes come from libavif: the file, the limits, and whether it has
// transformative properties (libavif applies none of them); `note` (info's) says when
// libavif refused the container and libheif's planes were read instead.
typedef struct {
  const uint8_t *data;
  size_t size;
  const cimageio_limits *limits;
  int transformed;
  char *note;
  size_t note_size;
} avif_source;

static int decoded_size_matches(const struct heif_image *image, enum heif_channel channel, const cimageio_info *info) {
  return heif_image_get_width(image, channel) == (int)info->full_width &&
         heif_image_get_height(image, channel) == (int)info->full_height;
}

// Decodes the primary image and puts `region` of it into `pixels`. An AVIF's YCbCr is
// converted here with bilinear chroma, as libavif (AV1's reference library) and browsers
// show it; a HEIC's, and any matrix this file leaves to libheif, through libheif's own
// conversion, which repeats chroma samples as libheif-based tools (libvips, ImageMagick) show
// HEIC. Either way the previews are what that format's usual decoder gives.
static int decode_pixels(const struct heif_image_handle *handle, enum heif_chroma chroma_format,
                         const cimageio_info *info, int bits, const cimageio_region *region, void *pixels, int coded,
                         const avif_source *avif, cimageio_error *err) {
  struct heif_image *image = NULL;
  int status = CIMAGEIO_OK;
  int from_libavif = 0;
  if (chroma_format != heif_chroma_undefined && avif != NULL && (coded || !avif->transformed)) {
    // libavif's planes, which it decodes without the transformative properties.
    cimageio_error refused = {0};
    status = cimageio_avif_planes(avif->data, avif->size, avif->limits, &image, &refused);
    if (status == CIMAGEIO_CORRUPT) {
      // libavif is strict about container details libheif reads past (a repeated ipma box, and
      // the like): the planes libheif decodes, as libheif-based readers show the file.
      if (avif->note[0] == '\0') snprintf(avif->note, avif->note_size, "%s; read as libheif reads it", refused.message);
      enum heif_colorspace native =
          chroma_format == heif_chroma_monochrome ? heif_colorspace_monochrome : heif_colorspace_YCbCr;
      status = cimageio_heif_decode_as(handle, native, chroma_format, coded || avif->transformed, &image, err);
      if (status != CIMAGEIO_OK) return status;
    } else if (status != CIMAGEIO_OK) {
      if (err != NULL) *err = refused;
      return status;
    } else {
      from_libavif = 1;
    }
  } else if (chroma_format != heif_chroma_undefined) {
    enum heif_colorspace native =
        chroma_format == heif_chroma_monochrome ? heif_colorspace_monochrome : heif_colorspace_YCbCr;
    status = cimageio_heif_decode_as(handle, native, chroma_format, coded, &image, err);
    if (status != CIMAGEIO_OK) return status;
  }
  ycbcr_matrix matrix;
  // Monochrome needs only the range, which matrix_for reads whatever the matrix.
  int known = image != NULL && (cimageio_heif_matrix_for(image, handle, &matrix) || chroma_format == heif_chroma_monochrome);
  // libavif makes limited-range alpha full; libheif 1.15 hands it over as coded.
  int alpha_limited = avif != NULL && info->channels == 4 && cimageio_heif_alpha_is_limited(avif->data, avif->size);
  if (known && heif_image_get_chroma_format(image) == chroma_format) {
    status = decoded_size_matches(image, heif_channel_Y, info)
                 ? cimageio_heif_convert_ycbcr(image, handle, &matrix, alpha_limited && !from_libavif, info, region,
                                               pixels, err)
                 : cimageio_fail(err, CIMAGEIO_CORRUPT, "the decoded image is not the size its header gives");
    heif_image_release(image);
    return status;
  }
  if (image != NULL) heif_image_release(image);
  int alpha = info->channels == 4;
  enum heif_chroma chroma = info->bit_depth == 16
                                ? (alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE)
                                : (alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB);
  status = cimageio_heif_decode_as(handle, heif_colorspace_RGB, chroma, coded, &image, err);
  if (status != CIMAGEIO_OK) return status;
  int stride = 0;
  if (heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) == NULL ||
      !decoded_size_matches(image, heif_channel_interleaved, info)) {
    status = cimageio_fail(err, CIMAGEIO_CORRUPT, "the decoded image is not the size its header gives");
  } else {
    copy_interleaved(image, handle, info, bits, alpha_limited, region, pixels);
  }
  heif_image_release(image);
  return status;
}

static int has_clap(const heif_transforms *transforms) {
  for (int i = 0; i < transforms->count; i++)
    if (transforms->steps[i].kind == 'c') return 1;
  return 0;
}

// Whether the rotations add up to an odd number of quarter turns (the sides exchanged).
static int quarter_turned(const heif_transforms *transforms) {
  int turns = 0;
  for (int i = 0; i < transforms->count; i++)
    if (transforms->steps[i].kind == 'r') turns += transforms->steps[i].value;
  return turns % 2;
}

static int has_mirror(const heif_transforms *transforms) {
  for (int i = 0; i < transforms->count; i++)
    if (transforms->steps[i].kind == 'm') return 1;
  return 0;
}

// The coded image decoded whole, its transformative properties applied by artfit, and
// `region` of the result put into `pixels`. `info` is the transformed image's; `coded_width`
// and `coded_height` the size libheif decodes.
static int decode_transformed(const struct heif_image_handle *handle, enum heif_chroma chroma_format,
                              const heif_transforms *transforms, uint32_t coded_width, uint32_t coded_height,
                              const cimageio_info *info, int bits, const cimageio_region *region, void *pixels,
                              const avif_source *avif, cimageio_error *err) {
  cimageio_info coded = *info;
  coded.full_width = coded.width = coded_width;
  coded.full_height = coded.height = coded_height;
  size_t pixel_bytes = (size_t)info->channels * ((size_t)info->bit_depth / 8);
  uint8_t *whole = malloc((size_t)coded_width * coded_height * pixel_bytes);
  if (whole == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  cimageio_region all = {0, 0, coded_width, coded_height};
  int status = decode_pixels(handle, chroma_format, &coded, bits, &all, whole, 1, avif, err);
  uint8_t *result = NULL;
  if (status == CIMAGEIO_OK)
    status = cimageio_heif_apply_transforms(transforms, whole, coded_width, coded_height, pixel_bytes, &result, err);
  if (status == CIMAGEIO_OK) {
    size_t row = (size_t)region->width * pixel_bytes;
    for (uint32_t y = 0; y < region->height; y++)
      memcpy((uint8_t *)pixels + y * row,
             result + ((size_t)(region->y + y) * info->full_width + region->x) * pixel_bytes, row);
  }
  if (result != NULL && result != whole) free(result);
  free(whole);
  return status;
}

// Adds a sentence to what the reader says it read past (`info->note`).
__attribute__((format(printf, 2, 3))) static void add_note(cimageio_info *info, const char *format, ...) {
  size_t used = strlen(info->note);
  if (used > 0 && used + 2 < sizeof info->note) used += (size_t)snprintf(info->note + used, sizeof info->note - used, "; ");
  if (used >= sizeof info->note) return;
  va_list args;
  va_start(args, format);
  vsnprintf(info->note + used, sizeof info->note - used, format, args);
  va_end(args);
}

static int read_primary(struct heif_context *context, const uint8_t *data, size_t size,
                        const cimageio_limits *limits, cimageio_info *info, void *pixels, size_t pixels_size,
                        uint8_t **icc, size_t *icc_size, const cimageio_region *region, cimageio_error *err) {
  struct heif_image_handle *handle = NULL;
  struct heif_error error = heif_context_get_primary_image_handle(context, &handle);
  if (error.code != heif_error_Ok) return cimageio_heif_failure(error, err);
  int status = CIMAGEIO_OK;
  int width = heif_image_handle_get_width(handle), height = heif_image_handle_get_height(handle);
  int bits = heif_image_handle_get_luma_bits_per_pixel(handle);
  // The size drawn is libheif's (the coded size from the bitstream, clap and irot applied).
  // artfit applies the transforms itself to the image decoded without them, whose size is
  // the `ispe` property when that agrees with libheif's; a lying `ispe` leaves a rotation's
  // coded size to follow from libheif's, and a clap to libheif's own transformation.
  heif_transforms transforms;
  int transformed = cimageio_heif_primary_transforms(data, size, &transforms);
  uint32_t coded_width = 0, coded_height = 0;
  int sized_by_ispe = 0;  // libheif's size left transformations out: artfit's own are applied
  if (transformed && width > 0 && height > 0) {
    int ispe_width = heif_image_handle_get_ispe_width(handle), ispe_height = heif_image_handle_get_ispe_height(handle);
    uint32_t upright_width = 0, upright_height = 0;
    int rounded = 0;
    cimageio_error ignored;
    // An `ispe` over the pixel limit is not what libheif decodes (it sizes from the bitstream).
    int plausible = ispe_width > 0 && ispe_height > 0 &&
                    (limits->max_pixels == 0 || (uint64_t)ispe_width * (uint64_t)ispe_height <= limits->max_pixels);
    int fits = plausible && cimageio_heif_transformed_size(&transforms, (uint32_t)ispe_width, (uint32_t)ispe_height,
                                                           &upright_width, &upright_height, &rounded,
                                                           &ignored) == CIMAGEIO_OK;
    int agrees = fits && upright_width == (uint32_t)width && upright_height == (uint32_t)height;
    // libheif 1.15 sizes some images from `ispe` alone, turned or not, leaving out a clean
    // aperture whose edges fall between pixels or a rotation listed before `ispe`: then
    // artfit's size, the transformations applied to `ispe`, is the image's.
    int turned = quarter_turned(&transforms);
    int ispe_size = (uint32_t)ispe_width == (uint32_t)width && (uint32_t)ispe_height == (uint32_t)height;
    int ispe_turned = (uint32_t)ispe_height == (uint32_t)width && (uint32_t)ispe_width == (uint32_t)height;
    sized_by_ispe = fits && !agrees && (ispe_size || ispe_turned);
    if (agrees || sized_by_ispe) {
      coded_width = (uint32_t)ispe_width;
      coded_height = (uint32_t)ispe_height;
      width = (int)upright_width;
      height = (int)upright_height;
      if (rounded)
        add_note(info, "its clean aperture (clap) has edges between pixels: rounded down to %ux%u pixels, as libheif does",
                 upright_width, upright_height);
    } else if (!has_clap(&transforms)) {
      coded_width = (uint32_t)(turned ? height : width);
      coded_height = (uint32_t)(turned ? width : height);
    } else {
      transformed = 0;
    }
  }
  if (cimageio_heif_repeated_ipma(data, size))
    add_note(info, "its item properties are associated in two ipma boxes of one version, which the standard forbids "
                   "and libavif refuses; read as libheif reads them");
  uint64_t canvas_width = 0, canvas_height = 0;
  info->full_width = info->width = width > 0 ? (uint32_t)width : 0;
  info->full_height = info->height = height > 0 ? (uint32_t)height : 0;
  int images = heif_context_get_number_of_top_level_images(context);
  // A sequence's writers make its first frame the still primary image, so the file holds as
  // many images as the more of its top-level images and its frames.
  uint32_t frames = cimageio_heif_sequence_frames(data, size);
  info->images = images > 1 ? (uint32_t)images : 1;
  if (frames > info->images) info->images = frames;
  info->channels = heif_image_handle_has_alpha_channel(handle) ? 4 : 3;
  info->source_bit_depth = bits > 0 ? bits : 8;
  info->bit_depth = bits > 8 ? 16 : 8;
  info->gain_map = cimageio_heif_gain_map_kind(handle, data, size, &info->gain_map_figures);
  if (width <= 0 || height <= 0) {
    status = cimageio_fail(err, CIMAGEIO_CORRUPT, "the primary image has no size");
  } else if (bits > 16) {
    status = cimageio_fail(err, CIMAGEIO_CORRUPT, "%d bits a sample is more than artfit reads", bits);
  } else if (limits->max_pixels > 0 && (uint64_t)width * (uint64_t)height > limits->max_pixels) {
    status = cimageio_fail(err, CIMAGEIO_TOO_LARGE, "%dx%d pixels is over the limit of %llu", width, height,
                           (unsigned long long)limits->max_pixels);
  } else if (limits->max_pixels > 0 && cimageio_heif_largest_derived_canvas(data, size, &canvas_width, &canvas_height) &&
             canvas_width * canvas_height > limits->max_pixels) {
    // A grid or overlay is composed on the canvas its data declares, before any crop (clap):
    // that canvas, not the declared size, is what libheif allocates, for the primary or for
    // an image the primary is derived from.
    info->full_width = (uint32_t)(canvas_width < UINT32_MAX ? canvas_width : UINT32_MAX);
    info->full_height = (uint32_t)(canvas_height < UINT32_MAX ? canvas_height : UINT32_MAX);
    status = cimageio_fail(err, CIMAGEIO_TOO_LARGE, "its canvas of %llux%llu pixels is over the limit of %llu",
                           (unsigned long long)canvas_width, (unsigned long long)canvas_height,
                           (unsigned long long)limits->max_pixels);
  } else {
    status = read_colour(handle, info, icc, icc_size, err);
  }
  if (status == CIMAGEIO_OK && pixels != NULL) {
    cimageio_region whole = {0, 0, info->width, info->height};
    const cimageio_region *r = region != NULL ? region : &whole;
    size_t expected = (size_t)r->width * r->height * (size_t)info->channels * ((size_t)info->bit_depth / 8);
    if (!cimageio_region_fits(r, info->width, info->height)) {
      status = cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "region outside the image");
    } else if (pixels_size != expected) {
      status = cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "pixel buffer size");
    } else {
      int is_avif = info->format == CIMAGEIO_FORMAT_AVIF;
      enum heif_chroma chroma = is_avif ? cimageio_heif_native_chroma(data, size) : heif_chroma_undefined;
      avif_source source = {data, size, limits, transformed, info->note, sizeof info->note};
      const avif_source *avif = is_avif ? &source : NULL;
      // libheif 1.15 attaches an alpha plane only to the image it transformed itself, which it
      // does rightly for clap and irot; artfit applies imir, and everything for opaque images
      // and for AVIF (whose planes, alpha included, come from libavif).
      int own = transformed && (sized_by_ispe || info->channels == 3 || has_mirror(&transforms) || is_avif);
      status = own ? decode_transformed(handle, chroma, &transforms, coded_width, coded_height, info,
                                        info->source_bit_depth, r, pixels, avif, err)
                   : decode_pixels(handle, chroma, info, info->source_bit_depth, r, pixels, 0, avif, err);
      // A coded image of another size than `ispe` said: libheif's own transformation, which
      // sizes from the bitstream, where it can (it mirrors only 8-bit samples, about the other axis).
      if (own && status == CIMAGEIO_CORRUPT && !has_mirror(&transforms) && !sized_by_ispe)
        status = decode_pixels(handle, chroma, info, info->source_bit_depth, r, pixels, 0, NULL, err);
      info->width = r->width;
      info->height = r->height;
    }
  }
  heif_image_handle_release(handle);
  return status;
}

static int heif_brand(const uint8_t *data, size_t size);

static int heif_read(const cimageio_read_call *c) {
  heif_source **kept = (heif_source **)c->kept;
  c->info->format = heif_brand(c->data, c->size);
  c->info->orientation = 1;  // artfit applies irot and imir; HEIF's EXIF orientation is informative only
  c->info->color = CIMAGEIO_COLOR_RGB;
  c->info->scale_denom = 1;
  char coding[5];
  if (cimageio_heif_primary_item_type(c->data, c->size, coding) && !decodable_coding(coding))
    return cimageio_fail(c->err, CIMAGEIO_UNUSABLE,
                         "its primary image is coded as %s (item type '%s'), which artfit does not decode; export it as HEIC or AVIF",
                         coding_name(coding), coding);
  heif_source *source = kept != NULL ? *kept : NULL;
  int status = CIMAGEIO_OK;
  if (source == NULL) {
    // A top-level box of size 0 runs to the end of the file (ISO/IEC 14496-12), which libheif
    // 1.15 refuses: it reads a copy with that size written out. A kept context reads a copy
    // in any case, since the caller's bytes may move between calls.
    uint8_t *bytes = cimageio_heif_with_sized_last_box(c->data, c->size);
    if (bytes == NULL && kept != NULL && (bytes = malloc(c->size)) != NULL) memcpy(bytes, c->data, c->size);
    if (bytes == NULL && kept != NULL) return cimageio_fail(c->err, CIMAGEIO_NO_MEMORY, "out of memory");
    int owned = bytes != NULL;
    source = cimageio_heif_source_open(c->data, c->size, owned ? bytes : (uint8_t *)c->data, owned, c->limits, &status, c->err);
    if (source == NULL) return status;
  }
  const uint8_t *read = source->bytes != NULL ? source->bytes : c->data;
  status = read_primary(source->context, read, source->size, c->limits, c->info, c->pixels, c->pixels_size,
                        c->icc, c->icc_size, c->region, c->err);
  if (kept != NULL) {
    *kept = source;
  } else {
    cimageio_heif_source_free(source);
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

static int heif_sniff(const uint8_t *data, size_t size) { return heif_brand(data, size) == CIMAGEIO_FORMAT_HEIF; }

static int avif_sniff(const uint8_t *data, size_t size) { return heif_brand(data, size) == CIMAGEIO_FORMAT_AVIF; }

// The ftyp box is whole (16 bytes or more, in 4-byte brands); in a whole file a box header
// follows it, whose size (0: to the end; 1: 64 bits wide) stays inside the file.
static int heif_header_holds(const uint8_t *data, size_t size, int whole) {
  uint64_t box = cimageio_big_endian(data, 4);
  if (box < 16 || box % 4 != 0) return 0;
  if (!whole) return 1;
  if (box + 8 > size) return 0;
  uint64_t length = cimageio_big_endian(data + box, 4);
  return length <= 1 || (length >= 8 && box + length <= size);
}

static void heif_free_kept(void *kept) { cimageio_heif_source_free(kept); }

const cimageio_format_descriptor cimageio_heif_format = {
    .format = CIMAGEIO_FORMAT_HEIF, .id = "heif", .name = "HEIF", .extensions = "heic heif hif", .library = "libheif",
    .sniff = heif_sniff, .header_holds = heif_header_holds, .read = heif_read, .free_kept = heif_free_kept, .read_gain_map = cimageio_heif_read_gain_map,
    .traits = CIMAGEIO_TRAIT_DECODES_REGIONS | CIMAGEIO_TRAIT_KEEPS_STATE,
};

const cimageio_format_descriptor cimageio_avif_format = {
    .format = CIMAGEIO_FORMAT_AVIF, .id = "avif", .name = "AVIF", .extensions = "avif", .library = "libheif",
    .sniff = avif_sniff, .header_holds = heif_header_holds, .read = heif_read, .free_kept = heif_free_kept, .read_gain_map = cimageio_heif_read_gain_map,
    .traits = CIMAGEIO_TRAIT_DECODES_REGIONS | CIMAGEIO_TRAIT_KEEPS_STATE,
};
