// YCbCr planes libheif decoded, converted to RGB(A) by artfit (cimageio_heif_ycbcr.c), for the
// libheif reader; private to CImageIO.
#ifndef CIMAGEIO_HEIF_YCBCR_H
#define CIMAGEIO_HEIF_YCBCR_H

#include <libheif/heif.h>

#include "internal.h"

/// How YCbCr becomes RGB (ITU-T H.273's matrix coefficients and range): the luma weights of
/// red and blue, or the identity (GBR) matrix.
typedef struct {
  double kr, kb;
  int identity;
  int full_range;
} ycbcr_matrix;

/// The matrix of the decoded planes (the image's own description, else the file's, else
/// BT.601); 0 for one artfit leaves to libheif's own conversion.
int cimageio_heif_matrix_for(const struct heif_image *image, const struct heif_image_handle *handle, ycbcr_matrix *m);

/// `region` of a decoded YCbCr (or monochrome) image converted to RGB(A) in `pixels`, with
/// bilinear chroma upsampling.
int cimageio_heif_convert_ycbcr(const struct heif_image *image, const struct heif_image_handle *handle,
                                const ycbcr_matrix *m, int alpha_limited, const cimageio_info *info,
                                const cimageio_region *region, void *pixels, cimageio_error *err);

#endif
