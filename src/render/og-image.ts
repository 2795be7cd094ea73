/**
 * The 1200×630 preview image that link cards show (`og:image`): for a dataset
 * its title, source, span and the chart of its default selection; for the
 * site its name, tagline and size. Drawn as SVG, rasterised with the shipped
 * fonts, encoded as JPEG.
 */
import type { Lang } from '../data/model.js';
import { civilFromDays } from '../data/dates.js';
import { pickLabel } from '../i18n/labels.js';
import { escapeMarkup } from '../markup.js';
import type { SelectionView } from '../query/view.js';
import { wrapText } from './chart-font.js';
import { buildChartModel } from './chart-model.js';
import { svgToJpeg } from './chart-png.js';
import { renderChartBody } from './chart-svg.js';
import { CHART_COLORS, CHART_FONT_FAMILY, SERIES_COLORS } from './chart-style.js';
import { chartWords, fillTemplate, formatNumber } from '../i18n/chart-text.js';

/** Size of every preview image. */
export const OG_SIZE = { width: 1200, height: 630 } as const;

/** What a preview image shows. */
export interface OgInput {
  lang: Lang;
  /** the dataset's default selection, computed; null for the site preview */
  view: SelectionView | null;
  licenseName?: string | null;
  site: { name: string; datasets: number; series: number };
}

const MARGIN = 64;

/** The preview image as SVG. */
export function renderOgSvg(input: OgInput): string {
  const { width, height } = OG_SIZE;
  const body = input.view ? datasetBody(input.view, input) : siteBody(input);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeMarkup(CHART_FONT_FAMILY)}">`,
    `<rect width="${width}" height="${height}" fill="${CHART_COLORS.background}"/>`,
    `<rect width="${width}" height="10" fill="${CHART_COLORS.accent}"/>`,
    body,
    '</svg>',
    '',
  ].join('\n');
}

/**
 * The preview image as JPEG.
 * @example await renderOgJpeg({ lang: 'en', view: null, site: { name: 'dataseries', datasets: 45, series: 9000 } })
 */
export async function renderOgJpeg(input: OgInput): Promise<Buffer> {
  return svgToJpeg(renderOgSvg(input));
}

function text(x: number, y: number, size: number, color: string, content: string, weight = 400): string {
  const w = weight === 400 ? '' : ` font-weight="${weight}"`;
  return `<text x="${x}" y="${Math.round(y * 100) / 100}" font-size="${size}" fill="${color}"${w}>${escapeMarkup(content)}</text>`;
}

function datasetBody(view: SelectionView, input: OgInput): string {
  const meta = view.dataset.meta;
  const parts: string[] = [];
  const kicker = [input.site.name, pickLabel(meta.topic?.name, input.lang)].filter((p) => p !== '').join(' · ');
  parts.push(text(MARGIN, 70, 22, CHART_COLORS.accent, kicker, 600));
  let y = 84;
  for (const line of wrapText(pickLabel(meta.title, input.lang), 46, OG_SIZE.width - 2 * MARGIN, 2, 600)) {
    y += 50;
    parts.push(text(MARGIN, y, 46, CHART_COLORS.title, line, 600));
  }
  const { start, end } = view.dataset.store;
  const span = Number.isFinite(start) ? `${civilFromDays(start).y}–${civilFromDays(end).y}` : '';
  const facts = [pickLabel(meta.source.name, input.lang), span].filter((p) => p !== '').join(' · ');
  y += 40;
  parts.push(text(MARGIN, y, 22, CHART_COLORS.subtitle, wrapText(facts, 22, OG_SIZE.width - 2 * MARGIN, 1)[0] ?? ''));
  const top = y + 16;
  const chart = buildChartModel(view, {
    lang: input.lang,
    width: OG_SIZE.width - 2 * (MARGIN - 24),
    height: OG_SIZE.height - top - 8,
    licenseName: input.licenseName,
    bare: true,
    scale: 1.2,
  });
  parts.push(`<g transform="translate(${MARGIN - 24} ${top})">\n${renderChartBody(chart)}\n</g>`);
  return parts.join('\n');
}

function siteBody(input: OgInput): string {
  const words = chartWords(input.lang);
  const stats = fillTemplate(words.siteStats, {
    datasets: formatNumber(input.site.datasets, input.lang, 0),
    series: formatNumber(input.site.series, input.lang, 0),
  });
  const parts = [decoration(), text(MARGIN, 190, 96, CHART_COLORS.title, input.site.name, 600)];
  let y = 206;
  for (const line of wrapText(words.siteTagline, 34, OG_SIZE.width - 2 * MARGIN, 2)) {
    y += 48;
    parts.push(text(MARGIN, y, 34, CHART_COLORS.subtitle, line));
  }
  parts.push(text(MARGIN, y + 58, 26, CHART_COLORS.text, stats));
  return parts.join('\n');
}

/** Three soft lines along the bottom, in the series colours: the site's motif. */
function decoration(): string {
  const { width, height } = OG_SIZE;
  const lines = [0, 1, 2].map((k) => {
    const points: string[] = [];
    for (let x = 0; x <= width; x += 20) {
      const t = x / width;
      const y = height - 50 - k * 30 - 40 * t - 18 * Math.sin(t * Math.PI * (2 + k) + k) - 10 * Math.sin(t * 23 + k * 2);
      points.push(`${x} ${Math.round(y * 10) / 10}`);
    }
    return `<path d="M${points.join('L')}" stroke="${SERIES_COLORS[k]}" stroke-width="5" fill="none" stroke-linejoin="round" opacity="0.85"/>`;
  });
  return `<g>${lines.join('')}</g>`;
}
