// Group 3 one-dimensional fax strips libtiff 4.5 refuses, read as later libtiff reads them. Two
// kinds of such fax in the field defeat libtiff 4.5's decoder although their data is sound:
// rows without end-of-line codes (libtiff issue 54, read from 4.7.1) and a row that starts
// black and alternates to its last pixel (issue 513, from 4.5.1). Two-dimensional Group 3 and
// Group 4 pages of the same rows decode in libtiff 4.5, so they are left to it.
//
// poppler carries a tolerant CCITT decoder (PDF's CCITTFaxDecode filter, xpdf's), so the
// page's strips are handed to it as a one-page PDF: an image per strip at one point a pixel,
// drawn by cairo onto white and read back as bits. A message from poppler while drawing (a
// bad code, a row of the wrong length) refuses the page. poppler draws the rows a strip's data
// does not reach as white without a word, so each band is drawn a second time with a probe
// after each strip's data (a row of runs and an end-of-line code, probe_rows): poppler
// stops at the strip's last row and never reads it from sound data, so rows the data holds
// draw the same both times: the first row that differs is where a strip's data ran out, and a
// message while drawing the probes says some strip's data did.
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
                          int reverse, const GByteArray *probe) {
  gsize offset = pdf->len;
  g_array_append_val(offsets, offset);
  g_string_append_printf(pdf, "%u 0 obj\n%s\n", offsets->len, head);
  if (stream != NULL) {
    g_string_append(pdf, "stream\n");
    gsize at = pdf->len;
    g_string_append_len(pdf, (const char *)stream, (gssize)length);
    if (reverse)
      for (size_t i = 0; i < length; i++) pdf->str[at + i] = (char)reversed_bits((uint8_t)pdf->str[at + i]);
    if (probe != NULL) g_string_append_len(pdf, (const char *)probe->data, (gssize)probe->len);
    g_string_append(pdf, "\nendstream");
  }
  g_string_append(pdf, "\nendobj\n");
}

