// The decoder: a file's format sniffed once and its reader's kept state, and the dispatch of
// every probe and decode to the format's reader (cimageio_formats.c).
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "jpeg_split.h"

struct cimageio_decoder {
  /// The sniffed format's descriptor, NULL until the first call (and for an unknown format).
  const cimageio_format_descriptor *format;
  int sniffed;
  /// The reader's parsed file (CIMAGEIO_TRAIT_KEEPS_STATE), from the first call on; taken
  /// under `lock`.
  void *kept;
  pthread_mutex_t lock;
};

cimageio_decoder *cimageio_decoder_make(void) {
  cimageio_decoder *decoder = calloc(1, sizeof *decoder);
  if (decoder != NULL) pthread_mutex_init(&decoder->lock, NULL);
  return decoder;
}

void cimageio_decoder_free(cimageio_decoder *decoder) {
  if (decoder == NULL) return;
  if (decoder->kept != NULL && decoder->format != NULL && decoder->format->free_kept != NULL)
    decoder->format->free_kept(decoder->kept);
  pthread_mutex_destroy(&decoder->lock);
  free(decoder);
}

/// The descriptor of the format of `data`, sniffed once per decoder; NULL when none takes it.
static const cimageio_format_descriptor *sniffed(cimageio_decoder *decoder, const uint8_t *data, size_t size) {
  if (decoder == NULL) return cimageio_format_of(cimageio_sniff(data, size));
  pthread_mutex_lock(&decoder->lock);
  if (!decoder->sniffed) {
    decoder->format = cimageio_format_of(cimageio_sniff(data, size));
    decoder->sniffed = 1;
  }
  const cimageio_format_descriptor *format = decoder->format;
  pthread_mutex_unlock(&decoder->lock);
  return format;
}

static int dispatch(cimageio_decoder *decoder, cimageio_read_call call) {
  static const cimageio_limits no_limits = {0, 0, 0};
  cimageio_error *err = call.err;
  if (call.info == NULL) return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "no info struct");
  memset(call.info, 0, sizeof *call.info);
  call.info->images = 1;
  if (call.icc != NULL) *call.icc = NULL;
  if (call.icc_size != NULL) *call.icc_size = 0;
  if (call.limits == NULL) call.limits = &no_limits;
  if (call.data == NULL || call.size == 0) return cimageio_fail(err, CIMAGEIO_UNSUPPORTED, "the file is empty");
  const cimageio_format_descriptor *format = sniffed(decoder, call.data, call.size);
  if (format == NULL) return cimageio_fail(err, CIMAGEIO_UNSUPPORTED, "its first bytes match no format's signature");
  if (format->read == NULL)
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "%s is a vector document: drawn (cimageio_vector_draw), not decoded",
                         format->name);
  int denom = call.scale_denom;
  if ((format->traits & CIMAGEIO_TRAIT_SCALES_ON_LOAD) && denom != 1 && denom != 2 && denom != 4 && denom != 8)
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "scale_denom %d is not 1, 2, 4 or 8", denom);
  if (decoder == NULL || !(format->traits & CIMAGEIO_TRAIT_KEEPS_STATE)) {
    call.kept = NULL;
    return format->read(&call);
  }
  pthread_mutex_lock(&decoder->lock);
  call.kept = &decoder->kept;
  int status = format->read(&call);
  pthread_mutex_unlock(&decoder->lock);
  return status;
}

int cimageio_probe(const uint8_t *data, size_t size, int scale_denom, const cimageio_limits *limits,
                   cimageio_info *info, uint8_t **icc, size_t *icc_size, cimageio_error *err) {
  return cimageio_decoder_probe(NULL, data, size, scale_denom, limits, info, icc, icc_size, err);
}

int cimageio_decoder_probe(cimageio_decoder *decoder, const uint8_t *data, size_t size, int scale_denom,
                           const cimageio_limits *limits, cimageio_info *info, uint8_t **icc, size_t *icc_size,
                           cimageio_error *err) {
  return dispatch(decoder, (cimageio_read_call){.data = data, .size = size, .scale_denom = scale_denom,
                                                .limits = limits, .info = info, .icc = icc,
                                                .icc_size = icc_size, .err = err});
}

int cimageio_decode(const uint8_t *data, size_t size, int scale_denom, const cimageio_limits *limits,
                    cimageio_info *info, void *pixels, size_t pixels_size, uint8_t **icc, size_t *icc_size,
                    const cimageio_transform *cmyk_transform, const cimageio_region *region, cimageio_error *err) {
  return cimageio_decoder_decode(NULL, data, size, scale_denom, limits, info, pixels, pixels_size, icc, icc_size,
                                 cmyk_transform, region, err);
}

int cimageio_decoder_decode(cimageio_decoder *decoder, const uint8_t *data, size_t size, int scale_denom,
                            const cimageio_limits *limits, cimageio_info *info, void *pixels, size_t pixels_size,
                            uint8_t **icc, size_t *icc_size, const cimageio_transform *cmyk_transform,
                            const cimageio_region *region, cimageio_error *err) {
  if (pixels == NULL) return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "no pixel buffer");
  return dispatch(decoder, (cimageio_read_call){.data = data, .size = size, .scale_denom = scale_denom,
                                                .limits = limits, .info = info, .pixels = pixels,
                                                .pixels_size = pixels_size, .icc = icc, .icc_size = icc_size,
                                                .cmyk_transform = cmyk_transform, .region = region, .err = err});
}

int cimageio_decode_gain_map(const uint8_t *data, size_t size, const cimageio_limits *limits,
                             cimageio_gain_map_image *out, cimageio_error *err) {
  static const cimageio_limits no_limits = {0, 0, 0};
  if (out == NULL) return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "no gain map struct");
  memset(out, 0, sizeof *out);
  if (data == NULL || size == 0) return cimageio_fail(err, CIMAGEIO_UNSUPPORTED, "the file is empty");
  const cimageio_format_descriptor *format = cimageio_format_of(cimageio_sniff(data, size));
  if (format == NULL) return cimageio_fail(err, CIMAGEIO_UNSUPPORTED, "its first bytes match no format's signature");
  if (format->read_gain_map == NULL)
    return cimageio_fail(err, CIMAGEIO_UNUSABLE, "a %s file holds no gain map image as an item", format->name);
  return format->read_gain_map(data, size, limits != NULL ? limits : &no_limits, out, err);
}

int cimageio_decode_jpeg_part(cimageio_jpeg_split *split, int part, int scale_denom, const cimageio_limits *limits,
                              cimageio_info *info, void *pixels, size_t pixels_size, uint8_t **icc,
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
    status = cimageio_jpeg_read(data, size, scale_denom, limits, info, pixels, pixels_size, icc, icc_size,
                                cmyk_transform, region, split, part, err);
  }
  // However it ended, the other part must not wait for this one.
  cimageio_jpeg_split_meet(split, part, status == CIMAGEIO_OK ? NULL : err, NULL);
  return status;
}
