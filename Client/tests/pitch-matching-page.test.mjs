import { test } from 'node:test';
import assert from 'node:assert/strict';
import { positionText } from '../pages/pitch-matching-page.js';

const texts = { centre: 'Centre', above: '{percent} % up', below: '{percent} % down' };

test('the slider position is told in words: centre, then the share of the half travel up or down', () => {
  const bounds = { min: -1, max: 1 };
  assert.equal(positionText(0, texts, bounds), 'Centre');
  assert.equal(positionText(0.004, texts, bounds), 'Centre');
  assert.equal(positionText(0.12, texts, bounds), '12 % up');
  assert.equal(positionText(-0.5, texts, bounds), '50 % down');
  assert.equal(positionText(1, texts, bounds), '100 % up');
  assert.equal(positionText(-1, texts, bounds), '100 % down');
  assert.equal(positionText(-1, texts, { min: -2, max: 2 }), '50 % down', 'of the way to the slider\'s end');
});
