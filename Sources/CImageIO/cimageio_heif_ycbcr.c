// YCbCr (or monochrome) planes libheif decoded, converted to interleaved RGB(A) by artfit:
// bilinear chroma upsampling with centred siting, as libavif and browsers show AVIF (libheif
// 1.15 repeats each chroma sample), in the matrix and range ITU-T H.273 names.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "heif_ycbcr.h"

// The matrix of the decoded planes: the decoded image's colour description when libheif
// gives it one, else the file's (its `colr` box), else BT.601; 0 for one artfit leaves to
// libheif's own conversion (YCgCo, constant luminance, ICtCp, chromaticity-derived). The
// range is the decoded image's own, else full: libheif 1.15 hands over limited-range data
// already widened to full range (and gives the image no description saying so).
int cimageio_heif_matrix_for(const struct heif_image *image, const struct heif_image_handle *handle, ycbcr_matrix *m) {
  struct heif_color_profile_nclx *nclx = NULL;
  int own = heif_image_get_nclx_color_profile(image, &nclx).code == heif_error_Ok;
  if (!own) {
    // libheif may allocate a description before refusing one of its codes.
    heif_nclx_color_profile_free(nclx);
    nclx = NULL;
    if (heif_image_handle_get_nclx_color_profile(handle, &nclx).code != heif_error_Ok) {
      heif_nclx_color_profile_free(nclx);
      nclx = NULL;
    }
  }
  int code = nclx != NULL ? (int)nclx->matrix_coefficients : 6;
  m->full_range = own ? nclx->full_range_flag != 0 : 1;
  heif_nclx_color_profile_free(nclx);
  m->identity = code == 0;
  switch (code) {
  case 0: m->kr = 0, m->kb = 0; return 1;
  case 1: m->kr = 0.2126, m->kb = 0.0722; return 1;
  case 2: case 5: case 6: m->kr = 0.299, m->kb = 0.114; return 1;
  case 4: m->kr = 0.30, m->kb = 0.11; return 1;
  case 7: m->kr = 0.212, m->kb = 0.087; return 1;
  case 9: m->kr = 0.2627, m->kb = 0.0593; return 1;
  default: return 0;
  }
}

// Row `y` of a plane as doubles, `count` samples from column `x`.
static void read_samples(const uint8_t *plane, int stride, int deep, uint32_t x, uint32_t y, uint32_t count,
                         double *out) {
  const uint8_t *row = plane + (size_t)y * (size_t)stride;
  if (deep) {
    const uint16_t *samples = (const uint16_t *)row + x;
    for (uint32_t i = 0; i < count; i++) out[i] = samples[i];
  } else {
    for (uint32_t i = 0; i < count; i++) out[i] = row[x + i];
  }
}

// Output row `y`'s chroma at full chroma-plane width, interpolated between the chroma rows
// around it: chroma samples sit midway between luma rows (centred siting, as libjpeg,
// libyuv and libavif take them), so an even row weighs the row above 1/4, an odd one the row
// below.
static void chroma_row(const uint8_t *plane, int stride, int deep, uint32_t y, int subsampled, uint32_t rows,
                       uint32_t width, double *near_row, double *out) {
  if (!subsampled) {
    read_samples(plane, stride, deep, 0, y, width, out);
    return;
  }
  uint32_t near = y / 2, far = y % 2 == 0 ? (near > 0 ? near - 1 : 0) : (near + 1 < rows ? near + 1 : near);
  read_samples(plane, stride, deep, 0, near, width, near_row);
  read_samples(plane, stride, deep, 0, far, width, out);
  for (uint32_t i = 0; i < width; i++) out[i] = 0.75 * near_row[i] + 0.25 * out[i];
}

