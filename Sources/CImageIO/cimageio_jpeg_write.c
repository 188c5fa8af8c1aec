// JPEG encoding over libjpeg, into a memory buffer.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#include "internal.h"

typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  cimageio_error *err;
} jpeg_encode_failure;

static void on_error_exit(j_common_ptr cinfo) {
  jpeg_encode_failure *failure = (jpeg_encode_failure *)cinfo->err;
  char text[JMSG_LENGTH_MAX];
  cinfo->err->format_message(cinfo, text);
  cimageio_fail(failure->err, CIMAGEIO_ENCODE_FAILED, "%s", text);
  longjmp(failure->jump, 1);
}

static void on_output(j_common_ptr cinfo) { (void)cinfo; }

int cimageio_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                         int channels, int quality, int progressive, const uint8_t *icc,
                         size_t icc_size, uint8_t **out, size_t *out_size,
                         cimageio_error *err) {
  *out = NULL;
  *out_size = 0;
  if (pixels == NULL || width == 0 || height == 0 || width > 65500 || height > 65500 ||
      (channels != 1 && channels != 3) || quality < 1 || quality > 100)
    return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "bad JPEG encode parameters");

  struct jpeg_compress_struct cinfo;
  jpeg_encode_failure failure;
  memset(&failure, 0, sizeof failure);
  failure.err = err;
  unsigned char *buffer = NULL;
  unsigned long buffer_size = 0;
  cinfo.err = jpeg_std_error(&failure.manager);
  failure.manager.error_exit = on_error_exit;
  failure.manager.output_message = on_output;
  if (setjmp(failure.jump)) {
    jpeg_destroy_compress(&cinfo);
    free(buffer);
    return CIMAGEIO_ENCODE_FAILED;
  }
  jpeg_create_compress(&cinfo);
  jpeg_mem_dest(&cinfo, &buffer, &buffer_size);
  cinfo.image_width = width;
  cinfo.image_height = height;
  cinfo.input_components = channels;
  cinfo.in_color_space = channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, quality, TRUE);
  if (progressive) jpeg_simple_progression(&cinfo);
  jpeg_start_compress(&cinfo, TRUE);
  if (icc != NULL && icc_size > 0) jpeg_write_icc_profile(&cinfo, icc, (unsigned)icc_size);
  size_t stride = (size_t)width * channels;
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  *out = buffer;
  *out_size = buffer_size;
  return CIMAGEIO_OK;
}
