import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SliderDrag, DRAG_THRESHOLD_PIXELS } from '../pages/slider-drag.js';

const drag = (value = 0) => new SliderDrag({ pointerId: 1, y: 500, value, travel: 400, span: 2 });

test('a tap, or a finger that wobbles less than the threshold, is not an answer', () => {
  const tap = drag();
  assert.equal(tap.moveTo(500), 0);
  assert.equal(tap.isAnswer, false);
  const wobble = drag(0.3);
  wobble.moveTo(503);
  wobble.moveTo(500 - (DRAG_THRESHOLD_PIXELS - 1));
  assert.equal(wobble.isAnswer, false);
  assert.equal(wobble.startValue, 0.3, 'where the slider goes back to');
});

test('a drag of the threshold or more is an answer, also one that went out and came back', () => {
  const up = drag();
  assert.equal(up.moveTo(500 - DRAG_THRESHOLD_PIXELS), (2 * DRAG_THRESHOLD_PIXELS) / 400);
  assert.equal(up.isAnswer, true);
  const outAndBack = drag(-0.2);
  outAndBack.moveTo(540);
  assert.equal(outAndBack.moveTo(500), -0.2);
  assert.equal(outAndBack.isAnswer, true);
});

test('the drag is relative, up is sharper, and the travel spans the slider\'s values from end to end', () => {
  const d = drag(0.5);
  assert.equal(d.moveTo(400), 1, 'a quarter of the travel up from 0.5 reaches the top');
  assert.equal(d.moveTo(300), 1.5, 'beyond the top, where the pointer is (the page holds the value at the end)');
  assert.equal(d.moveTo(700), -0.5);
  const narrow = new SliderDrag({ pointerId: 1, y: 500, value: 0, travel: 400, span: 1 });
  assert.equal(narrow.moveTo(300), 0.5, 'half the travel is half the span');
});

test('taken over when the slider opens: counted from there, and the way before does not count', () => {
  const d = drag(0);
  d.moveTo(450); // during the reference: the slider did not move
  d.takeFrom(0);
  assert.equal(d.isAnswer, false);
  assert.equal(d.moveTo(446), 0.02);
  assert.equal(d.isAnswer, false);
  assert.equal(d.moveTo(400), 0.25);
  assert.equal(d.isAnswer, true);
});
