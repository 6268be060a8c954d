// Debian's Brotli (libbrotli-dev): the server compresses the browser's files once at the best
// quality and its replies as it sends them (Content-Encoding: br); the decoder checks the kept
// compressed files before they are served.
#include <brotli/encode.h>
#include <brotli/decode.h>
