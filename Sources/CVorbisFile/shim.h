// Debian's libvorbisfile (libvorbis-dev): decodes the Ogg Vorbis samples of an SF3 SoundFont
// (MuseScore's variant of SoundFont 2), read by the SoundFont target.
// vorbisfile.h otherwise defines static stdio callbacks that SoundFont does not use: it reads
// each sample from memory through callbacks of its own.
#define OV_EXCLUDE_STATIC_CALLBACKS
#include <vorbis/vorbisfile.h>
