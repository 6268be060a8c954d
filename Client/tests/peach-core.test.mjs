// The wasm core against the native build of the same Swift sources: the differential trace and
// the pages, byte for byte. Needs .build/wasm/peach-core.wasm and its test build
// peach-core-check.wasm (the same core with the trace's export; scripts/build-wasm.sh) and the
// native checker (swift build --product PeachCoreCheck); scripts/test.sh builds them first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { loadPeachCore, named } from '../core/peach-core.js';
import { ExerciseField, RecordField, RecordKind, TUNING_SYSTEMS } from '../core/peach-fields.js';
import { compareTraces } from './trace-comparison.mjs';
import { SyncState } from '../store/sync.js';

const root = new URL('../../', import.meta.url);
const wasm = readFileSync(new URL('.build/wasm/peach-core.wasm', root));
const checkWasm = readFileSync(new URL('.build/wasm/peach-core-check.wasm', root));
const checker = process.env.PEACH_CORE_CHECK ?? new URL('.build/debug/PeachCoreCheck', root).pathname;
const native = (...args) => execFileSync(checker, args, { encoding: 'utf8', maxBuffer: 1 << 30 });

/** A record's numbers, each field placed where `RecordField` (Swift's order) puts it. */
const recordNumbers = (kind, timestamp, referenceNote, targetNote, tuningSystem, centOffset, outcome) => {
  const fields = { kind, timestamp, referenceNote, targetNote, tuningSystem, centOffset, outcome };
  const numbers = new Array(Object.keys(RecordField).length).fill(Number.NaN);
  for (const [name, index] of Object.entries(RecordField)) numbers[index] = fields[name];
  return numbers;
};

// Seeds and sizes: 3 × 40,000 = 120,000 operations across the four modes (40,000 are what one
// seed needs to reach every interval, direction and tuning system). The fast tier of
// scripts/test.sh runs the first seed only (PEACH_TRACE_SEEDS=1), the full one all three.
const SEEDS = [1, 20261123, 18446744073709551557n].slice(0, Number(process.env.PEACH_TRACE_SEEDS ?? 3));
const OPERATIONS = 40_000;

for (const seed of SEEDS) {
  test(`the wasm core decides exactly what the native core decides (seed ${seed})`, async () => {
    const core = await loadPeachCore(checkWasm);
    const expected = native('trace', String(seed), String(OPERATIONS));
    const actual = core.trace(seed, OPERATIONS);
    const result = compareTraces(expected, actual);
    assert.deepEqual(result.differences, []);
    // The trace covers what it should: all six modes, refused settings, every interval in both
    // directions (target − reference from −12 to 12 semitones) and every tuning system (the
    // record's `tuningSystem`; the trace writes a record's numbers in their order).
    for (const word of [
      'comparison ', 'pitchMatching ', 'intervalComparison ', 'intervalPitchMatching ', 'rhythmOffsetDetection ',
      'continuousRhythmMatching ', 'refused', 'profile ',
    ]) {
      assert.ok(expected.includes(word), `the trace has ${word.trim()}`);
    }
    const distances = new Set();
    const tunings = new Set();
    for (const line of expected.split('\n')) {
      const fields = line.split(' ');
      if (!fields[0].endsWith('Comparison') && !fields[0].endsWith('PitchMatching') && fields[0] !== 'comparison') continue;
      distances.add(Number(fields[2]) - Number(fields[1]));
      const record = line.split(' | ')[1];
      if (record && record !== 'refused') tunings.add(record.split(' ')[RecordField.tuningSystem]);
    }
    assert.equal(distances.size, 25, `intervals: ${[...distances].sort((a, b) => a - b)}`);
    assert.equal(tunings.size, 3);
    assert.ok(result.lines > OPERATIONS);
  });
}

test('the comparison of traces notices a changed bit', () => {
  const trace = 'comparison 60 60 ~h4071000000000000 ~h4071000000000001 - 3ff0000000000000\n';
  assert.deepEqual(compareTraces(trace, trace.replace('3ff0000000000000', '3ff0000000000001')).differences.length, 1);
  // One unit in the last place of a frequency is far below 0.000001 cent.
  assert.deepEqual(compareTraces(trace, trace.replace('~h4071000000000001', '~h4071000000000002')).differences, []);
  assert.equal(compareTraces(trace, trace.replace('~h4071000000000001', '~h4071100000000000')).differences.length, 1);
});

