// ICC profiles and colour transforms over LittleCMS 2.
//
// LittleCMS reports errors through a logger rather than by longjmp. Each profile read and
// each transform gets its own context whose logger writes into a cimageio_error, so threads
// never share an error slot and the first message is the one kept.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lcms2.h>

#include "internal.h"

// Profiles larger than this are refused before LittleCMS parses them: no real profile
// comes close, and a hostile header may claim gigabytes.
enum { MAX_PROFILE_BYTES = 16 << 20 };

static void on_lcms_error(cmsContext context, cmsUInt32Number code, const char *text) {
  (void)code;
  cimageio_error *err = cmsGetContextUserData(context);
  if (err != NULL && err->status == CIMAGEIO_OK)
    cimageio_fail(err, CIMAGEIO_CORRUPT, "%s", text);
}

static cmsContext new_context(cimageio_error *err) {
  cmsContext context = cmsCreateContext(NULL, err);
  if (context != NULL) cmsSetLogErrorHandlerTHR(context, on_lcms_error);
  return context;
}

static int space_of(cmsColorSpaceSignature space) {
  switch (space) {
  case cmsSigGrayData: return CIMAGEIO_SPACE_GRAY;
  case cmsSigRgbData: return CIMAGEIO_SPACE_RGB;
  case cmsSigCmykData: return CIMAGEIO_SPACE_CMYK;
  default: return CIMAGEIO_SPACE_OTHER;
  }
}

static cmsUInt32Number lcms_format(int format) {
  switch (format) {
  case CIMAGEIO_PIXELS_GRAY8: return TYPE_GRAY_8;
  case CIMAGEIO_PIXELS_GRAYA8: return TYPE_GRAYA_8;
  case CIMAGEIO_PIXELS_RGB8: return TYPE_RGB_8;
  case CIMAGEIO_PIXELS_RGBA8: return TYPE_RGBA_8;
  case CIMAGEIO_PIXELS_GRAY16: return TYPE_GRAY_16;
  case CIMAGEIO_PIXELS_GRAYA16: return TYPE_GRAYA_16;
  case CIMAGEIO_PIXELS_RGB16: return TYPE_RGB_16;
  case CIMAGEIO_PIXELS_RGBA16: return TYPE_RGBA_16;
  case CIMAGEIO_PIXELS_CMYK8: return TYPE_CMYK_8;
  case CIMAGEIO_PIXELS_CMYK8_INVERTED: return TYPE_CMYK_8_REV;
  default: return 0;
  }
}

static int space_of_format(int format) {
  switch (format) {
  case CIMAGEIO_PIXELS_GRAY8:
  case CIMAGEIO_PIXELS_GRAYA8:
  case CIMAGEIO_PIXELS_GRAY16:
  case CIMAGEIO_PIXELS_GRAYA16: return CIMAGEIO_SPACE_GRAY;
  case CIMAGEIO_PIXELS_CMYK8:
  case CIMAGEIO_PIXELS_CMYK8_INVERTED: return CIMAGEIO_SPACE_CMYK;
  default: return CIMAGEIO_SPACE_RGB;
  }
}

static cmsHPROFILE open_profile(cmsContext context, const uint8_t *icc, size_t size,
                                cimageio_error *err) {
  if (icc == NULL) return cmsCreate_sRGBProfileTHR(context);
  if (size < 132) {
    cimageio_fail(err, CIMAGEIO_CORRUPT, "%zu bytes is too short for a profile", size);
    return NULL;
  }
  if (size > MAX_PROFILE_BYTES) {
    cimageio_fail(err, CIMAGEIO_LIMIT, "%zu bytes is over the %d MB a profile may have", size,
                  MAX_PROFILE_BYTES >> 20);
    return NULL;
  }
  cmsHPROFILE profile = cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)size);
  if (profile == NULL && err->status == CIMAGEIO_OK)
    cimageio_fail(err, CIMAGEIO_CORRUPT, "LittleCMS cannot read it");
  return profile;
}

// Which profiles convert colour: not device links, abstract or named-colour profiles.
static int converts_colour(cmsProfileClassSignature class) {
  return class == cmsSigInputClass || class == cmsSigDisplayClass ||
         class == cmsSigOutputClass || class == cmsSigColorSpaceClass;
}

static const char *class_name(cmsProfileClassSignature class) {
  switch (class) {
  case cmsSigLinkClass: return "a device link";
  case cmsSigAbstractClass: return "an abstract profile";
  case cmsSigNamedColorClass: return "a named colour profile";
  default: return "of an unknown class";
  }
}

