// Group 3 one-dimensional fax strips libtiff 4.5 refuses, read as later libtiff reads them. Two
// kinds of such fax in the field defeat libtiff 4.5's decoder although their data is sound:
// rows without end-of-line codes (libtiff issue 54, read from 4.7.1) and a row that starts
// black and alternates to its last pixel (issue 513, from 4.5.1). Two-dimensional Group 3 and
// Group 4 pages of the same rows decode in libtiff 4.5, so they are left to it.
//
// poppler carries a tolerant CCITT decoder (PDF's CCITTFaxDecode filter, xpdf's), so the
// page's strips are handed to it as a one-page PDF: an image per strip at one point a pixel,
// drawn by cairo onto white and read back as bits. A message from poppler while drawing (a
// bad code, a row of the wrong length) refuses the page.
#include <cairo.h>
#include <glib.h>
#include <poppler.h>
#include <stdio.h>
#include <string.h>

#include "glib_log.h"
#include "tiff_fax.h"

int cimageio_tiff_is_one_dimensional_fax(TIFF *tif) {
  uint16_t compression = COMPRESSION_NONE, bits = 1, samples = 1;
  uint32_t group3 = 0;
  TIFFGetField(tif, TIFFTAG_COMPRESSION, &compression);
  TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &samples);
  if (compression == COMPRESSION_CCITTFAX3) TIFFGetField(tif, TIFFTAG_GROUP3OPTIONS, &group3);
  return compression == COMPRESSION_CCITTFAX3 && (group3 & (GROUP3OPT_2DENCODING | GROUP3OPT_UNCOMPRESSED)) == 0 &&
         bits == 1 && samples == 1 && !TIFFIsTiled(tif);
}

static uint8_t reversed_bits(uint8_t byte) {
  byte = (uint8_t)((byte & 0xF0) >> 4 | (byte & 0x0F) << 4);
  byte = (uint8_t)((byte & 0xCC) >> 2 | (byte & 0x33) << 2);
  return (uint8_t)((byte & 0xAA) >> 1 | (byte & 0x55) << 1);
}

// Appends object `number` (its offset kept in `offsets`) whose text is `head`, followed by
// `stream` as its stream when there is one.
static void append_object(GString *pdf, GArray *offsets, const char *head, const uint8_t *stream, size_t length,
                          int reverse) {
  gsize offset = pdf->len;
  g_array_append_val(offsets, offset);
  g_string_append_printf(pdf, "%u 0 obj\n%s\n", offsets->len, head);
  if (stream != NULL) {
    g_string_append(pdf, "stream\n");
    gsize at = pdf->len;
    g_string_append_len(pdf, (const char *)stream, (gssize)length);
    if (reverse)
      for (size_t i = 0; i < length; i++) pdf->str[at + i] = (char)reversed_bits((uint8_t)pdf->str[at + i]);
    g_string_append(pdf, "\nendstream");
  }
  g_string_append(pdf, "\nendobj\n");
}

// The one-page PDF whose page, `width` × (last_row - first_row) points, shows the strips
// `first` … `last` (inclusive) of `rows_per_strip` rows, each at its place; NULL when a strip
// lies outside the file.
static GString *fax_document(TIFF *tif, const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                             uint32_t rows_per_strip, uint32_t first, uint32_t last) {
  uint16_t fill_order = FILLORDER_MSB2LSB;
  TIFFGetFieldDefaulted(tif, TIFFTAG_FILLORDER, &fill_order);
  uint32_t top = first * rows_per_strip, bottom = (last + 1) * rows_per_strip < height ? (last + 1) * rows_per_strip : height;
  GString *pdf = g_string_new("%PDF-1.4\n");
  GArray *offsets = g_array_new(FALSE, FALSE, sizeof(gsize));
  GString *content = g_string_new(NULL), *names = g_string_new(NULL);
  // Objects 1 to 3 are the catalog, the page tree and the page; 4 the content; images after.
  for (uint32_t strip = first; strip <= last; strip++)
    g_string_append_printf(names, "/S%u %u 0 R ", strip, 5 + (strip - first));
  char head[512];
  // PDF's CCITTFaxDecode (ISO 32000-1, table 11) with K 0 is one-dimensional coding; its
  // end-of-line codes, fill bits before them included, are neither required nor refused.
  append_object(pdf, offsets, "<< /Type /Catalog /Pages 2 0 R >>", NULL, 0, 0);
  append_object(pdf, offsets, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", NULL, 0, 0);
  g_string_printf(content, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %u %u] /Contents 4 0 R "
                           "/Resources << /XObject << %s>> >> >>",
                  width, bottom - top, names->str);
  append_object(pdf, offsets, content->str, NULL, 0, 0);
  g_string_truncate(content, 0);
  for (uint32_t strip = first; strip <= last; strip++) {
    uint32_t y = strip * rows_per_strip, rows = y + rows_per_strip < height ? rows_per_strip : height - y;
    // PDF's y runs up from the page's foot.
    g_string_append_printf(content, "q %u 0 0 %u 0 %u cm /S%u Do Q\n", width, rows, bottom - y - rows, strip);
  }
  g_string_printf(names, "<< /Length %zu >>", content->len);
  append_object(pdf, offsets, names->str, (const uint8_t *)content->str, content->len, 0);
  int whole = 1;
  for (uint32_t strip = first; whole && strip <= last; strip++) {
    uint64_t offset = TIFFGetStrileOffset(tif, strip), length = TIFFGetStrileByteCount(tif, strip);
    uint32_t rows = strip * rows_per_strip + rows_per_strip < height ? rows_per_strip : height - strip * rows_per_strip;
    whole = offset <= size && length <= size - offset;
    snprintf(head, sizeof head,
             "<< /Type /XObject /Subtype /Image /Width %u /Height %u /BitsPerComponent 1 /ColorSpace /DeviceGray "
             "/Filter /CCITTFaxDecode /DecodeParms << /K 0 /Columns %u /Rows %u /EndOfBlock false /BlackIs1 false >> "
             "/Length %llu >>",
             width, rows, width, rows, (unsigned long long)(whole ? length : 0));
    if (whole) append_object(pdf, offsets, head, data + offset, (size_t)length, fill_order == FILLORDER_LSB2MSB);
  }
  g_string_free(content, TRUE);
  g_string_free(names, TRUE);
  if (!whole) {
    g_array_free(offsets, TRUE);
    g_string_free(pdf, TRUE);
    return NULL;
  }
  gsize xref = pdf->len;
  g_string_append_printf(pdf, "xref\n0 %u\n0000000000 65535 f \n", offsets->len + 1);
  for (guint i = 0; i < offsets->len; i++)
    g_string_append_printf(pdf, "%010zu 00000 n \n", (size_t)g_array_index(offsets, gsize, i));
  g_string_append_printf(pdf, "trailer << /Size %u /Root 1 0 R >>\nstartxref\n%zu\n%%%%EOF\n", offsets->len + 1,
                         (size_t)xref);
  g_array_free(offsets, TRUE);
  return pdf;
}