test('peach-fields.js is what Swift writes from the shapes that cross the wasm boundary now', () => {
  const inTree = readFileSync(new URL('Client/core/peach-fields.js', root), 'utf8');
  assert.equal(inTree, native('fields'), 'a shape changed in Swift: write the file again (its first lines say how)');
});

test('the records, exercises and feedback the real core makes read right by the names of peach-fields.js', async () => {
  const core = await loadPeachCore(wasm);
  assert.equal(core.recordStride, Object.keys(RecordField).length);
  // Each record by name against the same record as the core writes it for the API, where every
  // field has its own name: the fixtures' records, which the native core wrote (a profile of each
  // kind), and the answers the wasm core makes here.
  const checkRecord = (numbers, what) => {
    const record = named(RecordField, numbers);
    const [api] = JSON.parse(core.uploadJSON([{ id: 'x', numbers }])).records;
    const comparison = record.kind === RecordKind.comparison;
    assert.ok(comparison || record.kind === RecordKind.pitchMatching, what);
    assert.equal(api.trainingType, comparison ? 'pitchDiscrimination' : 'pitchMatching', what);
    assert.equal(api.timestamp, record.timestamp, what);
    assert.equal(core.recordTime(numbers), record.timestamp, what);
    assert.equal(api.referenceNote, record.referenceNote, what);
    assert.equal(api.targetNote, record.targetNote, what);
    assert.equal(api.tuningSystem, TUNING_SYSTEMS[record.tuningSystem], what);
    if (comparison) assert.deepEqual([api.centOffset, api.isCorrect], [record.centOffset, record.outcome === 1], what);
    else assert.deepEqual([api.initialCentOffset, api.userCentError], [record.centOffset, record.outcome], what);
    return record;
  };
  const kinds = new Set();
  const fixtures = JSON.parse(native('fixtures'));
  for (const fixture of fixtures.filter((f) => f.language === 'en' && Object.keys(f.settings).length === 0)) {
    for (let start = 0; start < fixture.records.length; start += core.recordStride) {
      kinds.add(checkRecord(fixture.records.slice(start, start + core.recordStride), fixture.name).kind);
    }
  }
  // The profile fixtures are of pitch; rhythm records are checked below.
  assert.deepEqual([...kinds].sort(), [RecordKind.comparison, RecordKind.pitchMatching], 'records of both pitch kinds');

  core.reset(5);
  assert.equal(core.setSetting('tuningSystem', 'justIntonation'), null);
  let time = 1_767_225_600_000;
  for (const mode of ['comparison', 'pitchMatching', 'intervalComparison', 'intervalPitchMatching']) {
    for (let n = 0; n < 10; n += 1) {
      const exercise = core.nextExercise(mode);
      assert.deepEqual(Object.keys(exercise), Object.keys(ExerciseField), mode);
      const interval = core.currentInterval('en');
      if (!mode.startsWith('interval')) {
        assert.equal(exercise.referenceNote, exercise.targetNote, mode);
        assert.equal(interval.code, 'P1up', mode);
      }
      assert.ok(interval.name.length > 0 && interval.name !== interval.code, mode);
      time += 1000;
      const comparison = mode.endsWith('omparison');
      const numbers = comparison ? core.answerComparison(n % 2 === 0, time) : core.answerPitchMatching(n / 10 - 0.5, time);
      const record = checkRecord(numbers, mode);
      assert.equal(record.kind, comparison ? RecordKind.comparison : RecordKind.pitchMatching, mode);
      assert.equal(record.timestamp, time, mode);
      assert.deepEqual([record.referenceNote, record.targetNote], [exercise.referenceNote, exercise.targetNote], mode);
      assert.equal(TUNING_SYSTEMS[record.tuningSystem], 'justIntonation', mode);
      const feedback = core.feedback('en');
      assert.equal(feedback.kind, comparison ? 'comparison' : 'pitchMatching', mode);
      assert.equal(feedback.isCorrect, comparison ? record.outcome === 1 : null, mode);
      if (comparison) {
        assert.equal(exercise.startHertz, null, mode);
        assert.equal(record.outcome === 1, (n % 2 === 0) === (record.centOffset > 0), mode);
        if (!mode.startsWith('interval')) {
          assert.equal(exercise.targetHertz > exercise.referenceHertz, record.centOffset > 0, mode);
        }
      } else {
        const cents = Math.round(record.outcome);
        assert.equal(feedback.direction, cents > 0 ? 'sharp' : cents < 0 ? 'flat' : 'center', mode);
        assert.ok(exercise.highestHertz > exercise.startHertz, mode);
      }
    }
  }
});

