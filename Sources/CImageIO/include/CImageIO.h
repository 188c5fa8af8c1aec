// CImageIO: thin C shims over libpng, libjpeg(-turbo), libwebp, libtiff, libheif, librsvg, poppler,
// cairo, libdeflate and LittleCMS.
//
// Why this layer exists: both libraries report errors by longjmp (libpng aborts and libjpeg
// exits when no handler is installed). Nothing may longjmp through Swift frames, so every
// function here owns its setjmp, returns a cimageio_status and fills a caller-owned
// cimageio_error with a message. Every function frees what it allocated before returning,
// except the outputs documented as "free with cimageio_free".
//
// Pixels are read from and written to memory buffers only; no callbacks into Swift.
#ifndef CIMAGEIO_H
#define CIMAGEIO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of a call. CIMAGEIO_OK is zero; everything else is a failure.
typedef enum {
  CIMAGEIO_OK = 0,
  /// No format of the table (cimageio_format_at) takes the signature (or an empty file).
  CIMAGEIO_UNSUPPORTED = 1,
  /// The data ends before the image does.
  CIMAGEIO_TRUNCATED = 2,
  /// The library rejected the data; `message` holds its own text.
  CIMAGEIO_CORRUPT = 3,
  /// The header declares more pixels than the caller allows (refused before allocating).
  CIMAGEIO_TOO_LARGE = 4,
  /// malloc failed.
  CIMAGEIO_NO_MEMORY = 5,
  /// The encoder failed; `message` says why.
  CIMAGEIO_ENCODE_FAILED = 6,
  /// The caller passed a buffer or a parameter that does not fit.
  CIMAGEIO_BAD_ARGUMENT = 7,
  /// A limit other than the pixel count was hit (scan count, chunk size, memory).
  CIMAGEIO_LIMIT = 8,
  /// A well-formed document that gives nothing to draw (no size, no pages, a password).
  CIMAGEIO_UNUSABLE = 9,
  /// A vector drawing ran past its time budget and was stopped.
  CIMAGEIO_OVER_BUDGET = 10,
} cimageio_status;

typedef enum {
  CIMAGEIO_FORMAT_UNKNOWN = 0,
  CIMAGEIO_FORMAT_PNG = 1,
  CIMAGEIO_FORMAT_JPEG = 2,
  CIMAGEIO_FORMAT_WEBP = 3,
  CIMAGEIO_FORMAT_TIFF = 4,
  CIMAGEIO_FORMAT_HEIF = 5,  // HEIF with HEVC (HEIC) or another codec, by its brands
  CIMAGEIO_FORMAT_AVIF = 6,  // HEIF with AV1
  CIMAGEIO_FORMAT_SVG = 7,   // vector: drawn through cimageio_vector_*, never decoded
  CIMAGEIO_FORMAT_PDF = 8,
  CIMAGEIO_FORMAT_NETPBM = 9,  // PBM, PGM, PPM, PAM and PFM
} cimageio_format;

/// How a JPEG stores its colour (PNG files report GRAY or RGB).
typedef enum {
  CIMAGEIO_COLOR_GRAY = 1,
  CIMAGEIO_COLOR_RGB = 2,     // RGB or YCbCr
  CIMAGEIO_COLOR_CMYK = 3,
  CIMAGEIO_COLOR_YCCK = 4,
  CIMAGEIO_COLOR_PALETTE = 5, // PNG palette
} cimageio_color;

/// Error filled by a failing call.
typedef struct {
  int status;
  char message[240];
} cimageio_error;

