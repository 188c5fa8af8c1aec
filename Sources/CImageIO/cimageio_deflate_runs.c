// The fastest PNG effort's deflate: filtered rows as one block whose Huffman code is made for
// them, with runs of a repeated byte as matches one byte back and no other matches.
//
// Why: filtered photographs are nearly free of the repeats LZ77 looks for, so a general
// compressor's match search is spent for little. On the benchmark's previews this writes
// files 3 % smaller than ISA-L's igzip level 1 (the effort's compressor before) at 1.5 times
// its speed, filtering included, and 7 % smaller on the batch's previews with their bars and
// overlays (Benchmarks/README.md, "PNG effort"). Flat areas (bars, overlays, plain
// backgrounds) filter to runs of one byte, which the matches take. ISA-L builds the code and
// the block's header from the counts; this file counts the symbols and writes them.
#include <isa-l/igzip_lib.h>
#include <string.h>

#include "internal.h"

// Runs shorter than this (8 bytes equal to the one before, found 8 bytes a step) go as
// literals: a match costs about as much as a few literals.
#define RUN_WORD 8
#define MAX_MATCH 258

static inline uint64_t load64(const uint8_t *p) {
  uint64_t value;
  memcpy(&value, p, 8);
  return value;
}

// The bytes from `at` on that equal the one before it.
static inline size_t run_length(const uint8_t *in, size_t at, size_t size) {
  uint8_t byte = in[at - 1];
  uint64_t word = byte * 0x0101010101010101ull;
  size_t end = at;
  while (end + 8 <= size && load64(in + end) == word) end += 8;
  while (end < size && in[end] == byte) end++;
  return end - at;
}

// Whether a run starts at `at`: the 8 bytes there each equal the byte before them.
static inline int run_starts(const uint8_t *in, size_t at) { return load64(in + at) == load64(in + at - 1); }

// The length of the next match of a run of `left` bytes: at most 258, and never leaving 1 or
// 2 bytes, which no match covers (those go as literals).
static inline size_t next_match(size_t left) {
  size_t match = left > MAX_MATCH ? MAX_MATCH : left;
  if (left - match > 0 && left - match < 3) match = left - 3;
  return match;
}

// Deflate's length symbol (257...285) for a match of 3...258 bytes.
static int length_symbol(size_t length) {
  static const uint16_t base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                    31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
  int symbol = 28;
  while (base[symbol] > length) symbol--;
  return 257 + symbol;
}

// Counts the symbols the writer below writes: literals and run lengths. (Counting every
// other step was 9 % faster, but rows a multiple of 16 bytes long then hid every row's first
// step from the counts, and a flat band came out four times larger.)
static void count_symbols(const uint8_t *in, size_t size, struct isal_huff_histogram *histogram) {
  uint32_t counts[4][256];  // four tables, so neighbouring bytes do not wait on one counter
  memset(counts, 0, sizeof counts);
  uint64_t *symbols = histogram->lit_len_histogram;
  counts[0][in[0]]++;
  size_t at = 1;
  while (at + RUN_WORD <= size) {
    if (run_starts(in, at)) {
      size_t left = run_length(in, at, size);
      at += left;
      for (size_t match; left >= 3; left -= match) {
        match = next_match(left);
        symbols[length_symbol(match)]++;
        histogram->dist_histogram[0]++;
      }
      counts[0][in[at - 1]] += (uint32_t)left;
      continue;
    }
    const uint8_t *p = in + at;
    counts[0][p[0]]++, counts[1][p[1]]++, counts[2][p[2]]++, counts[3][p[3]]++;
    counts[0][p[4]]++, counts[1][p[5]]++, counts[2][p[6]]++, counts[3][p[7]]++;
    at += RUN_WORD;
  }
  for (; at < size; at++) counts[0][in[at]]++;
  for (int s = 0; s < 256; s++) symbols[s] += counts[0][s] + counts[1][s] + counts[2][s] + counts[3][s];
  symbols[256] = 1;  // the end of the block
}

// Bits written least significant first, 8 bytes at a time.
typedef struct {
  uint64_t bits;
  int count;  // at most 63 between flushes
  uint8_t *out;
} bit_writer;

static inline void put_bits(bit_writer *w, uint64_t code, int length) {
  w->bits |= code << w->count;
  w->count += length;
}

