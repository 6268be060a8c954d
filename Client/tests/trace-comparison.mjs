/// Compares two differential traces (Tests/PeachTrace/DifferentialTrace.swift) from the native
/// and the WebAssembly build. Every field must be identical, except fields marked `~h` (hertz)
/// and `~c` (cents, or logarithms of cents), computed through the C library's log2/exp2/log/exp,
/// which may differ by 0.000001 cent. Used by the node test and, as a command, by the Chromium
/// test: `node Client/tests/trace-comparison.mjs native.txt wasm.txt`.
import { readFileSync } from 'node:fs';
import { argv, exit } from 'node:process';
import { fileURLToPath } from 'node:url';

export const CENT_TOLERANCE = 0.000001;

function fromBits(hex) {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt('0x' + hex));
  return view.getFloat64(0);
}

/** Whether two fields agree; marked fields within the tolerance. */
function agree(a, b) {
  if (a === b) return true;
  // Marked values may sit inside a compound field ("60:3:<mean>:~c<log mean>"): compare parts.
  const partsA = a.split(':');
  const partsB = b.split(':');
  if (partsA.length !== partsB.length) return false;
  return partsA.every((part, index) => {
    const other = partsB[index];
    if (part === other) return true;
    const mark = part.slice(0, 2);
    if ((mark !== '~h' && mark !== '~c') || other.slice(0, 2) !== mark) return false;
    const x = fromBits(part.slice(2));
    const y = fromBits(other.slice(2));
    const cents = mark === '~h' ? Math.abs(1200 * Math.log2(x / y)) : Math.abs(x - y);
    return cents <= CENT_TOLERANCE;
  });
}

/** The differences between two traces (at most `limit`), and how many fields were compared,
 *  how many were marked and how many of those differed in their bits. */
export function compareTraces(native, wasm, limit = 10) {
  const linesA = native.split('\n');
  const linesB = wasm.split('\n');
  const differences = [];
  let fields = 0;
  let marked = 0;
  let inexact = 0;
  if (linesA.length !== linesB.length) differences.push(`line counts differ: ${linesA.length} vs ${linesB.length}`);
  for (let line = 0; line < Math.min(linesA.length, linesB.length) && differences.length < limit; line++) {
    const a = linesA[line].split(' ');
    const b = linesB[line].split(' ');
    if (a.length !== b.length) {
      differences.push(`line ${line + 1}: ${linesA[line]}\n   vs: ${linesB[line]}`);
      continue;
    }
    for (let index = 0; index < a.length; index++) {
      fields++;
      if (a[index].includes('~')) marked++;
      if (a[index] !== b[index]) {
        if (agree(a[index], b[index])) inexact++;
        else differences.push(`line ${line + 1}, field ${index + 1}: ${a[index]} vs ${b[index]}`);
      }
    }
  }
  return { differences, fields, marked, inexact, lines: linesA.length };
}

if (argv[1] === fileURLToPath(import.meta.url)) {
  const result = compareTraces(readFileSync(argv[2], 'utf8'), readFileSync(argv[3], 'utf8'));
  console.log(JSON.stringify(result));
  exit(result.differences.length === 0 ? 0 : 1);
}
