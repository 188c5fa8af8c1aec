// JPEG probe and decode over the classic libjpeg API (libjpeg-turbo 2.x).
//
// libjpeg only warns about premature end of data and corrupt entropy data and fills the
// rest with grey. artfit treats every warning as an error (as libvips does with `fail`),
// so a broken asset never passes as a grey-bottomed preview.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// jpeglib.h first: it brings jconfig.h, whose settings decide the numbering of jerror.h's
// later messages (JWRN_BOGUS_ICC).
#include <jpeglib.h>
#include <jerror.h>

#include "internal.h"
#include "jpeg_coefficients.h"
#include "jpeg_split.h"

typedef struct {
  struct jpeg_error_mgr manager;
  struct jpeg_progress_mgr progress;
  jmp_buf jump;
  cimageio_error *err;
  int status;
  uint32_t max_scans;
  cimageio_info *info;  // where a dropped profile is noted
  int split_part;       // a part of a scan split: its scans alone break no progression
} jpeg_failure;

static void on_error_exit(j_common_ptr cinfo) {
  jpeg_failure *failure = (jpeg_failure *)cinfo->err;
  char text[JMSG_LENGTH_MAX];
  cinfo->err->format_message(cinfo, text);
  int code = cinfo->err->msg_code;
  failure->status = code == JERR_INPUT_EMPTY ? CIMAGEIO_TRUNCATED : CIMAGEIO_CORRUPT;
  if (failure->status == CIMAGEIO_TRUNCATED)
    cimageio_fail(failure->err, failure->status, "JPEG data ends early (truncated file)");
  else
    cimageio_fail(failure->err, failure->status, "%s", text);
  longjmp(failure->jump, 1);
}

static void on_message(j_common_ptr cinfo, int level) {
  if (level >= 0) return;  // trace messages
  jpeg_failure *failure = (jpeg_failure *)cinfo->err;
  // Broken ICC markers lose the profile, not the picture: the art is then untagged.
  if (cinfo->err->msg_code == JWRN_BOGUS_ICC) {
    if (failure->info->profile_problem[0] == 0)
      snprintf(failure->info->profile_problem, sizeof failure->info->profile_problem,
               "its APP2 ICC_PROFILE markers are malformed (libjpeg: \"%s\")",
               cinfo->err->jpeg_message_table[JWRN_BOGUS_ICC]);
    return;
  }
  // A part decodes some chains of scans and not others; the whole progression was checked.
  if (failure->split_part && cinfo->err->msg_code == JWRN_BOGUS_PROGRESSION) return;
  if (cinfo->err->msg_code == JWRN_JPEG_EOF) {
    failure->status = CIMAGEIO_TRUNCATED;
    cimageio_fail(failure->err, CIMAGEIO_TRUNCATED, "JPEG data ends early (truncated file)");
  } else {
    char text[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, text);
    failure->status = CIMAGEIO_CORRUPT;
    cimageio_fail(failure->err, CIMAGEIO_CORRUPT, "%s", text);
  }
  longjmp(failure->jump, 1);
}

static void on_output(j_common_ptr cinfo) { (void)cinfo; }  // never print

// A progressive JPEG can carry thousands of tiny scans that each cost a full pass.
static void on_progress(j_common_ptr common) {
  j_decompress_ptr cinfo = (j_decompress_ptr)common;
  jpeg_failure *failure = (jpeg_failure *)common->err;
  if (failure->max_scans > 0 && common->is_decompressor && cinfo->input_scan_number > 0 &&
      (uint32_t)cinfo->input_scan_number > failure->max_scans) {
    failure->status = CIMAGEIO_LIMIT;
    cimageio_fail(failure->err, CIMAGEIO_LIMIT, "progressive JPEG has more than %u scans",
                  failure->max_scans);
    longjmp(failure->jump, 1);
  }
}

