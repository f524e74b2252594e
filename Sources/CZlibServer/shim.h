// zlib (Debian: zlib1g-dev), used as is: the packs document is gzipped once with it.
#include <zlib.h>
