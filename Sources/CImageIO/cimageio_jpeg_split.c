// A progressive JPEG decoded by two decoders at once, each entropy-decoding part of its scans.
//
// A region render decodes a JPEG twice on two cores: the previews' region at full scale and
// the whole at 1/4 for the crop map. For a progressive file each decoder used to entropy-decode
// every scan (most of the time), the same work twice. A progressive file's scans form
// independent chains: a refinement scan adds bits to the coefficients that an earlier scan of
// the same component and band began, and touches no other. So one decoder takes the AC scans
// of the first component (luma) and the other every other scan (the DC scans and the other
// components' AC); both write into one set of coefficient arrays, meet when their scans are
// done, and then each makes its own output from the whole, with block smoothing off, which a
// complete file never uses. The output is a full decode's, byte for byte.
//
// A file is split only when every scan could be checked here and its progression is
// complete: a progression libjpeg would warn about or one that leaves coefficients unfinished
// (libjpeg then smooths those blocks), a truncated or malformed stream, a DNL marker or too
// many scans leave it to the ordinary decode, which reports or smooths them as it always has.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "jpeg_split.h"

#define MAX_COMPONENTS 4
#define MAX_ARRAYS 10

struct cimageio_jpeg_split {
  uint8_t *streams[2];
  size_t sizes[2];
  pthread_mutex_t lock;
  pthread_cond_t met;
  int arrived[2];
  int failed;
  cimageio_error failure;
  uint16_t tables[2][MAX_COMPONENTS][64];
  int latched[2][MAX_COMPONENTS];
  void *mappings[MAX_ARRAYS];
  size_t mapping_sizes[MAX_ARRAYS];
  void *starts[MAX_ARRAYS];
  size_t bytes[MAX_ARRAYS];
};

static const size_t huge_page = (size_t)2 << 20;

static void append(cimageio_jpeg_split *split, int part, const uint8_t *from, size_t count) {
  memcpy(split->streams[part] + split->sizes[part], from, count);
  split->sizes[part] += count;
}

// Follows libjpeg's progression checks (jdphuff.c, start_pass_phuff_decoder): 0 where it
// would stop or warn.
static int progression_ok(int bits[MAX_COMPONENTS][64], const int *scan_components, int count, int ss,
                          int se, int ah, int al) {
  int dc = ss == 0;
  if (dc ? se != 0 : (ss > se || se > 63 || count != 1)) return 0;
  if ((ah != 0 && al != ah - 1) || al > 13) return 0;
  for (int c = 0; c < count; c++) {
    int *coefficients = bits[scan_components[c]];
    if (!dc && coefficients[0] < 0) return 0;
    for (int k = ss; k <= se; k++) {
      int expected = coefficients[k] < 0 ? 0 : coefficients[k];
      if (ah != expected) return 0;
      coefficients[k] = al;
    }
  }
  return 1;
}

cimageio_jpeg_split *cimageio_jpeg_split_make(const uint8_t *data, size_t size, uint32_t max_scans) {
  if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) return NULL;
  cimageio_jpeg_split *split = calloc(1, sizeof *split);
  if (split == NULL) return NULL;
  pthread_mutex_init(&split->lock, NULL);
  pthread_cond_init(&split->met, NULL);
  for (int part = 0; part < 2; part++) {
    split->streams[part] = malloc(size);
    if (split->streams[part] == NULL) goto refuse;
  }
  append(split, 0, data, 2);
  append(split, 1, data, 2);
  int ids[MAX_COMPONENTS];
  int components = 0;
  int bits[MAX_COMPONENTS][64];
  memset(bits, 0xFF, sizeof bits);  // -1: not yet seen
  uint32_t scans[2] = {0, 0};
  int ended = 0;
  size_t at = 2;
  while (at + 1 < size && !ended) {
    if (data[at] != 0xFF) goto refuse;
    while (at + 1 < size && data[at + 1] == 0xFF) at++;  // fill bytes before a marker
    if (at + 1 >= size) goto refuse;
    int marker = data[at + 1];
    if (marker == 0xD9) {
      ended = 1;
      break;
    }
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8) || at + 4 > size) goto refuse;
    size_t length = (size_t)data[at + 2] << 8 | data[at + 3];
    if (length < 2 || at + 2 + length > size) goto refuse;
    const uint8_t *segment = data + at + 4;
    if (marker == 0xC2) {  // the progressive frame: its component ids
      if (components != 0 || length < 8) goto refuse;
      components = segment[5];
      if (components < 1 || components > MAX_COMPONENTS || length != 8 + 3 * (size_t)components) goto refuse;
      for (int c = 0; c < components; c++) ids[c] = segment[6 + 3 * c];
    } else if ((marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) ||
               marker == 0xDC) {
      goto refuse;  // another kind of frame, or DNL
    }
    if (marker != 0xDA) {
      append(split, 0, data + at, 2 + length);
      append(split, 1, data + at, 2 + length);
      at += 2 + length;
      continue;
    }
    // A scan: its header, then entropy-coded data up to the next marker that is not a
    // restart (RSTn) or a stuffed zero.
    if (components == 0 || length < 6) goto refuse;
    int count = segment[0];
    if (count < 1 || count > components || length != 6 + 2 * (size_t)count) goto refuse;
    int scan_components[MAX_COMPONENTS];
    for (int s = 0; s < count; s++) {
      int index = -1;
      for (int c = 0; c < components; c++)
        if (ids[c] == segment[1 + 2 * s]) index = c;
      if (index < 0) goto refuse;
      scan_components[s] = index;
    }
    int ss = segment[1 + 2 * count], se = segment[2 + 2 * count];
    int ah = segment[3 + 2 * count] >> 4, al = segment[3 + 2 * count] & 15;
    if (!progression_ok(bits, scan_components, count, ss, se, ah, al)) goto refuse;
    size_t end = at + 2 + length;
    while (end + 1 < size && !(data[end] == 0xFF && data[end + 1] != 0 && (data[end + 1] < 0xD0 || data[end + 1] > 0xD7)))
      end++;
    if (end + 1 >= size) goto refuse;  // the data runs to the end: truncated
    int part = count == 1 && scan_components[0] == 0 && ss > 0;
    append(split, part, data + at, end - at);
    scans[part]++;
    if (scans[0] + scans[1] > max_scans && max_scans > 0) goto refuse;
    at = end;
  }
  if (!ended || scans[0] == 0 || scans[1] == 0) goto refuse;
  // Every coefficient of every component complete: otherwise libjpeg smooths the blocks of
  // the missing ones at output, which the parts, blind to each other's scans, cannot.
  for (int c = 0; c < components; c++)
    for (int k = 0; k < 64; k++)
      if (bits[c][k] != 0) goto refuse;
  append(split, 0, data + at, 2);  // the EOI
  append(split, 1, data + at, 2);
  return split;
