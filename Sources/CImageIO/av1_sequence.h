// An AV1 sequence header's colour range (cimageio_av1_sequence.c); private to CImageIO.
#ifndef CIMAGEIO_AV1_SEQUENCE_H
#define CIMAGEIO_AV1_SEQUENCE_H

#include <stddef.h>
#include <stdint.h>

/// The color_range of the first sequence header among the OBUs `obus` (an `av1C` box's
/// configOBUs): 1 full, 0 limited ("studio swing"), -1 when there is none or it is cut short.
int cimageio_av1_color_range(const uint8_t *obus, size_t size);

#endif
