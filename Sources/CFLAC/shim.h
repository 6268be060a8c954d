// Debian's libFLAC (libflac-dev): the SoundFont target encodes each prepared zone's sound as a
// FLAC file in memory (FLACFile.swift); SoundFontTests decode those files back with the stream
// decoder to check that the round trip is lossless.
#include <FLAC/stream_encoder.h>
#include <FLAC/stream_decoder.h>
