// The ISO base media file format boxes artfit reads from a HEIF or AVIF file itself, where
// libheif 1.15 has no call for what it needs: whether a top-level box runs past the data (a
// cut file, or a probe's prefix), the primary image's coded chroma layout, the largest canvas
// a grid or overlay declares, an image sequence's frame count, ISO 21496-1's `tmap` item, and
// the primary's type and transformative properties.
// Every read is bounds-checked against the data it is given.
#include <stdlib.h>
#include <string.h>

#include "av1_sequence.h"
#include "gain_map_figures.h"
#include "heif_boxes.h"

// Whether a top-level box runs past the end of `data`: libheif then names the box it could
// not find ("No 'meta' box") rather than the truncation. A probe of the file's first bytes
// whose meta box lies after the media data looks the same, and then reads the whole file.
int cimageio_heif_box_runs_past_end(const uint8_t *data, size_t size) {
  size_t at = 0;
  while (at + 8 <= size) {
    uint64_t box = cimageio_big_endian(data + at, 4);
    if (box == 1) {
      if (at + 16 > size) return 1;
      box = cimageio_big_endian(data + at + 8, 8);
    }
    if (box == 0) return 0;  // the last box, to the end of the file
    if (box < 8) return 0;   // malformed, not cut short
    if (box > size - at) return 1;
    at += (size_t)box;
  }
  return at < size;
}

// A copy of `data` whose top-level box of size 0 ("to the end of the file") has its size
// written out, for libheif 1.15, which refuses the form; NULL when there is none (or it is
// too large for a 32-bit size). The caller frees it.
uint8_t *cimageio_heif_with_sized_last_box(const uint8_t *data, size_t size) {
  size_t at = 0;
  while (at + 8 <= size) {
    uint64_t box = cimageio_big_endian(data + at, 4);
    if (box == 1) {
      if (at + 16 > size) return NULL;
      box = cimageio_big_endian(data + at + 8, 8);
    }
    if (box == 0) {
      if (size - at > UINT32_MAX) return NULL;
      uint8_t *copy = malloc(size);
      if (copy == NULL) return NULL;
      memcpy(copy, data, size);
      uint32_t length = (uint32_t)(size - at);
      for (int i = 0; i < 4; i++) copy[at + (size_t)i] = (uint8_t)(length >> (24 - 8 * i));
      return copy;
    }
    if (box < 8 || box > size - at) return NULL;
    at += (size_t)box;
  }
  return NULL;
}

