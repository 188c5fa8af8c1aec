// ICC profiles and colour transforms over LittleCMS 2.
//
// LittleCMS reports errors through a logger rather than by longjmp. Each profile read and
// each transform gets its own context whose logger writes into a cimageio_error, so threads
// never share an error slot and the first message is the one kept.
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

static cmsHPROFILE make_display_p3(cmsContext context) {
  cmsCIExyY white = {0.3127, 0.3290, 1.0};  // D65
  cmsCIExyYTRIPLE primaries = {{0.680, 0.320, 1.0}, {0.265, 0.690, 1.0}, {0.150, 0.060, 1.0}};
  // The sRGB transfer function (IEC 61966-2-1), which Display P3 uses.
  cmsFloat64Number parameters[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
  cmsToneCurve *curve = cmsBuildParametricToneCurve(context, 4, parameters);
  if (curve == NULL) return NULL;
  cmsToneCurve *curves[3] = {curve, curve, curve};
  cmsHPROFILE profile = cmsCreateRGBProfileTHR(context, &white, &primaries, curves);
  cmsFreeToneCurve(curve);
  return profile;
}

static int set_description(cmsContext context, cmsHPROFILE profile, const char *text) {
  cmsMLU *description = cmsMLUalloc(context, 1);
  if (description == NULL) return 0;
  int ok = cmsMLUsetASCII(description, "en", "US", text) &&
           cmsWriteTag(profile, cmsSigProfileDescriptionTag, description);
  cmsMLUfree(description);
  return ok;
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
  int status = CIMAGEIO_OK;
  cmsUInt32Number size = 0;
  if (profile == NULL || !set_description(context, profile, name) ||
      !cmsSaveProfileToMem(profile, NULL, &size) || size < 132) {
    status = cimageio_fail(err, CIMAGEIO_ENCODE_FAILED, "LittleCMS could not build the %s profile", name);
  } else if ((*out = malloc(size)) == NULL) {
    status = cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  } else if (!cmsSaveProfileToMem(profile, *out, &size)) {
    free(*out);
    *out = NULL;
    status = cimageio_fail(err, CIMAGEIO_ENCODE_FAILED, "LittleCMS could not save the %s profile", name);
  } else {
    fix_creation_date(*out);
    *out_size = size;
  }
  if (profile != NULL) cmsCloseProfile(profile);
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
