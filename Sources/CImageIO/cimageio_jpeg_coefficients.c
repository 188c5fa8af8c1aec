// Whole-image coefficient buffers for libjpeg, in mappings of their own with huge-page advice.
//
// A progressive JPEG is entropy-decoded into one coefficient buffer per component before the
// first row comes out: 88 MB for a 4:4:4 5K image. Allocated by libjpeg's own memory manager
// they are faulted in 4 KiB at a time, and the faults cost about a sixth of the decode.
// libjpeg's memory manager is an object of methods (jpeglib.h, struct jpeg_memory_mgr); this
// replaces those for virtual block arrays, wraps the two that free pools so the mappings go
// with the image pool, and keeps libjpeg's own for everything else. A
// fresh mapping is already zero, which is what libjpeg's pre-zeroing asks for; without
// transparent huge pages the advice does nothing and the mappings behave as malloc's would.
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include <jpeglib.h>
#include <jerror.h>

#include "jpeg_coefficients.h"
#include "jpeg_split.h"

struct cimageio_coefficient_array {
  JDIMENSION blocks_per_row;
  JDIMENSION rows;
  JDIMENSION max_access;
  JBLOCKARRAY row_pointers;  // NULL until realized
  int index;                 // in the order requested
  void *mapping;             // NULL when the split owns it
  size_t mapping_size;
  cimageio_coefficient_array *next;
};

static const size_t huge_page = (size_t)2 << 20;

static cimageio_coefficient_store *store_of(j_common_ptr cinfo) {
  return (cimageio_coefficient_store *)cinfo->client_data;
}

static jvirt_barray_ptr request_array(j_common_ptr cinfo, int pool_id, boolean pre_zero,
                                      JDIMENSION blocks_per_row, JDIMENSION rows,
                                      JDIMENSION max_access) {
  (void)pre_zero;  // every mapping starts zeroed
  if (pool_id != JPOOL_IMAGE) ERREXIT1(cinfo, JERR_BAD_POOL_ID, pool_id);
  cimageio_coefficient_store *store = store_of(cinfo);
  cimageio_coefficient_array *array =
      store->library.alloc_small(cinfo, JPOOL_IMAGE, sizeof *array);
  memset(array, 0, sizeof *array);
  array->blocks_per_row = blocks_per_row;
  array->rows = rows;
  array->max_access = max_access;
  array->index = store->requested++;
  array->next = store->arrays;
  store->arrays = array;
  return (jvirt_barray_ptr)array;
}

// Maps one array, its start on a huge-page boundary when it spans one or more.
static void map_array(j_common_ptr cinfo, cimageio_coefficient_array *array) {
  size_t row_bytes = (size_t)array->blocks_per_row * sizeof(JBLOCK);
  size_t rows = array->rows > 0 ? array->rows : 1;
  if (row_bytes > (SIZE_MAX - huge_page) / rows) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 11);
  size_t bytes = row_bytes * rows > 0 ? row_bytes * rows : 1;
  uintptr_t start;
  size_t slack = bytes >= huge_page ? huge_page : 0;
  cimageio_jpeg_split *split = store_of(cinfo)->split;
  if (split != NULL) {  // both parts' decoders write into the one array
    void *shared = cimageio_jpeg_split_array(split, array->index, bytes);
    if (shared == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 11);
    start = (uintptr_t)shared;
    slack = 0;
  } else {
    void *mapping = mmap(NULL, bytes + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping == MAP_FAILED) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 11);
    array->mapping = mapping;
    array->mapping_size = bytes + slack;
    start = (uintptr_t)mapping;
  }
  if (slack > 0) {
    start = (start + huge_page - 1) & ~(uintptr_t)(huge_page - 1);
#ifdef MADV_HUGEPAGE
    (void)madvise((void *)start, bytes, MADV_HUGEPAGE);  // only advice: fine if refused
#endif
  }
  JBLOCKARRAY row_pointers =
      store_of(cinfo)->library.alloc_small(cinfo, JPOOL_IMAGE, rows * sizeof(JBLOCKROW));
  for (JDIMENSION row = 0; row < array->rows; row++)
    row_pointers[row] = (JBLOCKROW)(start + (uintptr_t)row * row_bytes);
  array->row_pointers = row_pointers;
}

static void realize_arrays(j_common_ptr cinfo) {
  cimageio_coefficient_store *store = store_of(cinfo);
  store->library.realize_virt_arrays(cinfo);  // libjpeg's sample arrays, if any
  for (cimageio_coefficient_array *array = store->arrays; array != NULL; array = array->next)
    if (array->row_pointers == NULL) map_array(cinfo, array);
}

static JBLOCKARRAY access_array(j_common_ptr cinfo, jvirt_barray_ptr pointer, JDIMENSION start_row,
                                JDIMENSION rows, boolean writable) {
  (void)writable;
  cimageio_coefficient_array *array = (cimageio_coefficient_array *)pointer;
  if (array->row_pointers == NULL || start_row > array->rows || rows > array->rows - start_row ||
      rows > array->max_access)
    ERREXIT(cinfo, JERR_BAD_VIRTUAL_ACCESS);
  return array->row_pointers + start_row;
}

static void unmap_arrays(cimageio_coefficient_store *store) {
  for (cimageio_coefficient_array *array = store->arrays; array != NULL; array = array->next)
    if (array->mapping != NULL) munmap(array->mapping, array->mapping_size);
  store->arrays = NULL;  // their records lived in the image pool, freed next
}

static void free_pool(j_common_ptr cinfo, int pool_id) {
  cimageio_coefficient_store *store = store_of(cinfo);
  if (pool_id == JPOOL_IMAGE) unmap_arrays(store);
  store->library.free_pool(cinfo, pool_id);
}

static void self_destruct(j_common_ptr cinfo) {
  cimageio_coefficient_store *store = store_of(cinfo);
  unmap_arrays(store);
  cinfo->client_data = NULL;
  store->library.self_destruct(cinfo);
}

void cimageio_use_coefficient_store(j_decompress_ptr cinfo, cimageio_coefficient_store *store) {
  memset(store, 0, sizeof *store);
  store->library = *cinfo->mem;
  cinfo->client_data = store;
  cinfo->mem->request_virt_barray = request_array;
  cinfo->mem->realize_virt_arrays = realize_arrays;
  cinfo->mem->access_virt_barray = access_array;
  cinfo->mem->free_pool = free_pool;
  cinfo->mem->self_destruct = self_destruct;
}
