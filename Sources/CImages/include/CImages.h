#ifndef DLIB_CIMAGES_H
#define DLIB_CIMAGES_H

#include <stddef.h>
#include <stdint.h>

/* Decoding a cover: libjpeg's errors longjmp and libpng's simplified API
   and libwebp's demuxer want C structs set up just so, so the decoders live
   here and Swift sees plain functions over bytes. Every decoder reads the
   header first and refuses an image with a side over max_side, or more than
   max_pixels in all, before it allocates or decodes a single pixel. */
enum {
    DLIB_IMAGE_OK = 0,
    DLIB_IMAGE_CORRUPT = 1,
    DLIB_IMAGE_TOO_LARGE = 2,
    DLIB_IMAGE_NO_MEMORY = 3,
};

/* On DLIB_IMAGE_OK *pixels is malloc'd RGBA8, unassociated alpha, rows of
   *width * 4 bytes; free it with dlib_image_free. JPEG may be decoded
   scaled down (by 1/2, 1/4 or 1/8) when the result stays at least
   min_side on its shorter side: a cover is drawn small. */
int dlib_decode_jpeg(const uint8_t *data, size_t size, int max_side, long max_pixels, int min_side,
                     uint8_t **pixels, int *width, int *height);
int dlib_decode_png(const uint8_t *data, size_t size, int max_side, long max_pixels,
                    uint8_t **pixels, int *width, int *height);
/* An animated WebP gives its first frame. */
int dlib_decode_webp(const uint8_t *data, size_t size, int max_side, long max_pixels,
                     uint8_t **pixels, int *width, int *height);
void dlib_image_free(uint8_t *pixels);

/* Drawing with libchafa: RGBA8 pixels as cols x rows terminal cells in one
   of chafa's pixel modes, with everything that could vary pinned (dither
   off, RGB colour space, one work factor, no preprocessing, no
   optimisations, a fixed terminal description per mode), so the same
   pixels always give the same bytes. Returns malloc'd text (free with
   dlib_image_free) and its length, or NULL. */
enum {
    DLIB_DRAW_BLOCKS = 0,
    DLIB_DRAW_SIXEL = 1,
    DLIB_DRAW_KITTY = 2,
    DLIB_DRAW_ITERM = 3,
};
/* narrow_only: blocks drawn only with symbols that are one cell wide on
   every terminal (no East Asian Ambiguous ones such as ▀ ▄ █, which
   Korean terminals draw two cells wide): quadrants and spaces. */
char *dlib_chafa_draw(int mode, const uint8_t *rgba, int width, int height, int cols, int rows,
                      int cell_width, int cell_height, int narrow_only, size_t *length);

/* The libchafa dlib was built with, e.g. "1.12.4": drawings depend on it. */
const char *dlib_chafa_version(void);

#endif