int cimageio_profile_read(const uint8_t *icc, size_t size, cimageio_profile_info *info,
                          cimageio_error *err) {
  cimageio_error scratch = {0};
  if (err == NULL) err = &scratch;
  memset(info, 0, sizeof *info);
  if (icc == NULL) return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "no profile");
  cmsContext context = new_context(err);
  if (context == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  cmsHPROFILE profile = open_profile(context, icc, size, err);
  if (profile == NULL) {
    cmsDeleteContext(context);
    return err->status;
  }
  cmsProfileClassSignature class = cmsGetDeviceClass(profile);
  info->space = space_of(cmsGetColorSpace(profile));
  cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", info->name, sizeof info->name);
  int status = CIMAGEIO_OK;
  if (!converts_colour(class)) {
    status = cimageio_fail(err, CIMAGEIO_CORRUPT, "it is %s, not a colour space", class_name(class));
  } else if (info->space == CIMAGEIO_SPACE_OTHER) {
    status = cimageio_fail(err, CIMAGEIO_CORRUPT, "its colour space is not gray, RGB or CMYK");
  } else {
    // Reading the header and tag table is not enough: the tags a conversion needs must parse.
    int format = info->space == CIMAGEIO_SPACE_GRAY   ? CIMAGEIO_PIXELS_GRAY8
                 : info->space == CIMAGEIO_SPACE_CMYK ? CIMAGEIO_PIXELS_CMYK8
                                                      : CIMAGEIO_PIXELS_RGB8;
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    cmsHTRANSFORM transform =
        srgb == NULL ? NULL
                     : cmsCreateTransformTHR(context, profile, lcms_format(format), srgb, TYPE_RGB_8,
                                             INTENT_RELATIVE_COLORIMETRIC,
                                             cmsFLAGS_NOCACHE | cmsFLAGS_NOOPTIMIZE);
    if (transform == NULL)
      status = err->status != CIMAGEIO_OK
                   ? err->status
                   : cimageio_fail(err, CIMAGEIO_CORRUPT, "LittleCMS cannot convert from it");
    else
      cmsDeleteTransform(transform);
    if (srgb != NULL) cmsCloseProfile(srgb);
  }
  cmsCloseProfile(profile);
  cmsDeleteContext(context);
  return status;
}

// Profiles LittleCMS creates carry the time of creation in their header; artfit writes a
// fixed one so the same run gives the same bytes.
static void fix_creation_date(uint8_t *icc) {
  static const uint8_t date[12] = {0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0};  // 2026-01-01
  memcpy(icc + 24, date, sizeof date);
}

// A matrix-and-curves profile of primaries `xy` (CIE xy of red, green, blue and white) with
// `curve` on each channel; the curve is freed (NULL gives NULL).
static cmsHPROFILE rgb_profile(cmsContext context, const double xy[8], cmsToneCurve *curve) {
  if (curve == NULL) return NULL;
  cmsCIExyY white = {xy[6], xy[7], 1.0};
  cmsCIExyYTRIPLE rgb = {{xy[0], xy[1], 1.0}, {xy[2], xy[3], 1.0}, {xy[4], xy[5], 1.0}};
  cmsToneCurve *curves[3] = {curve, curve, curve};
  cmsHPROFILE profile = cmsCreateRGBProfileTHR(context, &white, &rgb, curves);
  cmsFreeToneCurve(curve);
  return profile;
}

static cmsToneCurve *transfer_curve(cmsContext context, int transfer);

static cmsHPROFILE make_display_p3(cmsContext context) {
  static const double display_p3[8] = {0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290};  // D65
  // The sRGB transfer function (IEC 61966-2-1, H.273 code 13), which Display P3 uses.
  return rgb_profile(context, display_p3, transfer_curve(context, 13));
}

static int set_description(cmsContext context, cmsHPROFILE profile, const char *text) {
  cmsMLU *description = cmsMLUalloc(context, 1);
  if (description == NULL) return 0;
  int ok = cmsMLUsetASCII(description, "en", "US", text) &&
           cmsWriteTag(profile, cmsSigProfileDescriptionTag, description);
  cmsMLUfree(description);
  return ok;
}

