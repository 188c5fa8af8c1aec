// The ISO boxes artfit reads from a HEIF or AVIF file itself (cimageio_heif_boxes.c), for the
// libheif reader; private to CImageIO.
#ifndef CIMAGEIO_HEIF_BOXES_H
#define CIMAGEIO_HEIF_BOXES_H

#include <libheif/heif.h>

#include "internal.h"

/// Whether a top-level box runs past the end of `data` (a cut file, or a probe's prefix).
int cimageio_heif_box_runs_past_end(const uint8_t *data, size_t size);

/// A copy of `data` with a last top-level box of size 0 given its size; NULL when none.
uint8_t *cimageio_heif_with_sized_last_box(const uint8_t *data, size_t size);

/// How the primary image's coded samples are laid out (its `hvcC` or `av1C`), or undefined.
enum heif_chroma cimageio_heif_native_chroma(const uint8_t *data, size_t size);

/// One transformative property of an image: a clean aperture (`clap`, its eight numerator
/// and denominator fields), a rotation (`irot`, quarter turns anticlockwise) or a mirroring
/// (`imir`, 0 top and bottom exchanged, 1 left and right, as ISO/IEC 23008-12 as amended,
/// libavif and browsers read it).
typedef struct {
  char kind;  // 'c', 'r' or 'm'
  int value;
  int64_t clap[8];
} heif_transform;

/// The transformative properties of the primary image, in the order they apply.
typedef struct {
  heif_transform steps[8];
  int count;
} heif_transforms;

/// The primary image's `clap`, `irot` and `imir`, in association order; 0 when it has none.
int cimageio_heif_primary_transforms(const uint8_t *data, size_t size, heif_transforms *out);

/// The same of item `item`; 0 when it has none.
int cimageio_heif_item_transforms(const uint8_t *data, size_t size, uint32_t item, heif_transforms *out);

/// The primary item's type (`av01`, `hvc1`, `grid`, `unci`, `jpeg`, …); 0 when not found.
int cimageio_heif_primary_item_type(const uint8_t *data, size_t size, char type[5]);

/// The largest canvas a grid or overlay item declares in its own data; 0 when there is none.
int cimageio_heif_largest_derived_canvas(const uint8_t *data, size_t size, uint64_t *width, uint64_t *height);

/// The frames of an image sequence's first track; 0 when there is none.
uint32_t cimageio_heif_sequence_frames(const uint8_t *data, size_t size);

/// Whether the meta box holds ISO 21496-1's `tmap` item (a gain map); its metadata's figures
/// go into `figures` (`known` 0 when its data is not whole).
int cimageio_heif_tone_map(const uint8_t *data, size_t size, cimageio_gain_map_figures *figures);

/// The `tmap` item and the gain map item it is derived from (its second `dimg` input, the
/// first being the base image); 0 when there is none.
int cimageio_heif_tone_map_input(const uint8_t *data, size_t size, uint32_t *tmap_item, uint32_t *map_item);

/// Item `item`'s colour property (`colr`): 1 for an ICC profile (`prof` or `rICC`, at
/// `icc_at`, `icc_size` bytes), 2 for a colour description (`nclx`: its primaries code in
/// `primaries`), 0 for none.
int cimageio_heif_item_colour(const uint8_t *data, size_t size, uint32_t item, size_t *icc_at, size_t *icc_size,
                              int *primaries);

/// Clears the hidden flag of item `item`'s `infe` in `data` (the caller's own copy), so that
/// libheif 1.15, which hands out only top-level images, hands it out; 0 when it is not found.
int cimageio_heif_show_item(uint8_t *data, size_t size, uint32_t item);

/// Whether the file holds two item property associations (`ipma`) of one version and flags,
/// which ISO/IEC 23008-12 (9.3.1) forbids and libavif refuses; libheif reads them all.
int cimageio_heif_repeated_ipma(const uint8_t *data, size_t size);

/// Whether the AVIF's alpha item says its samples are limited range (its `av1C` sequence
/// header's color_range 0): libheif 1.15 hands them over as coded, 16 to 235 at 8 bits.
int cimageio_heif_alpha_is_limited(const uint8_t *data, size_t size);

#endif
