// Debian's libqrencode (libqrencode-dev): the QR code encoder behind `peach serve --lan`.
#include <qrencode.h>