/// An HDR gain map's metadata, as ISO 21496-1 defines it (Ultra HDR's XMP `hdrgm:` names the
/// same figures): logarithms base 2 for the headrooms and the gain range, linear values for the
/// gamma and the offsets; one channel, or three.
typedef struct {
  int known;                 // 1 when the figures below were read, else 0
  int channels;              // 1 (the same for red, green and blue) or 3
  int base_is_hdr;           // the base image is the HDR rendition (ISO's backward direction)
  int alternate_colour_space;  // the gain applies in the alternate rendition's colour space (the map's ICC), not the base's
  double base_headroom;      // log2 of the base rendition's headroom (0 for SDR)
  double alternate_headroom; // log2 of the other rendition's headroom: the HDR one's stops for an SDR base
  double gain_min[3], gain_max[3];  // log2 of the smallest and largest gain the map codes
  double gamma[3];           // the map's encoding gamma
  double base_offset[3], alternate_offset[3];  // the offsets added before and after the gain
  int apple_coded;           // the codes are Apple's (Rec. 709-encoded share of the headroom), not ISO's
  int alternate_primaries;   // the alternate rendition's H.273 colour primaries, where the file gives them as a
                             // code artfit knows (a HEIF tone map item's nclx colour); -1 when its colour is
                             // given otherwise (an ICC profile, another code); 0 when not given or unspecified
  double alternate_primaries_xy[8];  // with alternate_primaries: their CIE xy (red, green, blue, white)
} cimageio_gain_map_figures;

/// What a decode delivers (or, from a probe, would deliver).
typedef struct {
  int format;            // cimageio_format
  uint32_t width;        // as stored, before EXIF orientation, after shrink-on-load
  uint32_t height;
  uint32_t full_width;   // as declared in the header
  uint32_t full_height;
  int channels;          // 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA
  int bit_depth;         // 8 or 16 (16-bit samples are native-endian uint16)
  int source_bit_depth;  // bits per sample as stored (1, 2, 4, 8, 16)
  int color;             // cimageio_color of the stored data
  int orientation;       // EXIF orientation 1...8 (1 when absent or invalid)
  int interlaced;        // PNG Adam7 or progressive JPEG
  int adobe_inverted;    // JPEG: CMYK/YCCK stored inverted (Adobe APP14 marker)
  int scale_denom;       // JPEG shrink-on-load applied (1, 2, 4, 8)
  char profile_problem[160];  // why the file's ICC profile was dropped while reading, or empty
  uint32_t images;       // images the file holds (an animated WebP's frames); the first is read
  int shrinks_on_load;   // whether scale_denom 2, 4 and 8 apply (JPEG, a WebP that is not animated)
  int hdr;               // HEIF/AVIF: the H.273 transfer of HDR content tone-mapped to SDR (16 PQ, 18 HLG), else 0
  int hdr_primaries;     // with hdr: the content's H.273 colour primaries code
  double hdr_primaries_xy[8];  // with hdr: their CIE xy (red, green, blue, white), as its profile is built from
  int gain_map;          // an HDR gain map beside the SDR image, not applied: 1 Apple's, 2 ISO 21496-1's, 0 none
  cimageio_gain_map_figures gain_map_figures;  // what the gain map's metadata says, when it was read
  uint64_t gain_map_image[2];  // JPEG: where the gain map's own JPEG lies (offset, length; length 0 when unknown)
  uint64_t needs_bytes;  // a probe of the file's first bytes that could not settle all of this: the bytes it needs
  char note[200];        // what the reader read past or rounded as tolerant readers do (a warning), or empty
} cimageio_info;

/// Limits applied while reading.
typedef struct {
  uint64_t max_pixels;     // refuse full_width * full_height above this (0: no limit)
  uint32_t max_jpeg_scans; // refuse progressive JPEGs with more scans (0: no limit)
  uint64_t max_chunk_bytes;// PNG: largest ancillary chunk kept in memory (0: libpng's default)
} cimageio_limits;

/// Reads the headers only (no pixel data is decoded) and fills `info` with what
/// cimageio_decode would deliver at `scale_denom` (JPEG: 1, 2, 4 or 8; PNG: ignored).
/// When the file carries an ICC profile and `icc` is not NULL, `*icc` receives a copy (free
/// with cimageio_free) and `*icc_size` its size.
int cimageio_probe(const uint8_t *data, size_t size, int scale_denom,
                   const cimageio_limits *limits, cimageio_info *info, uint8_t **icc,
                   size_t *icc_size, cimageio_error *err);

