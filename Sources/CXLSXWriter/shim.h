/* libxlsxwriter: xlsx workbooks for `dlib export --format xlsx`. None of
   the functions dlib calls is variadic, so no C wrapper is needed. */
#include <xlsxwriter.h>
