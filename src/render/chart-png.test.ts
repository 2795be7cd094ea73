import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { loadSnapshot } from '../data/load-snapshot.js';
import { computeView } from '../query/compute-view.js';
import { parseSelection } from '../selection/read-selection.js';
import { renderChartPng } from './chart-png.js';
import { OG_SIZE, renderOgJpeg } from './og-image.js';

const FIXTURE_DIR = fileURLToPath(new URL('./__fixtures__/', import.meta.url));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function edgeView() {
  const snapshot = await loadSnapshot(FIXTURE_DIR);
  const { dataset, selection } = parseSelection({ dataset: 'chart_edge' }, snapshot);
  return computeView(dataset, selection);
}

test('PNG: signature, the requested size, decodable, and not blank', async () => {
  const view = await edgeView();
  for (const [width, height] of [
    [800, 450],
    [200, 200],
    [1234, 567],
  ]) {
    const png = await renderChartPng(view, { lang: 'en', width, height });
    assert.deepEqual(png.subarray(0, 8), PNG_SIGNATURE);
    const meta = await sharp(png).metadata();
    assert.equal(meta.format, 'png');
    assert.equal(meta.width, width);
    assert.equal(meta.height, height);
    const stats = await sharp(png).stats();
    // white background with dark text and coloured lines: channels vary
    assert.ok(stats.channels[0].min < 100, 'something dark is drawn');
    assert.equal(stats.channels[0].max, 255);
  }
});

test('PNG text is drawn with the shipped font: the title area has ink', async () => {
  const view = await edgeView();
  const png = await renderChartPng(view, { lang: 'en', width: 800, height: 450 });
  const { data, info } = await sharp(png).extract({ left: 20, top: 18, width: 300, height: 24 }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const dark = [...data].filter((v) => v < 128).length;
  assert.ok(dark > info.width * info.height * 0.05, `only ${dark} dark pixels where the title is`);
});

test('JPEG preview: signature, 1200×630, decodable, for a dataset and for the site', async () => {
  const view = await edgeView();
  const site = { name: 'dataseries', datasets: 1, series: 2 };
  for (const input of [
    { lang: 'de' as const, view, site },
    { lang: 'fr' as const, view: null, site },
  ]) {
    const jpg = await renderOgJpeg(input);
    assert.deepEqual([...jpg.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    assert.deepEqual([...jpg.subarray(-2)], [0xff, 0xd9]);
    const meta = await sharp(jpg).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.width, OG_SIZE.width);
    assert.equal(meta.height, OG_SIZE.height);
    assert.equal((await sharp(jpg).raw().toBuffer()).length, OG_SIZE.width * OG_SIZE.height * 3);
  }
});