// Saves `profile` (closed here) with description `name` into `*out` (free with cimageio_free),
// the creation date fixed; a failure is `failure` with LittleCMS named.
static int save_profile(cmsContext context, cmsHPROFILE profile, const char *name, uint8_t **out, size_t *out_size,
                        int failure, cimageio_error *err) {
  int status = CIMAGEIO_OK;
  cmsUInt32Number size = 0;
  if (profile == NULL || !set_description(context, profile, name) || !cmsSaveProfileToMem(profile, NULL, &size) ||
      size < 132) {
    status = cimageio_fail(err, failure, "LittleCMS could not build the profile \"%s\"", name);
  } else if ((*out = malloc(size)) == NULL) {
    status = cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  } else if (!cmsSaveProfileToMem(profile, *out, &size)) {
    free(*out);
    *out = NULL;
    status = cimageio_fail(err, failure, "LittleCMS could not save the profile \"%s\"", name);
  } else {
    fix_creation_date(*out);
    *out_size = size;
  }
  if (profile != NULL) cmsCloseProfile(profile);
  return status;
}

int cimageio_profile_make(int which, uint8_t **out, size_t *out_size, cimageio_error *err) {
  *out = NULL;
  *out_size = 0;
  cmsContext context = new_context(err);
  if (context == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  cmsHPROFILE profile = which == CIMAGEIO_PROFILE_DISPLAY_P3 ? make_display_p3(context)
                        : which == CIMAGEIO_PROFILE_SRGB     ? cmsCreate_sRGBProfileTHR(context)
                                                             : NULL;
  const char *name = which == CIMAGEIO_PROFILE_DISPLAY_P3 ? "Display P3" : "sRGB";
  int status = save_profile(context, profile, name, out, out_size, CIMAGEIO_ENCODE_FAILED, err);
  cmsDeleteContext(context);
  return status;
}

struct cimageio_transform {
  cmsContext context;
  cmsHTRANSFORM transform;
  cimageio_error errors;  // where the context's logger writes after creation
};

cimageio_transform *cimageio_transform_new(const uint8_t *from, size_t from_size, int from_format,
                                           const uint8_t *to, size_t to_size, int to_format,
                                           int intent, int black_point_compensation,
                                           cimageio_error *err) {
  cimageio_error scratch = {0};
  if (err == NULL) err = &scratch;
  if (lcms_format(from_format) == 0 || lcms_format(to_format) == 0 || intent < 0 || intent > 3) {
    cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "unknown pixel format or intent");
    return NULL;
  }
  cimageio_transform *result = calloc(1, sizeof *result);
  if (result == NULL) {
    cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
    return NULL;
  }
  result->context = new_context(&result->errors);
  if (result->context == NULL) {
    free(result);
    cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
    return NULL;
  }
  cmsHPROFILE source = open_profile(result->context, from, from_size, &result->errors);
  cmsHPROFILE target = source == NULL ? NULL : open_profile(result->context, to, to_size, &result->errors);
  if (source != NULL && target != NULL &&
      (space_of(cmsGetColorSpace(source)) != space_of_format(from_format) ||
       space_of(cmsGetColorSpace(target)) != space_of_format(to_format))) {
    cimageio_fail(&result->errors, CIMAGEIO_BAD_ARGUMENT, "a profile does not match its pixels");
  } else if (source != NULL && target != NULL) {
    // No 1-pixel cache: then one transform may run on several threads at once.
    cmsUInt32Number flags = cmsFLAGS_NOCACHE | cmsFLAGS_COPY_ALPHA;
    if (black_point_compensation) flags |= cmsFLAGS_BLACKPOINTCOMPENSATION;
    result->transform = cmsCreateTransformTHR(result->context, source, lcms_format(from_format), target,
                                              lcms_format(to_format), (cmsUInt32Number)intent, flags);
  }
  if (source != NULL) cmsCloseProfile(source);
  if (target != NULL) cmsCloseProfile(target);
  if (result->transform == NULL) {
    if (result->errors.status == CIMAGEIO_OK)
      cimageio_fail(&result->errors, CIMAGEIO_CORRUPT, "LittleCMS cannot convert between the profiles");
    *err = result->errors;
    cmsDeleteContext(result->context);
    free(result);
    return NULL;
  }
  return result;
}