test('rhythm records cross to the API by the names of the CSV, a position without a mean as null', async () => {
  const core = await loadPeachCore(wasm);
  const numbers = (fields) => {
    const record = new Float64Array(core.recordStride);
    for (const [name, value] of Object.entries(fields)) record[RecordField[name]] = value;
    return record;
  };
  const detection = numbers({ kind: RecordKind.rhythmOffsetDetection, timestamp: 1_767_225_600_000, tempoBPM: 80, offsetMs: -12.5, outcome: 1 });
  const trial = numbers({
    kind: RecordKind.continuousRhythmMatching, timestamp: 1_767_225_601_000, tempoBPM: 120, offsetMs: 3.25,
    outcome: 14, position0: 2, position1: NaN, position2: -1.5, position3: NaN,
  });
  const unknown = numbers({ kind: RecordKind.continuousRhythmMatching, timestamp: 1_767_225_602_000, tempoBPM: 90, offsetMs: 1, outcome: NaN, position0: NaN, position1: NaN, position2: NaN, position3: NaN });
  const upload = JSON.parse(core.uploadJSON([{ id: 'a', numbers: detection }, { id: 'b', numbers: trial }, { id: 'c', numbers: unknown }]));
  assert.deepEqual(upload.records, [
    { id: 'a', trainingType: 'rhythmOffsetDetection', timestamp: 1_767_225_600_000, tempoBPM: 80, offsetMs: -12.5, isCorrect: true },
    {
      id: 'b', trainingType: 'continuousRhythmMatching', timestamp: 1_767_225_601_000, tempoBPM: 120, meanOffsetMs: 3.25,
      meanOffsetMsPosition0: 2, meanOffsetMsPosition1: null, meanOffsetMsPosition2: -1.5, meanOffsetMsPosition3: null, hitCount: 14,
    },
    {
      id: 'c', trainingType: 'continuousRhythmMatching', timestamp: 1_767_225_602_000, tempoBPM: 90, meanOffsetMs: 1,
      meanOffsetMsPosition0: null, meanOffsetMsPosition1: null, meanOffsetMsPosition2: null, meanOffsetMsPosition3: null, hitCount: null,
    },
  ]);
  assert.equal(core.recordTime(trial), 1_767_225_601_000);
  // A pitch record a device stored before the rhythm fields were added: its seven numbers.
  const stored = [RecordKind.comparison, 1_767_225_603_000, 60, 67, 0, 12.5, 1];
  assert.equal(core.recordTime(stored), 1_767_225_603_000);
  const [old] = JSON.parse(core.uploadJSON([{ id: 'd', numbers: stored }])).records;
  assert.deepEqual(old, {
    id: 'd', trainingType: 'pitchDiscrimination', timestamp: 1_767_225_603_000, referenceNote: 60, targetNote: 67,
    tuningSystem: 'equalTemperament', centOffset: 12.5, isCorrect: true,
  });
});

