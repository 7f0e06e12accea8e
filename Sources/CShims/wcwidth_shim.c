/* glibc declares wcwidth only under _XOPEN_SOURCE, and it must come before
   any system header. */
#define _XOPEN_SOURCE 700
#include <locale.h>
#include <pthread.h>
#include <wchar.h>
#include "CShims.h"

static locale_t utf8_locale = (locale_t)0;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

static void load_utf8_locale(void) {
    /* A private locale object, so the process's own locale is left alone. */
    utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

int dlib_wcwidth(uint32_t scalar) {
    pthread_once(&utf8_once, load_utf8_locale);
    if (utf8_locale == (locale_t)0) {
        return -2; /* no UTF-8 locale: the caller falls back to its own table */
    }
    locale_t previous = uselocale(utf8_locale);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}