typedef struct cimageio_transform cimageio_transform;

/// A rectangle of an image, in pixels.
typedef struct {
  uint32_t x, y, width, height;
} cimageio_region;

/// Decodes into `pixels`, which must hold exactly
/// info.width * info.height * info.channels * info.bit_depth / 8 bytes as given by a
/// cimageio_probe with the same arguments. Palette, low bit depths and tRNS are expanded;
/// 16-bit stays 16-bit; CMYK and YCCK become RGB: through `cmyk_transform` when it is not
/// NULL (a transform from CIMAGEIO_PIXELS_CMYK8, or _INVERTED when the probe said
/// adobe_inverted, to CIMAGEIO_PIXELS_RGB8), else by the naive inversion. When the file
/// carries an ICC profile and `icc` is not NULL, `*icc` receives a copy (free with
/// cimageio_free) and `*icc_size` its size.
///
/// With `region` (not NULL), only that rectangle of the stored (not yet turned upright) and
/// scaled image is delivered, and info.width and info.height are its size. JPEG decodes
/// only the columns and rows it needs (libjpeg-turbo's jpeg_crop_scanline and
/// jpeg_skip_scanlines, with a margin so upsampling at the cut matches a full decode) and
/// stops after its last row, so damage below it goes unnoticed; PNG inflates every row (the
/// format allows no skipping) but converts and keeps only the region's.
int cimageio_decode(const uint8_t *data, size_t size, int scale_denom,
                    const cimageio_limits *limits, cimageio_info *info,
                    void *pixels, size_t pixels_size, uint8_t **icc,
                    size_t *icc_size, const cimageio_transform *cmyk_transform,
                    const cimageio_region *region, cimageio_error *err);

/// An HDR gain map image decoded from an item of its file: 8-bit samples, gray (1 channel) or
/// RGB (3), upright as the primary image is; and, when its metadata says the gain applies in
/// the alternate rendition's colour space, that space as an ICC profile (NULL otherwise).
/// `pixels` and `icc` are freed with cimageio_free.
typedef struct {
  uint32_t width, height, channels;
  uint8_t *pixels;
  uint8_t *icc;
  size_t icc_size;
} cimageio_gain_map_image;

/// Decodes the gain map image a file holds as an item of its own (a HEIF's auxiliary image),
/// where cimageio_info.gain_map_image (a byte range) does not place it; fails with
/// CIMAGEIO_UNUSABLE, saying why, for a file whose format or map artfit does not decode so.
int cimageio_decode_gain_map(const uint8_t *data, size_t size, const cimageio_limits *limits,
                             cimageio_gain_map_image *out, cimageio_error *err);

/// What one file's probes and decodes share, so that a file is read once however often it is
/// probed and decoded: its format, sniffed on first use, and a HEIF's or AVIF's libheif
/// context, built on first use from its own copy of the bytes. Every call through one decoder
/// passes the same file's bytes; calls may come from several threads (a HEIF's are taken
/// one at a time).
typedef struct cimageio_decoder cimageio_decoder;

/// A new decoder (free with cimageio_decoder_free), or NULL when out of memory.
cimageio_decoder *cimageio_decoder_make(void);

void cimageio_decoder_free(cimageio_decoder *decoder);

/// cimageio_probe through `decoder` (NULL: none, as cimageio_probe).
int cimageio_decoder_probe(cimageio_decoder *decoder, const uint8_t *data, size_t size, int scale_denom,
                           const cimageio_limits *limits, cimageio_info *info, uint8_t **icc,
                           size_t *icc_size, cimageio_error *err);