// Sample `x` of a chroma row, interpolated the same way across columns when subsampled.
static double chroma_at(const double *row, uint32_t x, int subsampled, uint32_t width) {
  if (!subsampled) return row[x];
  uint32_t near = x / 2, far = x % 2 == 0 ? (near > 0 ? near - 1 : 0) : (near + 1 < width ? near + 1 : near);
  return 0.75 * row[near] + 0.25 * row[far];
}

// `region` of a decoded YCbCr (or monochrome) image converted to RGB(A) in `pixels`, with
// bilinear chroma upsampling (libheif 1.15 repeats each chroma sample instead).
int cimageio_heif_convert_ycbcr(const struct heif_image *image, const struct heif_image_handle *handle,
                                const ycbcr_matrix *m, int alpha_limited, const cimageio_info *info,
                                const cimageio_region *region, void *pixels, cimageio_error *err) {
  enum heif_chroma chroma = heif_image_get_chroma_format(image);
  int mono = chroma == heif_chroma_monochrome;
  int sub_x = chroma == heif_chroma_420 || chroma == heif_chroma_422, sub_y = chroma == heif_chroma_420;
  int strides[4] = {0, 0, 0, 0};
  const uint8_t *planes[4] = {heif_image_get_plane_readonly(image, heif_channel_Y, &strides[0]),
                              mono ? NULL : heif_image_get_plane_readonly(image, heif_channel_Cb, &strides[1]),
                              mono ? NULL : heif_image_get_plane_readonly(image, heif_channel_Cr, &strides[2]),
                              info->channels == 4 ? heif_image_get_plane_readonly(image, heif_channel_Alpha, &strides[3])
                                                  : NULL};
  int bits = heif_image_get_bits_per_pixel_range(image, heif_channel_Y);
  int alpha_bits = planes[3] != NULL ? heif_image_get_bits_per_pixel_range(image, heif_channel_Alpha) : 8;
  uint32_t chroma_width = 0, chroma_rows = 0;
  if (!mono && planes[1] != NULL) {
    chroma_width = (uint32_t)heif_image_get_width(image, heif_channel_Cb);
    chroma_rows = (uint32_t)heif_image_get_height(image, heif_channel_Cb);
  }
  if (planes[0] == NULL || (!mono && (planes[1] == NULL || planes[2] == NULL)) ||
      (info->channels == 4 && planes[3] == NULL) || bits < 8 || bits > 16 || alpha_bits < 1 || alpha_bits > 16 ||
      (!mono && (chroma_width < (info->full_width + (uint32_t)sub_x) >> sub_x ||
                 chroma_rows < (info->full_height + (uint32_t)sub_y) >> sub_y)) ||
      (m->identity && (sub_x || sub_y)))
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "the decoded planes do not match the image");
  int deep = bits > 8, alpha_deep = alpha_bits > 8;
  double top = (double)((1u << bits) - 1), alpha_top = (double)((1u << alpha_bits) - 1);
  // Limited-range alpha: 16 to 235 (at 8 bits) is transparent to opaque.
  double alpha_scale = alpha_bits >= 8 ? (double)(1u << (alpha_bits - 8)) : 1;
  double alpha_offset = alpha_limited ? 16 * alpha_scale : 0, alpha_range = alpha_limited ? 219 * alpha_scale : alpha_top;
  double scale = (double)(1u << (bits - 8));
  // Y' in [0, 1] and Cb, Cr in [-0.5, 0.5] from the stored codes.
  double y_offset = m->full_range ? 0 : 16 * scale, y_range = m->full_range ? top : 219 * scale;
  double c_offset = m->identity ? 0 : m->full_range ? (double)(1u << (bits - 1)) : 128 * scale;
  double c_range = m->full_range || m->identity ? top : 224 * scale;
  double kg = 1 - m->kr - m->kb;
  size_t scratch = (size_t)(region->width > chroma_width ? region->width : chroma_width);
  double *rows = malloc(scratch * 9 * sizeof *rows);
  if (rows == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  double *luma = rows, *cb = rows + scratch, *cr = rows + 2 * scratch, *near = rows + 3 * scratch,
         *alpha = rows + 4 * scratch, *red = rows + 5 * scratch, *green = rows + 6 * scratch,
         *blue = rows + 7 * scratch, *opacity = rows + 8 * scratch;
  int output_deep = info->bit_depth == 16, channels = info->channels;
  int premultiplied = channels == 4 && heif_image_handle_is_premultiplied_alpha(handle);
  // Reciprocals once, so the loops below multiply and add only (and vectorise).
  double inv_y = 1 / y_range, inv_c = 1 / c_range, inv_a = 1 / alpha_range, inv_kg = 1 / kg;
  double r_v = 2 - 2 * m->kr, b_u = 2 - 2 * m->kb, output_top = output_deep ? 65535 : 255;
  uint32_t width = region->width;
  for (uint32_t row = 0; row < region->height; row++) {
    uint32_t y = region->y + row;
    read_samples(planes[0], strides[0], deep, region->x, y, width, luma);
    for (uint32_t i = 0; i < width; i++) luma[i] = (luma[i] - y_offset) * inv_y;
    if (mono) {
      memcpy(red, luma, width * sizeof *red);
      memcpy(green, luma, width * sizeof *green);
      memcpy(blue, luma, width * sizeof *blue);
    } else {
      chroma_row(planes[1], strides[1], deep, y, sub_y, chroma_rows, chroma_width, near, cb);
      chroma_row(planes[2], strides[2], deep, y, sub_y, chroma_rows, chroma_width, near, cr);
      // Chroma at each output column (bilinear across, as down), centred on zero.
      for (uint32_t i = 0; i < width; i++) {
        green[i] = (chroma_at(cb, region->x + i, sub_x, chroma_width) - c_offset) * inv_c;
        blue[i] = (chroma_at(cr, region->x + i, sub_x, chroma_width) - c_offset) * inv_c;
      }
      if (m->identity) {
        for (uint32_t i = 0; i < width; i++) {
          double u = green[i], v = blue[i];
          red[i] = v, green[i] = luma[i], blue[i] = u;
        }
      } else {
        for (uint32_t i = 0; i < width; i++) {
          double l = luma[i], u = green[i], v = blue[i];
          double r = l + r_v * v, b = l + b_u * u;
          red[i] = r, blue[i] = b, green[i] = (l - m->kr * r - m->kb * b) * inv_kg;
        }
      }
    }
    if (channels == 4) {
      read_samples(planes[3], strides[3], alpha_deep, region->x, y, width, alpha);
      for (uint32_t i = 0; i < width; i++) {
        double a = (alpha[i] - alpha_offset) * inv_a;
        opacity[i] = a < 0 ? 0 : a > 1 ? 1 : a;
      }
      if (premultiplied) {
        for (uint32_t i = 0; i < width; i++) {
          if (opacity[i] > 0) red[i] /= opacity[i], green[i] /= opacity[i], blue[i] /= opacity[i];
        }
      }
    }
    const double *from[4] = {red, green, blue, opacity};
    size_t at = (size_t)row * width * (size_t)channels;
    for (int c = 0; c < channels; c++) {
      const double *values = from[c];
      if (output_deep) {
        uint16_t *out = (uint16_t *)pixels + at + (size_t)c;
        for (uint32_t i = 0; i < width; i++) {
          double v = values[i] < 0 ? 0 : values[i] > 1 ? 1 : values[i];
          out[(size_t)i * (size_t)channels] = (uint16_t)(v * output_top + 0.5);
        }
      } else {
        uint8_t *out = (uint8_t *)pixels + at + (size_t)c;
        for (uint32_t i = 0; i < width; i++) {
          double v = values[i] < 0 ? 0 : values[i] > 1 ? 1 : values[i];
          out[(size_t)i * (size_t)channels] = (uint8_t)(v * output_top + 0.5);
        }
      }
    }
  }
  free(rows);
  return CIMAGEIO_OK;
}

