// The colour range an AV1 sequence header states (AV1 specification, 5.5): walked bit by bit
// to color_config, for an AVIF's alpha item, whose range libheif 1.15 leaves unapplied.
#include <string.h>

#include "av1_sequence.h"

typedef struct {
  const uint8_t *data;
  size_t size, bit;
  int overrun;
} bits;

static uint32_t f(bits *b, int n) {
  uint32_t value = 0;
  for (int i = 0; i < n; i++) {
    if (b->bit >= b->size * 8) {
      b->overrun = 1;
      return 0;
    }
    value = value << 1 | (uint32_t)(b->data[b->bit / 8] >> (7 - b->bit % 8) & 1);
    b->bit++;
  }
  return value;
}

// uvlc(): leading zeros, then that many bits.
static void uvlc(bits *b) {
  int zeros = 0;
  while (!b->overrun && f(b, 1) == 0 && zeros < 32) zeros++;
  if (zeros < 32) f(b, zeros);
}

// The sequence header OBU's payload, from color_config's range; -1 when it cannot be read.
static int sequence_range(bits *b) {
  uint32_t profile = f(b, 3);
  f(b, 1);  // still_picture
  int reduced = (int)f(b, 1);
  int decoder_model = 0, delay_length = 0;
  if (reduced) {
    f(b, 5);
  } else {
    if (f(b, 1)) {  // timing_info
      f(b, 32), f(b, 32);
      if (f(b, 1)) uvlc(b);
    }
    if ((decoder_model = (int)f(b, 1))) {
      delay_length = (int)f(b, 5) + 1;
      f(b, 32), f(b, 5), f(b, 5);
    }
    int initial_delay = (int)f(b, 1);
    int points = (int)f(b, 5) + 1;
    for (int i = 0; i < points && !b->overrun; i++) {
      f(b, 12);
      if (f(b, 5) > 7) f(b, 1);
      if (decoder_model && f(b, 1)) f(b, delay_length), f(b, delay_length), f(b, 1);
      if (initial_delay && f(b, 1)) f(b, 4);
    }
  }
  int width_bits = (int)f(b, 4) + 1, height_bits = (int)f(b, 4) + 1;
  f(b, width_bits), f(b, height_bits);
  if (!reduced && f(b, 1)) f(b, 4), f(b, 3);  // frame id numbers
  f(b, 3);  // 128x128 superblocks, filter intra, intra edge filter
  if (!reduced) {
    f(b, 4);  // interintra, masked compound, warped motion, dual filter
    int order_hint = (int)f(b, 1);
    if (order_hint) f(b, 2);
    int screen_content = f(b, 1) ? 2 : (int)f(b, 1);
    if (screen_content > 0 && !f(b, 1)) f(b, 1);
    if (order_hint) f(b, 3);
  }
  f(b, 3);  // superres, cdef, restoration
  int high = (int)f(b, 1);
  if (profile == 2 && high) f(b, 1);
  int mono = profile == 1 ? 0 : (int)f(b, 1);
  uint32_t primaries = 2, transfer = 2, matrix = 2;
  if (f(b, 1)) primaries = f(b, 8), transfer = f(b, 8), matrix = f(b, 8);
  int range;
  if (!mono && primaries == 1 && transfer == 13 && matrix == 0) {
    range = 1;  // sRGB in identity: full range, unstated
  } else {
    range = (int)f(b, 1);
  }
  return b->overrun ? -1 : range;
}

int cimageio_av1_color_range(const uint8_t *obus, size_t size) {
  for (size_t at = 0; at < size;) {
    uint8_t header = obus[at++];
    int type = header >> 3 & 15, extension = header >> 2 & 1, has_size = header >> 1 & 1;
    at += (size_t)extension;
    size_t length = size - (at < size ? at : size);
    if (has_size) {
      length = 0;
      for (int i = 0; i < 8 && at < size; i++) {
        uint8_t byte = obus[at++];
        length |= (size_t)(byte & 0x7f) << (7 * i);
        if (!(byte & 0x80)) break;
      }
    }
    if (at > size || length > size - at) return -1;
    if (type == 1) {  // OBU_SEQUENCE_HEADER
      bits b = {obus + at, length, 0, 0};
      return sequence_range(&b);
    }
    at += length;
  }
  return -1;
}
