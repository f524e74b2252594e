// giflib 5 (Debian: libgif-dev), used as is: its decoder reads a GIF from memory, record by record.
#include <gif_lib.h>
