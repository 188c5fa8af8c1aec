// WebP through libwebp: lossy, lossless, alpha, the ICCP and EXIF chunks (through the
// demuxer), shrink-on-load through libwebp's scaler, and the first frame of an animation
// (through the animation decoder, which composes it onto the canvas).
//
// libwebp reports errors as status codes, with no callbacks and no longjmp, so this file only
// translates them.
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>

#include "internal.h"

static int status_error(VP8StatusCode code, cimageio_error *err) {
  switch (code) {
  case VP8_STATUS_NOT_ENOUGH_DATA: return cimageio_fail(err, CIMAGEIO_TRUNCATED, "the WebP data ends early");
  case VP8_STATUS_OUT_OF_MEMORY: return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  case VP8_STATUS_UNSUPPORTED_FEATURE:
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "a WebP feature libwebp does not support");
  case VP8_STATUS_INVALID_PARAM: return cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "libwebp refused a parameter");
  case VP8_STATUS_BITSTREAM_ERROR: return cimageio_fail(err, CIMAGEIO_CORRUPT, "the bitstream is malformed");
  // Suspended: the decoder wanted more data than the bitstream's own sizes allowed.
  case VP8_STATUS_SUSPENDED: return cimageio_fail(err, CIMAGEIO_CORRUPT, "the bitstream stops inside the image");
  default: return cimageio_fail(err, CIMAGEIO_CORRUPT, "decoding failed (libwebp status %d)", (int)code);
  }
}

// The orientation in an EXIF chunk, which holds a TIFF structure (some writers put JPEG's
// "Exif\0\0" before it).
static int exif_orientation(const uint8_t *bytes, size_t size) {
  if (size >= 6 && memcmp(bytes, "Exif\0\0", 6) == 0) {
    bytes += 6;
    size -= 6;
  }
  return cimageio_exif_orientation(bytes, size);
}

// The ICC profile, the orientation and the frame count, from the container's chunks. A
// probe may hold only the file's first bytes; the EXIF chunk comes after the image data, so
// when the flags promise EXIF or frames that those bytes do not reach, the probe says
// "truncated" and the caller reads the whole file.
static int read_chunks(const uint8_t *data, size_t size, cimageio_info *info, uint8_t **icc, size_t *icc_size,
                       cimageio_error *err) {
  WebPData webp = {data, size};
  WebPDemuxState state;
  WebPDemuxer *demux = WebPDemuxPartial(&webp, &state);
  if (demux == NULL) {
    if (state == WEBP_DEMUX_PARSING_HEADER) return cimageio_fail(err, CIMAGEIO_TRUNCATED, "the WebP data ends early");
    return cimageio_fail(err, CIMAGEIO_CORRUPT, "the container cannot be parsed");
  }
  uint32_t flags = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS);
  if (state != WEBP_DEMUX_DONE && (flags & (EXIF_FLAG | ANIMATION_FLAG))) {
    WebPDemuxDelete(demux);
    return cimageio_fail(err, CIMAGEIO_TRUNCATED, "the WebP data ends before its last chunk");
  }
  uint32_t frames = WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
  info->images = frames > 0 ? frames : 1;
  WebPChunkIterator chunk;
  if ((flags & EXIF_FLAG) && WebPDemuxGetChunk(demux, "EXIF", 1, &chunk)) {
    info->orientation = exif_orientation(chunk.chunk.bytes, chunk.chunk.size);
    WebPDemuxReleaseChunkIterator(&chunk);
  }
  int status = CIMAGEIO_OK;
  if (icc != NULL && (flags & ICCP_FLAG) && WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
    if (chunk.chunk.size > 0) {
      *icc = malloc(chunk.chunk.size);
      if (*icc == NULL) {
        status = cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
      } else {
        memcpy(*icc, chunk.chunk.bytes, chunk.chunk.size);
        *icc_size = chunk.chunk.size;
      }
    }
    WebPDemuxReleaseChunkIterator(&chunk);
  }
  WebPDemuxDelete(demux);
  return status;
}

// The first frame of an animation as RGBA at full size, composed on its canvas.
static int decode_first_frame(const uint8_t *data, size_t size, uint8_t *rgba, cimageio_error *err) {
  WebPAnimDecoderOptions options;
  if (!WebPAnimDecoderOptionsInit(&options)) return cimageio_fail(err, CIMAGEIO_CORRUPT, "version mismatch");
  options.color_mode = MODE_RGBA;
  options.use_threads = 0;
  WebPData webp = {data, size};
  WebPAnimDecoder *decoder = WebPAnimDecoderNew(&webp, &options);
  if (decoder == NULL) return cimageio_fail(err, CIMAGEIO_CORRUPT, "the animation cannot be read");
  WebPAnimInfo anim;
  uint8_t *frame = NULL;
  int timestamp = 0;
  int status = CIMAGEIO_OK;
  if (!WebPAnimDecoderGetInfo(decoder, &anim) || !WebPAnimDecoderGetNext(decoder, &frame, &timestamp)) {
    status = cimageio_fail(err, CIMAGEIO_CORRUPT, "the first frame cannot be decoded");
  } else {
    memcpy(rgba, frame, (size_t)anim.canvas_width * anim.canvas_height * 4);
  }
  WebPAnimDecoderDelete(decoder);
  return status;
}