/// cimageio_decode through `decoder` (NULL: none, as cimageio_decode).
int cimageio_decoder_decode(cimageio_decoder *decoder, const uint8_t *data, size_t size, int scale_denom,
                            const cimageio_limits *limits, cimageio_info *info, void *pixels,
                            size_t pixels_size, uint8_t **icc, size_t *icc_size,
                            const cimageio_transform *cmyk_transform, const cimageio_region *region,
                            cimageio_error *err);

/// A progressive JPEG's scans parted between two decoders, which then decode it at once on two
/// cores, each entropy-decoding about half (cimageio_jpeg_split.c).
typedef struct cimageio_jpeg_split cimageio_jpeg_split;

/// The split of the JPEG `data` (copied), or NULL when it is not a
/// progressive JPEG whose every scan could be checked (then decode it the ordinary way).
cimageio_jpeg_split *cimageio_jpeg_split_make(const uint8_t *data, size_t size, uint32_t max_scans);

/// cimageio_decode of the JPEG through part `part` (0 or 1) of `split`: the two parts are
/// decoded at once, on two threads, with any scale and region each; each returns what
/// cimageio_decode would. A part that is not going to be decoded must be abandoned, or the
/// other waits for it for ever.
int cimageio_decode_jpeg_part(cimageio_jpeg_split *split, int part, int scale_denom,
                              const cimageio_limits *limits, cimageio_info *info,
                              void *pixels, size_t pixels_size, uint8_t **icc,
                              size_t *icc_size, const cimageio_transform *cmyk_transform,
                              const cimageio_region *region, cimageio_error *err);

/// Says that part `part` will not be decoded (or is done): the other part's decode then
/// fails rather than waiting, unless this part got through its scans. Safe to call again.
void cimageio_jpeg_split_abandon(cimageio_jpeg_split *split, int part);

/// Frees the split, once neither part's decode is running.
void cimageio_jpeg_split_free(cimageio_jpeg_split *split);

/// Encodes a PNG into a new buffer `*out` (free with cimageio_free).
/// `level` is the zlib level 0...9; `bit_depth` 8 or 16 (16-bit samples native-endian).
/// `filter` is -1 for libpng's adaptive choice, or 0...4 for one fixed row filter.
int cimageio_png_encode(const void *pixels, uint32_t width, uint32_t height,
                        int channels, int bit_depth, int level, int filter,
                        const uint8_t *icc, size_t icc_size, uint8_t **out,
                        size_t *out_size, cimageio_error *err);

/// The fast 8-bit PNG encoder (gray, gray+alpha, RGB, RGBA): adaptive row filters (libpng's
/// minimum-sum heuristic, chosen on the first row of each 8 and kept for the rest), then a
/// deflate by effort 0...9: 0 stores; 1 is artfit's own (a Huffman code made for each band of
/// rows, with runs of a byte as matches; bands compressed in parallel); 2...9 are libdeflate's
/// levels 1, 3, 5, 6, 7, 8, 10 and 12. Its buffers and compressors stay allocated between
/// images. One image at a time per writer.
typedef struct cimageio_png_writer cimageio_png_writer;

/// A new writer, or NULL when memory runs out. Free with cimageio_png_writer_free.
cimageio_png_writer *cimageio_png_writer_new(void);
void cimageio_png_writer_free(cimageio_png_writer *writer);

/// Starts an encode of `pixels` (kept by pointer until finish). Returns the number of bands
/// (at least 1), or a negative status.
int cimageio_png_writer_begin(cimageio_png_writer *writer, const uint8_t *pixels, uint32_t width,
                              uint32_t height, int channels, int effort, cimageio_error *err);

/// Filters bands until none is left, and at effort 1 compresses each band as it is filtered.
/// Call it from one thread or several at once, between begin and finish.
void cimageio_png_writer_work(cimageio_png_writer *writer);