test('the wasm core schedules a rhythm exercise on the samples of the clock it is given, and judges its answer and taps', async () => {
  const core = await loadPeachCore(wasm);
  core.reset(7);
  assert.equal(core.setSetting('tempo', '120'), null);
  // Compare Timing: four sixteenths of 125 ms from the first sample at or after the start.
  const timing = core.nextRhythmExercise('rhythmOffsetDetection', 1.00001, 48_000);
  assert.equal(timing.tempoBPM, 120);
  assert.equal(timing.next, null);
  assert.deepEqual(timing.onsets.map((onset) => onset.step), [0, 1, 2, 3]);
  assert.deepEqual(timing.onsets.slice(0, 3).map((onset) => onset.sample), [48_001, 54_001, 60_001]);
  assert.notEqual(timing.onsets[3].sample, 66_001, 'the fourth is early or late');
  assert.ok(timing.onsets.every((onset) => onset.seconds * 48_000 <= onset.sample && !onset.isGap));
  assert.equal(timing.ends, timing.onsets[3].seconds, 'the answers open as the fourth click sounds');
  const early = timing.onsets[3].sample < 66_001;
  const judged = named(RecordField, core.answerTiming(early, 1_767_225_600_000));
  assert.equal(judged.kind, RecordKind.rhythmOffsetDetection);
  assert.equal(judged.tempoBPM, 120);
  assert.equal(judged.outcome, 1);
  assert.equal(Math.sign(judged.offsetMs), early ? -1 : 1);
  assert.equal(core.answerTiming(early), null, 'answered once');

  // Fill the Gap: sixteen cycles, one gap each, only at the positions chosen.
  assert.equal(core.setSetting('gapPositions', '2'), null);
  const trial = core.nextRhythmExercise('continuousRhythmMatching', 0, 44_100);
  const gaps = trial.onsets.filter((onset) => onset.isGap);
  assert.equal(trial.onsets.length, 64);
  assert.deepEqual(gaps.map((gap) => gap.step), new Array(16).fill(1));
  assert.deepEqual(gaps.map((gap) => gap.cycle), [...Array(16).keys()]);
  assert.equal(trial.next, trial.onsets[63].seconds + 0.125);
  assert.equal(trial.ends, gaps[15].seconds + 0.0625, 'over when the last gap\'s window closes');
  assert.deepEqual(core.tap(gaps[0].seconds + 0.005), { band: 'green', cycle: 0, step: 1 });
  assert.equal(core.tap(gaps[0].seconds), null, 'one tap a gap');
  assert.equal(core.tap(gaps[1].seconds - 0.07), null, 'beyond half a sixteenth');
  assert.deepEqual(core.tap(gaps[2].seconds - 0.025), { band: 'red', cycle: 2, step: 1 }, '20 % early');
  const record = named(RecordField, core.finishTrial(1_767_225_601_000));
  assert.equal(record.kind, RecordKind.continuousRhythmMatching);
  assert.equal(record.outcome, 2, 'two taps counted');
  assert.ok(Math.abs(record.offsetMs - -10) < 1e-9);
  assert.ok(Number.isNaN(record.position0) && Math.abs(record.position1 - -10) < 1e-9);
  assert.equal(core.finishTrial(), null, 'the trial is over');
  core.nextRhythmExercise('continuousRhythmMatching', 20, 44_100);
  assert.equal(core.finishTrial(), null, 'a trial without a counted tap makes no record');
  assert.throws(() => core.nextRhythmExercise('comparison', 0, 48_000), RangeError);
  assert.throws(() => core.nextRhythmExercise('rhythmOffsetDetection', Number.NaN, 48_000), RangeError);
});

test('the wasm core renders every page a device shows (Start, Profile, Settings, Info, training) exactly as the server', async () => {
  const fixtures = JSON.parse(native('fixtures'));
  assert.ok(fixtures.length >= 5);
  const core = await loadPeachCore(wasm);
  for (const fixture of fixtures) {
    core.reset(0);
    for (const [key, value] of Object.entries(fixture.settings)) assert.equal(core.setSetting(key, value), null);
    assert.equal(core.replaceProfile(null, Float64Array.from(fixture.records)), true, fixture.name);
    for (const [page, html] of Object.entries(fixture.pages)) {
      assert.equal(core.render(page, fixture.language), html, `${fixture.name}: ${page} in ${fixture.language}`);
    }
    // The same profile as the server sends it (the native ProfileSnapshot), read by the wasm core.
    assert.equal(core.replaceProfile(Float64Array.from(fixture.snapshot), new Float64Array()), true, fixture.name);
    for (const [page, html] of Object.entries(fixture.pages)) {
      assert.equal(core.render(page, fixture.language), html, `${fixture.name} from its snapshot: ${page} in ${fixture.language}`);
    }
  }
});

test('the wasm core takes records in any order, and says when each was made', async () => {
  const core = await loadPeachCore(wasm);
  // Two correct comparisons, 50 cents and later 4 cents: the chain goes on from the later one.
  const earlier = recordNumbers(RecordKind.comparison, 1_767_225_600_000, 60, 60, 0, 50, 1);
  const later = recordNumbers(RecordKind.comparison, 1_767_225_660_000, 60, 60, 0, 4, 1);
  const nextOffset = (records) => {
    core.reset(7);
    assert.equal(core.replaceProfile(null, core.packed(records)), true);
    const exercise = core.nextExercise('comparison');
    return Math.abs(1200 * Math.log2(exercise.targetHertz / exercise.referenceHertz));
  };
  const inOrder = nextOffset([earlier, later]);
  assert.ok(inOrder < 10, `the chain goes on from 4 cents, not 50: ${inOrder}`);
  // The device's store gives its records by id, not by time: the same chain.
  assert.equal(nextOffset([later, earlier]), inOrder);
  assert.equal(core.recordTime(later), later[RecordField.timestamp]);
  assert.ok(Number.isNaN(core.recordTime([0, 1, 2])), 'not a record\'s numbers');
});