void cimageio_transform_rows(const cimageio_transform *transform, const void *in, void *out,
                             size_t pixel_count) {
  // cmsDoTransform takes a 32-bit count.
  const size_t chunk = 1u << 24;
  cmsUInt32Number in_bytes = T_BYTES(cmsGetTransformInputFormat(transform->transform)) *
                             (T_CHANNELS(cmsGetTransformInputFormat(transform->transform)) +
                              T_EXTRA(cmsGetTransformInputFormat(transform->transform)));
  cmsUInt32Number out_bytes = T_BYTES(cmsGetTransformOutputFormat(transform->transform)) *
                              (T_CHANNELS(cmsGetTransformOutputFormat(transform->transform)) +
                               T_EXTRA(cmsGetTransformOutputFormat(transform->transform)));
  const uint8_t *source = in;
  uint8_t *target = out;
  while (pixel_count > 0) {
    size_t count = pixel_count < chunk ? pixel_count : chunk;
    cmsDoTransform(transform->transform, source, target, (cmsUInt32Number)count);
    source += count * in_bytes;
    target += count * out_bytes;
    pixel_count -= count;
  }
}

void cimageio_transform_free(cimageio_transform *transform) {
  if (transform == NULL) return;
  cmsDeleteTransform(transform->transform);
  cmsDeleteContext(transform->context);
  free(transform);
}

// ---- Profiles built from a colour description (HEIF/AVIF nclx, ITU-T H.273 codes) ----

// SDR white for HDR content: ITU-R BT.2408's reference white, in cd/m².
static const double reference_white = 203.0;

// The tone-mapping operator for PQ and HLG (README, "Formats"): linear light relative to
// reference white stays as it is up to 75 % of SDR white, then rolls off along an exponential
// shoulder that meets white asymptotically, with value and slope continuous at the knee.
static double tone_map(double relative) {
  const double knee = 0.75;
  if (relative <= knee) return relative;
  return knee + (1 - knee) * (1 - exp(-(relative - knee) / (1 - knee)));
}

// SMPTE ST 2084 (PQ): signal to display light in cd/m².
static double pq_to_nits(double signal) {
  const double m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128;
  const double c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32;
  double p = pow(signal, 1 / m2);
  double numerator = p - c1 > 0 ? p - c1 : 0;
  return 10000 * pow(numerator / (c2 - c3 * p), 1 / m1);
}

// ITU-R BT.2100 HLG: signal to display light in cd/m² on a 1,000 cd/m² display (the inverse
// OETF, then the OOTF's system gamma 1.2 applied to each channel).
static double hlg_to_nits(double signal) {
  const double a = 0.17883277, b = 1 - 4 * 0.17883277, c = 0.5 - 0.17883277 * log(4 * 0.17883277);
  double scene = signal <= 0.5 ? signal * signal / 3 : (exp((signal - c) / a) + b) / 12;
  return 1000 * pow(scene, 1.2);
}

int cimageio_hdr_relative_light(int transfer, float *table, size_t points, cimageio_error *err) {
  if ((transfer != 16 && transfer != 18) || points < 2)
    return cimageio_fail(err, CIMAGEIO_UNUSABLE, "transfer characteristics %d are not HDR ones artfit knows", transfer);
  for (size_t i = 0; i < points; i++) {
    double signal = (double)i / (double)(points - 1);
    table[i] = (float)((transfer == 16 ? pq_to_nits(signal) : hlg_to_nits(signal)) / reference_white);
  }
  return CIMAGEIO_OK;
}

// The HDR transfer's relative light, tone-mapped to SDR: the curve of a PQ or HLG profile.
static cmsToneCurve *hdr_curve(cmsContext context, int transfer) {
  enum { points = 4096 };
  float *table = malloc(points * sizeof *table);
  cmsToneCurve *curve = NULL;
  if (table != NULL && cimageio_hdr_relative_light(transfer, table, points, NULL) == CIMAGEIO_OK) {
    for (int i = 0; i < points; i++) table[i] = (float)tone_map(table[i]);
    curve = cmsBuildTabulatedToneCurveFloat(context, points, table);
  }
  free(table);
  return curve;
}