/// Joins the bands into the file. `*out` points into the writer's own buffer, valid until the
/// writer's next encode or its free.
int cimageio_png_writer_finish(cimageio_png_writer *writer, const uint8_t *icc, size_t icc_size,
                               const uint8_t **out, size_t *out_size, cimageio_error *err);

/// The fastest effort's deflate of `size` bytes (a band of filtered rows; the writer's, and
/// here for tests) at `out`, as one dynamic-Huffman block: literals, and runs of a repeated
/// byte as matches one byte back. The block ends on a byte boundary: the final block of the
/// stream when `last`, else followed by an empty stored block as a full flush writes, so
/// bands deflated apart join into one stream. Returns the bytes written, or 0 when they would
/// not fit in `capacity` (the writer then stores the band).
size_t cimageio_deflate_runs(const uint8_t *in, size_t size, int last, uint8_t *out, size_t capacity);

/// Filtered rows as cimageio_png_writer makes them (height × (1 + width × channels) bytes
/// into `out`), the heuristic's choice made on every `choice_rows`-th row (the writer's is 8)
/// and kept until the next, from the baseline loops (`avx2` 0) or the AVX2 ones (`avx2` 1),
/// so tests can compare the two. Returns 0, or -1 when the CPU lacks AVX2, memory runs out
/// or `choice_rows` is 0.
int cimageio_png_filter_rows(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                             int avx2, uint32_t choice_rows, uint8_t *out);

/// Encodes a baseline or progressive JPEG (8-bit gray or RGB) into `*out`
/// (free with cimageio_free).
int cimageio_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height,
                         int channels, int quality, int progressive,
                         const uint8_t *icc, size_t icc_size, uint8_t **out,
                         size_t *out_size, cimageio_error *err);

/// The colour space of an ICC profile, as far as artfit is concerned.
typedef enum {
  CIMAGEIO_SPACE_OTHER = 0,
  CIMAGEIO_SPACE_GRAY = 1,
  CIMAGEIO_SPACE_RGB = 2,
  CIMAGEIO_SPACE_CMYK = 3,
} cimageio_space;

/// What cimageio_profile_read found.
typedef struct {
  int space;       // cimageio_space
  char name[128];  // the description tag (English), or empty
} cimageio_profile_info;

/// Reads an ICC profile with LittleCMS and checks that colour converts through it: its class
/// is input, display, output or colour space, its data gray, RGB or CMYK, and a transform
/// from it to sRGB builds. On failure `err` says why (`info` still holds what was read).
int cimageio_profile_read(const uint8_t *icc, size_t size, cimageio_profile_info *info,
                          cimageio_error *err);

/// Profiles artfit writes into converted files.
typedef enum {
  CIMAGEIO_PROFILE_SRGB = 1,
  CIMAGEIO_PROFILE_DISPLAY_P3 = 2,  // P3 primaries, D65, the sRGB transfer function
} cimageio_profile;

/// Builds one of the profiles above into `*out` (free with cimageio_free), the same bytes
/// on every call.
int cimageio_profile_make(int which, uint8_t **out, size_t *out_size, cimageio_error *err);

/// An RGB profile (free with cimageio_free) from primaries and a white point as CIE xy
/// (red, green, blue, white) and an ITU-T H.273 transfer code; PQ (16) and HLG (18) are
/// tone-mapped to SDR in its curves. `name` becomes its description. Fails for a transfer
/// code it does not know.
int cimageio_profile_from_description(const double primaries[8], int transfer, const char *name, uint8_t **out,
                                      size_t *out_size, cimageio_error *err);

/// Builds into `*out` (free with cimageio_free) the profile of an HDR base image's SDR
/// rendition: its primaries (`primaries_xy`, CIE xy of red, green, blue and white; H.273 code
/// `primaries` for the name) with the sRGB transfer function.
int cimageio_profile_sdr_rendition(const double primaries_xy[8], int primaries, uint8_t **out, size_t *out_size,
                                   cimageio_error *err);

