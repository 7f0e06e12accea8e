#ifndef DLIB_CIMAGE_ENCODERS_H
#define DLIB_CIMAGE_ENCODERS_H

#include <stddef.h>
#include <stdint.h>

/* The sample server's covers are drawn in code and encoded here, when the
   server starts, so the repository holds no image files. Each returns
   malloc'd bytes (free with free()) and their count, or NULL. */

/* 8-bit RGBA PNG, or 16 bits per channel when sixteen is non-zero (the
   16-bit kind a client must still draw). */
uint8_t *dlib_encode_png(const uint8_t *rgba, int width, int height, int sixteen, size_t *size);
/* Baseline JPEG from RGBA (alpha dropped), or a CMYK JPEG (as print
   workflows leave on the web) when cmyk is non-zero. */
uint8_t *dlib_encode_jpeg(const uint8_t *rgba, int width, int height, int quality, int cmyk, size_t *size);
/* Lossless WebP; with frames > 1 an animated WebP whose later frames are
   the first one inverted. */
uint8_t *dlib_encode_webp(const uint8_t *rgba, int width, int height, int frames, size_t *size);

#endif