test('the wasm core refuses a profile summary it cannot read and keeps the profile it had', async () => {
  const core = await loadPeachCore(wasm);
  core.reset(3);
  assert.equal(core.replaceProfile(null, Float64Array.from(recordNumbers(0, 1_767_225_600_000, 60, 60, 0, 12.5, 1))), true);
  const before = core.render('profile', 'en');
  // Version 1's empty summary (its version, then 3,123 zeros): another version is refused, never misread.
  const version1 = [1, ...new Array(3123).fill(0)];
  for (const garbage of [[2], [1, Number.NaN], new Array(5000).fill(1e300), [1, -1], version1]) {
    assert.equal(core.replaceProfile(Float64Array.from(garbage), new Float64Array()), false);
  }
  assert.equal(core.render('profile', 'en'), before);
});

test('the wasm core refuses what is not valid and keeps its state', async () => {
  const core = await loadPeachCore(wasm);
  assert.throws(() => core.trace(1, 1), TypeError, 'the shipped core has no test code');
  core.reset(7);
  assert.equal(core.setSetting('referencePitch', '9999'), 'The reference pitch 9999 Hz is not allowed; allowed: 380 to 500 Hz.');
  assert.match(core.setSetting('referencePitch', '9999', 'de'), /^Der Wert 9999 Hz ist für die Einstellung „Kammerton“/);
  assert.match(core.setSetting('noSuchSetting', '1'), /There is no setting/);
  assert.throws(() => core.nextExercise('juggling'), RangeError);
  assert.equal(core.answerComparison(true, 1), null, 'no exercise to answer');
  core.nextExercise('comparison');
  assert.equal(core.answerPitchMatching(0.5, 1), null, 'a slider is no answer to a comparison');
  const record = named(RecordField, core.answerComparison(true, 1_767_225_600_000));
  assert.equal(record.outcome, record.centOffset > 0 ? 1 : 0, '"higher" is correct exactly when the target is higher');
  assert.equal(core.answerComparison(true, 1_767_225_600_000), null, 'answered only once');
  const before = core.render('profile', 'en');
  assert.equal(core.replaceProfile(null, Float64Array.from(recordNumbers(0, 1, 60, 200, 0, 5, 1))), false, 'not a valid record');
  assert.equal(core.render('profile', 'en'), before, 'the profile it had stays');
  assert.throws(() => core.replaceProfile(null, new Float64Array(5)), RangeError);
  assert.throws(() => core.render('nowhere', 'en'), RangeError);
});

test('the wasm core holds the records it is given and the answers it makes to the rules of every record', async () => {
  const core = await loadPeachCore(wasm);
  core.reset(3);
  const [year0000, year9999End, day] = [-62_167_219_200_000, 253_402_300_799_999, 1_767_225_600_000];
  // kind, time, reference, target, tuning, then the cent offset and correctness, or the initial
  // offset and the cent error (`recordNumbers` puts each where `RecordField` says).
  const refused = [
    [0, day, 60, 60, 0, 0, 1], [0, day, 60, 60, 0, -0, 1], [0, day, 60, 60, 0, 1e308, 1],
    [0, day, 60, 60, 0, 100.00000000000001, 1], [0, day, 60, 60, 0, 5, 2], [0, day, 60, 73, 0, 5, 1],
    [1, day, 60, 60, 0, 101, 0], [1, day, 60, 60, 0, 0, 1e200], [1, day, 60, 60, 0, 0, -200.00000000000003],
    [1, day, 60, 60, 0, NaN, 0], [1, day, 60, 60, 0, 0, -Infinity], [1, year9999End + 1, 60, 60, 0, 0, 0],
    [1, year0000 - 1, 60, 60, 0, 0, 0],
  ].map((fields) => recordNumbers(...fields));
  for (const numbers of refused) {
    assert.equal(core.replaceProfile(null, Float64Array.from(numbers)), false, String(numbers));
  }
  // The edges the rules keep: no statistic of the profile they make is anything but a number.
  assert.ok(core.replaceProfile(null, Float64Array.from([
    [0, year0000, 0, 12, 2, -100, 0], [0, year9999End, 127, 115, 1, 100, 1], [0, day, 60, 60, 0, 5e-324, 1],
    [1, day, 60, 48, 0, 100, -200], [1, day, 60, 60, 0, -100, 200], [1, day + 1, 60, 60, 1, 0, 0],
  ].flatMap((fields) => recordNumbers(...fields)))));
  for (const page of ['profile', 'start']) {
    assert.doesNotMatch(core.render(page, 'en'), /\b(nan|inf|NaN|Infinity)\b/, page);
  }
  // A device's own answer stamped by a clock outside the years 0000–9999 makes no record; the
  // exercise waits for an answer that does.
  core.nextExercise('comparison');
  assert.equal(core.answerComparison(true, year9999End + 1), null);
  assert.notEqual(core.answerComparison(true, day), null);
  core.nextExercise('pitchMatching');
  assert.equal(core.answerPitchMatching(1, year0000 - 1), null);
  assert.equal(core.answerPitchMatching(1, day)[RecordField.kind], RecordKind.pitchMatching);
});

