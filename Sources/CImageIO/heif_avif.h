// An AVIF's planes decoded by libavif, for the HEIF reader (cimageio_avif_planes.c); private
// to CImageIO.
#ifndef CIMAGEIO_HEIF_AVIF_H
#define CIMAGEIO_HEIF_AVIF_H

#include <libheif/heif.h>

#include "internal.h"

/// The primary image of the AVIF `data`, decoded by libavif without its transformative
/// properties, as a libheif image of YCbCr (or monochrome) planes and alpha, described by
/// libavif's colour description.
int cimageio_avif_planes(const uint8_t *data, size_t size, const cimageio_limits *limits, struct heif_image **out,
                         cimageio_error *err);

#endif
