/**
 * SVG to PNG: resvg draws, loading only the shipped fonts (never the
 * machine's) so a chart renders to the same pixels everywhere; sharp encodes
 * (libpng is about twice as fast as resvg's own encoder and its files are a
 * third smaller). The server calls these in a worker thread of its heavy
 * pool (src/workers/heavy-tasks.ts), so drawing is synchronous: the thread's
 * own time, never the libuv pool that file reads and compression share.
 */
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import sharp from 'sharp';
import type { SelectionView } from '../query/view.js';
import { CHART_FONT_FILES } from './chart-font.js';
import { renderChartSvg, type ChartOptions } from './chart-svg.js';

/** resvg settings shared by every image: only the shipped fonts. */
export const RESVG_OPTIONS: ResvgRenderOptions = {
  font: {
    fontFiles: [...CHART_FONT_FILES],
    loadSystemFonts: false,
    defaultFontFamily: 'Inter',
    sansSerifFamily: 'Inter',
  },
  shapeRendering: 2,
  textRendering: 1,
  logLevel: 'off',
};

/** Draws an SVG document at its own size; the pixels are RGBA. */
export function rasterise(svg: string): { pixels: Buffer; width: number; height: number } {
  const image = new Resvg(svg, RESVG_OPTIONS).render();
  return { pixels: image.pixels, width: image.width, height: image.height };
}

/**
 * Rasterises an SVG document with an opaque background as an RGB PNG.
 * @example await svgToPng(renderChartSvg(view, { lang: 'en', width: 800, height: 450 }))
 */
export async function svgToPng(svg: string): Promise<Buffer> {
  const { pixels, width, height } = rasterise(svg);
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * Rasterises an SVG document with an opaque background as a JPEG (the link previews).
 * @example await svgToJpeg(renderOgSvg(input))
 */
export async function svgToJpeg(svg: string): Promise<Buffer> {
  const { pixels, width, height } = rasterise(svg);
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: 88, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** Renders the chart of a selection as PNG. */
export async function renderChartPng(view: SelectionView, opts: ChartOptions): Promise<Buffer> {
  return svgToPng(renderChartSvg(view, opts));
}