/// Fills `matrix` (row-major) with the conversion of linear light in primaries `from_xy` to
/// linear light in primaries `to_xy` (each CIE xy of red, green, blue and white), white
/// points adapted as LittleCMS adapts them (Bradford, through D50).
int cimageio_primaries_conversion(const double from_xy[8], const double to_xy[8], double matrix[9],
                                  cimageio_error *err);

/// Fills `matrix` (row-major) with the conversion of linear light in primaries `from_xy` to
/// linear light in the colour space of ICC profile `to_icc`, which must be an RGB profile of a
/// matrix and curves (its curves and any LUTs are set aside), adapted as LittleCMS adapts.
int cimageio_profile_conversion(const double from_xy[8], const uint8_t *to_icc, size_t to_size, double matrix[9],
                                cimageio_error *err);

/// Builds into `*out` (free with cimageio_free) the profile of an HDR base image's SDR
/// rendition drawn in the colour space of ICC profile `icc` (an RGB profile of a matrix and
/// curves): its matrix with the sRGB transfer function, its description named.
int cimageio_profile_sdr_rendition_in(const uint8_t *icc, size_t size, uint8_t **out, size_t *out_size,
                                      cimageio_error *err);

/// Fills `table[i]` with the display light of HDR signal i / (points - 1) under H.273 transfer
/// `transfer` (16 PQ, 18 HLG on a 1,000 cd/m² display) relative to reference white (203 cd/m²,
/// ITU-R BT.2408), untone-mapped; fails for another transfer.
int cimageio_hdr_relative_light(int transfer, float *table, size_t points, cimageio_error *err);

/// Pixel layouts a transform converts (16-bit samples native-endian; alpha is copied).
typedef enum {
  CIMAGEIO_PIXELS_GRAY8 = 1,
  CIMAGEIO_PIXELS_GRAYA8 = 2,
  CIMAGEIO_PIXELS_RGB8 = 3,
  CIMAGEIO_PIXELS_RGBA8 = 4,
  CIMAGEIO_PIXELS_GRAY16 = 5,
  CIMAGEIO_PIXELS_GRAYA16 = 6,
  CIMAGEIO_PIXELS_RGB16 = 7,
  CIMAGEIO_PIXELS_RGBA16 = 8,
  CIMAGEIO_PIXELS_CMYK8 = 9,           // 255 = full ink
  CIMAGEIO_PIXELS_CMYK8_INVERTED = 10, // 0 = full ink (Adobe)
} cimageio_pixels;

/// A LittleCMS transform from one profile and layout to another; NULL profile bytes stand
/// for sRGB. `intent` is ICC's 0 perceptual, 1 relative colorimetric, 2 saturation,
/// 3 absolute colorimetric. Returns NULL and fills `err` when a profile is unreadable or
/// does not match its layout. One transform may run on several threads at once.
cimageio_transform *cimageio_transform_new(const uint8_t *from, size_t from_size, int from_format,
                                           const uint8_t *to, size_t to_size, int to_format,
                                           int intent, int black_point_compensation,
                                           cimageio_error *err);

/// Converts `pixel_count` pixels from `in` to `out` (which may be the same buffer when both
/// layouts have the same size).
void cimageio_transform_rows(const cimageio_transform *transform, const void *in, void *out,
                             size_t pixel_count);

void cimageio_transform_free(cimageio_transform *transform);

/// Frees a buffer returned by this module.
void cimageio_free(void *pointer);

/// Which format the first bytes announce (no validation beyond the signature): the first
/// format of the table (cimageio_format_at) whose sniff takes them, or CIMAGEIO_FORMAT_UNKNOWN.
int cimageio_sniff(const uint8_t *data, size_t size);

/// Whether the first `size` bytes (`whole`: the whole file) are `format`'s by its sniff and
/// hold its header as far as they reach: 0 for a note that merely starts with a signature.
int cimageio_header_holds(int format, const uint8_t *data, size_t size, int whole);

