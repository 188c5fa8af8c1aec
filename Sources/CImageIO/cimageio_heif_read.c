// HEIF/HEIC and AVIF through libheif (HEVC through libde265, AV1 through dav1d): the primary
// image with its `irot`, `imir` and `clap` applied (libheif's handle already gives the
// oriented size), alpha made straight, 10- and 12-bit samples widened to 16 bits, the ICC
// profile or else the colour description (nclx) built into a profile, PQ and HLG tone-mapped
// in that profile's curves, and a gain map (Apple's auxiliary image, ISO 21496-1's `tmap`
// item) noticed but not applied. Grid images decode their tiles on two threads.
//
// libheif reports errors as returned structs, with no callbacks and no longjmp, so this file
// only translates them. Its security limits are set from the caller's pixel limit.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

#include "internal.h"

static const char apple_gain_map[] = "urn:com:apple:photo:2020:aux:hdrgainmap";

static int heif_failure(struct heif_error error, cimageio_error *err) {
  const char *message = error.message != NULL && error.message[0] != 0 ? error.message : "unknown error";
  if (error.code == heif_error_Memory_allocation_error)
    return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  if (error.subcode == heif_suberror_End_of_data)
    return cimageio_fail(err, CIMAGEIO_TRUNCATED, "the HEIF data ends early");
  if (error.subcode == heif_suberror_Security_limit_exceeded)
    return cimageio_fail(err, CIMAGEIO_LIMIT, "libheif's security limit: %s", message);
  return cimageio_fail(err, CIMAGEIO_CORRUPT, "%s", message);
}

static uint64_t big_endian(const uint8_t *bytes, int count) {
  uint64_t value = 0;
  for (int i = 0; i < count; i++) value = value << 8 | bytes[i];
  return value;
}

// Whether a top-level box runs past the end of `data`: libheif then names the box it could
// not find ("No 'meta' box") rather than the truncation. A probe of the file's first bytes
// whose meta box lies after the media data looks the same, and then reads the whole file.
static int box_runs_past_end(const uint8_t *data, size_t size) {
  size_t at = 0;
  while (at + 8 <= size) {
    uint64_t box = big_endian(data + at, 4);
    if (box == 1) {
      if (at + 16 > size) return 1;
      box = big_endian(data + at + 8, 8);
    }
    if (box == 0) return 0;  // the last box, to the end of the file
    if (box < 8) return 0;   // malformed, not cut short
    if (box > size - at) return 1;
    at += (size_t)box;
  }
  return at < size;
}

// The box of type `type` among the boxes in data[from, to), as its payload's range; 0 if none.
static int find_box(const uint8_t *data, size_t from, size_t to, const char *type, size_t *start, size_t *end) {
  size_t at = from;
  while (at + 8 <= to) {
    uint64_t box = big_endian(data + at, 4);
    size_t header = 8;
    if (box == 1) {
      if (at + 16 > to) return 0;
      box = big_endian(data + at + 8, 8);
      header = 16;
    } else if (box == 0) {
      box = to - at;
    }
    if (box < header || box > to - at) return 0;
    if (memcmp(data + at + 4, type, 4) == 0) {
      *start = at + header;
      *end = at + (size_t)box;
      return 1;
    }
    at += (size_t)box;
  }
  return 0;
}

// The chroma format a codec configuration box (`hvcC` or `av1C`) gives, or undefined.
static enum heif_chroma config_chroma(const uint8_t *data, size_t start, size_t end, int av1) {
  if (av1) {
    if (end - start < 3) return heif_chroma_undefined;
    uint8_t flags = data[start + 2];  // high_bitdepth, twelve_bit, monochrome, subsampling_x, subsampling_y
    if (flags & 0x10) return heif_chroma_monochrome;
    return (flags & 0x08) ? ((flags & 0x04) ? heif_chroma_420 : heif_chroma_422) : heif_chroma_444;
  }
  if (end - start < 17) return heif_chroma_undefined;
  switch (data[start + 16] & 3) {  // chromaFormat, after the profile, tier, level and parallelism fields
  case 0: return heif_chroma_monochrome;
  case 1: return heif_chroma_420;
  case 2: return heif_chroma_422;
  default: return heif_chroma_444;
  }
}

