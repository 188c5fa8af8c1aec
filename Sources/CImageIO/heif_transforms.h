// artfit's own application of a HEIF item's transformative properties
// (cimageio_heif_transforms.c); private to CImageIO.
#ifndef CIMAGEIO_HEIF_TRANSFORMS_H
#define CIMAGEIO_HEIF_TRANSFORMS_H

#include "heif_boxes.h"

/// The size of a `width` x `height` coded image once `t` is applied, or CORRUPT when its
/// clean aperture is not a rectangle inside it; `*rounded` (when not NULL) says whether an
/// edge of the clean aperture fell between pixels and was rounded down, as libheif does.
int cimageio_heif_transformed_size(const heif_transforms *t, uint32_t width, uint32_t height, uint32_t *out_width,
                                   uint32_t *out_height, int *rounded, cimageio_error *err);

/// `t` applied to `pixels` (`width` x `height`, `pixel_bytes` a pixel, tightly packed): `*out`
/// is the result, packed at the transformed size; it is `pixels` itself or a buffer the caller
/// frees (when it is not `pixels`).
int cimageio_heif_apply_transforms(const heif_transforms *t, uint8_t *pixels, uint32_t width, uint32_t height,
                                   size_t pixel_bytes, uint8_t **out, cimageio_error *err);

#endif
