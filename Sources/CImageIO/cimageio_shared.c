// The helpers every reader calls (errors, frees, premultiplied alpha, naive CMYK): a leaf, so
// no reader calls back into the dispatcher.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

int cimageio_fail(cimageio_error *err, int status, const char *format, ...) {
  if (err != NULL) {
    err->status = status;
    va_list args;
    va_start(args, format);
    vsnprintf(err->message, sizeof err->message, format, args);
    va_end(args);
    // Libraries end some messages with a line break (libxml2's through librsvg).
    size_t length = strlen(err->message);
    while (length > 0 && (err->message[length - 1] == '\n' || err->message[length - 1] == ' '))
      err->message[--length] = '\0';
  }
  return status;
}

int cimageio_region_fits(const cimageio_region *region, uint32_t width, uint32_t height) {
  return region->width > 0 && region->height > 0 && region->x <= width && region->y <= height &&
         region->width <= width - region->x && region->height <= height - region->y;
}

void cimageio_free(void *pointer) { free(pointer); }

// Naive CMYK to RGB, as libvips and Pillow do without a profile. Adobe writes inverted
// samples (0 = full ink); other writers store 255 = full ink.
void cimageio_cmyk_row_to_rgb(const uint8_t *cmyk, uint8_t *rgb, uint32_t width, int inverted) {
  for (uint32_t x = 0; x < width; x++, cmyk += 4, rgb += 3) {
    unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
    if (!inverted) {
      c = 255 - c;
      m = 255 - m;
      y = 255 - y;
      k = 255 - k;
    }
    rgb[0] = (uint8_t)((c * k + 127) / 255);
    rgb[1] = (uint8_t)((m * k + 127) / 255);
    rgb[2] = (uint8_t)((y * k + 127) / 255);
  }
}


uint8_t cimageio_unpremultiply8(unsigned value, unsigned alpha) {
  if (alpha == 0) return 0;
  unsigned straight = (value * 255 + alpha / 2) / alpha;
  return (uint8_t)(straight > 255 ? 255 : straight);
}

uint16_t cimageio_unpremultiply16(uint32_t value, uint32_t alpha) {
  if (alpha == 0) return 0;
  uint64_t straight = ((uint64_t)value * 65535 + alpha / 2) / alpha;
  return (uint16_t)(straight > 65535 ? 65535 : straight);
}
