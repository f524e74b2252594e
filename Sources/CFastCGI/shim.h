// libfcgi's application API (Debian: libfcgi-dev), used as is.
#include <fcgiapp.h>
