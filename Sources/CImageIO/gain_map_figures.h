// An HDR gain map's metadata read from its three carriers (cimageio_gain_map_figures.c); not public.
#ifndef CIMAGEIO_GAIN_MAP_FIGURES_H
#define CIMAGEIO_GAIN_MAP_FIGURES_H

#include "internal.h"

/// ISO 21496-1's binary metadata (`payload`: what follows the URN and its NUL in a JPEG's
/// APP2, or a HEIF `tmap` item's data after its version byte). 0 when it holds only the
/// versions (a primary image's segment) or is not whole.
int cimageio_iso_gain_map_figures(const uint8_t *payload, size_t size, cimageio_gain_map_figures *out);

/// Ultra HDR's XMP (`hdrgm:GainMapMax` and the rest, as attributes, elements or rdf:Seq
/// lists of three). 0 when the packet names no gain range.
int cimageio_hdrgm_figures(const uint8_t *xmp, size_t size, cimageio_gain_map_figures *out);

/// Apple's gain map headroom from its XMP (`HDRGainMap:HDRGainMapHeadroom`, a linear ratio):
/// the figures of a map from no gain to that headroom. 0 when the packet does not say it.
int cimageio_apple_gain_map_figures(const uint8_t *xmp, size_t size, cimageio_gain_map_figures *out);

/// Apple's gain map headroom from its maker note's tags 33 and 48 in the image's EXIF
/// (`tiff`, TIFF-structured), which iPhones wrote before the XMP stated it. 0 when they are
/// not both there.
int cimageio_apple_maker_note_figures(const uint8_t *tiff, size_t size, cimageio_gain_map_figures *out);

#endif
