// The vector document shared by cimageio_vector.c and its formats' files; not public.
#ifndef CIMAGEIO_VECTOR_H
#define CIMAGEIO_VECTOR_H

#include <cairo.h>

#include "glib_log.h"
#include "internal.h"

struct cimageio_vector {
  /// The document's own units across and down (CSS px, or points after /Rotate).
  double width, height;
  /// Draws the document at the origin of `cr`'s user space, in its own units.
  int (*draw)(cimageio_vector *vector, cairo_t *cr, cimageio_error *err);
  void (*free)(cimageio_vector *vector);
};


int cimageio_svg_open(const uint8_t *data, size_t size, cimageio_vector **out, cimageio_vector_info *info,
                      cimageio_error *err);
int cimageio_pdf_open(const uint8_t *data, size_t size, cimageio_vector **out, cimageio_vector_info *info,
                      cimageio_error *err);

#endif
