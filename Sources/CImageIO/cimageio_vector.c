// Vector documents (SVG, PDF): what they share. The document is opened by its format's file
// (cimageio_svg.c, cimageio_pdf.c); this file places it on a cairo image surface with the
// caller's transform and turns cairo's premultiplied ARGB into straight RGBA; the libraries'
// GLib log messages are caught (glib_log.h) into the calling thread's error struct.
#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "glib_log.h"
#include "internal.h"
#include "vector.h"

int cimageio_vector_open(const uint8_t *data, size_t size, cimageio_vector **out, cimageio_vector_info *info,
                         cimageio_error *err) {
  if (out == NULL || info == NULL) return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "no output for the document");
  *out = NULL;
  memset(info, 0, sizeof *info);
  if (data == NULL || size == 0) return cimageio_fail(err, CIMAGEIO_UNSUPPORTED, "the file is empty");
  if (size > (size_t)G_MAXSSIZE) return cimageio_fail(err, CIMAGEIO_LIMIT, "the document is too large");
  cimageio_log logged = {{0}, 0};
  cimageio_catch_glib_logs(&logged);
  int status;
  switch (cimageio_sniff(data, size)) {
  case CIMAGEIO_FORMAT_SVG:
    status = cimageio_svg_open(data, size, out, info, err);
    break;
  case CIMAGEIO_FORMAT_PDF:
    status = cimageio_pdf_open(data, size, out, info, err);
    break;
  default:
    status = cimageio_fail(err, CIMAGEIO_UNSUPPORTED, "not an SVG or PDF document");
  }
  cimageio_catch_glib_logs(NULL);
  if (status == CIMAGEIO_OK && logged.severe) {
    // A critical is a library's own check failing: what it opened cannot be trusted.
    cimageio_vector_free(*out);
    *out = NULL;
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "%s", logged.message);
  }
  if (status == CIMAGEIO_OK) memcpy(info->note, logged.message, sizeof info->note);
  return status;
}

// A drawing's time budget, looked at after each of cairo's operations: once spent, the surface
// drawn on is finished, so every later operation on it, and every surface made like it for a
// group, fails at once (neither librsvg 2.54 nor poppler's GLib interface can be cancelled).
typedef struct {
  double deadline;
  int spent;
} draw_budget;

static double monotonic_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void look_at_budget(cairo_surface_t *observer, cairo_surface_t *target, void *data) {
  (void)target;
  draw_budget *budget = data;
  if (budget->spent || monotonic_seconds() < budget->deadline) return;
  budget->spent = 1;
  cairo_surface_finish(observer);
}

// The surface to draw on: `target` itself, or an observer of it that keeps `budget`.
static cairo_surface_t *budgeted(cairo_surface_t *target, double seconds, draw_budget *budget) {
  budget->spent = 0;
  if (!(seconds > 0)) return cairo_surface_reference(target);
  budget->deadline = monotonic_seconds() + seconds;
  cairo_surface_t *observer = cairo_surface_create_observer(target, CAIRO_SURFACE_OBSERVER_NORMAL);
  cairo_surface_observer_add_paint_callback(observer, look_at_budget, budget);
  cairo_surface_observer_add_mask_callback(observer, look_at_budget, budget);
  cairo_surface_observer_add_fill_callback(observer, look_at_budget, budget);
  cairo_surface_observer_add_stroke_callback(observer, look_at_budget, budget);
  cairo_surface_observer_add_glyphs_callback(observer, look_at_budget, budget);
  return observer;
}

int cimageio_vector_draw(cimageio_vector *vector, double doc_width, double doc_height, double x, double y, double w,
                         double h, uint32_t width, uint32_t height, double seconds, uint8_t *rgba, int *channels,
                         cimageio_error *err) {
  if (vector == NULL || rgba == NULL || channels == NULL)
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "no document or no pixel buffer");
  if (width == 0 || height == 0 || width > 32767 || height > 32767)
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "a drawing of %ux%u pixels (cairo draws up to 32767 a side)",
                         width, height);
  if (!(w > 0 && h > 0 && doc_width > 0 && doc_height > 0 && isfinite(x) && isfinite(y) && isfinite(w) &&
        isfinite(h)))
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "an empty or undefined rectangle to draw");
  // ARGB32 rows are exactly width × 4 bytes, so cairo draws straight into the caller's buffer.
  int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, (int)width);
  if (stride != (int)width * 4) return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "an unexpected cairo stride");
  memset(rgba, 0, (size_t)width * height * 4);
  cairo_surface_t *surface =
      cairo_image_surface_create_for_data(rgba, CAIRO_FORMAT_ARGB32, (int)width, (int)height, stride);
  draw_budget budget;
  cairo_surface_t *drawn = budgeted(surface, seconds, &budget);
  cairo_t *cr = cairo_create(drawn);
  if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
    cairo_destroy(cr);
    cairo_surface_destroy(drawn);
    cairo_surface_destroy(surface);
    return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "cairo could not start a drawing");
  }
  // Output pixels from the rectangle's, then the document's own units onto doc_width × doc_height.
  cairo_scale(cr, width / w, height / h);
  cairo_translate(cr, -x, -y);
  cairo_scale(cr, doc_width / vector->width, doc_height / vector->height);
  cimageio_log logged = {{0}, 0};
  cimageio_catch_glib_logs(&logged);
  int status = vector->draw(vector, cr, err);
  cimageio_catch_glib_logs(NULL);
  cairo_surface_flush(surface);
  if (budget.spent)
    status = cimageio_fail(err, CIMAGEIO_OVER_BUDGET, "drawing it would take more than %g s", seconds);
  if (status == CIMAGEIO_OK && cairo_status(cr) != CAIRO_STATUS_SUCCESS)
    status = cimageio_fail(err, CIMAGEIO_CORRUPT, "cairo: %s", cairo_status_to_string(cairo_status(cr)));
  if (status == CIMAGEIO_OK && logged.severe)
    status = cimageio_fail(err, CIMAGEIO_CORRUPT, "%s", logged.message);
  cairo_destroy(cr);
  cairo_surface_destroy(drawn);
  cairo_surface_destroy(surface);
  if (status != CIMAGEIO_OK) return status;
  // Native-endian premultiplied 0xAARRGGBB words become straight R, G, B, A bytes, in place.
  int all_opaque = 1;
  size_t count = (size_t)width * height;
  for (size_t i = 0; i < count; i++) {
    uint32_t word;
    memcpy(&word, rgba + i * 4, 4);
    unsigned a = word >> 24, r = (word >> 16) & 0xff, g = (word >> 8) & 0xff, b = word & 0xff;
    uint8_t *p = rgba + i * 4;
    if (a == 255) {
      p[0] = (uint8_t)r, p[1] = (uint8_t)g, p[2] = (uint8_t)b, p[3] = 255;
    } else {
      all_opaque = 0;
      p[0] = cimageio_unpremultiply8(r, a), p[1] = cimageio_unpremultiply8(g, a);
      p[2] = cimageio_unpremultiply8(b, a), p[3] = (uint8_t)a;
    }
  }
  if (all_opaque) {
    // Packed to RGB in place: each pixel moves to an address at or before its own.
    for (size_t i = 0; i < count; i++) memmove(rgba + i * 3, rgba + i * 4, 3);
  }
  *channels = all_opaque ? 3 : 4;
  return CIMAGEIO_OK;
}

void cimageio_vector_free(cimageio_vector *vector) {
  if (vector != NULL) vector->free(vector);
}
