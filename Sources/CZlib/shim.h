// zlib (zlib1g-dev): gzip for the browsers that do not take Brotli (Content-Encoding: gzip), and
// its decoder to check the kept compressed files.
#include <zlib.h>
