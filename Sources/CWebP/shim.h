// libwebp and libwebpdemux (Debian: libwebp-dev), used as is: the container's frames (demux) and
// each frame's decoder.
#include <webp/decode.h>
#include <webp/demux.h>
