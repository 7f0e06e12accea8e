#include "CImages.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>
#include <webp/decode.h>
#include <webp/demux.h>

static int too_large(long width, long height, int max_side, long max_pixels) {
    return width <= 0 || height <= 0 || width > max_side || height > max_side || width * height > max_pixels;
}

void dlib_image_free(uint8_t *pixels) {
    free(pixels);
}

/* ---- JPEG: libjpeg reports errors by calling error_exit, which must not
   return; it jumps back here. Warnings (a truncated file is one) are
   silenced: libjpeg would print them to stderr, over the table. */

struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
};

static void jpeg_fail(j_common_ptr info) {
    struct jpeg_failure *failure = (struct jpeg_failure *)info->err;
    longjmp(failure->jump, 1);
}

static void jpeg_quiet(j_common_ptr info) {
    (void)info;
}

/* A progressive JPEG of thousands of tiny scans is a CPU bomb in a few
   kilobytes: past this many scans the decode is given up (libjpeg-turbo's
   own tools use the same limit). */
#define DLIB_JPEG_MAX_SCANS 500

static void jpeg_count_scans(j_common_ptr common) {
    if (common->is_decompressor) {
        j_decompress_ptr info = (j_decompress_ptr)common;
        if (info->input_scan_number > DLIB_JPEG_MAX_SCANS) jpeg_fail(common);
    }
}

int dlib_decode_jpeg(const uint8_t *data, size_t size, int max_side, long max_pixels, int min_side,
                     uint8_t **pixels, int *width, int *height) {
    struct jpeg_decompress_struct info;
    struct jpeg_failure failure;
    uint8_t *volatile out = NULL;
    JSAMPROW volatile row = NULL;
    volatile int status = DLIB_IMAGE_CORRUPT;

    *pixels = NULL;
    if (size < 4 || size > (size_t)0x7fffffff) return DLIB_IMAGE_CORRUPT;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.output_message = jpeg_quiet;
    if (setjmp(failure.jump)) {
        jpeg_destroy_decompress(&info);
        free(out);
        free(row);
        return status;
    }
    jpeg_create_decompress(&info);
    struct jpeg_progress_mgr progress = {.progress_monitor = jpeg_count_scans};
    info.progress = &progress;
    info.mem->max_memory_to_use = 256L << 20;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (too_large(info.image_width, info.image_height, max_side, max_pixels)) {
        jpeg_destroy_decompress(&info);
        return DLIB_IMAGE_TOO_LARGE;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    /* DCT scaling: decode at 1/8, 1/4 or 1/2 while the short side stays
       at least min_side. */
    unsigned int shorter = info.image_width < info.image_height ? info.image_width : info.image_height;
    unsigned int denominator = 1;
    while (denominator < 8 && min_side > 0 && shorter / (denominator * 2) >= (unsigned int)min_side) denominator *= 2;
    info.scale_num = 1;
    info.scale_denom = denominator;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);
    size_t w = info.output_width, h = info.output_height;
    if (info.output_components != 4 || w == 0 || h == 0) longjmp(failure.jump, 1);
    status = DLIB_IMAGE_NO_MEMORY;
    out = malloc(w * h * 4);
    row = malloc(w * 4);
    if (!out || !row) longjmp(failure.jump, 1);
    status = DLIB_IMAGE_CORRUPT;
    while (info.output_scanline < h) {
        JSAMPROW rows[1] = {row};
        size_t y = info.output_scanline;
        if (jpeg_read_scanlines(&info, rows, 1) != 1) longjmp(failure.jump, 1);
        uint8_t *target = out + y * w * 4;
        if (!cmyk) {
            memcpy(target, row, w * 4);
            continue;
        }
        /* Adobe writes CMYK inverted (as nearly every CMYK JPEG is): then
           each channel is already "how much is left", and R = C * K / 255. */
        for (size_t x = 0; x < w; x++) {
            unsigned c = row[x * 4], m = row[x * 4 + 1], yy = row[x * 4 + 2], k = row[x * 4 + 3];
            if (!info.saw_Adobe_marker) {
                c = 255 - c; m = 255 - m; yy = 255 - yy; k = 255 - k;
            }
            target[x * 4] = (uint8_t)(c * k / 255);
            target[x * 4 + 1] = (uint8_t)(m * k / 255);
            target[x * 4 + 2] = (uint8_t)(yy * k / 255);
            target[x * 4 + 3] = 255;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    *pixels = out;
    *width = (int)w;
    *height = (int)h;
    return DLIB_IMAGE_OK;
}

/* ---- PNG: libpng's simplified API converts every kind (palette, grey,
   16-bit, interlaced) to RGBA8 and keeps its errors in the struct. */

int dlib_decode_png(const uint8_t *data, size_t size, int max_side, long max_pixels,
                    uint8_t **pixels, int *width, int *height) {
    png_image image;
    *pixels = NULL;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) return DLIB_IMAGE_CORRUPT;
    if (too_large(image.width, image.height, max_side, max_pixels)) {
        png_image_free(&image);
        return DLIB_IMAGE_TOO_LARGE;
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *out = malloc(PNG_IMAGE_SIZE(image));
    if (!out) {
        png_image_free(&image);
        return DLIB_IMAGE_NO_MEMORY;
    }
    if (!png_image_finish_read(&image, NULL, out, 0, NULL)) {
        png_image_free(&image);
        free(out);
        return DLIB_IMAGE_CORRUPT;
    }
    *pixels = out;
    *width = (int)image.width;
    *height = (int)image.height;
    png_image_free(&image);
    return DLIB_IMAGE_OK;
}

/* ---- WebP: a still image decodes directly; an animated one through the
   demuxer, which hands out the first frame's own bitstream. */

static int decode_webp_still(const uint8_t *data, size_t size, int max_side, long max_pixels,
                             uint8_t **pixels, int *width, int *height) {
    int w = 0, h = 0;
    if (!WebPGetInfo(data, size, &w, &h)) return DLIB_IMAGE_CORRUPT;
    if (too_large(w, h, max_side, max_pixels)) return DLIB_IMAGE_TOO_LARGE;
    size_t stride = (size_t)w * 4;
    uint8_t *out = malloc(stride * (size_t)h);
    if (!out) return DLIB_IMAGE_NO_MEMORY;
    if (!WebPDecodeRGBAInto(data, size, out, stride * (size_t)h, (int)stride)) {
        free(out);
        return DLIB_IMAGE_CORRUPT;
    }
    *pixels = out;
    *width = w;
    *height = h;
    return DLIB_IMAGE_OK;
}

int dlib_decode_webp(const uint8_t *data, size_t size, int max_side, long max_pixels,
                     uint8_t **pixels, int *width, int *height) {
    WebPBitstreamFeatures features;
    *pixels = NULL;
    if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) return DLIB_IMAGE_CORRUPT;
    if (too_large(features.width, features.height, max_side, max_pixels)) return DLIB_IMAGE_TOO_LARGE;
    if (!features.has_animation) return decode_webp_still(data, size, max_side, max_pixels, pixels, width, height);
    WebPData whole = {data, size};
    WebPDemuxer *demuxer = WebPDemux(&whole);
    if (!demuxer) return DLIB_IMAGE_CORRUPT;
    WebPIterator frame;
    int status = DLIB_IMAGE_CORRUPT;
    if (WebPDemuxGetFrame(demuxer, 1, &frame)) {
        status = decode_webp_still(frame.fragment.bytes, frame.fragment.size, max_side, max_pixels, pixels, width, height);
        WebPDemuxReleaseIterator(&frame);
    }
    WebPDemuxDelete(demuxer);
    return status;
}
