// An HDR gain map's metadata from the three places writers put it: ISO 21496-1's binary
// structure (libultrahdr 1.4, Adobe, iOS 18), Ultra HDR 1.0's XMP (`hdrgm:`, Android 14) and
// Apple's headroom in its gain map's XMP. Only figures are read here; no pixels.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gain_map_figures.h"

static uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

// A fraction of the structure: signed or unsigned numerator over an unsigned denominator.
static int fraction(const uint8_t *numerator, uint32_t denominator, int is_signed, double *out) {
  if (denominator == 0) return 0;
  uint32_t n = be32(numerator);
  *out = (is_signed ? (double)(int32_t)n : (double)n) / denominator;
  return 1;
}

int cimageio_iso_gain_map_figures(const uint8_t *p, size_t size, cimageio_gain_map_figures *out) {
  // Versions (minimum, writer), then flags: bit 7 three channels, bit 6 the base rendition's
  // colour space, bit 3 one denominator for all (libultrahdr's), bit 2 an HDR base (a draft's).
  if (size < 5 || (p[0] << 8 | p[1]) != 0) return 0;
  cimageio_gain_map_figures f = {0};
  uint8_t flags = p[4];
  f.channels = flags & 0x80 ? 3 : 1;
  f.alternate_colour_space = (flags & 0x40) == 0;
  int common = (flags & 0x08) != 0;
  size_t need = 5 + (common ? 12 + (size_t)f.channels * 20 : 16 + (size_t)f.channels * 40);
  if (size < need) return 0;
  const uint8_t *at = p + 5;
  uint32_t denominator = common ? be32(at) : 0;
  if (common) at += 4;
  // Each value: its numerator, then (unless common) its own denominator.
#define NEXT(is_signed, target)                                              \
  do {                                                                       \
    uint32_t d = common ? denominator : be32(at + 4);                        \
    if (!fraction(at, d, is_signed, &(target))) return 0;                    \
    at += common ? 4 : 8;                                                    \
  } while (0)
  NEXT(0, f.base_headroom);
  NEXT(0, f.alternate_headroom);
  for (int c = 0; c < f.channels; c++) {
    NEXT(1, f.gain_min[c]);
    NEXT(1, f.gain_max[c]);
    NEXT(0, f.gamma[c]);
    NEXT(1, f.base_offset[c]);
    NEXT(1, f.alternate_offset[c]);
  }
#undef NEXT
  for (int c = f.channels; c < 3; c++) {
    f.gain_min[c] = f.gain_min[0], f.gain_max[c] = f.gain_max[0], f.gamma[c] = f.gamma[0];
    f.base_offset[c] = f.base_offset[0], f.alternate_offset[c] = f.alternate_offset[0];
  }
  // The published syntax has no direction flag: a base with more headroom than the alternate
  // is the HDR rendition (libavif writes it so); bit 2 is the draft's flag for the same.
  f.base_is_hdr = (flags & 0x04) != 0 || f.base_headroom > f.alternate_headroom;
  if (!(f.gamma[0] > 0 && f.gamma[1] > 0 && f.gamma[2] > 0)) return 0;
  f.known = 1;
  *out = f;
  return 1;
}

// Where `text` first occurs in bytes [from, end), or NULL.
static const uint8_t *find(const uint8_t *from, const uint8_t *end, const char *text) {
  size_t length = strlen(text);
  for (const uint8_t *p = from; p + length <= end; p++)
    if (*p == (uint8_t)text[0] && memcmp(p, text, length) == 0) return p;
  return NULL;
}

static const uint8_t *skip_space(const uint8_t *p, const uint8_t *end) {
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
  return p;
}

// A number written at `p` (up to `end`); 0 when there is none.
static int number_at(const uint8_t *p, const uint8_t *end, double *out) {
  char text[48];
  size_t n = 0;
  p = skip_space(p, end);
  while (p < end && n + 1 < sizeof text && strchr("+-.0123456789eE", *p) != NULL && *p != '\0') text[n++] = (char)*p++;
  text[n] = '\0';
  char *stop = NULL;
  double value = n > 0 ? strtod(text, &stop) : NAN;
  if (n == 0 || stop != text + n || !isfinite(value)) return 0;
  *out = value;
  return 1;
}

// The values of the XMP property `name` ("hdrgm:Gamma"): an attribute's, an element's text,
// or the items of an rdf:Seq inside the element; how many were read (at most 3).
static int xmp_values(const uint8_t *xmp, size_t size, const char *name, double values[3]) {
  const uint8_t *end = xmp + size;
  for (const uint8_t *at = find(xmp, end, name); at != NULL; at = find(at + 1, end, name)) {
    const uint8_t *p = skip_space(at + strlen(name), end);
    if (at == xmp || (at[-1] != ' ' && at[-1] != '<' && at[-1] != '\t' && at[-1] != '\n' && at[-1] != '\r')) continue;
    if (p < end && *p == '=') {
      p = skip_space(p + 1, end);
      if (p >= end || (*p != '"' && *p != '\'')) continue;
      return number_at(p + 1, end, &values[0]);
    }
    if (p >= end || *p != '>') continue;
    const uint8_t *close = find(p, end, "</");
    if (close == NULL) return 0;
    const uint8_t *seq = find(p, close + 2, "<rdf:Seq");
    if (seq == NULL) return number_at(p + 1, close, &values[0]);
    int count = 0;
    for (const uint8_t *li = find(seq, end, "<rdf:li"); li != NULL && count < 3; li = find(li + 1, end, "<rdf:li")) {
      const uint8_t *text = find(li, end, ">");
      if (text == NULL || !number_at(text + 1, end, &values[count])) break;
      count++;
      const uint8_t *next_close = find(text, end, "</rdf:Seq");
      const uint8_t *next_li = find(li + 1, end, "<rdf:li");
      if (next_li == NULL || (next_close != NULL && next_close < next_li)) break;
    }
    return count;
  }
  return 0;
}