// Draws the document's page onto white at one pixel a point, into `*out`.
static int drawn_page(GString *pdf, cimageio_log *logged, cairo_surface_t **out, cimageio_error *err) {
  GBytes *bytes = g_bytes_new_take(pdf->str, pdf->len);
  g_string_free(pdf, FALSE);
  GError *error = NULL;
  PopplerDocument *document = poppler_document_new_from_bytes(bytes, NULL, &error);
  g_bytes_unref(bytes);
  PopplerPage *page = document != NULL ? poppler_document_get_page(document, 0) : NULL;
  if (page == NULL) {
    int status =
        cimageio_fail(err, CIMAGEIO_CORRUPT, "poppler cannot take its fax data: %s", error ? error->message : "no page");
    g_clear_error(&error);
    if (document != NULL) g_object_unref(document);
    return status;
  }
  double width = 0, height = 0;
  poppler_page_get_size(page, &width, &height);
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)width, (int)height);
  cairo_t *cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  poppler_page_render(page, cr);
  int failed = cairo_status(cr) != CAIRO_STATUS_SUCCESS;
  cairo_destroy(cr);
  g_object_unref(page);
  g_object_unref(document);
  if (failed || logged->message[0] != '\0') {
    cairo_surface_destroy(surface);
    // poppler's message ends in the cause; its position is in the PDF made here, not the file.
    const char *cause = strrchr(logged->message, ':');
    cause = cause != NULL ? cause + strspn(cause, ": ") : logged->message;
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "its fax data is damaged (%s)",
                         cause[0] != '\0' ? cause : "cairo could not draw it");
  }
  cairo_surface_flush(surface);
  *out = surface;
  return CIMAGEIO_OK;
}

// Strips are drawn a band at a time, each band at most this many rows (unless one strip is
// taller): about 28 MB of cairo surface for a fax page's 1728 columns.
#define BAND_ROWS 4096u

int cimageio_tiff_fax_rows(TIFF *tif, const uint8_t *data, size_t size, uint32_t width, uint32_t y0, uint32_t height,
                           uint8_t *rows, size_t row_bytes, cimageio_error *err) {
  uint32_t page_height = 0, rows_per_strip = 0;
  TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &page_height);
  TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
  if (rows_per_strip == 0 || rows_per_strip > page_height) rows_per_strip = page_height;
  if (height == 0 || y0 + (uint64_t)height > page_height || row_bytes < (width + 7) / 8)
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "a fax region outside the page");
  if (width == 0 || width > 32767 || rows_per_strip > 32767)
    return cimageio_fail(err, CIMAGEIO_TOO_LARGE, "its fax strips (%ux%u) are larger than cairo draws (32767 a side)",
                         width, rows_per_strip);
  uint32_t per_band = BAND_ROWS / rows_per_strip > 0 ? BAND_ROWS / rows_per_strip : 1;
  uint32_t last = (y0 + height - 1) / rows_per_strip;
  for (uint32_t first = y0 / rows_per_strip; first <= last; first += per_band) {
    uint32_t band_last = first + per_band - 1 < last ? first + per_band - 1 : last;
    GString *pdf = fax_document(tif, data, size, width, page_height, rows_per_strip, first, band_last);
    if (pdf == NULL) return cimageio_fail(err, CIMAGEIO_TRUNCATED, "the TIFF data ends early");
    cimageio_log logged = {{0}, 0};
    cairo_surface_t *surface = NULL;
    cimageio_catch_glib_logs(&logged);
    int status = drawn_page(pdf, &logged, &surface, err);
    cimageio_catch_glib_logs(NULL);
    if (status != CIMAGEIO_OK) return status;
    const uint8_t *pixels = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    uint32_t top = first * rows_per_strip, bottom = top + cairo_image_surface_get_height(surface);
    for (uint32_t y = top > y0 ? top : y0; y < bottom && y < y0 + height; y++) {
      const uint32_t *from = (const uint32_t *)(pixels + (size_t)(y - top) * (size_t)stride);
      uint8_t *to = rows + (size_t)(y - y0) * row_bytes;
      memset(to, 0, row_bytes);
      // Drawn 1:1, every pixel is black or white; a fax's black is sample 1 in libtiff's rows.
      for (uint32_t x = 0; x < width; x++)
        if ((from[x] & 0xFF) < 128) to[x / 8] |= (uint8_t)(0x80 >> (x % 8));
    }
    cairo_surface_destroy(surface);
  }
  return CIMAGEIO_OK;
}
