// libpng 1.6 (Debian: libpng-dev), used as is, through its simplified API only (png_image_*): it
// reports errors in the png_image struct, so no longjmp crosses a Swift frame.
#include <png.h>
