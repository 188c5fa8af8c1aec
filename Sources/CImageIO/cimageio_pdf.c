// PDF through poppler's GLib interface: the first page, rendered only (poppler_page_render
// draws the page's content; it runs no JavaScript and follows no action or link).
#include <poppler.h>
#include <math.h>
#include <stdlib.h>

#include "internal.h"
#include "vector.h"

typedef struct {
  cimageio_vector base;
  PopplerDocument *document;
  PopplerPage *page;
} pdf_document;

static int draw_pdf(cimageio_vector *vector, cairo_t *cr, cimageio_error *err) {
  (void)err;
  // The page is drawn in points from its crop box's corner, turned by its /Rotate.
  poppler_page_render(((pdf_document *)vector)->page, cr);
  return CIMAGEIO_OK;
}

static void free_pdf(cimageio_vector *vector) {
  pdf_document *pdf = (pdf_document *)vector;
  g_object_unref(pdf->page);
  g_object_unref(pdf->document);
  free(pdf);
}

int cimageio_pdf_open(const uint8_t *data, size_t size, cimageio_vector **out, cimageio_vector_info *info,
                      cimageio_error *err) {
  // Poppler reads the bytes while it draws, so it keeps its own copy.
  GBytes *bytes = g_bytes_new(data, size);
  GError *error = NULL;
  PopplerDocument *document = poppler_document_new_from_bytes(bytes, NULL, &error);
  g_bytes_unref(bytes);
  if (document == NULL) {
    int encrypted = error != NULL && error->domain == POPPLER_ERROR && error->code == POPPLER_ERROR_ENCRYPTED;
    int status = encrypted ? cimageio_fail(err, CIMAGEIO_UNUSABLE, "it is encrypted with a password")
                           : cimageio_fail(err, CIMAGEIO_CORRUPT, "%s", error ? error->message : "unreadable");
    g_clear_error(&error);
    return status;
  }
  int pages = poppler_document_get_n_pages(document);
  if (pages < 1) {
    g_object_unref(document);
    return cimageio_fail(err, CIMAGEIO_UNUSABLE, "it has no pages");
  }
  PopplerPage *page = poppler_document_get_page(document, 0);
  double width = 0, height = 0;
  if (page != NULL) poppler_page_get_size(page, &width, &height);
  if (page == NULL || !(isfinite(width) && isfinite(height) && width > 0 && height > 0)) {
    if (page != NULL) g_object_unref(page);
    g_object_unref(document);
    return cimageio_fail(err, CIMAGEIO_UNUSABLE, "its first page has no size (an empty crop box)");
  }
  pdf_document *pdf = calloc(1, sizeof *pdf);
  if (pdf == NULL) {
    g_object_unref(page);
    g_object_unref(document);
    return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  }
  pdf->base = (cimageio_vector){width, height, draw_pdf, free_pdf};
  pdf->document = document;
  pdf->page = page;
  *out = &pdf->base;
  info->format = CIMAGEIO_FORMAT_PDF;
  info->width = width;
  info->height = height;
  info->pages = (uint32_t)pages;
  return CIMAGEIO_OK;
}
