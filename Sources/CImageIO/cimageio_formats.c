// The formats artfit reads, in sniffing order: one descriptor each, defined in its reader's
// file. A format is added here and in its own file; nothing else lists them.
#include "internal.h"

extern const cimageio_format_descriptor cimageio_png_format, cimageio_jpeg_format, cimageio_webp_format,
    cimageio_tiff_format, cimageio_heif_format, cimageio_avif_format, cimageio_netpbm_format, cimageio_pdf_format,
    cimageio_svg_format;

static const cimageio_format_descriptor *const formats[] = {
    &cimageio_png_format,  &cimageio_jpeg_format, &cimageio_webp_format,   &cimageio_tiff_format,
    &cimageio_heif_format, &cimageio_avif_format, &cimageio_netpbm_format, &cimageio_pdf_format,
    &cimageio_svg_format,
};

size_t cimageio_format_count(void) { return sizeof formats / sizeof *formats; }

const cimageio_format_descriptor *cimageio_format_at(size_t index) {
  return index < cimageio_format_count() ? formats[index] : NULL;
}

const cimageio_format_descriptor *cimageio_format_of(int format) {
  for (size_t i = 0; i < cimageio_format_count(); i++)
    if (formats[i]->format == format) return formats[i];
  return NULL;
}

int cimageio_sniff(const uint8_t *data, size_t size) {
  if (data == NULL) return CIMAGEIO_FORMAT_UNKNOWN;
  for (size_t i = 0; i < cimageio_format_count(); i++)
    if (formats[i]->sniff(data, size)) return formats[i]->format;
  return CIMAGEIO_FORMAT_UNKNOWN;
}

// A descriptor's header check reads as far as its signature promises, so the caller's format
// is sniffed again here before its header is read.
int cimageio_header_holds(int format, const uint8_t *data, size_t size, int whole) {
  const cimageio_format_descriptor *descriptor = cimageio_format_of(format);
  if (descriptor == NULL || data == NULL || !descriptor->sniff(data, size)) return 0;
  return descriptor->header_holds == NULL || descriptor->header_holds(data, size, whole);
}