test('the wasm core gives the tunable note\'s frequency for each slider position, the same the answer scores', async () => {
  const core = await loadPeachCore(wasm);
  core.reset(11);
  assert.ok(Number.isNaN(core.tunableFrequency(0)), 'no pitch matching under way');
  const exercise = core.nextExercise('intervalPitchMatching');
  assert.equal(core.tunableFrequency(0), exercise.startHertz, 'the centre is where the note starts');
  assert.equal(core.tunableFrequency(1), exercise.highestHertz, 'the top is the highest');
  assert.equal(core.tunableFrequency(3), exercise.highestHertz, 'beyond the top: the top');
  assert.equal(core.tunableFrequency(-7), core.tunableFrequency(-1), 'beyond the bottom: the bottom');
  assert.equal(core.tunableFrequency(Number.NaN), exercise.startHertz, 'not a number: the centre');
  // A setting changed while the user tunes does not move the note under the slider.
  const heard = core.tunableFrequency(-0.35);
  assert.equal(core.setSetting('referencePitch', '415'), null);
  assert.equal(core.tunableFrequency(-0.35), heard);
  const cents = 1200 * Math.log2(heard / exercise.targetHertz);
  const { outcome: userCentError } = named(RecordField, core.answerPitchMatching(-0.35, 1_767_225_600_000));
  assert.ok(Math.abs(cents - userCentError) < 1e-6, `heard ${cents} cents off, scored ${userCentError}`);
  assert.ok(Number.isNaN(core.tunableFrequency(0)), 'answered: no note to tune');
  assert.equal(core.nextExercise('comparison').highestHertz, null, 'a comparison has no tunable note');
});

test('the wasm core gives the sound preview: A4 at the reference pitch setting', async () => {
  const core = await loadPeachCore(wasm);
  core.reset(1);
  assert.deepEqual(core.soundPreview(), { note: 69, frequency: 440 });
  assert.equal(core.setSetting('referencePitch', '415.3'), null);
  assert.deepEqual(core.soundPreview(), { note: 69, frequency: 415.3 });
});

