// A HEIF's or AVIF's libheif context and the bytes it was read from, libheif's errors as
// artfit's, and one decode through libheif: what the image reader (cimageio_heif_read.c) and
// the gain map reader (cimageio_heif_gain_map.c) share.
#include <stdlib.h>

#include "heif_boxes.h"
#include "heif_source.h"

int cimageio_heif_failure(struct heif_error error, cimageio_error *err) {
  const char *message = error.message != NULL && error.message[0] != 0 ? error.message : "unknown error";
  if (error.code == heif_error_Memory_allocation_error)
    return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  if (error.subcode == heif_suberror_End_of_data)
    return cimageio_fail(err, CIMAGEIO_TRUNCATED, "the HEIF data ends early");
  if (error.subcode == heif_suberror_Security_limit_exceeded)
    return cimageio_fail(err, CIMAGEIO_LIMIT, "libheif's security limit: %s", message);
  return cimageio_fail(err, CIMAGEIO_CORRUPT, "%s", message);
}

void cimageio_heif_source_free(heif_source *source) {
  if (source == NULL) return;
  heif_context_free(source->context);
  free(source->bytes);
  free(source);
}

heif_source *cimageio_heif_source_open(const uint8_t *data, size_t size, uint8_t *bytes, int owned,
                                       const cimageio_limits *limits, int *status, cimageio_error *err) {
  heif_source *source = calloc(1, sizeof *source);
  struct heif_context *context = heif_context_alloc();
  if (source == NULL || context == NULL) {
    free(source);
    if (context != NULL) heif_context_free(context);
    if (owned) free(bytes);
    *status = cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
    return NULL;
  }
  source->context = context;
  source->bytes = owned ? bytes : NULL;
  source->size = size;
  // libheif refuses a side at or above this before allocating; the pixel count is checked
  // against the caller's limit once the header is read.
  if (limits->max_pixels > 0)
    heif_context_set_maximum_image_size_limit(
        context, limits->max_pixels >= 0x7fffffff ? 0x7fffffff : (int)limits->max_pixels + 1);
  heif_context_set_max_decoding_threads(context, 2);
  struct heif_error error = heif_context_read_from_memory_without_copy(context, bytes, size, NULL);
  if (error.code == heif_error_Ok) return source;
  if (error.code != heif_error_Memory_allocation_error && cimageio_heif_box_runs_past_end(data, size)) {
    *status = cimageio_fail(err, CIMAGEIO_TRUNCATED, "the HEIF data ends early");
  } else {
    *status = cimageio_heif_failure(error, err);
  }
  cimageio_heif_source_free(source);
  return NULL;
}

int cimageio_heif_decode_as(const struct heif_image_handle *handle, enum heif_colorspace space,
                            enum heif_chroma chroma, int coded, struct heif_image **image, cimageio_error *err) {
  struct heif_decoding_options *options = heif_decoding_options_alloc();
  if (options == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  options->convert_hdr_to_8bit = 0;
  options->ignore_transformations = coded ? 1 : 0;
  struct heif_error error = heif_decode_image(handle, image, space, chroma, options);
  heif_decoding_options_free(options);
  return error.code == heif_error_Ok ? CIMAGEIO_OK : cimageio_heif_failure(error, err);
}
