// A HEIF or AVIF image's transformative properties applied by artfit, after libheif decodes
// the coded image with its own transformations off: libheif 1.15 refuses to mirror more
// than 8 bits a sample and reads `imir` about the other axis. ISO/IEC 23008-12 applies them
// in the order the item's property association lists them; `clap` crops to the clean
// aperture (ISO/IEC 14496-12), `irot` turns a quarter anticlockwise per step, and `imir`
// exchanges top and bottom (0) or left and right (1), as the amended standard, libavif and
// browsers read it.
#include <stdlib.h>
#include <string.h>

#include "heif_transforms.h"

// The clean aperture of a `width` x `height` image as a whole-pixel rectangle; 0 when it is
// not one inside the image.
static int clean_aperture(const heif_transform *t, uint32_t width, uint32_t height, uint32_t rect[4]) {
  const int64_t *c = t->clap;
  if (c[1] <= 0 || c[3] <= 0 || c[5] <= 0 || c[7] <= 0) return 0;
  if (c[0] % c[1] != 0 || c[2] % c[3] != 0) return 0;
  int64_t w = c[0] / c[1], h = c[2] / c[3];
  // left = (width - w) / 2 + horizOff, in halves so that both halves can be checked whole.
  int64_t left2 = ((int64_t)width - w) * c[5] + 2 * c[4], top2 = ((int64_t)height - h) * c[7] + 2 * c[6];
  if (left2 % (2 * c[5]) != 0 || top2 % (2 * c[7]) != 0) return 0;
  int64_t left = left2 / (2 * c[5]), top = top2 / (2 * c[7]);
  if (w <= 0 || h <= 0 || left < 0 || top < 0 || left + w > width || top + h > height) return 0;
  rect[0] = (uint32_t)left;
  rect[1] = (uint32_t)top;
  rect[2] = (uint32_t)w;
  rect[3] = (uint32_t)h;
  return 1;
}

// The size after one step, and (a clap's) the rectangle it keeps in `rect`, which starts as
// the whole image; 0 when a clap is not a rectangle inside the image.
static int step_size(const heif_transform *step, uint32_t *width, uint32_t *height, uint32_t rect[4]) {
  rect[0] = rect[1] = 0;
  rect[2] = *width;
  rect[3] = *height;
  if (step->kind == 'c') {
    if (!clean_aperture(step, *width, *height, rect)) return 0;
    *width = rect[2];
    *height = rect[3];
  } else if (step->kind == 'r' && step->value % 2 == 1) {
    uint32_t swap = *width;
    *width = *height;
    *height = swap;
  }
  return 1;
}

int cimageio_heif_transformed_size(const heif_transforms *t, uint32_t width, uint32_t height, uint32_t *out_width,
                                   uint32_t *out_height, cimageio_error *err) {
  for (int i = 0; i < t->count; i++) {
    uint32_t rect[4];
    if (!step_size(&t->steps[i], &width, &height, rect))
      return cimageio_fail(err, CIMAGEIO_CORRUPT, "its clean aperture (clap) is not a whole-pixel rectangle inside the %ux%u image", width, height);
  }
  *out_width = width;
  *out_height = height;
  return CIMAGEIO_OK;
}

// One step from `from` (w x h) into `to`, whose size the step gives.
static void apply_step(const heif_transform *step, const uint8_t *from, uint32_t w, uint32_t h, size_t bytes,
                       uint8_t *to, const uint32_t rect[4]) {
  if (step->kind == 'c') {
    for (uint32_t y = 0; y < rect[3]; y++)
      memcpy(to + (size_t)y * rect[2] * bytes, from + ((size_t)(rect[1] + y) * w + rect[0]) * bytes, (size_t)rect[2] * bytes);
    return;
  }
  uint32_t out_w = step->kind == 'r' && step->value % 2 == 1 ? h : w;
  uint32_t out_h = step->kind == 'r' && step->value % 2 == 1 ? w : h;
  for (uint32_t y = 0; y < out_h; y++) {
    for (uint32_t x = 0; x < out_w; x++) {
      uint32_t sx = x, sy = y;
      if (step->kind == 'm') {
        if (step->value == 0) sy = h - 1 - y; else sx = w - 1 - x;
      } else {
        switch (step->value) {
        case 1: sx = w - 1 - y; sy = x; break;          // a quarter anticlockwise
        case 2: sx = w - 1 - x; sy = h - 1 - y; break;  // half a turn
        case 3: sx = y; sy = h - 1 - x; break;          // three quarters anticlockwise
        default: break;
        }
      }
      memcpy(to + ((size_t)y * out_w + x) * bytes, from + ((size_t)sy * w + sx) * bytes, bytes);
    }
  }
}

int cimageio_heif_apply_transforms(const heif_transforms *t, uint8_t *pixels, uint32_t width, uint32_t height,
                                   size_t pixel_bytes, uint8_t **out, cimageio_error *err) {
  size_t total = (size_t)width * height * pixel_bytes;
  uint8_t *current = pixels, *spare = malloc(total > 0 ? total : 1);
  if (spare == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  for (int i = 0; i < t->count; i++) {
    const heif_transform *step = &t->steps[i];
    uint32_t rect[4], from_width = width, from_height = height;
    if (!step_size(step, &width, &height, rect)) {
      free(current == pixels ? spare : current);
      return cimageio_fail(err, CIMAGEIO_CORRUPT, "its clean aperture (clap) is not a whole-pixel rectangle inside the image");
    }
    if (step->kind == 'r' && step->value == 0) continue;
    apply_step(step, current, from_width, from_height, pixel_bytes, spare, rect);
    uint8_t *done = spare;
    spare = current;
    current = done;
  }
  // The result is in `current`; the caller owns it (it may be `pixels` itself when nothing moved).
  if (spare != pixels) free(spare);
  *out = current;
  return CIMAGEIO_OK;
}