// How the primary image's coded samples are laid out: the codec configuration property the
// item property association (`ipma`) gives the primary item (`pitm`), else the first in the
// property container (a grid's tiles share theirs). libheif 1.15 has no call for it, and
// asked for YCbCr without a chroma it upsamples to 4:4:4 by repeating samples.
static enum heif_chroma native_chroma(const uint8_t *data, size_t size) {
  size_t meta, meta_end, iprp, iprp_end, ipco, ipco_end, ipma, ipma_end, pitm, pitm_end;
  if (!find_box(data, 0, size, "meta", &meta, &meta_end) || meta_end - meta < 4) return heif_chroma_undefined;
  meta += 4;
  if (!find_box(data, meta, meta_end, "iprp", &iprp, &iprp_end) ||
      !find_box(data, iprp, iprp_end, "ipco", &ipco, &ipco_end))
    return heif_chroma_undefined;
  // The property container's boxes, numbered from 1 as associations count them.
  size_t starts[64], ends[64];
  int av1[64], count = 0;
  for (size_t at = ipco; count < 64 && at + 8 <= ipco_end; count++) {
    size_t box = (size_t)big_endian(data + at, 4);
    if (box < 8 || box > ipco_end - at) break;
    starts[count] = at + 8;
    ends[count] = at + box;
    av1[count] = memcmp(data + at + 4, "av1C", 4) == 0 ? 1 : memcmp(data + at + 4, "hvcC", 4) == 0 ? 0 : -1;
    at += box;
  }
  int chosen = -1;
  if (find_box(data, meta, meta_end, "pitm", &pitm, &pitm_end) && pitm_end - pitm >= 6 &&
      find_box(data, iprp, iprp_end, "ipma", &ipma, &ipma_end) && ipma_end - ipma >= 8) {
    uint32_t primary = (uint32_t)big_endian(data + pitm + 4, data[pitm] == 0 ? 2 : 4);
    int version = data[ipma], wide = data[ipma + 3] & 1;
    size_t at = ipma + 8;
    for (uint32_t entries = (uint32_t)big_endian(data + ipma + 4, 4); entries > 0 && chosen < 0; entries--) {
      size_t id_size = version < 1 ? 2 : 4;
      if (at + id_size + 1 > ipma_end) break;
      uint32_t item = (uint32_t)big_endian(data + at, (int)id_size);
      unsigned associations = data[at + id_size];
      at += id_size + 1;
      for (unsigned i = 0; i < associations && at + 1 + (size_t)wide <= ipma_end; i++, at += 1 + (size_t)wide) {
        int index = wide ? (int)(big_endian(data + at, 2) & 0x7fff) : data[at] & 0x7f;
        if (item == primary && index >= 1 && index <= count && av1[index - 1] >= 0) chosen = index - 1;
      }
    }
  }
  for (int i = 0; chosen < 0 && i < count; i++)
    if (av1[i] >= 0) chosen = i;
  return chosen < 0 ? heif_chroma_undefined : config_chroma(data, starts[chosen], ends[chosen], av1[chosen]);
}