// The one-page PDF whose page, `width` × (last_row - first_row) points, shows the strips
// `first` … `last` (inclusive) of `rows_per_strip` rows, each at its place, each strip's data
// followed by `probe` when there is one; NULL when a strip lies outside the file.
static GString *fax_document(TIFF *tif, const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                             uint32_t rows_per_strip, uint32_t first, uint32_t last, const GByteArray *probe) {
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
  append_object(pdf, offsets, "<< /Type /Catalog /Pages 2 0 R >>", NULL, 0, 0, NULL);
  append_object(pdf, offsets, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", NULL, 0, 0, NULL);
  g_string_printf(content, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %u %u] /Contents 4 0 R "
                           "/Resources << /XObject << %s>> >> >>",
                  width, bottom - top, names->str);
  append_object(pdf, offsets, content->str, NULL, 0, 0, NULL);
  g_string_truncate(content, 0);
  for (uint32_t strip = first; strip <= last; strip++) {
    uint32_t y = strip * rows_per_strip, rows = y + rows_per_strip < height ? rows_per_strip : height - y;
    // PDF's y runs up from the page's foot.
    g_string_append_printf(content, "q %u 0 0 %u 0 %u cm /S%u Do Q\n", width, rows, bottom - y - rows, strip);
  }
  g_string_printf(names, "<< /Length %zu >>", content->len);
  append_object(pdf, offsets, names->str, (const uint8_t *)content->str, content->len, 0, NULL);
  int whole = 1;
  for (uint32_t strip = first; whole && strip <= last; strip++) {
    uint64_t offset = TIFFGetStrileOffset(tif, strip), length = TIFFGetStrileByteCount(tif, strip);
    uint32_t rows = strip * rows_per_strip + rows_per_strip < height ? rows_per_strip : height - strip * rows_per_strip;
    whole = offset <= size && length <= size - offset;
    snprintf(head, sizeof head,
             "<< /Type /XObject /Subtype /Image /Width %u /Height %u /BitsPerComponent 1 /ColorSpace /DeviceGray "
             "/Filter /CCITTFaxDecode /DecodeParms << /K 0 /Columns %u /Rows %u /EndOfBlock false /BlackIs1 false >> "
             "/Length %llu >>",
             width, rows, width, rows, (unsigned long long)(whole ? length + (probe != NULL ? probe->len : 0) : 0));
    if (whole) append_object(pdf, offsets, head, data + offset, (size_t)length, fill_order == FILLORDER_LSB2MSB, probe);
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

// Draws the document's page onto white at one pixel a point, into `*out`; poppler's messages
// refuse it unless `tolerant`.
static int drawn_page(GString *pdf, cimageio_log *logged, int tolerant, cairo_surface_t **out, cimageio_error *err) {
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
  if (failed || (!tolerant && logged->message[0] != '\0')) {
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

// Strips `first` … `last` drawn by poppler into `*out`, each followed by `probe` when there
// is one; poppler's messages refuse the band without probes and set `*read_probe` with them.
static int drawn_band(TIFF *tif, const uint8_t *data, size_t size, uint32_t width, uint32_t page_height,
                      uint32_t rows_per_strip, uint32_t first, uint32_t last, const GByteArray *probe, cairo_surface_t **out,
                      int *read_probe, cimageio_error *err) {
  GString *pdf = fax_document(tif, data, size, width, page_height, rows_per_strip, first, last, probe);
  if (pdf == NULL) return cimageio_fail(err, CIMAGEIO_TRUNCATED, "the TIFF data ends early");
  cimageio_log logged = {{0}, 0};
  cimageio_catch_glib_logs(&logged);
  int status = drawn_page(pdf, &logged, probe != NULL, out, err);
  cimageio_catch_glib_logs(NULL);
  *read_probe = probe != NULL && logged.message[0] != '\0';
  return status;
}

// The first row (from the band's top) where two drawings of one band differ; -1 when they
// agree.
static int64_t first_differing_row(cairo_surface_t *a, cairo_surface_t *b, uint32_t width) {
  const uint8_t *pixels_a = cairo_image_surface_get_data(a), *pixels_b = cairo_image_surface_get_data(b);
  int stride = cairo_image_surface_get_stride(a), height = cairo_image_surface_get_height(a);
  for (int y = 0; y < height; y++) {
    const uint32_t *row_a = (const uint32_t *)(pixels_a + (size_t)y * (size_t)stride);
    const uint32_t *row_b = (const uint32_t *)(pixels_b + (size_t)y * (size_t)stride);
    // RGB24's top byte is unused.
    for (uint32_t x = 0; x < width; x++)
      if (((row_a[x] ^ row_b[x]) & 0xFFFFFF) != 0) return y;
  }
  return -1;
}

// Appends the `count` low bits of `code`, most significant first, to `bits` (`*used` bits of
// its last byte taken).
static void append_bits(GByteArray *bits, unsigned *used, uint32_t code, unsigned count) {
  for (unsigned i = count; i-- > 0;) {
    if (*used % 8 == 0) {
      guint8 zero = 0;
      g_byte_array_append(bits, &zero, 1);
    }
    if ((code >> i) & 1) bits->data[bits->len - 1] |= (guint8)(0x80 >> (*used % 8));
    *used = (*used + 1) % 8;
  }
}

// The probe that follows each strip's data in the second drawing: a row of `width` pixels in
// white runs of 3 and black runs of 2 (ITU-T T.4's codes 1000 and 11; a shorter last run 0111,
// 000111 or 010) and an end-of-line code. The row differs from poppler's white padding and
// from the alternating row it makes of zero bits. It starts with no end-of-line code: after
// data that ends with one, two in a row would end the strip (T.4's return to control).
static GByteArray *probe_rows(uint32_t width) {
  static const struct {
    uint32_t code;
    unsigned bits;
  } white[4] = {{0, 0}, {0x07, 6}, {0x07, 4}, {0x08, 4}}, black[3] = {{0, 0}, {0x02, 3}, {0x03, 2}};
  GByteArray *bits = g_byte_array_new();
  unsigned used = 0;
  for (uint32_t x = 0, run = 0; x < width; x += run) {
    int is_white = run == 0 || (x % 5) == 0;
    run = is_white ? (width - x < 3 ? width - x : 3) : (width - x < 2 ? width - x : 2);
    append_bits(bits, &used, is_white ? white[run].code : black[run].code, is_white ? white[run].bits : black[run].bits);
  }
  append_bits(bits, &used, 0x001, 12);
  return bits;
}

// Whether the band's two drawings (without and with probes) agree and the probes went unread,
// so every row came from the strips' data; else the strip that ran out, and its row if seen.
static int strips_held_their_rows(TIFF *tif, cairo_surface_t *drawn[2], int read_probe, uint32_t width,
                                  uint32_t rows_per_strip, uint32_t first, uint32_t last, cimageio_error *err) {
  uint32_t strips = (uint32_t)TIFFNumberOfStrips(tif), top = first * rows_per_strip;
  int64_t padded = first_differing_row(drawn[0], drawn[1], width);
  if (padded >= 0)
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "the data of its fax strip %u of %u ends before the page's row %u",
                         (top + (uint32_t)padded) / rows_per_strip + 1, strips, top + (uint32_t)padded + 1);
  if (read_probe && first == last)
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "the data of its fax strip %u of %u ends early", first + 1, strips);
  if (read_probe)
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "the data of one of its fax strips %u to %u (of %u) ends early",
                         first + 1, last + 1, strips);
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
  GByteArray *probe = probe_rows(width);
  for (uint32_t first = y0 / rows_per_strip; first <= last; first += per_band) {
    uint32_t band_last = first + per_band - 1 < last ? first + per_band - 1 : last;
    cairo_surface_t *drawn[2] = {NULL, NULL};
    const GByteArray *probes[2] = {NULL, probe};
    int status = CIMAGEIO_OK, read_probe = 0;
    for (int i = 0; status == CIMAGEIO_OK && i < 2; i++)
      status = drawn_band(tif, data, size, width, page_height, rows_per_strip, first, band_last, probes[i],
                          &drawn[i], &read_probe, err);
    uint32_t top = first * rows_per_strip;
    if (status == CIMAGEIO_OK)
      status = strips_held_their_rows(tif, drawn, read_probe, width, rows_per_strip, first, band_last, err);
    if (status == CIMAGEIO_OK) {
      const uint8_t *pixels = cairo_image_surface_get_data(drawn[0]);
      int stride = cairo_image_surface_get_stride(drawn[0]);
      uint32_t bottom = top + cairo_image_surface_get_height(drawn[0]);
      for (uint32_t y = top > y0 ? top : y0; y < bottom && y < y0 + height; y++) {
        const uint32_t *from = (const uint32_t *)(pixels + (size_t)(y - top) * (size_t)stride);
        uint8_t *to = rows + (size_t)(y - y0) * row_bytes;
        memset(to, 0, row_bytes);
        // Drawn 1:1, every pixel is black or white; a fax's black is sample 1 in libtiff's rows.
        for (uint32_t x = 0; x < width; x++)
          if ((from[x] & 0xFF) < 128) to[x / 8] |= (uint8_t)(0x80 >> (x % 8));
      }
    }
    for (int i = 0; i < 2; i++)
      if (drawn[i] != NULL) cairo_surface_destroy(drawn[i]);
    if (status != CIMAGEIO_OK) {
      g_byte_array_unref(probe);
      return status;
    }
  }
  g_byte_array_unref(probe);
  return CIMAGEIO_OK;
}
