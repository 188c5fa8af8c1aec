// A HEIF's or AVIF's libheif context and the bytes it was read from (cimageio_heif_source.c),
// for the libheif readers; private to CImageIO.
#ifndef CIMAGEIO_HEIF_SOURCE_H
#define CIMAGEIO_HEIF_SOURCE_H

#include <libheif/heif.h>

#include "internal.h"

/// A HEIF's or AVIF's libheif context and the bytes it was read from, kept by a decoder.
typedef struct heif_source {
  struct heif_context *context;
  /// The bytes the context was read from and the box walks read: a copy (the caller's bytes
  /// need not outlive the call that built it), or NULL when the caller's are read.
  uint8_t *bytes;
  size_t size;
} heif_source;

/// libheif's error as artfit's status, with its message in `err`.
int cimageio_heif_failure(struct heif_error error, cimageio_error *err);

/// The libheif context of `data`, built from `bytes` (a copy the source then owns, or the
/// caller's when `owned` is 0), its limits set from the caller's pixel limit; NULL with
/// `*status` and `err` filled when libheif cannot read it.
heif_source *cimageio_heif_source_open(const uint8_t *data, size_t size, uint8_t *bytes, int owned,
                                       const cimageio_limits *limits, int *status, cimageio_error *err);

void cimageio_heif_source_free(heif_source *source);

/// Decodes the image; `coded` asks for it without its transformative properties, which are
/// then artfit's to apply.
int cimageio_heif_decode_as(const struct heif_image_handle *handle, enum heif_colorspace space,
                            enum heif_chroma chroma, int coded, struct heif_image **image, cimageio_error *err);

#endif
