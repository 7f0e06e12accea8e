#include <libxml/xmlerror.h>
#include "CShims.h"

static void dlib_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

void dlib_libxml_silence_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, dlib_ignore_generic_error);
}
