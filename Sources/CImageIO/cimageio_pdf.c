// PDF through poppler's GLib interface: the first page, rendered only (poppler_page_render
// draws the page's content; it runs no JavaScript and follows no action or link).
#include <ctype.h>
#include <math.h>
#include <poppler.h>
#include <stdlib.h>
#include <string.h>

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

// The largest page side artfit takes, in points: PDF's own limit is 14,400 units (Annex C of
// ISO 32000), which UserUnit can scale; past this a box is a mistake, not a page.
#define PDF_LARGEST_SIDE 1000000.0

// Whether the page box written at `p` ("[x0 y0 x1 y1]", after /MediaBox or /CropBox) is one
// no page can have: not four numbers, a side of 0 or less, or one past PDF_LARGEST_SIDE.
static int pdf_box_is_absurd(const char *p, const char *end, double *w, double *h) {
  double v[4];
  while (p < end && (*p == ' ' || *p == '\r' || *p == '\n' || *p == '\t')) p++;
  if (p >= end || *p != '[') return 0;  // an indirect reference: not read here
  p++;
  char number[64];
  for (int i = 0; i < 4; i++) {
    while (p < end && (*p == ' ' || *p == '\r' || *p == '\n' || *p == '\t')) p++;
    size_t n = 0;
    while (p < end && n + 1 < sizeof number && (isdigit((unsigned char)*p) || strchr("+-.eE", *p))) number[n++] = *p++;
    if (n == 0) return 1;
    number[n] = '\0';
    v[i] = strtod(number, NULL);
  }
  *w = fabs(v[2] - v[0]);
  *h = fabs(v[3] - v[1]);
  return !(isfinite(*w) && isfinite(*h) && *w > 0 && *h > 0 && *w <= PDF_LARGEST_SIDE && *h <= PDF_LARGEST_SIDE);
}

// Poppler stands a US Letter page (612 x 792) in for a page box it cannot use, in silence.
// When it reports that size, the uncompressed page boxes in the file say whether it was
// written so: a Letter box, or only boxes no page can have (0, negative, 1e30).
static int pdf_letter_stands_in(const uint8_t *data, size_t size, double *bad_w, double *bad_h) {
  const char *text = (const char *)data, *end = text + size;
  int absurd = 0;
  for (const char *p = text; p + 8 < end; p++) {
    if (*p != '/') continue;
    size_t key = 0;
    if (end - p > 8 && memcmp(p, "/MediaBox", 9) == 0) key = 9;
    else if (end - p > 7 && memcmp(p, "/CropBox", 8) == 0) key = 8;
    if (key == 0) continue;
    double w = 0, h = 0;
    if (pdf_box_is_absurd(p + key, end, &w, &h)) {
      if (!absurd) { *bad_w = w; *bad_h = h; }
      absurd = 1;
    } else if ((fabs(w - 612) < 0.5 && fabs(h - 792) < 0.5) || (fabs(w - 792) < 0.5 && fabs(h - 612) < 0.5)) {
      return 0;
    }
  }
  return absurd;
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
  double bad_w = 0, bad_h = 0;
  int letter = fabs(width - 612) < 0.01 && fabs(height - 792) < 0.01;
  if (width > PDF_LARGEST_SIDE || height > PDF_LARGEST_SIDE || (letter && pdf_letter_stands_in(data, size, &bad_w, &bad_h))) {
    g_object_unref(page);
    g_object_unref(document);
    return cimageio_fail(err, CIMAGEIO_UNUSABLE,
                         "its page box (%g x %g points) is empty or larger than any page (PDF allows 14,400); "
                         "set the page size in the document",
                         letter ? bad_w : width, letter ? bad_h : height);
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

// PDF readers take the header anywhere in the first 1024 bytes (ISO 32000-2, annex H): where
// "%PDF-" starts, or SIZE_MAX.
static size_t pdf_header_at(const uint8_t *data, size_t size) {
  size_t head = size < 1024 ? size : 1024;
  for (size_t at = 0; at + 5 <= head; at++)
    if (memcmp(data + at, "%PDF-", 5) == 0) return at;
  return SIZE_MAX;
}

static int pdf_sniff(const uint8_t *data, size_t size) { return pdf_header_at(data, size) != SIZE_MAX; }

// The header gives a version after "%PDF-": a digit, a point and a digit (ISO 32000-2, 7.5.2).
static int pdf_header_holds(const uint8_t *data, size_t size, int whole) {
  (void)whole;
  size_t at = pdf_header_at(data, size);
  return at != SIZE_MAX && at + 8 <= size && isdigit(data[at + 5]) && data[at + 6] == '.' && isdigit(data[at + 7]);
}

const cimageio_format_descriptor cimageio_pdf_format = {
    .format = CIMAGEIO_FORMAT_PDF, .id = "pdf", .name = "PDF", .extensions = "pdf", .library = "poppler",
    .sniff = pdf_sniff, .header_holds = pdf_header_holds, .traits = CIMAGEIO_TRAIT_VECTOR,
};
