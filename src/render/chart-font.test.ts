import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { CHART_FONT_FILES, measureText, parseFontMetrics, truncateText, wrapText } from './chart-font.js';

test('the shipped fonts exist, are OpenType, and stay small', () => {
  assert.equal(CHART_FONT_FILES.length, 2);
  let total = 0;
  for (const file of CHART_FONT_FILES) {
    const buf = readFileSync(file);
    assert.equal(buf.toString('latin1', 0, 4), 'OTTO', `${file} is an OpenType (CFF) font`);
    total += buf.length;
  }
  assert.ok(total < 1024 * 1024, `fonts take ${total} bytes`);
});

test('advance widths come from the font: wider glyphs measure wider, semibold wider than regular', () => {
  const m = parseFontMetrics(readFileSync(CHART_FONT_FILES[0]));
  assert.equal(m.unitsPerEm, 2816);
  assert.ok(measureText('W', 12) > measureText('i', 12));
  assert.ok(measureText('Konsumentenstimmung', 18, 600) > measureText('Konsumentenstimmung', 18, 400));
  assert.equal(measureText('2024', 24), 2 * measureText('2024', 12));
  // Inter's figures are about 0.6 em wide: a sanity bound that catches a wrong table
  const figure = measureText('0', 100);
  assert.ok(figure > 50 && figure < 70, `figure width ${figure}`);
  assert.ok(measureText('äöüéè’–', 12) > 0);
});

test('wrapping keeps lines within the width and ends an overlong text with an ellipsis', () => {
  const text = 'Index of wages paid to employees in Switzerland by economic sector, sex and region of work';
  const lines = wrapText(text, 18, 300, 2, 600);
  assert.equal(lines.length, 2);
  for (const line of lines) assert.ok(measureText(line, 18, 600) <= 300, line);
  assert.ok(lines[1].endsWith('…'));
  assert.deepEqual(wrapText('Short title', 18, 300, 2), ['Short title']);
  assert.equal(truncateText('Short', 12, 500), 'Short');
  const cut = truncateText('A rather long footer line about the source', 12, 120);
  assert.ok(cut.endsWith('…') && measureText(cut, 12) <= 120, cut);
});