// The first extent of item `item`'s data from the item locations (`iloc`), in the file or in
// the meta box's item data (`idat`); 0 when it cannot be found.
static int item_data(const uint8_t *data, size_t size, size_t meta, size_t meta_end, uint32_t item, size_t *start,
                     size_t *length) {
  size_t iloc, iloc_end;
  if (!find_box(data, meta, meta_end, "iloc", &iloc, &iloc_end) || iloc_end - iloc < 8) return 0;
  int version = data[iloc];
  int offset_size = data[iloc + 4] >> 4, length_size = data[iloc + 4] & 15, base_size = data[iloc + 5] >> 4;
  int index_size = version >= 1 ? data[iloc + 5] & 15 : 0, id_size = version == 2 ? 4 : 2;
  size_t at = iloc + 6;
  if (at + (size_t)id_size > iloc_end) return 0;
  uint64_t items = big_endian(data + at, id_size);
  at += (size_t)id_size;
  for (uint64_t i = 0; i < items; i++) {
    size_t fixed = (size_t)id_size + (version >= 1 ? 2 : 0) + 2 + (size_t)base_size + 2;
    if (at + fixed > iloc_end) return 0;
    uint32_t id = (uint32_t)big_endian(data + at, id_size);
    int method = version >= 1 ? (int)(big_endian(data + at + id_size, 2) & 15) : 0;
    uint64_t base = big_endian(data + at + fixed - 2 - base_size, base_size);
    uint64_t extents = big_endian(data + at + fixed - 2, 2);
    at += fixed;
    size_t extent_size = (size_t)(index_size + offset_size + length_size);
    if (id == item && extents > 0 && at + extent_size <= iloc_end) {
      uint64_t offset = base + big_endian(data + at + index_size, offset_size);
      uint64_t count = big_endian(data + at + index_size + offset_size, length_size);
      size_t origin = 0, end = size;
      if (method == 1) {
        size_t idat, idat_end;
        if (!find_box(data, meta, meta_end, "idat", &idat, &idat_end)) return 0;
        origin = idat;
        end = idat_end;
      } else if (method != 0) {
        return 0;
      }
      if (offset > end - origin || count > end - origin - offset) return 0;
      *start = origin + (size_t)offset;
      *length = (size_t)count;
      return 1;
    }
    at += (size_t)extents * extent_size;
  }
  return 0;
}

// The largest canvas any grid or overlay item declares in its own data (as width × height),
// which libheif allocates when it composes one, whatever its `ispe` says and however deep
// among the items it lies; 0 when there is none (or its data cannot be found, which libheif
// then refuses itself).
static int largest_derived_canvas(const uint8_t *data, size_t size, uint64_t *width, uint64_t *height) {
  size_t meta, meta_end, iinf, iinf_end, entry, entry_end;
  if (!find_box(data, 0, size, "meta", &meta, &meta_end) || meta_end - meta < 4) return 0;
  meta += 4;
  if (!find_box(data, meta, meta_end, "iinf", &iinf, &iinf_end) || iinf_end - iinf < 6) return 0;
  int found = 0;
  size_t at = iinf + 4 + (data[iinf] == 0 ? 2 : 4);
  while (at < iinf_end && find_box(data, at, iinf_end, "infe", &entry, &entry_end)) {
    at = entry_end;
    int version = data[entry];
    size_t id_size = version == 3 ? 4 : 2;
    if (version < 2 || entry + 4 + id_size + 6 > entry_end) continue;
    uint32_t item = (uint32_t)big_endian(data + entry + 4, (int)id_size);
    const uint8_t *type = data + entry + 4 + id_size + 2;
    int grid = memcmp(type, "grid", 4) == 0, overlay = memcmp(type, "iovl", 4) == 0;
    size_t start, length;
    if (!(grid || overlay) || !item_data(data, size, meta, meta_end, item, &start, &length)) continue;
    size_t sizes_at = grid ? 4 : 2 + 8;  // grid: version, flags, rows, columns; iovl: version, flags, fill colour
    int wide = length >= 2 && (data[start + 1] & 1);
    if (length < sizes_at + (wide ? 8 : 4)) continue;
    uint64_t w = big_endian(data + start + sizes_at, wide ? 4 : 2);
    uint64_t h = big_endian(data + start + sizes_at + (wide ? 4 : 2), wide ? 4 : 2);
    if (!found || w * h > *width * *height) {
      *width = w;
      *height = h;
      found = 1;
    }
  }
  return found;
}

// The frames of an image sequence (a `moov` box, as AVIF's `avis` and HEIF's `msf1` files
// carry beside their still primary image): the sample count of its first track's sample sizes
// (moov → trak → mdia → minf → stbl → stsz); 0 when there is none.
static uint32_t sequence_frames(const uint8_t *data, size_t size) {
  static const char *const path[] = {"moov", "trak", "mdia", "minf", "stbl", "stsz"};
  size_t start = 0, end = size;
  for (size_t i = 0; i < sizeof path / sizeof *path; i++)
    if (!find_box(data, start, end, path[i], &start, &end)) return 0;
  if (end - start < 12) return 0;  // version and flags, the sample size, then the count
  uint64_t frames = big_endian(data + start + 8, 4);
  return frames > UINT32_MAX - 1024 ? UINT32_MAX - 1024 : (uint32_t)frames;
}

