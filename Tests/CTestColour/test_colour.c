#include "CTestColour.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <lcms2.h>

static int save(cmsHPROFILE profile, uint8_t **out, size_t *size) {
  cmsUInt32Number length = 0;
  if (!cmsSaveProfileToMem(profile, NULL, &length)) return 1;
  *out = malloc(length);
  if (*out == NULL || !cmsSaveProfileToMem(profile, *out, &length)) return 1;
  *size = length;
  return 0;
}

static void describe(cmsHPROFILE profile, const char *name) {
  cmsMLU *text = cmsMLUalloc(NULL, 1);
  cmsMLUsetASCII(text, "en", "US", name);
  cmsWriteTag(profile, cmsSigProfileDescriptionTag, text);
  cmsMLUfree(text);
}

// CMYK (1 = full ink, 16-bit) → naive RGB → Lab (v4 encoding), through `cargo`'s sRGB→Lab.
static cmsInt32Number cmyk_to_lab(const cmsUInt16Number in[], cmsUInt16Number out[], void *cargo) {
  double k = in[3] / 65535.0;
  cmsUInt16Number rgb[3];
  for (int i = 0; i < 3; i++) rgb[i] = (cmsUInt16Number)((1 - in[i] / 65535.0) * (1 - k) * 65535.0 + 0.5);
  cmsDoTransform((cmsHTRANSFORM)cargo, rgb, out, 1);
  return 1;
}

// Lab → sRGB → naive CMYK with full black generation.
static cmsInt32Number lab_to_cmyk(const cmsUInt16Number in[], cmsUInt16Number out[], void *cargo) {
  cmsUInt16Number rgb[3];
  cmsDoTransform((cmsHTRANSFORM)cargo, in, rgb, 1);
  double r = rgb[0] / 65535.0, g = rgb[1] / 65535.0, b = rgb[2] / 65535.0;
  double max = r > g ? (r > b ? r : b) : (g > b ? g : b);
  double k = 1 - max;
  double ink[3] = {0, 0, 0};
  if (k < 1) {
    ink[0] = (1 - r - k) / (1 - k);
    ink[1] = (1 - g - k) / (1 - k);
    ink[2] = (1 - b - k) / (1 - k);
  }
  for (int i = 0; i < 3; i++) out[i] = (cmsUInt16Number)(ink[i] * 65535.0 + 0.5);
  out[3] = (cmsUInt16Number)(k * 65535.0 + 0.5);
  return 1;
}

int test_cmyk_profile(uint8_t **out, size_t *size) {
  cmsHPROFILE srgb = cmsCreate_sRGBProfile();
  cmsHPROFILE lab = cmsCreateLab4Profile(NULL);
  cmsHTRANSFORM to_lab = cmsCreateTransform(srgb, TYPE_RGB_16, lab, TYPE_Lab_16, INTENT_RELATIVE_COLORIMETRIC, 0);
  cmsHTRANSFORM from_lab = cmsCreateTransform(lab, TYPE_Lab_16, srgb, TYPE_RGB_16, INTENT_RELATIVE_COLORIMETRIC, 0);
  cmsHPROFILE profile = cmsCreateProfilePlaceholder(NULL);
  cmsSetProfileVersion(profile, 4.3);
  cmsSetDeviceClass(profile, cmsSigOutputClass);
  cmsSetColorSpace(profile, cmsSigCmykData);
  cmsSetPCS(profile, cmsSigLabData);
  describe(profile, "artfit test CMYK");
  cmsWriteTag(profile, cmsSigMediaWhitePointTag, cmsD50_XYZ());

  cmsPipeline *forward = cmsPipelineAlloc(NULL, 4, 3);
  cmsStage *forward_table = cmsStageAllocCLut16bit(NULL, 9, 4, 3, NULL);
  cmsStageSampleCLut16bit(forward_table, cmyk_to_lab, to_lab, 0);
  // lutAtoBType stores A curves, a CLUT and B curves: identity curves around the table.
  cmsPipelineInsertStage(forward, cmsAT_END, cmsStageAllocToneCurves(NULL, 4, NULL));
  cmsPipelineInsertStage(forward, cmsAT_END, forward_table);
  cmsPipelineInsertStage(forward, cmsAT_END, cmsStageAllocToneCurves(NULL, 3, NULL));
  cmsPipeline *backward = cmsPipelineAlloc(NULL, 3, 4);
  cmsStage *backward_table = cmsStageAllocCLut16bit(NULL, 17, 3, 4, NULL);
  cmsStageSampleCLut16bit(backward_table, lab_to_cmyk, from_lab, 0);
  cmsPipelineInsertStage(backward, cmsAT_END, cmsStageAllocToneCurves(NULL, 3, NULL));
  cmsPipelineInsertStage(backward, cmsAT_END, backward_table);
  cmsPipelineInsertStage(backward, cmsAT_END, cmsStageAllocToneCurves(NULL, 4, NULL));
  cmsWriteTag(profile, cmsSigAToB0Tag, forward);
  cmsWriteTag(profile, cmsSigBToA0Tag, backward);
  int status = save(profile, out, size);
  cmsPipelineFree(forward);
  cmsPipelineFree(backward);
  cmsCloseProfile(profile);
  cmsDeleteTransform(to_lab);
  cmsDeleteTransform(from_lab);
  cmsCloseProfile(lab);
  cmsCloseProfile(srgb);
  return status;
}

