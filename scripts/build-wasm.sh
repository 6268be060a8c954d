#!/usr/bin/env bash
# Builds peach-core.wasm: PeachCore + PeachViews + the export layer (Sources/PeachWasm) as
# Embedded Swift for wasm32, linked with wasi-libc (malloc, memcpy, libm) into a module that
# imports nothing. Writes .build/wasm/peach-core.wasm and copies it into the server's assets
# (Sources/PeachWeb/Assets/peach-core.wasm, not in git), which `peach serve` serves under a
# content-hash address. Needs the Debian packages wasi-libc and binaryen (scripts/install-deps.sh).
#   scripts/build-wasm.sh           — build (skipped when no source changed)
set -euo pipefail
cd "$(dirname "$0")/.."

toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")"
out=.build/wasm
asset=Sources/PeachWeb/Assets/peach-core.wasm
mkdir -p "$out"

sources=(Sources/PeachCore Sources/PeachViews Sources/PeachWasm scripts/build-wasm.sh)
if [ -f "$out/peach-core.wasm" ] && [ -f "$asset" ] &&
  [ -z "$(find "${sources[@]}" -newer "$out/peach-core.wasm" -print -quit)" ]; then
  exit 0
fi

# Every device downloads the module, so it is built for size: -Osize, and less inlining than
# -Osize does by default (a caller-benefit factor of 16 instead of 2 made the module 24 % smaller
# and no slower that the benchmark shows; docs/benchmarks.md). -disable-stack-protector: there is
# no __stack_chk_guard to import. Extern: Math.swift declares libm's functions with @_extern(c).
flags=(-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded
  -enable-experimental-feature Extern -wmo -Osize -parse-as-library -Xfrontend -disable-stack-protector
  -Xfrontend -sil-inline-caller-benefit-reduction-factor -Xfrontend 16 -I "$out")
module() { # name, then its sources
  local name=$1; shift
  swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$out/$name.swiftmodule" \
    -c "$@" -o "$out/$name.o"
}
module PeachCore $(find Sources/PeachCore -name '*.swift' | sort)
module PeachViews $(find Sources/PeachViews -name '*.swift' | sort)
module PeachWasm $(find Sources/PeachWasm -name '*.swift' | sort)
"$toolchain/bin/clang" --target=wasm32 -O2 -c Sources/PeachWasm/Support/support.c -o "$out/support.o"

"$toolchain/bin/lld" -flavor wasm --no-entry --gc-sections --strip-all \
  "$out/PeachCore.o" "$out/PeachViews.o" "$out/PeachWasm.o" "$out/support.o" \
  "$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a" \
  /usr/lib/wasm32-wasi/libc.a /usr/lib/wasm32-wasi/libm.a -o "$out/linked.wasm"
# Binaryen's size optimiser takes another fifth off what LLVM left.
wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int \
  "$out/linked.wasm" -o "$out/peach-core.wasm"
cp "$out/peach-core.wasm" "$asset"