static int orientation_from_markers(j_decompress_ptr cinfo) {
  for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker != NULL;
       marker = marker->next) {
    if (marker->marker == JPEG_APP0 + 1 && marker->data_length > 6 &&
        memcmp(marker->data, "Exif\0\0", 6) == 0)
      return cimageio_exif_orientation(marker->data + 6, marker->data_length - 6);
  }
  return 1;
}

static int color_of(J_COLOR_SPACE space) {
  switch (space) {
  case JCS_GRAYSCALE: return CIMAGEIO_COLOR_GRAY;
  case JCS_CMYK: return CIMAGEIO_COLOR_CMYK;
  case JCS_YCCK: return CIMAGEIO_COLOR_YCCK;
  default: return CIMAGEIO_COLOR_RGB;
  }
}


// Gives the caller the profile libjpeg-turbo read (when it asked for one), or frees it.
static void hand_over_profile(JOCTET *profile, unsigned int length, uint8_t **icc,
                              size_t *icc_size) {
  if (icc != NULL && profile != NULL) {
    *icc = profile;
    *icc_size = length;
  } else {
    free(profile);
  }
}

// The libjpeg calls live in this one function so that its locals are not touched between
// setjmp and longjmp (libjpeg-turbo example.c explains the undefined behaviour otherwise).
int cimageio_jpeg_read(const uint8_t *data, size_t size, int scale_denom,
                       const cimageio_limits *limits, cimageio_info *info,
                       void *pixels, size_t pixels_size, uint8_t **icc,
                       size_t *icc_size, const cimageio_transform *cmyk_transform,
                       const cimageio_region *region, cimageio_jpeg_split *split, int part,
                       cimageio_error *err) {
  struct jpeg_decompress_struct cinfo;
  cimageio_coefficient_store coefficients;
  jpeg_failure failure;
  memset(&failure, 0, sizeof failure);
  failure.err = err;
  failure.split_part = split != NULL;
  failure.max_scans = limits->max_jpeg_scans;
  failure.info = info;
  uint8_t *volatile cut_row = NULL;
  JOCTET *volatile profile = NULL;
  volatile unsigned int profile_length = 0;

  cinfo.err = jpeg_std_error(&failure.manager);
  failure.manager.error_exit = on_error_exit;
  failure.manager.emit_message = on_message;
  failure.manager.output_message = on_output;
  if (setjmp(failure.jump)) {
    jpeg_destroy_decompress(&cinfo);
    free(cut_row);
    free(profile);
    return failure.status != CIMAGEIO_OK ? failure.status : CIMAGEIO_CORRUPT;
  }
  jpeg_create_decompress(&cinfo);
  cimageio_use_coefficient_store(&cinfo, &coefficients);
  coefficients.split = split;
  failure.progress.progress_monitor = on_progress;
  cinfo.progress = &failure.progress;
  jpeg_mem_src(&cinfo, data, (unsigned long)size);
  jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xffff);
  jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xffff);
  jpeg_read_header(&cinfo, TRUE);

  info->format = CIMAGEIO_FORMAT_JPEG;
  info->full_width = cinfo.image_width;
  info->full_height = cinfo.image_height;
  info->source_bit_depth = cinfo.data_precision;
  info->bit_depth = 8;
  info->color = color_of(cinfo.jpeg_color_space);
  info->interlaced = cinfo.progressive_mode ? 1 : 0;
  info->adobe_inverted = cinfo.saw_Adobe_marker ? 1 : 0;
  info->orientation = orientation_from_markers(&cinfo);
  info->gain_map = cimageio_jpeg_gain_map(data, size, &info->gain_map_figures, info->gain_map_image,
                                          &info->needs_bytes);
  info->scale_denom = scale_denom;
  info->shrinks_on_load = 1;
  int cmyk = info->color == CIMAGEIO_COLOR_CMYK || info->color == CIMAGEIO_COLOR_YCCK;
  cinfo.out_color_space = info->color == CIMAGEIO_COLOR_GRAY ? JCS_GRAYSCALE
                          : cmyk                             ? JCS_CMYK
                                                             : JCS_RGB;
  info->channels = info->color == CIMAGEIO_COLOR_GRAY ? 1 : 3;
  cinfo.scale_num = 1;
  cinfo.scale_denom = (unsigned)scale_denom;
  jpeg_calc_output_dimensions(&cinfo);
  info->width = cinfo.output_width;
  info->height = cinfo.output_height;

  uint64_t pixel_count = (uint64_t)info->full_width * info->full_height;
  if (limits->max_pixels > 0 && pixel_count > limits->max_pixels) {
    jpeg_destroy_decompress(&cinfo);
    return cimageio_fail(err, CIMAGEIO_TOO_LARGE, "%ux%u pixels is over the limit of %llu",
                         info->full_width, info->full_height,
                         (unsigned long long)limits->max_pixels);
  }
  if (icc != NULL) {  // only readable before jpeg_finish_decompress
    JOCTET *bytes = NULL;
    unsigned int length = 0;
    if (jpeg_read_icc_profile(&cinfo, &bytes, &length)) {
      profile = bytes;  // malloc'd by libjpeg-turbo
      profile_length = length;
    }
  }
  if (pixels == NULL) {  // probe only
    jpeg_destroy_decompress(&cinfo);
    hand_over_profile(profile, profile_length, icc, icc_size);
    return CIMAGEIO_OK;
  }
  cimageio_region whole = {0, 0, info->width, info->height};
  if (region != NULL && !cimageio_region_fits(region, info->width, info->height)) {
    jpeg_destroy_decompress(&cinfo);
    free(profile);
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "region %ux%u at %u,%u is outside the %ux%u image",
                         region->width, region->height, region->x, region->y, info->width, info->height);
  }
  cimageio_region want = region != NULL ? *region : whole;
  info->width = want.width;
  info->height = want.height;
  size_t stride = (size_t)info->width * info->channels;
  if (pixels_size != stride * info->height) {
    jpeg_destroy_decompress(&cinfo);
    free(profile);
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "pixel buffer has %zu bytes, needs %zu",
                         pixels_size, stride * info->height);
  }
  if (split != NULL) {
    // A part reads its scans into the shared coefficients, waits for the other part's, and
    // only then makes its output (buffered-image mode separates the two). Smoothing, which
    // guesses the coefficients of an incomplete file, stays off: the part's own records of
    // its scans look incomplete, though the coefficients are whole once the parts meet.
    cinfo.buffered_image = TRUE;
    cinfo.do_block_smoothing = FALSE;
    jpeg_start_decompress(&cinfo);
    while (jpeg_consume_input(&cinfo) != JPEG_REACHED_EOI) {
    }
    for (int c = 0; c < cinfo.num_components; c++)
      if (cinfo.comp_info[c].quant_table != NULL)
        cimageio_jpeg_split_share_table(split, part, c, cinfo.comp_info[c].quant_table->quantval);
    if (!cimageio_jpeg_split_meet(split, part, NULL, err)) {
      failure.status = err->status != CIMAGEIO_OK ? err->status : CIMAGEIO_CORRUPT;
      longjmp(failure.jump, 1);
    }
    // The tables of components this part saw no scan of, as the other part latched them.
    for (int c = 0; c < cinfo.num_components; c++) {
      if (cinfo.comp_info[c].quant_table != NULL) continue;
      JQUANT_TBL *table = jpeg_alloc_quant_table((j_common_ptr)&cinfo);
      if (!cimageio_jpeg_split_other_table(split, part, c, table->quantval)) ERREXIT(&cinfo, JERR_NO_QUANT_TABLE);
      cinfo.comp_info[c].quant_table = table;
    }
    jpeg_start_output(&cinfo, cinfo.input_scan_number);
  } else {
    jpeg_start_decompress(&cinfo);
  }
  // A cut decodes a margin beyond the region on every side (clipped to the image), so the
  // fancy upsampling of the region's own pixels sees the same neighbours as in a full decode;
  // jpeg_crop_scanline widens the columns further, to whole iMCUs.
  const uint32_t margin = 32;
  uint32_t top = want.y > margin ? want.y - margin : 0;
  JDIMENSION left = want.x > margin ? want.x - margin : 0;
  JDIMENSION right = want.x + want.width + margin < cinfo.output_width ? want.x + want.width + margin
                                                                     : cinfo.output_width;
  JDIMENSION columns = right - left;
  int cut = region != NULL && (want.x > 0 || want.width < cinfo.output_width);
  if (cut) jpeg_crop_scanline(&cinfo, &left, &columns);
  if (top > 0) jpeg_skip_scanlines(&cinfo, top);
  int components = cmyk ? 4 : info->channels;
  int direct = !cmyk && !cut;  // rows land in place, no conversion
  if (!direct) {
    cut_row = malloc((size_t)columns * components);
    if (cut_row == NULL) {
      jpeg_destroy_decompress(&cinfo);
      free(profile);
      return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
    }
  }
  uint8_t *out = pixels;
  uint32_t end = want.y + want.height;
  while (cinfo.output_scanline < end) {
    uint32_t y = cinfo.output_scanline;
    int kept = y >= want.y;
    uint8_t *row = kept ? out + (size_t)(y - want.y) * stride : NULL;
    JSAMPROW target = direct && kept ? row : cut_row;
    if (direct && !kept) {  // rows of the margin above, read into the first kept row's place
      target = out;
    }
    if (jpeg_read_scanlines(&cinfo, &target, 1) != 1) break;
    if (!kept || direct) continue;
    const uint8_t *from = cut_row + (size_t)(want.x - left) * components;
    if (cmyk && cmyk_transform != NULL)
      cimageio_transform_rows(cmyk_transform, from, row, info->width);
    else if (cmyk)
      cimageio_cmyk_row_to_rgb(from, row, info->width, info->adobe_inverted);
    else
      memcpy(row, from, stride);
  }
  // Rows below the region are never decoded; finishing would read on to the end of the data.
  if (cinfo.output_scanline < cinfo.output_height) {
    jpeg_abort_decompress(&cinfo);
  } else {
    if (split != NULL) jpeg_finish_output(&cinfo);
    jpeg_finish_decompress(&cinfo);
  }

  hand_over_profile(profile, profile_length, icc, icc_size);
  jpeg_destroy_decompress(&cinfo);
  free(cut_row);
  return CIMAGEIO_OK;
}

static int jpeg_sniff(const uint8_t *data, size_t size) {
  return size >= 3 && data[0] == 0xff && data[1] == 0xd8 && data[2] == 0xff;
}

// A marker follows SOI: a frame, table, APPn or comment (0xC0 to 0xFE), or a fill byte.
static int jpeg_header_holds(const uint8_t *data, size_t size, int whole) {
  (void)whole;
  return size >= 4 && data[3] >= 0xc0;
}

static int jpeg_read_call(const cimageio_read_call *c) {
  return cimageio_jpeg_read(c->data, c->size, c->scale_denom, c->limits, c->info, c->pixels, c->pixels_size, c->icc,
                            c->icc_size, c->cmyk_transform, c->region, NULL, 0, c->err);
}

const cimageio_format_descriptor cimageio_jpeg_format = {
    .format = CIMAGEIO_FORMAT_JPEG, .id = "jpeg", .name = "JPEG", .extensions = "jpg jpeg jpe jfif",
    .library = "libjpeg", .sniff = jpeg_sniff, .header_holds = jpeg_header_holds, .read = jpeg_read_call,
    .traits = CIMAGEIO_TRAIT_SCALES_ON_LOAD | CIMAGEIO_TRAIT_DECODES_REGIONS,
};