/// One read of a file by a format's reader: what cimageio_decode takes (`pixels` NULL for a
/// probe), and `kept`, the reader's parsed file kept between calls through one decoder (NULL
/// without a decoder; a reader without CIMAGEIO_TRAIT_KEEPS_STATE ignores it).
typedef struct {
  const uint8_t *data;
  size_t size;
  int scale_denom;
  const cimageio_limits *limits;
  cimageio_info *info;
  void *pixels;
  size_t pixels_size;
  uint8_t **icc;
  size_t *icc_size;
  const cimageio_transform *cmyk_transform;
  const cimageio_region *region;
  void **kept;
  cimageio_error *err;
} cimageio_read_call;

/// What a format's reader can do, in cimageio_format_descriptor.traits.
enum {
  /// scale_denom 2, 4 and 8 shrink while decoding (checked to be 1, 2, 4 or 8 before the read).
  CIMAGEIO_TRAIT_SCALES_ON_LOAD = 1,
  /// A region costs less than the whole image (rows or tiles outside it are not decoded).
  CIMAGEIO_TRAIT_DECODES_REGIONS = 2,
  /// A vector document: drawn through cimageio_vector_*, never decoded (`read` is NULL).
  CIMAGEIO_TRAIT_VECTOR = 4,
  /// The reader keeps its parsed file between calls through one decoder (`kept`), taken one
  /// call at a time; `free_kept` frees it.
  CIMAGEIO_TRAIT_KEEPS_STATE = 8,
};

/// A format artfit reads: everything the dispatcher, the sniff and the messages need, in one
/// place (cimageio_formats.c lists them; each reader's file defines its own).
typedef struct {
  int format;              // cimageio_format
  const char *id;          // "png": the Swift ImageFormat's raw value
  const char *name;        // "PNG", as people know it
  const char *extensions;  // "jpg jpeg": lowercase, space-separated, the first the one written
  const char *library;     // the library that reads it, named in its errors
  /// Whether the first `size` bytes are this format's (a signature, not a validation).
  int (*sniff)(const uint8_t *data, size_t size);
  /// Whether bytes the sniff took hold this format's header as far as they reach (`whole`:
  /// they are the whole file): a signature is a claim, this checks it. NULL where the
  /// signature is the whole claim.
  int (*header_holds)(const uint8_t *data, size_t size, int whole);
  /// Probes (call->pixels NULL) or decodes; NULL for a vector format.
  int (*read)(const cimageio_read_call *call);
  void (*free_kept)(void *kept);
  /// Decodes the gain map image the file holds as an item (cimageio_decode_gain_map); NULL
  /// for a format that has none, or places it by byte range.
  int (*read_gain_map)(const uint8_t *data, size_t size, const cimageio_limits *limits,
                       cimageio_gain_map_image *out, cimageio_error *err);
  unsigned traits;         // CIMAGEIO_TRAIT_*
} cimageio_format_descriptor;

/// The formats in sniffing order: cimageio_format_count() of them, index 0 first.
size_t cimageio_format_count(void);
const cimageio_format_descriptor *cimageio_format_at(size_t index);

/// The descriptor of `format` (a cimageio_format), or NULL for one the table does not hold.
const cimageio_format_descriptor *cimageio_format_of(int format);

/// An SVG (librsvg) or PDF (poppler, its first page) document, parsed once and drawn with
/// cairo at any scale (cimageio_vector.c, cimageio_svg.c, cimageio_pdf.c). Nothing outside
/// the document is loaded: an SVG has no base URL, so librsvg refuses every reference but
/// `data:`; poppler renders a page and runs no action or script. The libraries' messages go
/// to the caller's error struct, never to stderr. One document is drawn by one thread at a
/// time; documents of the same bytes may be drawn on several threads at once.
typedef struct cimageio_vector cimageio_vector;

