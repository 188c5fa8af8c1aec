// The ISO boxes artfit reads from a HEIF or AVIF file itself (cimageio_heif_boxes.c), for the
// libheif reader; private to CImageIO.
#ifndef CIMAGEIO_HEIF_BOXES_H
#define CIMAGEIO_HEIF_BOXES_H

#include <libheif/heif.h>

#include "internal.h"

/// Whether a top-level box runs past the end of `data` (a cut file, or a probe's prefix).
int cimageio_heif_box_runs_past_end(const uint8_t *data, size_t size);

/// How the primary image's coded samples are laid out (its `hvcC` or `av1C`), or undefined.
enum heif_chroma cimageio_heif_native_chroma(const uint8_t *data, size_t size);

/// The largest canvas a grid or overlay item declares in its own data; 0 when there is none.
int cimageio_heif_largest_derived_canvas(const uint8_t *data, size_t size, uint64_t *width, uint64_t *height);

/// The frames of an image sequence's first track; 0 when there is none.
uint32_t cimageio_heif_sequence_frames(const uint8_t *data, size_t size);

/// Whether the meta box holds ISO 21496-1's `tmap` item (a gain map).
int cimageio_heif_has_tone_map_item(const uint8_t *data, size_t size);

#endif
