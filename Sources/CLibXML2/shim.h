#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, whose headers clash with the copy of
   ICU inside Foundation. dlib uses no encoding handler internals (it only
   passes pointers to them around), so it is safe to hide ICU here. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
