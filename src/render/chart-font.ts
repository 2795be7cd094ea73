/**
 * The chart font (Inter, shipped in assets/fonts) and its advance widths, so
 * the layout measures text exactly as the PNG renderer will draw it: titles
 * wrap, legends flow and labels avoid each other without a browser.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FONT_DIR = fileURLToPath(new URL('../../../assets/fonts/', import.meta.url));
const FONT_DIR_SRC = fileURLToPath(new URL('../../assets/fonts/', import.meta.url));

/** Absolute paths of the font files the PNG renderer loads (regular, semibold). */
export const CHART_FONT_FILES: readonly string[] = resolveFontFiles();

function resolveFontFiles(): string[] {
  // Run from src/ (tsx) the assets are two levels up; from dist/src/ three.
  const names = ['Inter-Regular.otf', 'Inter-SemiBold.otf'];
  for (const dir of [FONT_DIR_SRC, FONT_DIR]) {
    try {
      readFileSync(dir + names[0]);
      return names.map((n) => dir + n);
    } catch {
      // try the next location
    }
  }
  throw new Error(`chart fonts not found in ${FONT_DIR_SRC} or ${FONT_DIR}`);
}

/** Advance widths of the Basic Multilingual Plane in font units, and the em size. */
interface FontMetrics {
  unitsPerEm: number;
  advances: Uint16Array;
}

const metrics = new Map<number, FontMetrics>();

function metricsFor(weight: number): FontMetrics {
  const key = weight >= 550 ? 600 : 400;
  let m = metrics.get(key);
  if (!m) {
    m = parseFontMetrics(readFileSync(CHART_FONT_FILES[key === 600 ? 1 : 0]));
    metrics.set(key, m);
  }
  return m;
}

/**
 * Width in px of a line of text in the chart font (kerning ignored: a pixel or
 * two on a title, which the layout's margins absorb).
 * @example measureText('2024', 12) // ≈ 29
 */
export function measureText(text: string, size: number, weight = 400): number {
  const { unitsPerEm, advances } = metricsFor(weight);
  let units = 0;
  for (let i = 0; i < text.length; i++) units += advances[text.charCodeAt(i)];
  return (units * size) / unitsPerEm;
}

/**
 * Breaks text into at most `maxLines` lines no wider than `width`, ending the
 * last one with an ellipsis when the text does not fit.
 */
export function wrapText(text: string, size: number, width: number, maxLines: number, weight = 400): string[] {
  // break at ordinary spaces only: a no-break space (\u00a0) holds "= 100" together
  const words = text.split(/[ \t\n]+/).filter((w) => w !== '');
  const lines: string[] = [];
  let current = '';
  for (let i = 0; i < words.length; i++) {
    const candidate = current === '' ? words[i] : current + ' ' + words[i];
    if (current === '' || measureText(candidate, size, weight) <= width) {
      current = candidate;
      continue;
    }
    if (lines.length === maxLines - 1) {
      lines.push(truncateText(current + ' ' + words.slice(i).join(' '), size, width, weight));
      return lines;
    }
    lines.push(current);
    current = words[i];
  }
  if (current !== '') lines.push(truncateText(current, size, width, weight));
  return lines;
}

/** The text, cut and ended with an ellipsis if it is wider than `width`. */
export function truncateText(text: string, size: number, width: number, weight = 400): string {
  if (measureText(text, size, weight) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measureText(text.slice(0, mid).trimEnd() + '…', size, weight) <= width) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo).trimEnd() + '…';
}

/** Reads unitsPerEm (head), the advance widths (hmtx) and the Unicode map (cmap) of an OpenType font. */
export function parseFontMetrics(buf: Buffer): FontMetrics {
  const tables = new Map<string, number>();
  const numTables = buf.readUInt16BE(4);
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    tables.set(buf.toString('latin1', rec, rec + 4), buf.readUInt32BE(rec + 8));
  }
  const table = (tag: string): number => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`font has no ${tag} table`);
    return offset;
  };
  const unitsPerEm = buf.readUInt16BE(table('head') + 18);
  const numberOfHMetrics = buf.readUInt16BE(table('hhea') + 34);
  const hmtx = table('hmtx');
  const advanceOf = (glyph: number): number => buf.readUInt16BE(hmtx + 4 * Math.min(glyph, numberOfHMetrics - 1));
  const advances = new Uint16Array(0x10000).fill(advanceOf(0));
  for (const [code, glyph] of readCmap(buf, table('cmap'))) advances[code] = advanceOf(glyph);
  return { unitsPerEm, advances };
}

/** The BMP code point → glyph pairs of the font's Unicode cmap subtable (format 4). */
function readCmap(buf: Buffer, cmap: number): Array<[number, number]> {
  const n = buf.readUInt16BE(cmap + 2);
  for (let i = 0; i < n; i++) {
    const rec = cmap + 4 + i * 8;
    const platform = buf.readUInt16BE(rec);
    const encoding = buf.readUInt16BE(rec + 2);
    const sub = cmap + buf.readUInt32BE(rec + 4);
    if (platform === 3 && encoding === 1 && buf.readUInt16BE(sub) === 4) return readCmapFormat4(buf, sub);
  }
  throw new Error('font has no Unicode BMP cmap (3,1,4)');
}

function readCmapFormat4(buf: Buffer, sub: number): Array<[number, number]> {
  const segCount = buf.readUInt16BE(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + segCount * 2 + 2;
  const deltas = starts + segCount * 2;
  const rangeOffsets = deltas + segCount * 2;
  const pairs: Array<[number, number]> = [];
  for (let s = 0; s < segCount; s++) {
    const end = buf.readUInt16BE(ends + s * 2);
    const start = buf.readUInt16BE(starts + s * 2);
    const delta = buf.readInt16BE(deltas + s * 2);
    const rangeAt = rangeOffsets + s * 2;
    const rangeOffset = buf.readUInt16BE(rangeAt);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const g = buf.readUInt16BE(rangeAt + rangeOffset + (c - start) * 2);
        glyph = g === 0 ? 0 : (g + delta) & 0xffff;
      }
      if (glyph !== 0) pairs.push([c, glyph]);
    }
  }
  return pairs;
}