// Writes the whole bytes out (8 bytes stored, so `out` needs 8 bytes of room).
static inline void flush_bits(bit_writer *w) {
  memcpy(w->out, &w->bits, 8);
  int whole = w->count & ~7;
  w->out += whole >> 3;
  w->bits = whole == 64 ? 0 : w->bits >> whole;
  w->count &= 7;
}

// A literal's (or the end of block's) code: `literals` holds the code in the low 16 bits and
// its length above, from ISA-L's two tables.
static inline void put_literal(bit_writer *w, const uint32_t *literals, unsigned symbol) {
  put_bits(w, literals[symbol] & 0xffff, (int)(literals[symbol] >> 16));
}

// Writes the block's header; BFINAL is the header's first bit.
static void put_header(bit_writer *w, const struct isal_hufftables *code, int last) {
  for (uint32_t i = 0; i < code->deflate_hdr_count; i++) {
    uint8_t byte = code->deflate_hdr[i];
    if (i == 0) byte = (uint8_t)((byte & ~1) | (last ? 1 : 0));
    put_bits(w, byte, 8);
    flush_bits(w);
  }
  if (code->deflate_hdr_extra_bits > 0) {
    uint32_t extra = code->deflate_hdr_extra_bits;
    put_bits(w, code->deflate_hdr[code->deflate_hdr_count] & ((1u << extra) - 1), (int)extra);
    flush_bits(w);
  }
}

// Ends the block on a byte boundary: after the last one, padding; before the others, an empty
// stored block as a full flush writes, so the next band's block starts on a byte.
static void put_end(bit_writer *w, const uint32_t *literals, int last) {
  put_literal(w, literals, 256);
  if (!last) put_bits(w, 0, 3);  // BFINAL 0, BTYPE 00
  flush_bits(w);
  if (w->count > 0) put_bits(w, 0, 8 - w->count);
  flush_bits(w);
  if (!last) {
    put_bits(w, 0xffff0000u, 32);  // LEN 0, NLEN 0xffff
    flush_bits(w);
  }
}

size_t cimageio_deflate_runs(const uint8_t *in, size_t size, int last, uint8_t *out, size_t capacity) {
  if (size == 0 || capacity < ISAL_DEF_MAX_HDR_SIZE + 64) return 0;
  struct isal_huff_histogram histogram;
  memset(&histogram, 0, sizeof histogram);
  count_symbols(in, size, &histogram);
  struct isal_hufftables code;
  if (isal_create_hufftables(&code, &histogram) != 0) return 0;
  uint32_t literals[257];
  for (int s = 0; s < 257; s++) literals[s] = code.lit_table[s] | (uint32_t)code.lit_table_sizes[s] << 16;
  uint32_t distance_one = code.dist_table[0];  // bits 4:0 the length, the rest the code

  // Each step below writes at most 8 literals of 15 bits, or one match of 35 bits, before
  // the room is checked again; the end writes at most 13 bytes more.
  const uint8_t *limit = out + capacity - 48;
  bit_writer w = {0, 0, out};
  put_header(&w, &code, last);
  put_literal(&w, literals, in[0]);
  size_t at = 1;
  while (at + RUN_WORD <= size) {
    if (w.out > limit) return 0;
    if (run_starts(in, at)) {
      size_t left = run_length(in, at, size);
      at += left;
      for (size_t match; left >= 3; left -= match) {
        match = next_match(left);
        uint32_t length = code.len_table[match - 3];  // bits 4:0 the length, the rest the code
        put_bits(&w, length >> 5, (int)(length & 31));
        put_bits(&w, distance_one >> 5, (int)(distance_one & 31));
        flush_bits(&w);
        if (w.out > limit) return 0;
      }
      for (; left > 0; left--) put_literal(&w, literals, in[at - 1]);
      flush_bits(&w);
      continue;
    }
    // Three literals of at most 15 bits fit with the 7 bits a flush may leave.
    const uint8_t *p = in + at;
    put_literal(&w, literals, p[0]), put_literal(&w, literals, p[1]), put_literal(&w, literals, p[2]);
    flush_bits(&w);
    put_literal(&w, literals, p[3]), put_literal(&w, literals, p[4]), put_literal(&w, literals, p[5]);
    flush_bits(&w);
    put_literal(&w, literals, p[6]), put_literal(&w, literals, p[7]);
    flush_bits(&w);
    at += RUN_WORD;
  }
  for (; at < size; at++) {
    put_literal(&w, literals, in[at]);
    flush_bits(&w);
  }
  if (w.out > limit) return 0;
  put_end(&w, literals, last);
  return (size_t)(w.out - out);
}