/// What a vector document declares.
typedef struct {
  int format;      // CIMAGEIO_FORMAT_SVG or CIMAGEIO_FORMAT_PDF
  double width;    // intrinsic size: SVG in CSS px, PDF's crop box in points after /Rotate
  double height;
  uint32_t pages;  // PDF pages (the first is drawn); 1 for SVG
  char note[240];  // the library's first warning while parsing, or empty
} cimageio_vector_info;

/// Parses the SVG or PDF `data` (not kept) and fills `info`; `*out` is the document (free with
/// cimageio_vector_free). An SVG that gives no size (no absolute width and height, and no
/// viewBox) and a PDF without pages or with a password fail with CIMAGEIO_UNUSABLE saying so;
/// what the libraries refuse is CIMAGEIO_CORRUPT with their own text.
int cimageio_vector_open(const uint8_t *data, size_t size, cimageio_vector **out, cimageio_vector_info *info,
                         cimageio_error *err);

/// Draws the document so that it covers `doc_width` × `doc_height` pixels (its intrinsic size
/// rounded, the geometry's source), then shows the rectangle at (`x`, `y`) of size `w` × `h`
/// of those pixels in `width` × `height` output pixels: straight (not premultiplied) RGBA, 8
/// bits a sample, sRGB, transparent where the document draws nothing, into `rgba`
/// (width × height × 4 bytes). When every pixel came out opaque, alpha is dropped and the
/// first width × height × 3 bytes hold RGB; `*channels` says which (3 or 4). A drawing still
/// running after `seconds` (when above 0) is stopped at cairo's next operation and fails with
/// CIMAGEIO_OVER_BUDGET.
int cimageio_vector_draw(cimageio_vector *vector, double doc_width, double doc_height, double x, double y, double w,
                         double h, uint32_t width, uint32_t height, double seconds, uint8_t *rgba, int *channels,
                         cimageio_error *err);

void cimageio_vector_free(cimageio_vector *vector);

/// Whether `data` is gzip-compressed (an SVGZ): inflate it with cimageio_svg_inflate before
/// measuring, opening or drawing it.
int cimageio_svg_is_compressed(const uint8_t *data, size_t size);

/// Inflates the gzip stream `data` into `*out` (free with cimageio_free), refusing with
/// CIMAGEIO_LIMIT once it would exceed `limit` bytes (a small file may inflate without end).
int cimageio_svg_inflate(const uint8_t *data, size_t size, size_t limit, uint8_t **out, size_t *out_size,
                         cimageio_error *err);

/// What one streaming pass over an SVG finds before librsvg builds it (cimageio_svg_measure.c).
typedef struct {
  /// Elements walked to draw it, every `<use>`, `href="#id"` and `url(#id)` expanded (a
  /// gradient counts one); at most limit + 1, which means "more than the limit".
  uint64_t elements;
  /// Whether libxml2 read the whole document; if not, `parse_error` holds its first error and
  /// the other fields are unset (librsvg, which parses with libxml2 too, will refuse it).
  int well_formed;
  char parse_error[200];
  /// Offset of the `>` (or of the `/>`, `root_empty`) closing the root's start tag, 0 when
  /// unknown (an encoding other than UTF-8); with `root_name`, the root alone is
  /// bytes[0 ... root_end] + "</root_name>".
  size_t root_end;
  int root_empty;
  char root_name[128];
  /// A `<style>` element, a `style` attribute on the root or an external entity: the size, or
  /// whether librsvg reads the document at all, needs the whole document.
  int needs_whole;
} cimageio_svg_measure_info;

/// Measures the SVG `data`, stopping once it holds more than `limit` elements before expansion.
/// Nothing outside the document is loaded; internal entities are expanded.
int cimageio_svg_measure(const uint8_t *data, size_t size, uint64_t limit, cimageio_svg_measure_info *info,
                         cimageio_error *err);

#ifdef __cplusplus
}
#endif
#endif