test('the wasm core writes the sync upload byte for byte as the API takes it, whatever the store holds', async () => {
  const core = await loadPeachCore(wasm);
  // The form the API's examples show (docs/api.md), as the browser's JSON.stringify wrote it.
  const types = { [RecordKind.comparison]: 'pitchDiscrimination', [RecordKind.pitchMatching]: 'pitchMatching' };
  const apiForm = ({ id, numbers }) => {
    const { kind, timestamp, referenceNote, targetNote, tuningSystem, centOffset, outcome } = named(RecordField, numbers);
    return {
      id, trainingType: types[kind], timestamp,
      referenceNote, targetNote, tuningSystem: TUNING_SYSTEMS[tuningSystem],
      ...(kind === RecordKind.comparison
        ? { centOffset, isCorrect: outcome === 1 } : { initialCentOffset: centOffset, userCentError: outcome }),
    };
  };
  const id = (n) => `0b7e3f52-5c1d-4a8e-9f3b-${String(n).padStart(12, '0')}`;
  const records = [
    [0, 1_767_225_600_000, 60, 67, 0, -12.5, 1], [0, 1_767_225_600_001, 21, 33, 2, 0.1, 0],
    [1, 1_767_225_612_345, 60, 60, 1, 37.2, -4.1], [1, 1_767_225_612_345, 72, 60, 0, -0, 0.30000000000000004],
    [1, 9_007_199_254_740_000, 127, 115, 2, 100, -200],
    // What breaks a rule goes as it is, for the server to refuse with its reason.
    [0, 1, 60, 200, 0, 5, 2], [7, -5, 60.5, 60, 3, Number.NaN, Infinity], [1, 2, 60, 60, -1, -Infinity, 1e20],
  ].map((fields, n) => ({ id: id(n), numbers: recordNumbers(...fields) }));
  assert.equal(core.uploadJSON(records), JSON.stringify({ records: records.map(apiForm) }));
  assert.equal(core.uploadJSON(records.slice(2, 3)), JSON.stringify({ records: [apiForm(records[2])] }));
  // Numbers so small or large that JSON.stringify writes an exponent: the same double, in digits.
  const tiny = [
    { id: id(9), numbers: recordNumbers(0, 1, 60, 60, 0, 5e-324, 1) },
    { id: id(10), numbers: recordNumbers(1, 1, 60, 60, 0, 1e-7, -1e300) },
  ];
  assert.deepEqual(JSON.parse(core.uploadJSON(tiny)), { records: tiny.map(apiForm) });
  const quoted = [{ id: 'a "quoted"\\ id\t', numbers: records[0].numbers }];
  assert.equal(core.uploadJSON(quoted), JSON.stringify({ records: quoted.map(apiForm) }));
  assert.throws(() => core.uploadJSON([]), RangeError);
});

test('every state sync.js reports is one the core words, in both languages, and no other name is', async () => {
  const core = await loadPeachCore(wasm);
  for (const state of Object.values(SyncState)) {
    for (const language of ['en', 'de']) {
      const line = core.syncStatus({ state, waiting: 0, refused: 0, reason: 'r', message: 'm' }, language);
      assert.ok(line.length > 0, `${state} in ${language}`);
    }
  }
  assert.throws(() => core.syncStatus({ state: 'stalled', waiting: 0, refused: 0 }, 'en'), RangeError);
});

test('Start is quiet about sync unless something needs the user', async () => {
  const core = await loadPeachCore(wasm);
  const line = (status) => core.syncStatus({ waiting: 0, refused: 0, ...status, quiet: true }, 'en');
  assert.equal(line({ state: 'synced' }), '');
  assert.equal(line({ state: 'offline' }), '');
  assert.equal(line({ state: 'synced', waiting: 2 }), '', 'the next run takes them');
  assert.match(line({ state: 'offline', waiting: 2 }), /Can’t reach Peach right now/);
  assert.match(line({ state: 'synced', refused: 1, reason: 'r' }), /refused/);
  // The server out of reach for a week or more is said, with nothing waiting too.
  const day = 86_400_000;
  assert.equal(line({ state: 'offline', sinceSync: 7 * day - 1 }), '');
  assert.equal(
    line({ state: 'offline', sinceSync: 7 * day }),
    'Can’t reach Peach right now. Your answers are kept on this device and sync later. '
      + 'The last sync was 7 days ago: is your Peach server running?');
  assert.match(core.syncStatus({ state: 'offline', waiting: 0, refused: 0, sinceSync: 30 * day, quiet: true }, 'de'),
    /Der letzte Abgleich war vor 30 Tagen/);
  assert.equal(line({ state: 'offline', sinceSync: NaN }), '', 'never synced: nothing to say since when');
  assert.equal(line({ state: 'offline', sinceSync: -5 * day }), '', 'a clock set back counts no days');
  assert.match(line({ state: 'offline', sinceSync: 1e300 }), /days ago/, 'any number is safe');
  assert.equal(line({ state: 'synced', sinceSync: 30 * day }), '', 'only while the server is out of reach');
  assert.equal(core.syncStatus({ state: 'synced', waiting: 0, refused: 0 }, 'en'), 'Synced with Peach.');
  assert.throws(() => core.syncStatus({ state: 'stalled', waiting: 0, refused: 0, quiet: true }, 'en'), RangeError);
});