// One figure of three channels from the property (a single value stands for all three); `fallback` when absent.
static int xmp_figure(const uint8_t *xmp, size_t size, const char *name, double fallback, double out[3],
                      int *channels) {
  double values[3] = {fallback, fallback, fallback};
  int count = xmp_values(xmp, size, name, values);
  if (count == 2) return 0;
  if (count == 3) *channels = 3;
  for (int c = 0; c < 3; c++) out[c] = values[count == 3 ? c : 0];
  return 1;
}

int cimageio_hdrgm_figures(const uint8_t *xmp, size_t size, cimageio_gain_map_figures *out) {
  cimageio_gain_map_figures f = {0};
  f.channels = 1;
  double probe[3];
  // GainMapMax has no default (Ultra HDR 1.0: required); the rest default as the format says.
  if (xmp_values(xmp, size, "hdrgm:GainMapMax", probe) == 0) return 0;
  double capacity_min[3], capacity_max[3], base_is_hdr[3] = {0};
  if (!xmp_figure(xmp, size, "hdrgm:GainMapMin", 0, f.gain_min, &f.channels) ||
      !xmp_figure(xmp, size, "hdrgm:GainMapMax", 0, f.gain_max, &f.channels) ||
      !xmp_figure(xmp, size, "hdrgm:Gamma", 1, f.gamma, &f.channels) ||
      !xmp_figure(xmp, size, "hdrgm:OffsetSDR", 1.0 / 64, f.base_offset, &f.channels) ||
      !xmp_figure(xmp, size, "hdrgm:OffsetHDR", 1.0 / 64, f.alternate_offset, &f.channels))
    return 0;
  int ignored = 1;
  xmp_figure(xmp, size, "hdrgm:HDRCapacityMin", 0, capacity_min, &ignored);
  xmp_figure(xmp, size, "hdrgm:HDRCapacityMax", f.gain_max[0], capacity_max, &ignored);
  // BaseRenditionIsHDR is "True" or "False"; only an SDR base is written by Ultra HDR 1.0.
  const uint8_t *hdr_base = find(xmp, xmp + size, "hdrgm:BaseRenditionIsHDR");
  if (hdr_base != NULL && find(hdr_base, hdr_base + 40 < xmp + size ? hdr_base + 40 : xmp + size, "True")) base_is_hdr[0] = 1;
  f.base_is_hdr = base_is_hdr[0] != 0;
  // Ultra HDR's capacity is the HDR rendition's headroom: ISO's alternate headroom for an SDR base.
  f.base_headroom = f.base_is_hdr ? capacity_max[0] : capacity_min[0];
  f.alternate_headroom = f.base_is_hdr ? capacity_min[0] : capacity_max[0];
  if (!(f.gamma[0] > 0 && f.gamma[1] > 0 && f.gamma[2] > 0)) return 0;
  f.known = 1;
  *out = f;
  return 1;
}

// The figures of Apple's map from no gain up to `headroom` (a linear ratio, at least 1 when
// the file is sound).
static void apple_figures(double headroom, cimageio_gain_map_figures *out) {
  cimageio_gain_map_figures f = {0};
  f.known = 1;
  f.channels = 1;
  f.apple_coded = 1;
  f.alternate_headroom = log2(headroom);
  for (int c = 0; c < 3; c++) f.gain_max[c] = f.alternate_headroom, f.gamma[c] = 1;
  *out = f;
}

int cimageio_apple_gain_map_figures(const uint8_t *xmp, size_t size, cimageio_gain_map_figures *out) {
  static const char name[] = "HDRGainMap:HDRGainMapHeadroom";
  if (find(xmp, xmp + size, name) == NULL) return 0;
  // A headroom the XMP states is its figure, in range or not, a number or not
  // (GainMapFigures.problem says why it is not believed).
  double headroom[3];
  apple_figures(xmp_values(xmp, size, name, headroom) == 1 ? headroom[0] : NAN, out);
  return 1;
}

int cimageio_apple_maker_note_figures(const uint8_t *tiff, size_t size, cimageio_gain_map_figures *out) {
  double tag33, tag48;
  if (!cimageio_exif_apple_hdr_tags(tiff, size, &tag33, &tag48) || !isfinite(tag33) || !isfinite(tag48)) return 0;
  // Apple's mapping ("Applying Apple HDR effect to your photos") from the two tags to stops.
  double stops = tag33 < 1 ? (tag48 <= 0.01 ? -20 * tag48 + 1.8 : -0.101 * tag48 + 1.601)
                           : (tag48 <= 0.01 ? -70 * tag48 + 3 : -0.303 * tag48 + 2.303);
  if (!(stops <= 16)) return 0;  // past any display's headroom: not a value Apple writes
  apple_figures(exp2(stops > 0 ? stops : 0), out);
  return 1;
}
