#include "CImages.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <chafa.h>

/* A terminal description per mode, from chafa's own database, so the
   escapes are the ones chafa would send to such a terminal; fixed
   environments keep them independent of the user's. */
static ChafaTermInfo *term_info_for(int mode) {
    static gchar *kitty[] = {"TERM=xterm-kitty", NULL};
    static gchar *iterm[] = {"TERM=xterm-256color", "TERM_PROGRAM=iTerm.app", "COLORTERM=truecolor", NULL};
    static gchar *sixel[] = {"TERM=mlterm", "COLORTERM=truecolor", NULL};
    static gchar *blocks[] = {"TERM=xterm-256color", "COLORTERM=truecolor", NULL};
    gchar **environment = blocks;
    switch (mode) {
    case DLIB_DRAW_KITTY: environment = kitty; break;
    case DLIB_DRAW_ITERM: environment = iterm; break;
    case DLIB_DRAW_SIXEL: environment = sixel; break;
    default: break;
    }
    return chafa_term_db_detect(chafa_term_db_get_default(), environment);
}

/* Covers are drawn as they arrive, from several tasks at once; chafa's
   lazily made globals (its terminal database, its symbol tables, the
   thread count) are not documented as safe to set up from two threads, so
   one cover is drawn at a time. Drawing is a fraction of a millisecond. */
static pthread_mutex_t drawing = PTHREAD_MUTEX_INITIALIZER;

static char *draw_locked(int mode, const uint8_t *rgba, int width, int height, int cols, int rows,
                         int cell_width, int cell_height, int narrow_only, size_t *length);

char *dlib_chafa_draw(int mode, const uint8_t *rgba, int width, int height, int cols, int rows,
                      int cell_width, int cell_height, int narrow_only, size_t *length) {
    if (!rgba || width <= 0 || height <= 0 || cols <= 0 || rows <= 0 || cell_width <= 0 || cell_height <= 0) return NULL;
    pthread_mutex_lock(&drawing);
    char *result = draw_locked(mode, rgba, width, height, cols, rows, cell_width, cell_height, narrow_only, length);
    pthread_mutex_unlock(&drawing);
    return result;
}

static char *draw_locked(int mode, const uint8_t *rgba, int width, int height, int cols, int rows,
                         int cell_width, int cell_height, int narrow_only, size_t *length) {
    ChafaPixelMode pixel_mode = CHAFA_PIXEL_MODE_SYMBOLS;
    switch (mode) {
    case DLIB_DRAW_KITTY: pixel_mode = CHAFA_PIXEL_MODE_KITTY; break;
    case DLIB_DRAW_ITERM: pixel_mode = CHAFA_PIXEL_MODE_ITERM2; break;
    case DLIB_DRAW_SIXEL: pixel_mode = CHAFA_PIXEL_MODE_SIXELS; break;
    default: break;
    }
    /* One thread: a cover is a few dozen cells, and chafa's worker
       threads cost more to start than they save (4x slower for blocks). */
    chafa_set_n_threads(1);
    ChafaSymbolMap *symbols = chafa_symbol_map_new();
    if (narrow_only) {
        /* The space and the single quadrants U+2596..U+259F, which Unicode
           gives width N; the half blocks and the full block are A. */
        chafa_symbol_map_add_by_range(symbols, 0x20, 0x20);
        chafa_symbol_map_add_by_range(symbols, 0x2596, 0x259F);
    } else {
        chafa_symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID | CHAFA_SYMBOL_TAG_HALF |
                                                  CHAFA_SYMBOL_TAG_QUAD);
    }
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR);
    chafa_canvas_config_set_pixel_mode(config, pixel_mode);
    chafa_canvas_config_set_geometry(config, cols, rows);
    chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
    chafa_canvas_config_set_color_space(config, CHAFA_COLOR_SPACE_RGB);
    chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_NONE);
    chafa_canvas_config_set_work_factor(config, 0.5f);
    chafa_canvas_config_set_preprocessing_enabled(config, FALSE);
    chafa_canvas_config_set_optimizations(config, CHAFA_OPTIMIZATION_NONE);
    chafa_canvas_config_set_symbol_map(config, symbols);
    ChafaCanvas *canvas = chafa_canvas_new(config);
    char *result = NULL;
    if (canvas) {
        ChafaTermInfo *info = term_info_for(mode);
        chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height, width * 4);
        GString *text = chafa_canvas_print(canvas, info);
        if (text) {
            result = malloc(text->len + 1);
            if (result) {
                memcpy(result, text->str, text->len + 1);
                *length = text->len;
            }
            g_string_free(text, TRUE);
        }
        chafa_term_info_unref(info);
        chafa_canvas_unref(canvas);
    }
    chafa_canvas_config_unref(config);
    chafa_symbol_map_unref(symbols);
    return result;
}

#define DLIB_STRING(x) #x
#define DLIB_VERSION(a, b, c) DLIB_STRING(a) "." DLIB_STRING(b) "." DLIB_STRING(c)

const char *dlib_chafa_version(void) {
    return DLIB_VERSION(CHAFA_MAJOR_VERSION, CHAFA_MINOR_VERSION, CHAFA_MICRO_VERSION);
}
