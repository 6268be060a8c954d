#!/usr/bin/env bash
# Builds peach-core.wasm: PeachCore + PeachViews + the export layer (Sources/PeachWasm) as
# Embedded Swift for wasm32, linked with wasi-libc (malloc, memcpy, libm) into a module that
# imports nothing. Writes only into the build folder: .build/wasm/peach-core.wasm, which
# `peach serve` reads from there (`PeachClient.builtCore`) and serves beside the client under a
# content-hash address, and the test build .build/wasm/peach-core-check.wasm: the same with the
# differential trace (Tests/PeachTrace) and its export, for the tests only. Needs the Debian
# packages wasi-libc and binaryen (scripts/install-deps.sh).
#   scripts/build-wasm.sh           — build (skipped when no source changed)
set -euo pipefail
cd "$(dirname "$0")/.."

toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")"
out=.build/wasm
mkdir -p "$out"

sources=(Sources/PeachCore Sources/PeachViews Sources/PeachWasm Tests/PeachTrace scripts/build-wasm.sh)
if [ -f "$out/peach-core.wasm" ] && [ -f "$out/peach-core-check.wasm" ] &&
  [ -z "$(find "${sources[@]}" -newer "$out/peach-core.wasm" -print -quit)" ]; then
  exit 0
fi

# Every device downloads the module, so it is built for size (docs/benchmarks.md has the
# figures): -Osize; much less inlining than -Osize does by default (a caller-benefit factor of
# 64 instead of 2: a quarter smaller); LLVM bitcode objects, optimised together when linked
# (-lto=llvm-full: the three modules' copies of the same generic code become one).
# -disable-stack-protector: there is no __stack_chk_guard to import. Extern: Math.swift declares
# libm's functions with @_extern(c).
flags=(-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded
  -enable-experimental-feature Extern -wmo -Osize -parse-as-library -Xfrontend -disable-stack-protector
  -Xfrontend -sil-inline-caller-benefit-reduction-factor -Xfrontend 64 -lto=llvm-full -I "$out")
module() { # name, then its sources
  local name=$1; shift
  swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$out/$name.swiftmodule" \
    -c "$@" -o "$out/$name.o"
}
module PeachCore $(find Sources/PeachCore -name '*.swift' | sort)
module PeachViews $(find Sources/PeachViews -name '*.swift' | sort)
module PeachWasm $(find Sources/PeachWasm -name '*.swift' | sort)
module PeachTrace $(find Tests/PeachTrace -name '*.swift' | sort)
"$toolchain/bin/clang" --target=wasm32 -O2 -c Sources/PeachWasm/Support/support.c -o "$out/support.o"

# Linked without the standard library's Unicode tables (libswiftUnicodeDataTables.a): a `==`,
# hash or `Character` walk over strings in the core needs them and then fails to link here
# (undefined symbol _swift_stdlib_getNormData or similar) — compare bytes instead
# (docs/design.md, "Targets").
link() { # output, then the objects beyond the core's
  local output=$1; shift
  "$toolchain/bin/lld" -flavor wasm --no-entry --gc-sections --strip-all --lto-O2 \
    "$out/PeachCore.o" "$out/PeachViews.o" "$out/PeachWasm.o" "$out/support.o" "$@" \
    /usr/lib/wasm32-wasi/libc.a /usr/lib/wasm32-wasi/libm.a -o "$out/linked.wasm"
  # Binaryen's size optimiser takes another fifth off what LLVM left.
  wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int \
    "$out/linked.wasm" -o "$output"
}
# The trace (test support, never shipped) writes its text with String's own operations.
link "$out/peach-core-check.wasm" "$out/PeachTrace.o" \
  "$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"
link "$out/peach-core.wasm"