// ISO 21496-1's gain map in HEIF: an item of type `tmap` in the meta box's item information
// (meta → iinf → infe), which libheif 1.15 does not know.
static int has_tone_map_item(const uint8_t *data, size_t size) {
  size_t meta, meta_end, iinf, iinf_end;
  if (!find_box(data, 0, size, "meta", &meta, &meta_end) || meta_end - meta < 4) return 0;
  if (!find_box(data, meta + 4, meta_end, "iinf", &iinf, &iinf_end) || iinf_end - iinf < 6) return 0;
  size_t at = iinf + 4 + (data[iinf] == 0 ? 2 : 4);  // version and flags, then the entry count
  size_t infe, infe_end;
  while (at < iinf_end && find_box(data, at, iinf_end, "infe", &infe, &infe_end)) {
    int version = data[infe];
    size_t type_at = infe + (version == 2 ? 8 : version == 3 ? 10 : 0);
    if (version >= 2 && type_at + 4 <= infe_end && memcmp(data + type_at, "tmap", 4) == 0) return 1;
    at = infe_end;
  }
  return 0;
}

// 1 for Apple's gain map (an auxiliary image of its type), 2 for ISO 21496-1's, else 0.
static int gain_map(const struct heif_image_handle *handle, const uint8_t *data, size_t size) {
  int count = heif_image_handle_get_number_of_auxiliary_images(handle, 0);
  heif_item_id ids[16];
  if (count > 16) count = 16;
  count = count > 0 ? heif_image_handle_get_list_of_auxiliary_image_IDs(handle, 0, ids, count) : 0;
  int found = 0;
  for (int i = 0; i < count && !found; i++) {
    struct heif_image_handle *aux = NULL;
    if (heif_image_handle_get_auxiliary_image_handle(handle, ids[i], &aux).code != heif_error_Ok) continue;
    const char *type = NULL;
    if (heif_image_handle_get_auxiliary_type(aux, &type).code == heif_error_Ok && type != NULL) {
      found = strcmp(type, apple_gain_map) == 0;
      heif_image_handle_free_auxiliary_types(aux, &type);
    }
    heif_image_handle_release(aux);
  }
  if (found) return 1;
  return has_tone_map_item(data, size) ? 2 : 0;
}

