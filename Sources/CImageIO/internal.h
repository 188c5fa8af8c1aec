// Helpers shared by the CImageIO shims; not part of the public header.
#ifndef CIMAGEIO_INTERNAL_H
#define CIMAGEIO_INTERNAL_H

#include "CImageIO.h"

/// Records a failure in `err` (when not NULL) and returns `status`.
int cimageio_fail(cimageio_error *err, int status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/// Reads the orientation tag (0x0112) from a TIFF-structured EXIF block
/// ("II*\0" or "MM\0*" first). Returns 1...8, or 1 when absent or malformed.
int cimageio_exif_orientation(const uint8_t *tiff, size_t size);

int cimageio_png_read(const uint8_t *data, size_t size, const cimageio_limits *limits,
                      cimageio_info *info, void *pixels, size_t pixels_size,
                      uint8_t **icc, size_t *icc_size, cimageio_error *err);

int cimageio_jpeg_read(const uint8_t *data, size_t size, int scale_denom,
                       const cimageio_limits *limits, cimageio_info *info,
                       void *pixels, size_t pixels_size, uint8_t **icc,
                       size_t *icc_size, const cimageio_transform *cmyk_transform,
                       cimageio_error *err);

#endif
