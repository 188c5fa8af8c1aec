// A HEIF's or AVIF's HDR gain map (cimageio_heif_gain_map.c), for the libheif reader;
// private to CImageIO.
#ifndef CIMAGEIO_HEIF_GAIN_MAP_H
#define CIMAGEIO_HEIF_GAIN_MAP_H

#include <libheif/heif.h>

#include "internal.h"

/// 1 for Apple's gain map (an auxiliary image of `handle`, the primary, of its type), 2 for
/// ISO 21496-1's (a `tmap` item), else 0; what its metadata says goes into `figures`.
int cimageio_heif_gain_map_kind(const struct heif_image_handle *handle, const uint8_t *data, size_t size,
                                cimageio_gain_map_figures *figures);

/// The file's gain map image, as cimageio_decode_gain_map gives it (the HEIF and AVIF
/// descriptors' `read_gain_map`).
int cimageio_heif_read_gain_map(const uint8_t *data, size_t size, const cimageio_limits *limits,
                                cimageio_gain_map_image *out, cimageio_error *err);

#endif
