// libjpeg's whole-image coefficient buffers in huge-page mappings (cimageio_jpeg_coefficients.c).
#ifndef CIMAGEIO_JPEG_COEFFICIENTS_H
#define CIMAGEIO_JPEG_COEFFICIENTS_H

#include <stdio.h>

#include <jpeglib.h>

#include "CImageIO.h"

typedef struct cimageio_coefficient_array cimageio_coefficient_array;

/// What a decompressor's replaced memory methods keep: libjpeg's own methods and the arrays
/// mapped so far. Lives as long as the decompressor; its address goes in `client_data`.
typedef struct {
  struct jpeg_memory_mgr library;
  cimageio_coefficient_array *arrays;
  /// How many arrays were requested so far: the next one's index.
  int requested;
  /// With a split (a part's decode), the arrays are the split's, shared by both parts.
  cimageio_jpeg_split *split;
} cimageio_coefficient_store;

/// Gives `cinfo` (just created) coefficient arrays of their own mappings, freed with its image
/// pool (jpeg_finish_decompress, jpeg_abort_decompress) or by jpeg_destroy_decompress.
void cimageio_use_coefficient_store(j_decompress_ptr cinfo, cimageio_coefficient_store *store);

#endif