static const char *primaries_name(int code) {
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

static const char *transfer_name(int code) {
  switch (code) {
  case 1: case 6: case 14: case 15: return "BT.709 transfer";
  case 2: case 13: return "sRGB transfer";
  case 4: return "gamma 2.2";
  case 5: return "gamma 2.8";
  case 7: return "SMPTE 240M transfer";
  case 8: return "linear";
  case 16: return "PQ, tone-mapped to SDR";
  case 18: return "HLG, tone-mapped to SDR";
  default: return "unknown transfer";
  }
}

// The colour of the primary image: its ICC profile when it has one (unless the description
// says PQ or HLG, which only a built profile tone-maps), else a profile built from the
// description; nothing for sRGB's own primaries and transfer.
static int read_colour(const struct heif_image_handle *handle, cimageio_info *info, uint8_t **icc, size_t *icc_size,
                       cimageio_error *err) {
  struct heif_color_profile_nclx *nclx = NULL;
  struct heif_error described = heif_image_handle_get_nclx_color_profile(handle, &nclx);
  if (described.code != heif_error_Ok) {
    // libheif may have allocated the description before refusing one of its codes.
    heif_nclx_color_profile_free(nclx);
    nclx = NULL;
    if (described.code != heif_error_Color_profile_does_not_exist)
      snprintf(info->profile_problem, sizeof info->profile_problem, "its colour description (nclx): %s",
               described.message);
  }
  int transfer = nclx != NULL ? (int)nclx->transfer_characteristics : 2;
  int primaries = nclx != NULL ? (int)nclx->color_primaries : 2;
  if (transfer == 16 || transfer == 18) info->hdr = transfer;
  size_t raw_size = heif_image_handle_get_raw_color_profile_size(handle);
  int status = CIMAGEIO_OK;
  if (icc == NULL) {
    // The caller wants no profile.
  } else if (raw_size > 0 && info->hdr == 0) {
    *icc = malloc(raw_size);
    if (*icc == NULL) {
      status = cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
    } else if (heif_image_handle_get_raw_color_profile(handle, *icc).code != heif_error_Ok) {
      free(*icc);
      *icc = NULL;
    } else {
      *icc_size = raw_size;
    }
  } else if (nclx != NULL && !((primaries == 1 || primaries == 2) && (transfer == 2 || transfer == 13))) {
    // libheif decodes each primaries code into CIE xy; an unknown code leaves zeros.
    int known = nclx->color_primary_red_x > 0 && nclx->color_primary_white_x > 0;
    double bt709[8] = {0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290};
    double xy[8] = {nclx->color_primary_red_x,   nclx->color_primary_red_y,   nclx->color_primary_green_x,
                    nclx->color_primary_green_y, nclx->color_primary_blue_x,  nclx->color_primary_blue_y,
                    nclx->color_primary_white_x, nclx->color_primary_white_y};
    char name[96];
    snprintf(name, sizeof name, "%s primaries, %s (nclx)", known ? primaries_name(primaries) : "BT.709",
             transfer_name(transfer));
    cimageio_error problem = {0};
    if (cimageio_profile_from_description(known ? xy : bt709, transfer, name, icc, icc_size, &problem) !=
        CIMAGEIO_OK) {
      snprintf(info->profile_problem, sizeof info->profile_problem, "its colour description (nclx): %s",
               problem.message);
      info->hdr = 0;
    }
  }
  heif_nclx_color_profile_free(nclx);
  return status;
}

// 10- to 16-bit samples (0 ... 2^bits - 1, little-endian as libheif's RRGGBB_LE gives them)
// widened to the full 16-bit range, rounded.
static void widen_row(const uint8_t *from, uint16_t *to, size_t samples, int bits) {
  uint32_t top = (1u << bits) - 1;
  for (size_t i = 0; i < samples; i++) {
    uint32_t v = (uint32_t)from[2 * i] | (uint32_t)from[2 * i + 1] << 8;
    if (v > top) v = top;
    to[i] = (uint16_t)((v * 65535u + top / 2) / top);
  }
}

static void unpremultiply_row(void *row, uint32_t width, int bit_depth) {
  for (uint32_t x = 0; x < width; x++) {
    if (bit_depth == 16) {
      uint16_t *p = (uint16_t *)row + 4 * (size_t)x;
      for (int c = 0; c < 3; c++) p[c] = cimageio_unpremultiply16(p[c], p[3]);
    } else {
      uint8_t *p = (uint8_t *)row + 4 * (size_t)x;
      for (int c = 0; c < 3; c++) p[c] = cimageio_unpremultiply8(p[c], p[3]);
    }
  }
}

// How YCbCr becomes RGB (ITU-T H.273's matrix coefficients and range): the luma weights of
// red and blue, or the identity (GBR) matrix.
typedef struct {
  double kr, kb;
  int identity;
  int full_range;
} ycbcr_matrix;

// The matrix of the decoded planes: the decoded image's colour description when libheif
// gives it one, else the file's (its `colr` box), else BT.601; 0 for one artfit leaves to
// libheif's own conversion (YCgCo, constant luminance, ICtCp, chromaticity-derived). The
// range is the decoded image's own, else full: libheif 1.15 hands over limited-range data
// already widened to full range (and gives the image no description saying so).
static int matrix_for(const struct heif_image *image, const struct heif_image_handle *handle, ycbcr_matrix *m) {
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

static void store(void *pixels, size_t index, double value, int deep) {
  value = value < 0 ? 0 : value > 1 ? 1 : value;
  if (deep) {
    ((uint16_t *)pixels)[index] = (uint16_t)(value * 65535 + 0.5);
  } else {
    ((uint8_t *)pixels)[index] = (uint8_t)(value * 255 + 0.5);
  }
}

// `region` of a decoded YCbCr (or monochrome) image converted to RGB(A) in `pixels`, with
// bilinear chroma upsampling (libheif 1.15 repeats each chroma sample instead).
static int convert_ycbcr(const struct heif_image *image, const struct heif_image_handle *handle,
                         const ycbcr_matrix *m, const cimageio_info *info,
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
  double scale = (double)(1u << (bits - 8));
  // Y' in [0, 1] and Cb, Cr in [-0.5, 0.5] from the stored codes.
  double y_offset = m->full_range ? 0 : 16 * scale, y_range = m->full_range ? top : 219 * scale;
  double c_offset = m->identity ? 0 : m->full_range ? (double)(1u << (bits - 1)) : 128 * scale;
  double c_range = m->full_range || m->identity ? top : 224 * scale;
  double kg = 1 - m->kr - m->kb;
  size_t scratch = (size_t)(region->width > chroma_width ? region->width : chroma_width);
  double *rows = malloc(scratch * 5 * sizeof *rows);
  if (rows == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  double *luma = rows, *cb = rows + scratch, *cr = rows + 2 * scratch, *near = rows + 3 * scratch,
         *alpha = rows + 4 * scratch;
  int output_deep = info->bit_depth == 16, channels = info->channels;
  int premultiplied = channels == 4 && heif_image_handle_is_premultiplied_alpha(handle);
  for (uint32_t row = 0; row < region->height; row++) {
    uint32_t y = region->y + row;
    read_samples(planes[0], strides[0], deep, region->x, y, region->width, luma);
    if (!mono) {
      chroma_row(planes[1], strides[1], deep, y, sub_y, chroma_rows, chroma_width, near, cb);
      chroma_row(planes[2], strides[2], deep, y, sub_y, chroma_rows, chroma_width, near, cr);
    }
    if (channels == 4) read_samples(planes[3], strides[3], alpha_deep, region->x, y, region->width, alpha);
    size_t at = (size_t)row * region->width * (size_t)channels;
    for (uint32_t i = 0; i < region->width; i++, at += (size_t)channels) {
      double l = (luma[i] - y_offset) / y_range, r = l, g = l, b = l;
      if (!mono) {
        double u = (chroma_at(cb, region->x + i, sub_x, chroma_width) - c_offset) / c_range;
        double v = (chroma_at(cr, region->x + i, sub_x, chroma_width) - c_offset) / c_range;
        if (m->identity) {
          g = l, b = u, r = v;
        } else {
          r = l + (2 - 2 * m->kr) * v;
          b = l + (2 - 2 * m->kb) * u;
          g = (l - m->kr * r - m->kb * b) / kg;
        }
      }
      double a = channels == 4 ? alpha[i] / alpha_top : 1;
      if (premultiplied && a > 0) r /= a, g /= a, b /= a;
      store(pixels, at, r, output_deep);
      store(pixels, at + 1, g, output_deep);
      store(pixels, at + 2, b, output_deep);
      if (channels == 4) store(pixels, at + 3, a, output_deep);
    }
  }
  free(rows);
  return CIMAGEIO_OK;
}

// `region` of an image libheif converted to interleaved RGB(A) itself, into `pixels`.
static void copy_interleaved(const struct heif_image *image, const struct heif_image_handle *handle,
                             const cimageio_info *info, int bits, const cimageio_region *region, void *pixels) {
  int stride = 0;
  const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
  size_t bytes_per_sample = (size_t)info->bit_depth / 8;
  size_t region_row = (size_t)region->width * (size_t)info->channels * bytes_per_sample;
  int premultiplied = info->channels == 4 && heif_image_handle_is_premultiplied_alpha(handle);
  for (uint32_t y = 0; y < region->height; y++) {
    const uint8_t *from = plane + (size_t)(region->y + y) * (size_t)stride +
                          (size_t)region->x * (size_t)info->channels * bytes_per_sample;
    uint8_t *to = (uint8_t *)pixels + y * region_row;
    if (info->bit_depth == 16) {
      widen_row(from, (uint16_t *)to, (size_t)region->width * (size_t)info->channels, bits);
    } else {
      memcpy(to, from, region_row);
    }
    if (premultiplied) unpremultiply_row(to, region->width, info->bit_depth);
  }
}

static int decode_as(const struct heif_image_handle *handle, enum heif_colorspace space, enum heif_chroma chroma,
                     struct heif_image **image, cimageio_error *err) {
  struct heif_decoding_options *options = heif_decoding_options_alloc();
  if (options == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  options->convert_hdr_to_8bit = 0;
  struct heif_error error = heif_decode_image(handle, image, space, chroma, options);
  heif_decoding_options_free(options);
  return error.code == heif_error_Ok ? CIMAGEIO_OK : heif_failure(error, err);
}

static int decoded_size_matches(const struct heif_image *image, enum heif_channel channel, const cimageio_info *info) {
  return heif_image_get_width(image, channel) == (int)info->full_width &&
         heif_image_get_height(image, channel) == (int)info->full_height;
}

// Decodes the primary image and puts `region` of it into `pixels`. An AVIF's YCbCr is
// converted here with bilinear chroma, as libavif (AV1's reference library) and browsers
// show it; a HEIC's, and any matrix this file leaves to libheif, through libheif's own
// conversion, which repeats chroma samples as libheif-based tools (libvips, ImageMagick) show
// HEIC. Either way the previews are what that format's usual decoder gives.
static int decode_pixels(const struct heif_image_handle *handle, enum heif_chroma chroma_format,
                         const cimageio_info *info, int bits, const cimageio_region *region, void *pixels,
                         cimageio_error *err) {
  struct heif_image *image = NULL;
  int status = CIMAGEIO_OK;
  if (chroma_format != heif_chroma_undefined) {
    enum heif_colorspace native =
        chroma_format == heif_chroma_monochrome ? heif_colorspace_monochrome : heif_colorspace_YCbCr;
    status = decode_as(handle, native, chroma_format, &image, err);
    if (status != CIMAGEIO_OK) return status;
  }
  ycbcr_matrix matrix;
  // Monochrome needs only the range, which matrix_for reads whatever the matrix.
  int known = image != NULL && (matrix_for(image, handle, &matrix) || chroma_format == heif_chroma_monochrome);
  if (known && heif_image_get_chroma_format(image) == chroma_format) {
    status = decoded_size_matches(image, heif_channel_Y, info)
                 ? convert_ycbcr(image, handle, &matrix, info, region, pixels, err)
                 : cimageio_fail(err, CIMAGEIO_CORRUPT, "the decoded image is not the size its header gives");
    heif_image_release(image);
    return status;
  }
  if (image != NULL) heif_image_release(image);
  int alpha = info->channels == 4;
  enum heif_chroma chroma = info->bit_depth == 16
                                ? (alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE)
                                : (alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB);
  status = decode_as(handle, heif_colorspace_RGB, chroma, &image, err);
  if (status != CIMAGEIO_OK) return status;
  int stride = 0;
  if (heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) == NULL ||
      !decoded_size_matches(image, heif_channel_interleaved, info)) {
    status = cimageio_fail(err, CIMAGEIO_CORRUPT, "the decoded image is not the size its header gives");
  } else {
    copy_interleaved(image, handle, info, bits, region, pixels);
  }
  heif_image_release(image);
  return status;
}

static int read_primary(struct heif_context *context, const uint8_t *data, size_t size,
                        const cimageio_limits *limits, cimageio_info *info, void *pixels, size_t pixels_size,
                        uint8_t **icc, size_t *icc_size, const cimageio_region *region, cimageio_error *err) {
  struct heif_image_handle *handle = NULL;
  struct heif_error error = heif_context_get_primary_image_handle(context, &handle);
  if (error.code != heif_error_Ok) return heif_failure(error, err);
  int status = CIMAGEIO_OK;
  int width = heif_image_handle_get_width(handle), height = heif_image_handle_get_height(handle);
  int bits = heif_image_handle_get_luma_bits_per_pixel(handle);
  uint64_t canvas_width = 0, canvas_height = 0;
  info->full_width = info->width = width > 0 ? (uint32_t)width : 0;
  info->full_height = info->height = height > 0 ? (uint32_t)height : 0;
  int images = heif_context_get_number_of_top_level_images(context);
  // A sequence's writers make its first frame the still primary image, so the file holds as
  // many images as the more of its top-level images and its frames.
  uint32_t frames = sequence_frames(data, size);
  info->images = images > 1 ? (uint32_t)images : 1;
  if (frames > info->images) info->images = frames;
  info->channels = heif_image_handle_has_alpha_channel(handle) ? 4 : 3;
  info->source_bit_depth = bits > 0 ? bits : 8;
  info->bit_depth = bits > 8 ? 16 : 8;
  info->gain_map = gain_map(handle, data, size);
  if (width <= 0 || height <= 0) {
    status = cimageio_fail(err, CIMAGEIO_CORRUPT, "the primary image has no size");
  } else if (bits > 16) {
    status = cimageio_fail(err, CIMAGEIO_CORRUPT, "%d bits a sample is more than artfit reads", bits);
  } else if (limits->max_pixels > 0 && (uint64_t)width * (uint64_t)height > limits->max_pixels) {
    status = cimageio_fail(err, CIMAGEIO_TOO_LARGE, "%dx%d pixels is over the limit of %llu", width, height,
                           (unsigned long long)limits->max_pixels);
  } else if (limits->max_pixels > 0 && largest_derived_canvas(data, size, &canvas_width, &canvas_height) &&
             canvas_width * canvas_height > limits->max_pixels) {
    // A grid or overlay is composed on the canvas its data declares, before any crop (clap):
    // that canvas, not the declared size, is what libheif allocates, for the primary or for
    // an image the primary is derived from.
    info->full_width = (uint32_t)(canvas_width < UINT32_MAX ? canvas_width : UINT32_MAX);
    info->full_height = (uint32_t)(canvas_height < UINT32_MAX ? canvas_height : UINT32_MAX);
    status = cimageio_fail(err, CIMAGEIO_TOO_LARGE, "its canvas of %llux%llu pixels is over the limit of %llu",
                           (unsigned long long)canvas_width, (unsigned long long)canvas_height,
                           (unsigned long long)limits->max_pixels);
  } else {
    status = read_colour(handle, info, icc, icc_size, err);
  }
  if (status == CIMAGEIO_OK && pixels != NULL) {
    cimageio_region whole = {0, 0, info->width, info->height};
    const cimageio_region *r = region != NULL ? region : &whole;
    size_t expected = (size_t)r->width * r->height * (size_t)info->channels * ((size_t)info->bit_depth / 8);
    if (!cimageio_region_fits(r, info->width, info->height)) {
      status = cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "region outside the image");
    } else if (pixels_size != expected) {
      status = cimageio_fail(err, CIMAGEIO_BAD_ARGUMENT, "pixel buffer size");
    } else {
      enum heif_chroma chroma = info->format == CIMAGEIO_FORMAT_AVIF ? native_chroma(data, size) : heif_chroma_undefined;
      status = decode_pixels(handle, chroma, info, info->source_bit_depth, r, pixels, err);
      info->width = r->width;
      info->height = r->height;
    }
  }
  heif_image_handle_release(handle);
  return status;
}

int cimageio_heif_read(const uint8_t *data, size_t size, const cimageio_limits *limits, cimageio_info *info,
                       void *pixels, size_t pixels_size, uint8_t **icc, size_t *icc_size,
                       const cimageio_region *region, cimageio_error *err) {
  info->format = cimageio_sniff(data, size);
  info->orientation = 1;  // libheif applies irot and imir; HEIF's EXIF orientation is informative only
  info->color = CIMAGEIO_COLOR_RGB;
  info->scale_denom = 1;
  struct heif_context *context = heif_context_alloc();
  if (context == NULL) return cimageio_fail(err, CIMAGEIO_NO_MEMORY, "out of memory");
  // libheif refuses a side at or above this before allocating; the pixel count is checked
  // against the caller's limit once the header is read.
  if (limits->max_pixels > 0)
    heif_context_set_maximum_image_size_limit(
        context, limits->max_pixels >= 0x7fffffff ? 0x7fffffff : (int)limits->max_pixels + 1);
  heif_context_set_max_decoding_threads(context, 2);
  struct heif_error error = heif_context_read_from_memory_without_copy(context, data, size, NULL);
  int status;
  if (error.code == heif_error_Ok) {
    status = read_primary(context, data, size, limits, info, pixels, pixels_size, icc, icc_size, region, err);
  } else if (error.code != heif_error_Memory_allocation_error && box_runs_past_end(data, size)) {
    status = cimageio_fail(err, CIMAGEIO_TRUNCATED, "the HEIF data ends early");
  } else {
    status = heif_failure(error, err);
  }
  heif_context_free(context);
  return status;
}
