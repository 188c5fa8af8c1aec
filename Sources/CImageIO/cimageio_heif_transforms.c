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

// ⌊n / d⌋ for d > 0.
static __int128 floor_div(__int128 n, __int128 d) { return n >= 0 ? n / d : -((-n + d - 1) / d); }

// The clean aperture of a `width` x `height` image as a whole-pixel rectangle, its edges
// rounded down as libheif rounds them: with the centre at horizOff + (width - 1) / 2, the
// columns from ⌊centre - (apertureWidth - 1) / 2⌋ to ⌊centre + (apertureWidth - 1) / 2⌋
// (rows likewise). 0 when it is not a rectangle inside the image; 2 when an edge fell between
// pixels and was rounded, 1 when none did.
static int clean_aperture(const heif_transform *t, uint32_t width, uint32_t height, uint32_t rect[4]) {
  const int64_t *c = t->clap;
  if (c[1] <= 0 || c[3] <= 0 || c[5] <= 0 || c[7] <= 0 || c[0] <= 0 || c[2] <= 0) return 0;
  __int128 edges[2][2];
  int rounded = 0;
  for (int axis = 0; axis < 2; axis++) {
    __int128 size_n = c[axis * 2], size_d = c[axis * 2 + 1], off_n = c[4 + axis * 2], off_d = c[5 + axis * 2];
    __int128 side = axis == 0 ? width : height;
    // Both edges over the denominator 2 · size_d · off_d.
    __int128 d = 2 * size_d * off_d;
    __int128 centre = 2 * size_d * off_n + size_d * off_d * (side - 1), half = off_d * (size_n - size_d);
    edges[axis][0] = floor_div(centre - half, d);
    edges[axis][1] = floor_div(centre + half, d);
    if ((centre - half) % d != 0 || (centre + half) % d != 0) rounded = 1;
  }
  __int128 left = edges[0][0], right = edges[0][1], top = edges[1][0], bottom = edges[1][1];
  if (left < 0 || top < 0 || right < left || bottom < top || right >= width || bottom >= height) return 0;
  rect[0] = (uint32_t)left;
  rect[1] = (uint32_t)top;
  rect[2] = (uint32_t)(right - left + 1);
  rect[3] = (uint32_t)(bottom - top + 1);
  return 1 + rounded;
}

// The size after one step, and (a clap's) the rectangle it keeps in `rect`, which starts as
// the whole image; 0 when a clap is not a rectangle inside the image, 2 when its edges were
// rounded to whole pixels, else 1.
static int step_size(const heif_transform *step, uint32_t *width, uint32_t *height, uint32_t rect[4]) {
  rect[0] = rect[1] = 0;
  rect[2] = *width;
  rect[3] = *height;
  if (step->kind == 'c') {
    int kept = clean_aperture(step, *width, *height, rect);
    if (kept) {
      *width = rect[2];
      *height = rect[3];
    }
    return kept;
  } else if (step->kind == 'r' && step->value % 2 == 1) {
    uint32_t swap = *width;
    *width = *height;
    *height = swap;
  }
  return 1;
}

int cimageio_heif_transformed_size(const heif_transforms *t, uint32_t width, uint32_t height, uint32_t *out_width,
                                   uint32_t *out_height, int *rounded, cimageio_error *err) {
  if (rounded != NULL) *rounded = 0;
  for (int i = 0; i < t->count; i++) {
    uint32_t rect[4];
    int kept = step_size(&t->steps[i], &width, &height, rect);
    if (kept == 2 && rounded != NULL) *rounded = 1;
    if (!kept)
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
