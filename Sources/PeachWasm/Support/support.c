// What the Embedded Swift runtime needs from the platform and wasi-libc does not give without
// WASI imports, for peach-core.wasm (scripts/build-wasm.sh). Freestanding: the module imports
// nothing, so it loads the same in node and in every browser.
#include <stddef.h>
#include <stdint.h>

// Swift seeds its hash functions from here. A constant seed makes Set and Dictionary order
// reproducible, which the core does not rely on (it sorts where order matters) but which keeps
// the module free of a random source it has no use for: the core's randomness is passed in.
void arc4random_buf(void *buffer, size_t count) {
    uint8_t *bytes = buffer;
    for (size_t index = 0; index < count; index++) bytes[index] = (uint8_t)(index * 151 + 17);
}

// compiler-rt's 128-bit multiplication (Swift's full-width multiply, used by random numbers in
// a range), written with 64-bit products so that it does not call itself.
typedef unsigned long long u64;
typedef unsigned __int128 u128;

static u128 multiply64(u64 a, u64 b) {
    u64 a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    u64 middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    u64 low = (p00 & 0xffffffffu) | (middle << 32);
    u64 high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
    return ((u128)high << 64) | low;
}

__int128 __multi3(__int128 a, __int128 b) {
    u64 aLow = (u64)a, aHigh = (u64)((u128)a >> 64), bLow = (u64)b, bHigh = (u64)((u128)b >> 64);
    u128 low = multiply64(aLow, bLow);
    u64 high = (u64)(low >> 64) + aLow * bHigh + aHigh * bLow;
    return (__int128)(((u128)high << 64) | (u64)low);
}

// The Embedded runtime prints a fatal error's message character by character before trapping.
// There is no console to print to; without this, wasi-libc's stdout would make the module
// import WASI file functions.
int putchar(int character) { return character; }
