import { test } from 'node:test';
import assert from 'node:assert/strict';
import { positionText } from '../../Sources/PeachWeb/Assets/pitch-matching-page.js';

const texts = { centre: 'Centre', above: '{percent} % up', below: '{percent} % down' };

test('the slider position is told in words: centre, then the share of the half travel up or down', () => {
  assert.equal(positionText(0, texts), 'Centre');
  assert.equal(positionText(0.004, texts), 'Centre');
  assert.equal(positionText(0.12, texts), '12 % up');
  assert.equal(positionText(-0.5, texts), '50 % down');
  assert.equal(positionText(1, texts), '100 % up');
  assert.equal(positionText(-1, texts), '100 % down');
});