int test_rgb_profile(const double primaries[6], const double white[2], double gamma, const char *name,
                     uint8_t **out, size_t *size) {
  cmsCIExyY w = {white[0], white[1], 1};
  cmsCIExyYTRIPLE p = {{primaries[0], primaries[1], 1}, {primaries[2], primaries[3], 1}, {primaries[4], primaries[5], 1}};
  cmsFloat64Number srgb_curve[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
  cmsToneCurve *curve = gamma > 0 ? cmsBuildGamma(NULL, gamma) : cmsBuildParametricToneCurve(NULL, 4, srgb_curve);
  cmsToneCurve *curves[3] = {curve, curve, curve};
  cmsHPROFILE profile = cmsCreateRGBProfile(&w, &p, curves);
  cmsFreeToneCurve(curve);
  if (profile == NULL) return 1;
  describe(profile, name);
  int status = save(profile, out, size);
  cmsCloseProfile(profile);
  return status;
}

int test_gray_profile(double gamma, const char *name, uint8_t **out, size_t *size) {
  cmsToneCurve *curve = cmsBuildGamma(NULL, gamma);
  cmsHPROFILE profile = cmsCreateGrayProfile(cmsD50_xyY(), curve);
  cmsFreeToneCurve(curve);
  if (profile == NULL) return 1;
  describe(profile, name);
  int status = save(profile, out, size);
  cmsCloseProfile(profile);
  return status;
}

int test_cmyk_jpeg(const uint8_t *cmyk, uint32_t width, uint32_t height, int quality, int ycck, const uint8_t *icc,
                   size_t icc_size, uint8_t **out, size_t *size) {
  struct jpeg_compress_struct cinfo;
  struct jpeg_error_mgr errors;
  cinfo.err = jpeg_std_error(&errors);
  jpeg_create_compress(&cinfo);
  unsigned long length = 0;
  *out = NULL;
  jpeg_mem_dest(&cinfo, out, &length);
  cinfo.image_width = width;
  cinfo.image_height = height;
  cinfo.input_components = 4;
  cinfo.in_color_space = JCS_CMYK;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, quality, TRUE);
  if (ycck) jpeg_set_colorspace(&cinfo, JCS_YCCK);
  jpeg_start_compress(&cinfo, TRUE);
  if (icc != NULL) jpeg_write_icc_profile(&cinfo, icc, (unsigned int)icc_size);
  while (cinfo.next_scanline < height) {
    JSAMPROW row = (JSAMPROW)(cmyk + (size_t)cinfo.next_scanline * width * 4);
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  *size = length;
  return 0;
}

// libjpeg's own decode of `jpeg` into `space` (JCS_UNKNOWN: gray for a gray file, else RGB)
// at 1/`scale_denom`; 1 when `pixels_size` is not what it gives.
static int decode_jpeg(const uint8_t *jpeg, size_t size, J_COLOR_SPACE space, int scale_denom, uint8_t *pixels,
                       size_t pixels_size) {
  struct jpeg_decompress_struct cinfo;
  struct jpeg_error_mgr errors;
  cinfo.err = jpeg_std_error(&errors);
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, jpeg, (unsigned long)size);
  jpeg_read_header(&cinfo, TRUE);
  cinfo.out_color_space = space != JCS_UNKNOWN ? space : cinfo.num_components == 1 ? JCS_GRAYSCALE : JCS_RGB;
  cinfo.scale_num = 1;
  cinfo.scale_denom = (unsigned)scale_denom;
  jpeg_start_decompress(&cinfo);
  size_t stride = (size_t)cinfo.output_width * (size_t)cinfo.output_components;
  int status = stride * cinfo.output_height == pixels_size ? 0 : 1;
  while (status == 0 && cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = pixels + (size_t)cinfo.output_scanline * stride;
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  if (status == 0) jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  return status;
}

int test_decode_cmyk_jpeg(const uint8_t *jpeg, size_t size, uint8_t *cmyk, size_t cmyk_size) {
  return decode_jpeg(jpeg, size, JCS_CMYK, 1, cmyk, cmyk_size);
}

int test_decode_jpeg(const uint8_t *jpeg, size_t size, int scale_denom, uint8_t *pixels, size_t pixels_size) {
  return decode_jpeg(jpeg, size, JCS_UNKNOWN, scale_denom, pixels, pixels_size);
}

static cmsHPROFILE open_or_srgb(const uint8_t *icc, size_t size) {
  return icc == NULL ? cmsCreate_sRGBProfile() : cmsOpenProfileFromMem(icc, (cmsUInt32Number)size);
}

int test_transform(const uint8_t *from, size_t from_size, const uint8_t *to, size_t to_size, int cmyk_inverted,
                   int bytes, int intent, const void *in, void *out, size_t count) {
  cmsHPROFILE source = open_or_srgb(from, from_size);
  cmsHPROFILE target = open_or_srgb(to, to_size);
  if (source == NULL || target == NULL) return 1;
  cmsUInt32Number in_format = cmyk_inverted ? TYPE_CMYK_8_REV : bytes == 2 ? TYPE_RGB_16 : TYPE_RGB_8;
  cmsUInt32Number out_format = bytes == 2 && !cmyk_inverted ? TYPE_RGB_16 : TYPE_RGB_8;
  cmsHTRANSFORM transform = cmsCreateTransform(source, in_format, target, out_format, (cmsUInt32Number)intent,
                                               cmsFLAGS_BLACKPOINTCOMPENSATION);
  cmsCloseProfile(source);
  cmsCloseProfile(target);
  if (transform == NULL) return 1;
  cmsDoTransform(transform, in, out, (cmsUInt32Number)count);
  cmsDeleteTransform(transform);
  return 0;
}

void test_free(void *pointer) { free(pointer); }
