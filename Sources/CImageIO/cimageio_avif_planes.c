// An AVIF's YCbCr planes as libavif (AV1's reference library, and what browsers decode with)
// decodes them, handed to the HEIF reader as a libheif image so the rest of its path (artfit's
// transforms and YCbCr conversion) is the same. libheif 1.15 gives other planes for some files:
// when the AV1 bitstream carries no colour description it converts the decoded planes through
// RGB and back (with chroma repeated), which moves hard chroma edges by tens of levels.
// libavif applies none of the transformative properties, as artfit applies them itself.
#include <avif/avif.h>
#include <string.h>

#include "heif_avif.h"

static enum heif_chroma chroma_of(avifPixelFormat format) {
  switch (format) {
  case AVIF_PIXEL_FORMAT_YUV444: return heif_chroma_444;
  case AVIF_PIXEL_FORMAT_YUV422: return heif_chroma_422;
  case AVIF_PIXEL_FORMAT_YUV420: return heif_chroma_420;
  case AVIF_PIXEL_FORMAT_YUV400: return heif_chroma_monochrome;
  default: return heif_chroma_undefined;
  }
}

// Copies `rows` rows of `row_bytes` each from libavif's plane into a new plane of `image`.
static int copy_plane(struct heif_image *image, enum heif_channel channel, const uint8_t *from, uint32_t from_stride,
                      uint32_t width, uint32_t height, int depth) {
  if (heif_image_add_plane(image, channel, (int)width, (int)height, depth).code != heif_error_Ok) return 0;
  int stride = 0;
  uint8_t *to = heif_image_get_plane(image, channel, &stride);
  if (to == NULL) return 0;
  size_t row_bytes = (size_t)width * (depth > 8 ? 2 : 1);
  for (uint32_t y = 0; y < height; y++) memcpy(to + (size_t)y * (size_t)stride, from + (size_t)y * from_stride, row_bytes);
  return 1;
}

static int failure(avifDecoder *decoder, avifResult result, cimageio_error *err) {
  int status = result == AVIF_RESULT_TRUNCATED_DATA ? CIMAGEIO_TRUNCATED
               : result == AVIF_RESULT_OUT_OF_MEMORY ? CIMAGEIO_NO_MEMORY
                                                    : CIMAGEIO_CORRUPT;
  const char *detail = decoder->diag.error[0] != '\0' ? decoder->diag.error : avifResultToString(result);
  return cimageio_fail(err, status, "libavif: %s", detail);
}

int cimageio_avif_planes(const uint8_t *data, size_t size, const cimageio_limits *limits, struct heif_image **out,
                         cimageio_error *err) {
  *out = NULL;
  avifDecoder *decoder = avifDecoderCreate();
  if (decoder == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  decoder->maxThreads = 2;
  decoder->ignoreExif = AVIF_TRUE;
  decoder->ignoreXMP = AVIF_TRUE;
  // The reader has checked the file's own limits; libavif's strictness would refuse files
  // libheif and browsers show (a missing pixi box, a clap it finds odd).
  decoder->strictFlags = AVIF_STRICT_DISABLED;
  if (limits->max_pixels > 0 && limits->max_pixels < AVIF_DEFAULT_IMAGE_SIZE_LIMIT)
    decoder->imageSizeLimit = (uint32_t)limits->max_pixels;
  avifResult result = avifDecoderSetIOMemory(decoder, data, size);
  if (result == AVIF_RESULT_OK) result = avifDecoderParse(decoder);
  if (result == AVIF_RESULT_OK) result = avifDecoderNextImage(decoder);
  if (result != AVIF_RESULT_OK) {
    int status = failure(decoder, result, err);
    avifDecoderDestroy(decoder);
    return status;
  }
  const avifImage *avif = decoder->image;
  enum heif_chroma chroma = chroma_of(avif->yuvFormat);
  int mono = chroma == heif_chroma_monochrome;
  struct heif_image *image = NULL;
  int ok = chroma != heif_chroma_undefined &&
           heif_image_create((int)avif->width, (int)avif->height, mono ? heif_colorspace_monochrome : heif_colorspace_YCbCr,
                             chroma, &image)
                   .code == heif_error_Ok;
  uint32_t chroma_width = chroma == heif_chroma_444 ? avif->width : (avif->width + 1) / 2;
  uint32_t chroma_height = chroma == heif_chroma_420 ? (avif->height + 1) / 2 : avif->height;
  int depth = (int)avif->depth;
  ok = ok && copy_plane(image, heif_channel_Y, avif->yuvPlanes[AVIF_CHAN_Y], avif->yuvRowBytes[AVIF_CHAN_Y],
                        avif->width, avif->height, depth);
  if (ok && !mono) {
    ok = copy_plane(image, heif_channel_Cb, avif->yuvPlanes[AVIF_CHAN_U], avif->yuvRowBytes[AVIF_CHAN_U],
                    chroma_width, chroma_height, depth) &&
         copy_plane(image, heif_channel_Cr, avif->yuvPlanes[AVIF_CHAN_V], avif->yuvRowBytes[AVIF_CHAN_V],
                    chroma_width, chroma_height, depth);
  }
  if (ok && avif->alphaPlane != NULL) {
    ok = copy_plane(image, heif_channel_Alpha, avif->alphaPlane, avif->alphaRowBytes, avif->width, avif->height,
                    depth);
    if (ok) heif_image_set_premultiplied_alpha(image, avif->alphaPremultiplied ? 1 : 0);
  }
  // The planes' own colour description: libavif's (the colr box's, else the bitstream's).
  struct heif_color_profile_nclx *nclx = ok ? heif_nclx_color_profile_alloc() : NULL;
  if (nclx != NULL) {
    nclx->matrix_coefficients = (enum heif_matrix_coefficients)avif->matrixCoefficients;
    nclx->color_primaries = (enum heif_color_primaries)avif->colorPrimaries;
    nclx->transfer_characteristics = (enum heif_transfer_characteristics)avif->transferCharacteristics;
    nclx->full_range_flag = avif->yuvRange == AVIF_RANGE_FULL;
    ok = heif_image_set_nclx_color_profile(image, nclx).code == heif_error_Ok;
    heif_nclx_color_profile_free(nclx);
  }
  avifDecoderDestroy(decoder);
  if (!ok) {
    if (image != NULL) heif_image_release(image);
    return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "could not hold the decoded AVIF planes");
  }
  *out = image;
  return CIMAGEIO_OK;
}
