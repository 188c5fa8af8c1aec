// Colour fixtures for the tests, made with LittleCMS and libjpeg directly (not through
// artfit), so the tests compare artfit against the libraries' own results.
#ifndef CTESTCOLOUR_H
#define CTESTCOLOUR_H

#include <stddef.h>
#include <stdint.h>

/// A CMYK output profile (ICC v4, Lab PCS) whose tables follow the naive inversion through
/// sRGB; `*out` is malloc'd. Returns 0 on success.
int test_cmyk_profile(uint8_t **out, size_t *size);

/// An RGB profile from primaries and a white point (xy) with a pure gamma (0: the sRGB
/// curve), described as `name`; `*out` is malloc'd. Returns 0 on success.
int test_rgb_profile(const double primaries[6], const double white[2], double gamma, const char *name,
                     uint8_t **out, size_t *size);

/// A gray profile (D50 white) with a pure gamma, described as `name`; `*out` is malloc'd.
int test_gray_profile(double gamma, const char *name, uint8_t **out, size_t *size);

/// A baseline CMYK JPEG (libjpeg writes the Adobe marker, so samples are stored as given
/// and read as 0 = full ink), stored as YCCK when `ycck`, with `icc` embedded when not NULL;
/// `*out` is malloc'd.
int test_cmyk_jpeg(const uint8_t *cmyk, uint32_t width, uint32_t height, int quality, int ycck, const uint8_t *icc,
                   size_t icc_size, uint8_t **out, size_t *size);

/// The raw CMYK samples of a CMYK JPEG as libjpeg decodes them (width × height × 4 into `cmyk`).
int test_decode_cmyk_jpeg(const uint8_t *jpeg, size_t size, uint8_t *cmyk, size_t cmyk_size);

/// A gray or colour JPEG at 1/`scale_denom` as libjpeg decodes it with its own memory manager
/// (RGB or gray samples, output width × height × channels into `pixels`). Returns 0 on success.
int test_decode_jpeg(const uint8_t *jpeg, size_t size, int scale_denom, uint8_t *pixels, size_t pixels_size);

/// LittleCMS's own transform of `count` pixels: `from` (NULL: sRGB) to `to` (NULL: sRGB).
/// `cmyk_inverted` 1: input is CMYK with 0 = full ink; 0: input is RGB (8 or 16 bits by
/// `bytes`). Output is RGB at the same bytes per sample. Intent as ICC numbers it; black-point
/// compensation on. Returns 0 on success.
int test_transform(const uint8_t *from, size_t from_size, const uint8_t *to, size_t to_size, int cmyk_inverted,
                   int bytes, int intent, const void *in, void *out, size_t count);

void test_free(void *pointer);

#endif
