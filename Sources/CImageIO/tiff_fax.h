// Group 3 1-D fax strips decoded by poppler when libtiff refuses them (cimageio_tiff_fax.c); not public.
#ifndef CIMAGEIO_TIFF_FAX_H
#define CIMAGEIO_TIFF_FAX_H

#include <tiffio.h>

#include "internal.h"

/// Whether the open page is what this file decodes: bilevel, one sample, in strips, coded as
/// Group 3 one-dimensional fax (with or without end-of-line codes and fill bits).
int cimageio_tiff_is_one_dimensional_fax(TIFF *tif);

/// Rows y0 … y0+height of the open fax page of `width` columns, decoded from the strips of the
/// file `data` by poppler's CCITTFaxDecode, written as libtiff writes them: packed one bit a
/// pixel, most significant first, 1 where the fax is black, `row_bytes` a row.
int cimageio_tiff_fax_rows(TIFF *tif, const uint8_t *data, size_t size, uint32_t width, uint32_t y0, uint32_t height,
                           uint8_t *rows, size_t row_bytes, cimageio_error *err);

#endif
