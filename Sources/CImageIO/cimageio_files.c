// File-system calls Swift's Glibc module leaves out (GNU extensions).
#define _GNU_SOURCE
#include <unistd.h>

#include "CImageIO.h"

int cimageio_sync_file_system(int descriptor) {
#ifdef __linux__
  return syncfs(descriptor);
#else
  return fsync(descriptor);
#endif
}