// The decoding curve for an H.273 transfer code, or NULL for one artfit does not know.
static cmsToneCurve *transfer_curve(cmsContext context, int transfer) {
  // Type 4: Y = (aX + b)^g for X >= d, else cX.
  static const cmsFloat64Number srgb[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
  static const cmsFloat64Number bt709[5] = {1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081};
  static const cmsFloat64Number smpte240[5] = {1 / 0.45, 1 / 1.1115, 0.1115 / 1.1115, 1 / 4.0, 0.0913};
  switch (transfer) {
  case 1: case 6: case 14: case 15: return cmsBuildParametricToneCurve(context, 4, bt709);
  case 2: case 13: return cmsBuildParametricToneCurve(context, 4, srgb);
  case 4: return cmsBuildGamma(context, 2.2);
  case 5: return cmsBuildGamma(context, 2.8);
  case 7: return cmsBuildParametricToneCurve(context, 4, smpte240);
  case 8: return cmsBuildGamma(context, 1.0);
  case 16: case 18: return hdr_curve(context, transfer);
  default: return NULL;
  }
}

int cimageio_profile_from_description(const double primaries[8], int transfer, const char *name, uint8_t **out,
                                      size_t *out_size, cimageio_error *err) {
  *out = NULL;
  *out_size = 0;
  cmsContext context = new_context(err);
  if (context == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  cmsToneCurve *curve = transfer_curve(context, transfer);
  int status = curve == NULL
                   ? cimageio_fail(err, CIMAGEIO_CORRUPT, "transfer characteristics %d are not ones artfit knows", transfer)
                   : save_profile(context, rgb_profile(context, primaries, curve), name, out, out_size, CIMAGEIO_CORRUPT,
                                  err);
  cmsDeleteContext(context);
  return status;
}

int cimageio_profile_sdr_rendition(const double primaries_xy[8], int primaries, uint8_t **out, size_t *out_size,
                                   cimageio_error *err) {
  char name[96];
  snprintf(name, sizeof name, "%s primaries, sRGB transfer (SDR rendition of an HDR base)",
           cimageio_h273_primaries_name(primaries));
  return cimageio_profile_from_description(primaries_xy, 13, name, out, out_size, err);
}

// The LUT-based transforms a profile may carry beside its matrix and curves, which LittleCMS
// would prefer to them.
static const cmsTagSignature lut_tags[] = {cmsSigAToB0Tag, cmsSigAToB1Tag, cmsSigAToB2Tag, cmsSigBToA0Tag,
                                           cmsSigBToA1Tag, cmsSigBToA2Tag, cmsSigDToB0Tag, cmsSigDToB1Tag,
                                           cmsSigDToB2Tag, cmsSigBToD0Tag, cmsSigBToD1Tag, cmsSigBToD2Tag};

// `icc` (an RGB profile of a matrix and curves) with `curve` on each channel in place of its
// own and nothing else converting; the curve is freed. NULL, `err` saying why, otherwise.
static cmsHPROFILE with_curves(cmsContext context, const uint8_t *icc, size_t size, cmsToneCurve *curve,
                               cimageio_error *err) {
  cmsHPROFILE profile = curve != NULL && icc != NULL ? open_profile(context, icc, size, err) : NULL;
  int ok = profile != NULL && cmsGetColorSpace(profile) == cmsSigRgbData && cmsIsMatrixShaper(profile);
  if (profile != NULL && !ok)
    cimageio_fail(err, CIMAGEIO_CORRUPT, "its ICC profile is not an RGB profile of a matrix and curves");
  for (size_t i = 0; ok && i < sizeof lut_tags / sizeof *lut_tags; i++)
    if (cmsIsTag(profile, lut_tags[i])) ok = cmsWriteTag(profile, lut_tags[i], NULL);
  ok = ok && cmsWriteTag(profile, cmsSigRedTRCTag, curve) && cmsWriteTag(profile, cmsSigGreenTRCTag, curve) &&
       cmsWriteTag(profile, cmsSigBlueTRCTag, curve);
  if (curve != NULL) cmsFreeToneCurve(curve);
  if (ok) return profile;
  if (err->status == CIMAGEIO_OK) cimageio_fail(err, CIMAGEIO_CORRUPT, "LittleCMS could not rewrite its ICC profile");
  if (profile != NULL) cmsCloseProfile(profile);
  return NULL;
}

// Fills `matrix` (row-major) with the linear map from `from` to `to` (both linear, closed
// here), relative colorimetric.
static int linear_conversion(cmsContext context, cmsHPROFILE from, cmsHPROFILE to, double matrix[9],
                             cimageio_error *err) {
  cmsHTRANSFORM transform = from != NULL && to != NULL
                                ? cmsCreateTransformTHR(context, from, TYPE_RGB_DBL, to, TYPE_RGB_DBL,
                                                        INTENT_RELATIVE_COLORIMETRIC, cmsFLAGS_NOCACHE)
                                : NULL;
  int status = CIMAGEIO_OK;
  if (transform == NULL) {
    status = err->status != CIMAGEIO_OK
                 ? err->status
                 : cimageio_fail(err, CIMAGEIO_CORRUPT, "LittleCMS could not convert between the two colour spaces");
  } else {
    // Matrix and linear curves make the transform linear (floating point is unbounded): the
    // images of the three unit colours are its columns.
    for (int column = 0; column < 3; column++) {
      double unit[3] = {column == 0, column == 1, column == 2}, image[3];
      cmsDoTransform(transform, unit, image, 1);
      for (int row = 0; row < 3; row++) matrix[row * 3 + column] = image[row];
    }
    cmsDeleteTransform(transform);
  }
  if (from != NULL) cmsCloseProfile(from);
  if (to != NULL) cmsCloseProfile(to);
  return status;
}

int cimageio_primaries_conversion(const double from_xy[8], const double to_xy[8], double matrix[9],
                                  cimageio_error *err) {
  cmsContext context = new_context(err);
  if (context == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  // Linear curves: the profiles say what light in each set of primaries is.
  cmsHPROFILE from = rgb_profile(context, from_xy, cmsBuildGamma(context, 1.0));
  cmsHPROFILE to = rgb_profile(context, to_xy, cmsBuildGamma(context, 1.0));
  int status = linear_conversion(context, from, to, matrix, err);
  cmsDeleteContext(context);
  return status;
}

int cimageio_profile_conversion(const double from_xy[8], const uint8_t *to_icc, size_t to_size, double matrix[9],
                                cimageio_error *err) {
  cmsContext context = new_context(err);
  if (context == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  cmsHPROFILE to = with_curves(context, to_icc, to_size, cmsBuildGamma(context, 1.0), err);
  cmsHPROFILE from = to == NULL ? NULL : rgb_profile(context, from_xy, cmsBuildGamma(context, 1.0));
  int status = linear_conversion(context, from, to, matrix, err);
  cmsDeleteContext(context);
  return status;
}

int cimageio_profile_sdr_rendition_in(const uint8_t *icc, size_t size, uint8_t **out, size_t *out_size,
                                      cimageio_error *err) {
  *out = NULL;
  *out_size = 0;
  cmsContext context = new_context(err);
  if (context == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  cmsHPROFILE profile = with_curves(context, icc, size, transfer_curve(context, 13), err);
  int status = err->status;
  if (profile != NULL) {
    char description[128] = "", name[192];
    cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", description, sizeof description);
    snprintf(name, sizeof name, "%s primaries, sRGB transfer (SDR rendition of an HDR base)",
             description[0] != 0 ? description : "ICC profile");
    status = save_profile(context, profile, name, out, out_size, CIMAGEIO_CORRUPT, err);
  }
  cmsDeleteContext(context);
  return status;
}

int cimageio_h273_primaries(int code, double xy[8]) {
  // ITU-T H.273, table 2: red, green, blue and white as CIE xy.
  static const struct {
    int code;
    double xy[8];
  } known[] = {
      {1, {0.640, 0.330, 0.300, 0.600, 0.150, 0.060, 0.3127, 0.3290}},
      {4, {0.670, 0.330, 0.210, 0.710, 0.140, 0.080, 0.310, 0.316}},
      {5, {0.640, 0.330, 0.290, 0.600, 0.150, 0.060, 0.3127, 0.3290}},
      {6, {0.630, 0.340, 0.310, 0.595, 0.155, 0.070, 0.3127, 0.3290}},
      {7, {0.630, 0.340, 0.310, 0.595, 0.155, 0.070, 0.3127, 0.3290}},
      {9, {0.708, 0.292, 0.170, 0.797, 0.131, 0.046, 0.3127, 0.3290}},
      {11, {0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.314, 0.351}},
      {12, {0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290}},
      {22, {0.630, 0.340, 0.295, 0.605, 0.155, 0.077, 0.3127, 0.3290}},
  };
  for (size_t i = 0; i < sizeof known / sizeof *known; i++)
    if (known[i].code == code) {
      memcpy(xy, known[i].xy, sizeof known[i].xy);
      return 1;
    }
  return 0;
}

const char *cimageio_h273_primaries_name(int code) {
  switch (code) {
  case 1: case 2: return "BT.709";
  case 4: return "BT.470 M";
  case 5: return "BT.470 B/G";
  case 6: case 7: return "BT.601";
  case 8: return "generic film";
  case 9: return "BT.2020";
  case 11: return "DCI-P3";
  case 12: return "Display P3";
  case 22: return "EBU 3213";
  default: return "unknown";
  }
}