// The box of type `type` among the boxes in data[from, to), as its payload's range; 0 if none.
static int find_box(const uint8_t *data, size_t from, size_t to, const char *type, size_t *start, size_t *end) {
  size_t at = from;
  while (at + 8 <= to) {
    uint64_t box = cimageio_big_endian(data + at, 4);
    size_t header = 8;
    if (box == 1) {
      if (at + 16 > to) return 0;
      box = cimageio_big_endian(data + at + 8, 8);
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

// An item's properties (the primary's, `pitm`, unless another is asked for): every box of the
// property container (`ipco`, numbered from 1 as associations count them) and, in the order
// the association (`ipma`) lists them, the indices the item is given. 0 when the file has no
// property container.
typedef struct {
  size_t meta, meta_end;
  int count;
  size_t starts[64], ends[64];
  char types[64][4];
  int primary_count;
  int primary[64];
  uint32_t primary_id;
  int has_primary_id;
} primary_properties;

static int read_item_properties(const uint8_t *data, size_t size, const uint32_t *item, primary_properties *p) {
  size_t iprp, iprp_end, ipco, ipco_end, ipma, ipma_end, pitm, pitm_end;
  memset(p, 0, sizeof *p);
  if (!find_box(data, 0, size, "meta", &p->meta, &p->meta_end) || p->meta_end - p->meta < 4) return 0;
  p->meta += 4;
  if (item != NULL) {
    p->primary_id = *item;
    p->has_primary_id = 1;
  } else if (find_box(data, p->meta, p->meta_end, "pitm", &pitm, &pitm_end) && pitm_end - pitm >= 6) {
    p->primary_id = (uint32_t)cimageio_big_endian(data + pitm + 4, data[pitm] == 0 ? 2 : 4);
    p->has_primary_id = 1;
  }
  if (!find_box(data, p->meta, p->meta_end, "iprp", &iprp, &iprp_end) ||
      !find_box(data, iprp, iprp_end, "ipco", &ipco, &ipco_end))
    return 0;
  for (size_t at = ipco; p->count < 64 && at + 8 <= ipco_end; p->count++) {
    size_t box = (size_t)cimageio_big_endian(data + at, 4);
    if (box < 8 || box > ipco_end - at) break;
    p->starts[p->count] = at + 8;
    p->ends[p->count] = at + box;
    memcpy(p->types[p->count], data + at + 4, 4);
    at += box;
  }
  if (!p->has_primary_id || !find_box(data, iprp, iprp_end, "ipma", &ipma, &ipma_end) || ipma_end - ipma < 8) return 1;
  int version = data[ipma], wide = data[ipma + 3] & 1;
  size_t at = ipma + 8;
  for (uint32_t entries = (uint32_t)cimageio_big_endian(data + ipma + 4, 4); entries > 0; entries--) {
    size_t id_size = version < 1 ? 2 : 4;
    if (at + id_size + 1 > ipma_end) break;
    uint32_t item = (uint32_t)cimageio_big_endian(data + at, (int)id_size);
    unsigned associations = data[at + id_size];
    at += id_size + 1;
    for (unsigned i = 0; i < associations && at + 1 + (size_t)wide <= ipma_end; i++, at += 1 + (size_t)wide) {
      int index = wide ? (int)(cimageio_big_endian(data + at, 2) & 0x7fff) : data[at] & 0x7f;
      if (item == p->primary_id && index >= 1 && index <= p->count && p->primary_count < 64)
        p->primary[p->primary_count++] = index - 1;
    }
  }
  return 1;
}

static int read_primary_properties(const uint8_t *data, size_t size, primary_properties *p) {
  return read_item_properties(data, size, NULL, p);
}

// How the primary image's coded samples are laid out: the codec configuration property the
// item property association gives the primary item, else the first in the property container
// (a grid's tiles share theirs). libheif 1.15 has no call for it, and asked for YCbCr without
// a chroma it upsamples to 4:4:4 by repeating samples.
enum heif_chroma cimageio_heif_native_chroma(const uint8_t *data, size_t size) {
  primary_properties p;
  if (!read_primary_properties(data, size, &p)) return heif_chroma_undefined;
  int chosen = -1;
  for (int i = 0; chosen < 0 && i < p.primary_count; i++) {
    int index = p.primary[i];
    if (memcmp(p.types[index], "av1C", 4) == 0 || memcmp(p.types[index], "hvcC", 4) == 0) chosen = index;
  }
  for (int i = 0; chosen < 0 && i < p.count; i++)
    if (memcmp(p.types[i], "av1C", 4) == 0 || memcmp(p.types[i], "hvcC", 4) == 0) chosen = i;
  if (chosen < 0) return heif_chroma_undefined;
  return config_chroma(data, p.starts[chosen], p.ends[chosen], memcmp(p.types[chosen], "av1C", 4) == 0);
}

// An item's transformative properties (`clap`, `irot`, `imir`), in the order the association
// lists them, which ISO/IEC 23008-12 says is the order they apply in.
static int item_transforms(const uint8_t *data, size_t size, const uint32_t *item, heif_transforms *out) {
  memset(out, 0, sizeof *out);
  primary_properties p;
  if (!read_item_properties(data, size, item, &p)) return 0;
  for (int i = 0; i < p.primary_count && out->count < 8; i++) {
    int index = p.primary[i];
    const uint8_t *box = data + p.starts[index];
    size_t length = p.ends[index] - p.starts[index];
    heif_transform *t = &out->steps[out->count];
    if (memcmp(p.types[index], "clap", 4) == 0 && length >= 32) {
      t->kind = 'c';
      // Widths and denominators are unsigned; the two offsets' numerators are signed.
      for (int k = 0; k < 8; k++) {
        uint32_t field = (uint32_t)cimageio_big_endian(box + 4 * k, 4);
        t->clap[k] = k == 4 || k == 6 ? (int64_t)(int32_t)field : (int64_t)field;
      }
      out->count++;
    } else if (memcmp(p.types[index], "irot", 4) == 0 && length >= 1) {
      t->kind = 'r';
      t->value = box[0] & 3;
      out->count++;
    } else if (memcmp(p.types[index], "imir", 4) == 0 && length >= 1) {
      t->kind = 'm';
      t->value = box[0] & 1;
      out->count++;
    }
  }
  return out->count > 0;
}

int cimageio_heif_primary_transforms(const uint8_t *data, size_t size, heif_transforms *out) {
  return item_transforms(data, size, NULL, out);
}

int cimageio_heif_item_transforms(const uint8_t *data, size_t size, uint32_t item, heif_transforms *out) {
  return item_transforms(data, size, &item, out);
}

// The primary item's type from the item information (`iinf`'s `infe`, version 2 or 3): `av01`,
// `hvc1`, `grid`, or a coding artfit's libheif does not decode. 0 when it cannot be found.
int cimageio_heif_primary_item_type(const uint8_t *data, size_t size, char type[5]) {
  primary_properties p;
  read_primary_properties(data, size, &p);
  size_t iinf, iinf_end;
  if (!p.has_primary_id || !find_box(data, p.meta, p.meta_end, "iinf", &iinf, &iinf_end) || iinf_end - iinf < 6)
    return 0;
  size_t at = iinf + 4 + (data[iinf] == 0 ? 2 : 4);
  size_t infe, infe_end;
  while (at < iinf_end && find_box(data, at, iinf_end, "infe", &infe, &infe_end)) {
    int version = data[infe];
    size_t id_size = version == 3 ? 4 : 2;
    if (version >= 2 && infe_end - infe >= 4 + id_size + 2 + 4) {
      uint32_t id = (uint32_t)cimageio_big_endian(data + infe + 4, (int)id_size);
      if (id == p.primary_id) {
        memcpy(type, data + infe + 4 + id_size + 2, 4);
        type[4] = 0;
        return 1;
      }
    }
    at = infe_end;
  }
  return 0;
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
  uint64_t items = cimageio_big_endian(data + at, id_size);
  at += (size_t)id_size;
  for (uint64_t i = 0; i < items; i++) {
    size_t fixed = (size_t)id_size + (version >= 1 ? 2 : 0) + 2 + (size_t)base_size + 2;
    if (at + fixed > iloc_end) return 0;
    uint32_t id = (uint32_t)cimageio_big_endian(data + at, id_size);
    int method = version >= 1 ? (int)(cimageio_big_endian(data + at + id_size, 2) & 15) : 0;
    uint64_t base = cimageio_big_endian(data + at + fixed - 2 - base_size, base_size);
    uint64_t extents = cimageio_big_endian(data + at + fixed - 2, 2);
    at += fixed;
    size_t extent_size = (size_t)(index_size + offset_size + length_size);
    if (id == item && extents > 0 && at + extent_size <= iloc_end) {
      uint64_t offset = base + cimageio_big_endian(data + at + index_size, offset_size);
      uint64_t count = cimageio_big_endian(data + at + index_size + offset_size, length_size);
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
int cimageio_heif_largest_derived_canvas(const uint8_t *data, size_t size, uint64_t *width, uint64_t *height) {
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
    uint32_t item = (uint32_t)cimageio_big_endian(data + entry + 4, (int)id_size);
    const uint8_t *type = data + entry + 4 + id_size + 2;
    int grid = memcmp(type, "grid", 4) == 0, overlay = memcmp(type, "iovl", 4) == 0;
    size_t start, length;
    if (!(grid || overlay) || !item_data(data, size, meta, meta_end, item, &start, &length)) continue;
    size_t sizes_at = grid ? 4 : 2 + 8;  // grid: version, flags, rows, columns; iovl: version, flags, fill colour
    int wide = length >= 2 && (data[start + 1] & 1);
    if (length < sizes_at + (wide ? 8 : 4)) continue;
    uint64_t w = cimageio_big_endian(data + start + sizes_at, wide ? 4 : 2);
    uint64_t h = cimageio_big_endian(data + start + sizes_at + (wide ? 4 : 2), wide ? 4 : 2);
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
uint32_t cimageio_heif_sequence_frames(const uint8_t *data, size_t size) {
  static const char *const path[] = {"moov", "trak", "mdia", "minf", "stbl", "stsz"};
  size_t start = 0, end = size;
  for (size_t i = 0; i < sizeof path / sizeof *path; i++)
    if (!find_box(data, start, end, path[i], &start, &end)) return 0;
  if (end - start < 12) return 0;  // version and flags, the sample size, then the count
  uint64_t frames = cimageio_big_endian(data + start + 8, 4);
  return frames > UINT32_MAX - 1024 ? UINT32_MAX - 1024 : (uint32_t)frames;
}

// The id of the first item of type `type` in the meta box's item information (meta → iinf →
// infe, version 2 or 3), and the range of its `infe` box's payload; 0 when there is none.
static int item_of_type(const uint8_t *data, size_t meta, size_t meta_end, const char *type, uint32_t *item,
                        size_t *infe, size_t *infe_end) {
  size_t iinf, iinf_end;
  if (!find_box(data, meta, meta_end, "iinf", &iinf, &iinf_end) || iinf_end - iinf < 6) return 0;
  size_t at = iinf + 4 + (data[iinf] == 0 ? 2 : 4);  // version and flags, then the entry count
  while (at < iinf_end && find_box(data, at, iinf_end, "infe", infe, infe_end)) {
    int version = data[*infe];
    size_t id_size = version == 3 ? 4 : 2, type_at = *infe + 4 + id_size + 2;
    uint32_t id = type_at <= *infe_end ? (uint32_t)cimageio_big_endian(data + *infe + 4, (int)id_size) : 0;
    if (version >= 2 && type_at + 4 <= *infe_end &&
        (type == NULL ? id == *item : memcmp(data + type_at, type, 4) == 0)) {
      *item = id;
      return 1;
    }
    at = *infe_end;
  }
  return 0;
}

// ISO 21496-1's gain map in HEIF: an item of type `tmap`, which libheif 1.15 does not know.
// Its data is a version byte (0), then the metadata, whose figures go into `figures` when whole.
int cimageio_heif_tone_map(const uint8_t *data, size_t size, cimageio_gain_map_figures *figures) {
  size_t meta, meta_end, infe, infe_end;
  uint32_t item = 0;
  memset(figures, 0, sizeof *figures);
  if (!find_box(data, 0, size, "meta", &meta, &meta_end) || meta_end - meta < 4) return 0;
  if (!item_of_type(data, meta + 4, meta_end, "tmap", &item, &infe, &infe_end)) return 0;
  size_t start, length;
  if (item_data(data, size, meta + 4, meta_end, item, &start, &length) && length > 1 && data[start] == 0)
    cimageio_iso_gain_map_figures(data + start + 1, length - 1, figures);
  // The item's colour is the alternate rendition's; its primaries matter where the gain applies.
  size_t icc_at, icc_size;
  int primaries = 0, kind = 0;
  if (figures->known) kind = cimageio_heif_item_colour(data, size, item, &icc_at, &icc_size, &primaries);
  if (kind == 1 || (kind == 2 && primaries != 2))
    figures->alternate_primaries = cimageio_h273_primaries(primaries, figures->alternate_primaries_xy) ? primaries : -1;
  return 1;
}

int cimageio_heif_tone_map_input(const uint8_t *data, size_t size, uint32_t *tmap_item, uint32_t *map_item) {
  size_t meta, meta_end, infe, infe_end, iref, iref_end;
  uint32_t tmap = 0;
  if (!find_box(data, 0, size, "meta", &meta, &meta_end) || meta_end - meta < 4) return 0;
  if (!item_of_type(data, meta + 4, meta_end, "tmap", &tmap, &infe, &infe_end)) return 0;
  if (!find_box(data, meta + 4, meta_end, "iref", &iref, &iref_end) || iref_end - iref < 4) return 0;
  int id_size = data[iref] == 0 ? 2 : 4;
  size_t at = iref + 4, ref, ref_end;
  // Each reference: its source item, a count, then the items it names.
  while (at < iref_end && find_box(data, at, iref_end, "dimg", &ref, &ref_end)) {
    size_t inputs = ref + (size_t)id_size + 2;
    if (inputs <= ref_end && cimageio_big_endian(data + ref, id_size) == tmap &&
        cimageio_big_endian(data + ref + id_size, 2) >= 2 && inputs + 2 * (size_t)id_size <= ref_end) {
      *map_item = (uint32_t)cimageio_big_endian(data + inputs + id_size, id_size);
      *tmap_item = tmap;
      return 1;
    }
    at = ref_end;
  }
  return 0;
}

int cimageio_heif_item_colour(const uint8_t *data, size_t size, uint32_t item, size_t *icc_at, size_t *icc_size,
                              int *primaries) {
  primary_properties p;
  if (!read_item_properties(data, size, &item, &p)) return 0;
  for (int i = 0; i < p.primary_count; i++) {
    int index = p.primary[i];
    size_t start = p.starts[index], length = p.ends[index] - start;
    if (memcmp(p.types[index], "colr", 4) != 0 || length < 4) continue;
    if ((memcmp(data + start, "prof", 4) == 0 || memcmp(data + start, "rICC", 4) == 0) && length > 4) {
      *icc_at = start + 4;
      *icc_size = length - 4;
      return 1;
    }
    if (memcmp(data + start, "nclx", 4) == 0 && length >= 6) {
      *primaries = (int)cimageio_big_endian(data + start + 4, 2);
      return 2;
    }
  }
  return 0;
}

int cimageio_heif_show_item(uint8_t *data, size_t size, uint32_t item) {
  size_t meta, meta_end, infe, infe_end;
  if (!find_box(data, 0, size, "meta", &meta, &meta_end) || meta_end - meta < 4) return 0;
  if (!item_of_type(data, meta + 4, meta_end, NULL, &item, &infe, &infe_end)) return 0;
  data[infe + 3] &= (uint8_t)~1u;  // the low byte of the flags: bit 0 hides the item
  return 1;
}

// Whether the property at `index` (from 0) is an alpha auxiliary type (`auxC`), as AVIF and
// HEIF name it.
static int is_alpha_aux(const uint8_t *data, const primary_properties *p, int index) {
  static const char *const urns[] = {"urn:mpeg:mpegB:cicp:systems:auxiliary:alpha", "urn:mpeg:hevc:2015:auxid:1"};
  if (memcmp(p->types[index], "auxC", 4) != 0 || p->ends[index] - p->starts[index] < 5) return 0;
  const char *urn = (const char *)data + p->starts[index] + 4;
  size_t length = p->ends[index] - p->starts[index] - 4;
  for (size_t i = 0; i < 2; i++)
    if (length >= strlen(urns[i]) && memcmp(urn, urns[i], strlen(urns[i])) == 0) return 1;
  return 0;
}

int cimageio_heif_alpha_is_limited(const uint8_t *data, size_t size) {
  primary_properties p;
  size_t iprp, iprp_end, ipma, ipma_end;
  if (!read_primary_properties(data, size, &p) || !find_box(data, p.meta, p.meta_end, "iprp", &iprp, &iprp_end))
    return 0;
  // Every association box: a file may hold one per version and flags, or (against the
  // standard, as some encoders wrote) several.
  for (size_t from = iprp; find_box(data, from, iprp_end, "ipma", &ipma, &ipma_end); from = ipma_end) {
    if (ipma_end - ipma < 8) continue;
    int version = data[ipma], wide = data[ipma + 3] & 1;
    size_t at = ipma + 8;
    for (uint32_t entries = (uint32_t)cimageio_big_endian(data + ipma + 4, 4); entries > 0; entries--) {
      size_t id_size = version < 1 ? 2 : 4;
      if (at + id_size + 1 > ipma_end) break;
      unsigned associations = data[at + id_size];
      at += id_size + 1;
      int alpha = 0, config = -1;
      for (unsigned i = 0; i < associations && at + 1 + (size_t)wide <= ipma_end; i++, at += 1 + (size_t)wide) {
        int index = (wide ? (int)(cimageio_big_endian(data + at, 2) & 0x7fff) : data[at] & 0x7f) - 1;
        if (index < 0 || index >= p.count) continue;
        if (is_alpha_aux(data, &p, index)) alpha = 1;
        if (memcmp(p.types[index], "av1C", 4) == 0) config = index;
      }
      if (alpha && config >= 0 && p.ends[config] - p.starts[config] > 4)
        return cimageio_av1_color_range(data + p.starts[config] + 4, p.ends[config] - p.starts[config] - 4) == 0;
    }
  }
  return 0;
}

int cimageio_heif_repeated_ipma(const uint8_t *data, size_t size) {
  size_t meta, meta_end, iprp, iprp_end, ipma, ipma_end;
  if (!find_box(data, 0, size, "meta", &meta, &meta_end) || meta_end - meta < 4 ||
      !find_box(data, meta + 4, meta_end, "iprp", &iprp, &iprp_end))
    return 0;
  uint32_t seen[8];
  int count = 0;
  for (size_t from = iprp; count < 8 && find_box(data, from, iprp_end, "ipma", &ipma, &ipma_end); from = ipma_end) {
    if (ipma_end - ipma < 4) continue;
    uint32_t version_flags = (uint32_t)cimageio_big_endian(data + ipma, 4);
    for (int i = 0; i < count; i++)
      if (seen[i] == version_flags) return 1;
    seen[count++] = version_flags;
  }
  return 0;
}
