// SVG through librsvg: parsed once with no base URL, so every reference but a `data:` URL is
// refused by librsvg itself (its URL policy needs a base to allow a file), and libxml2's
// safety limits stay on (no RSVG_HANDLE_FLAG_UNLIMITED): entity expansion is bounded.
#include <librsvg/rsvg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "vector.h"

typedef struct {
  cimageio_vector base;
  RsvgHandle *handle;
} svg_document;

// An absolute length in CSS px (96 to the inch, 16 px to the em, half an em to the ex, as
// librsvg takes them at the top level); -1 for a percentage.
static double css_pixels(RsvgLength length) {
  switch (length.unit) {
  case RSVG_UNIT_PX: return length.length;
  case RSVG_UNIT_EM: return length.length * 16;
  case RSVG_UNIT_EX: return length.length * 8;
  case RSVG_UNIT_IN: return length.length * 96;
  case RSVG_UNIT_CM: return length.length * 96 / 2.54;
  case RSVG_UNIT_MM: return length.length * 96 / 25.4;
  case RSVG_UNIT_PT: return length.length * 96 / 72;
  case RSVG_UNIT_PC: return length.length * 16;
  default: return -1;
  }
}

static int draw_svg(cimageio_vector *vector, cairo_t *cr, cimageio_error *err) {
  svg_document *svg = (svg_document *)vector;
  RsvgRectangle viewport = {0, 0, vector->width, vector->height};
  GError *error = NULL;
  if (!rsvg_handle_render_document(svg->handle, cr, &viewport, &error)) {
    int status = cimageio_fail(err, CIMAGEIO_CORRUPT, "%s", error ? error->message : "it could not draw it");
    g_clear_error(&error);
    return status;
  }
  return CIMAGEIO_OK;
}

static void free_svg(cimageio_vector *vector) {
  svg_document *svg = (svg_document *)vector;
  g_object_unref(svg->handle);
  free(svg);
}

// The size the geometry sees: width and height when both are absolute; a viewBox's aspect
// with the one absolute side, or its own size when neither is absolute (SVG 2's `auto`).
static int intrinsic_size(RsvgHandle *handle, double *width, double *height, cimageio_error *err) {
  gboolean has_width, has_height, has_viewbox;
  RsvgLength w, h;
  RsvgRectangle viewbox;
  rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &w, &has_height, &h, &has_viewbox, &viewbox);
  double pw = has_width ? css_pixels(w) : -1, ph = has_height ? css_pixels(h) : -1;
  int box = has_viewbox && viewbox.width > 0 && viewbox.height > 0;
  if (pw > 0 && ph > 0) {
    *width = pw, *height = ph;
  } else if (box && pw > 0) {
    *width = pw, *height = pw * viewbox.height / viewbox.width;
  } else if (box && ph > 0) {
    *width = ph * viewbox.width / viewbox.height, *height = ph;
  } else if (box) {
    *width = viewbox.width, *height = viewbox.height;
  } else if (pw == 0 || ph == 0) {
    return cimageio_fail(err, CIMAGEIO_UNUSABLE, "its width or height is zero, so it draws nothing");
  } else {
    return cimageio_fail(err, CIMAGEIO_UNUSABLE,
                         "it gives no size: neither an absolute width and height nor a viewBox");
  }
  if (!(isfinite(*width) && isfinite(*height) && *width > 0 && *height > 0))
    return cimageio_fail(err, CIMAGEIO_UNUSABLE, "its size is not a positive number");
  return CIMAGEIO_OK;
}

int cimageio_svg_open(const uint8_t *data, size_t size, cimageio_vector **out, cimageio_vector_info *info,
                      cimageio_error *err) {
  GError *error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_data(data, size, &error);
  if (handle == NULL) {
    int status = cimageio_fail(err, CIMAGEIO_CORRUPT, "%s", error ? error->message : "it could not parse it");
    g_clear_error(&error);
    return status;
  }
  rsvg_handle_set_dpi(handle, 96);
  double width, height;
  int status = intrinsic_size(handle, &width, &height, err);
  if (status != CIMAGEIO_OK) {
    g_object_unref(handle);
    return status;
  }
  svg_document *svg = calloc(1, sizeof *svg);
  if (svg == NULL) {
    g_object_unref(handle);
    return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  }
  svg->base = (cimageio_vector){width, height, draw_svg, free_svg};
  svg->handle = handle;
  *out = &svg->base;
  info->format = CIMAGEIO_FORMAT_SVG;
  info->width = width;
  info->height = height;
  info->pages = 1;
  return CIMAGEIO_OK;
}
