#include "CImageEncoders.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <jpeglib.h>
#include <png.h>
#include <webp/encode.h>
#include <webp/mux.h>

uint8_t *dlib_encode_png(const uint8_t *rgba, int width, int height, int sixteen, size_t *size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = sixteen ? PNG_FORMAT_LINEAR_RGB_ALPHA : PNG_FORMAT_RGBA;
    const void *source = rgba;
    uint16_t *wide = NULL;
    if (sixteen) {
        size_t count = (size_t)width * (size_t)height * 4;
        wide = malloc(count * sizeof *wide);
        if (!wide) return NULL;
        /* The linear format is what libpng writes 16-bit from: sRGB
           values are linearised first, so the picture reads back the same. */
        for (size_t i = 0; i < count; i++) {
            double value = rgba[i] / 255.0;
            wide[i] = (uint16_t)((i % 4 == 3 ? value : pow(value, 2.2)) * 65535.0 + 0.5);
        }
        source = wide;
    }
    png_alloc_size_t length = 0;
    uint8_t *out = NULL;
    if (png_image_write_to_memory(&image, NULL, &length, 0, source, 0, NULL) && length > 0) {
        out = malloc(length);
        if (out && !png_image_write_to_memory(&image, out, &length, 0, source, 0, NULL)) {
            free(out);
            out = NULL;
        }
    }
    free(wide);
    *size = length;
    return out;
}

uint8_t *dlib_encode_jpeg(const uint8_t *rgba, int width, int height, int quality, int cmyk, size_t *size) {
    struct jpeg_compress_struct info;
    struct jpeg_error_mgr errors;
    info.err = jpeg_std_error(&errors);
    jpeg_create_compress(&info);
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    jpeg_mem_dest(&info, &buffer, &length);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 4;
    info.in_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_set_defaults(&info);
    if (cmyk) jpeg_set_colorspace(&info, JCS_CMYK);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    unsigned char *row = malloc((size_t)width * 4);
    if (!row) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return NULL;
    }
    while (info.next_scanline < info.image_height) {
        const uint8_t *source = rgba + (size_t)info.next_scanline * (size_t)width * 4;
        memcpy(row, source, (size_t)width * 4);
        if (cmyk) {
            /* libjpeg writes an Adobe marker with CMYK, and Adobe's CMYK
               is stored inverted (255 = no ink): R, G, B as they are, no black. */
            for (int x = 0; x < width; x++) row[x * 4 + 3] = 255;
        }
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    free(row);
    *size = length;
    return buffer;
}

uint8_t *dlib_encode_webp(const uint8_t *rgba, int width, int height, int frames, size_t *size) {
    if (frames <= 1) {
        uint8_t *encoded = NULL;
        size_t length = WebPEncodeLosslessRGBA(rgba, width, height, width * 4, &encoded);
        if (length == 0) return NULL;
        uint8_t *out = malloc(length);
        if (out) memcpy(out, encoded, length);
        WebPFree(encoded);
        *size = length;
        return out;
    }
    WebPAnimEncoderOptions options;
    if (!WebPAnimEncoderOptionsInit(&options)) return NULL;
    WebPAnimEncoder *encoder = WebPAnimEncoderNew(width, height, &options);
    if (!encoder) return NULL;
    size_t count = (size_t)width * (size_t)height * 4;
    uint8_t *inverted = malloc(count);
    uint8_t *out = NULL;
    WebPData data;
    WebPDataInit(&data);
    if (inverted) {
        for (size_t i = 0; i < count; i++) inverted[i] = (i % 4 == 3) ? rgba[i] : (uint8_t)(255 - rgba[i]);
        int ok = 1;
        for (int frame = 0; frame < frames && ok; frame++) {
            WebPPicture picture;
            WebPConfig config;
            ok = WebPPictureInit(&picture) && WebPConfigInit(&config);
            if (!ok) break;
            config.lossless = 1;
            picture.use_argb = 1;
            picture.width = width;
            picture.height = height;
            ok = WebPPictureImportRGBA(&picture, frame == 0 ? rgba : inverted, width * 4) &&
                 WebPAnimEncoderAdd(encoder, &picture, frame * 100, &config);
            WebPPictureFree(&picture);
        }
        if (ok && WebPAnimEncoderAdd(encoder, NULL, frames * 100, NULL) && WebPAnimEncoderAssemble(encoder, &data)) {
            out = malloc(data.size);
            if (out) {
                memcpy(out, data.bytes, data.size);
                *size = data.size;
            }
        }
    }
    WebPDataClear(&data);
    free(inverted);
    WebPAnimEncoderDelete(encoder);
    return out;
}
