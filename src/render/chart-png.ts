/**
 * SVG to PNG with resvg, loading only the shipped fonts (never the
 * machine's), so a chart renders to the same pixels on every machine.
 */
import { Resvg, renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
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

/** Rasterises an SVG document at its own size (off the main thread). */
export async function svgToPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, RESVG_OPTIONS);
  return image.asPng();
}

/** Rasterises an SVG document at its own size, blocking (benchmarks, scripts). */
export function svgToPngSync(svg: string): Buffer {
  return new Resvg(svg, RESVG_OPTIONS).render().asPng();
}

/**
 * Renders the chart of a selection as PNG.
 * @example await renderChartPng(view, { lang: 'en', width: 800, height: 450 })
 */
export async function renderChartPng(view: SelectionView, opts: ChartOptions): Promise<Buffer> {
  return svgToPng(renderChartSvg(view, opts));
}
