// A progressive JPEG's scans parted between two decoders (cimageio_jpeg_split.c).
#ifndef CIMAGEIO_JPEG_SPLIT_H
#define CIMAGEIO_JPEG_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "CImageIO.h"

/// Part `part`'s stream: every segment of the file but the other part's scans.
const uint8_t *cimageio_jpeg_split_stream(const cimageio_jpeg_split *split, int part, size_t *size);

/// Marks `part` done with its scans (`failure` NULL) or failed, and waits for the other part
/// unless failing. Returns 1 when both parts got through their scans; 0 when either failed,
/// with the first failure copied into `err` (when not NULL). Only the first call of a part
/// counts; later ones return the same answer.
int cimageio_jpeg_split_meet(cimageio_jpeg_split *split, int part, const cimageio_error *failure,
                             cimageio_error *err);

/// Before meeting: the quantization table part `part` latched for `component` (libjpeg latches
/// a component's table at its first scan; a part that has none of a component's scans has
/// none, and its output would be black there).
void cimageio_jpeg_split_share_table(cimageio_jpeg_split *split, int part, int component,
                                     const uint16_t values[64]);

/// After meeting: the table the other part latched for `component`; 0 when it has none.
int cimageio_jpeg_split_other_table(cimageio_jpeg_split *split, int part, int component, uint16_t values[64]);

/// The shared coefficient array `index` (in the order the decoder requests them), `bytes`
/// long and zeroed, mapped on first use by either part; NULL when out of memory or when the
/// parts disagree on its size. Owned by the split.
void *cimageio_jpeg_split_array(cimageio_jpeg_split *split, int index, size_t bytes);

#endif