// Decodes the whole image at info->width × info->height into `out` (RGB or RGBA).
static int decode_all(const uint8_t *data, size_t size, const WebPBitstreamFeatures *features,
                      const cimageio_info *info, uint8_t *out, size_t out_size, cimageio_error *err) {
  if (features->has_animation) {
    if (info->channels == 4) return decode_first_frame(data, size, out, err);
    // Opaque: the frame's RGBA, its alpha dropped.
    size_t pixels = (size_t)info->width * info->height;
    uint8_t *rgba = malloc(pixels * 4);
    if (rgba == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
    int status = decode_first_frame(data, size, rgba, err);
    for (size_t i = 0; status == CIMAGEIO_OK && i < pixels; i++) memcpy(out + 3 * i, rgba + 4 * i, 3);
    free(rgba);
    return status;
  }
  WebPDecoderConfig config;
  if (!WebPInitDecoderConfig(&config)) return cimageio_fail(err, CIMAGEIO_CORRUPT, "version mismatch");
  if (info->width != info->full_width || info->height != info->full_height) {
    config.options.use_scaling = 1;
    config.options.scaled_width = (int)info->width;
    config.options.scaled_height = (int)info->height;
  }
  config.output.colorspace = info->channels == 4 ? MODE_RGBA : MODE_RGB;
  config.output.is_external_memory = 1;
  config.output.u.RGBA.rgba = out;
  config.output.u.RGBA.stride = (int)(info->width * (uint32_t)info->channels);
  config.output.u.RGBA.size = out_size;
  VP8StatusCode code = WebPDecode(data, size, &config);
  WebPFreeDecBuffer(&config.output);
  return code == VP8_STATUS_OK ? CIMAGEIO_OK : status_error(code, err);
}

static int webp_read(const cimageio_read_call *c) {
  WebPBitstreamFeatures features;
  VP8StatusCode code = WebPGetFeatures(c->data, c->size, &features);
  if (code != VP8_STATUS_OK) return status_error(code, c->err);
  uint32_t w = (uint32_t)features.width, h = (uint32_t)features.height;
  c->info->format = CIMAGEIO_FORMAT_WEBP;
  c->info->full_width = w;
  c->info->full_height = h;
  c->info->orientation = 1;
  if (c->limits->max_pixels > 0 && (uint64_t)w * h > c->limits->max_pixels) {
    return cimageio_fail(c->err, CIMAGEIO_TOO_LARGE, "%ux%u pixels is over the limit of %llu", w, h,
                         (unsigned long long)c->limits->max_pixels);
  }
  // An animation's frames are composed at full size; a still image shrinks on load.
  int scale = features.has_animation ? 1 : c->scale_denom;
  c->info->width = (w + (uint32_t)scale - 1) / (uint32_t)scale;
  c->info->height = (h + (uint32_t)scale - 1) / (uint32_t)scale;
  c->info->scale_denom = scale;
  c->info->shrinks_on_load = !features.has_animation;
  c->info->channels = features.has_alpha ? 4 : 3;
  c->info->bit_depth = 8;
  c->info->source_bit_depth = 8;
  c->info->color = CIMAGEIO_COLOR_RGB;
  int status = read_chunks(c->data, c->size, c->info, c->icc, c->icc_size, c->err);
  if (status != CIMAGEIO_OK || c->pixels == NULL) return status;

  size_t row = (size_t)c->info->width * (size_t)c->info->channels;
  if (c->region == NULL) {
    if (c->pixels_size != row * c->info->height)
      return cimageio_fail(c->err, CIMAGEIO_BAD_ARGUMENT, "pixel buffer size");
    return decode_all(c->data, c->size, &features, c->info, c->pixels, c->pixels_size, c->err);
  }
  // A region: the whole image, then its rows copied (libwebp crops before it scales, which
  // would not give a full decode's pixels).
  if (!cimageio_region_fits(c->region, c->info->width, c->info->height))
    return cimageio_fail(c->err, CIMAGEIO_BAD_ARGUMENT, "region outside the image");
  size_t region_row = (size_t)c->region->width * (size_t)c->info->channels;
  if (c->pixels_size != region_row * c->region->height)
    return cimageio_fail(c->err, CIMAGEIO_BAD_ARGUMENT, "pixel buffer size");
  uint8_t *whole = malloc(row * c->info->height);
  if (whole == NULL) return cimageio_fail(c->err, CIMAGEIO_NO_MEMORY, "out of memory");
  status = decode_all(c->data, c->size, &features, c->info, whole, row * c->info->height, c->err);
  for (uint32_t y = 0; status == CIMAGEIO_OK && y < c->region->height; y++) {
    const uint8_t *from = whole + (c->region->y + y) * row + (size_t)c->region->x * c->info->channels;
    memcpy((uint8_t *)c->pixels + y * region_row, from, region_row);
  }
  free(whole);
  c->info->width = c->region->width;
  c->info->height = c->region->height;
  return status;
}

static int webp_sniff(const uint8_t *data, size_t size) {
  return size >= 12 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0;
}

// The first chunk is a VP8, VP8L or VP8X bitstream header.
static int webp_header_holds(const uint8_t *data, size_t size, int whole) {
  (void)whole;
  return size >= 16 && (memcmp(data + 12, "VP8 ", 4) == 0 || memcmp(data + 12, "VP8L", 4) == 0 ||
                        memcmp(data + 12, "VP8X", 4) == 0);
}

const cimageio_format_descriptor cimageio_webp_format = {
    .format = CIMAGEIO_FORMAT_WEBP, .id = "webp", .name = "WebP", .extensions = "webp", .library = "libwebp",
    .sniff = webp_sniff, .header_holds = webp_header_holds, .read = webp_read, .traits = CIMAGEIO_TRAIT_SCALES_ON_LOAD,
};