refuse:
  cimageio_jpeg_split_free(split);
  return NULL;
}

const uint8_t *cimageio_jpeg_split_stream(const cimageio_jpeg_split *split, int part, size_t *size) {
  *size = split->sizes[part];
  return split->streams[part];
}

int cimageio_jpeg_split_meet(cimageio_jpeg_split *split, int part, const cimageio_error *failure,
                             cimageio_error *err) {
  pthread_mutex_lock(&split->lock);
  if (!split->arrived[part]) {
    split->arrived[part] = 1;
    if (failure != NULL && !split->failed) {
      split->failed = 1;
      split->failure = *failure;
    }
    pthread_cond_broadcast(&split->met);
  }
  while (!split->failed && !(split->arrived[0] && split->arrived[1])) pthread_cond_wait(&split->met, &split->lock);
  int failed = split->failed;
  if (failed && err != NULL) *err = split->failure;
  pthread_mutex_unlock(&split->lock);
  return !failed;
}

void cimageio_jpeg_split_abandon(cimageio_jpeg_split *split, int part) {
  cimageio_error stopped;
  memset(&stopped, 0, sizeof stopped);
  stopped.status = CIMAGEIO_CORRUPT;
  snprintf(stopped.message, sizeof stopped.message, "the other half of the JPEG decode stopped");
  pthread_mutex_lock(&split->lock);
  int arrived = split->arrived[part];
  pthread_mutex_unlock(&split->lock);
  if (!arrived) cimageio_jpeg_split_meet(split, part, &stopped, NULL);
}

void cimageio_jpeg_split_share_table(cimageio_jpeg_split *split, int part, int component,
                                     const uint16_t values[64]) {
  if (component < 0 || component >= MAX_COMPONENTS) return;
  memcpy(split->tables[part][component], values, sizeof split->tables[part][component]);
  split->latched[part][component] = 1;
}

int cimageio_jpeg_split_other_table(cimageio_jpeg_split *split, int part, int component, uint16_t values[64]) {
  if (component < 0 || component >= MAX_COMPONENTS || !split->latched[1 - part][component]) return 0;
  memcpy(values, split->tables[1 - part][component], sizeof split->tables[1 - part][component]);
  return 1;
}

void *cimageio_jpeg_split_array(cimageio_jpeg_split *split, int index, size_t bytes) {
  if (index < 0 || index >= MAX_ARRAYS) return NULL;
  pthread_mutex_lock(&split->lock);
  void *start = NULL;
  if (split->starts[index] != NULL) {
    start = split->bytes[index] == bytes ? split->starts[index] : NULL;
  } else {
    size_t slack = bytes >= huge_page ? huge_page : 0;
    void *mapping = mmap(NULL, bytes + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping != MAP_FAILED) {
      uintptr_t aligned = (uintptr_t)mapping;
      if (slack > 0) {
        aligned = (aligned + huge_page - 1) & ~(uintptr_t)(huge_page - 1);
#ifdef MADV_HUGEPAGE
        (void)madvise((void *)aligned, bytes, MADV_HUGEPAGE);  // only advice: fine if refused
#endif
      }
      split->mappings[index] = mapping;
      split->mapping_sizes[index] = bytes + slack;
      split->starts[index] = (void *)aligned;
      split->bytes[index] = bytes;
      start = (void *)aligned;
    }
  }
  pthread_mutex_unlock(&split->lock);
  return start;
}

void cimageio_jpeg_split_free(cimageio_jpeg_split *split) {
  if (split == NULL) return;
  for (int index = 0; index < MAX_ARRAYS; index++)
    if (split->mappings[index] != NULL) munmap(split->mappings[index], split->mapping_sizes[index]);
  for (int part = 0; part < 2; part++) free(split->streams[part]);
  pthread_mutex_destroy(&split->lock);
  pthread_cond_destroy(&split->met);
  free(split);
}
