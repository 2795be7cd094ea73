/**
 * The look of every chart: the server-rendered SVG/PNG and the interactive
 * uPlot chart of the website import these constants, so both show the same
 * colours, fonts and proportions. No Node imports: the browser bundle uses it.
 */

/**
 * Series colours, in order of use: the Okabe–Ito palette (distinguishable
 * with the common colour-vision deficiencies), its yellow darkened so it reads
 * as a line on white, ending with a neutral grey.
 */
export const SERIES_COLORS = [
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#D55E00', // vermillion
  '#56B4E9', // sky blue
  '#CC79A7', // reddish purple
  '#A08A00', // dark yellow
  '#5F6B7A', // slate grey
] as const;

/** The colour of series number `index` (cycles through the palette). */
export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length];
}

/** Colours of everything that is not a series. */
export const CHART_COLORS = {
  background: '#FFFFFF',
  title: '#111827',
  subtitle: '#4B5563',
  text: '#6B7280',
  footer: '#8A929E',
  grid: '#E8EAED',
  axis: '#9CA3AF',
  zero: '#6B7280',
  /** the site's accent, used by the preview image */
  accent: '#0072B2',
} as const;

/** Font stack: Inter is shipped in assets/fonts and is the only font the PNG renderer loads. */
export const CHART_FONT_FAMILY = "Inter, 'Helvetica Neue', Helvetica, Arial, sans-serif";

/**
 * A CSS font shorthand in the chart font (for canvas charts such as uPlot's axes).
 * @example chartFont(12) // "400 12px Inter, 'Helvetica Neue', Helvetica, Arial, sans-serif"
 */
export function chartFont(size: number, weight = 400): string {
  return `${weight} ${size}px ${CHART_FONT_FAMILY}`;
}

/**
 * Sizes in px for a chart of the reference size (`CHART_REFERENCE`); larger
 * and smaller charts scale them by the same factor.
 */
export const CHART_SIZES = {
  padding: 20,
  titleSize: 18,
  titleWeight: 600,
  subtitleSize: 13,
  legendSize: 12,
  tickSize: 12,
  unitSize: 12,
  footerSize: 11,
  lineWidth: 2,
  gridWidth: 1,
  axisWidth: 1,
  tickLength: 5,
  legendSwatch: 16,
  /** gap between blocks (title, subtitle, legend, plot, footer) */
  gap: 10,
} as const;

/** The size at which `CHART_SIZES` apply unscaled; also the default image size. */
export const CHART_REFERENCE = { width: 800, height: 450 } as const;

/**
 * Bounds of a requested image size in px, inclusive. The maximum keeps one
 * render under about half a second of CPU and 16 MB of pixels (issue 12:
 * 4000×4000 cost 1–2.5 s and 64 MB each); 2000 px is still twice a retina
 * screen's width of the reference chart.
 */
export const CHART_SIZE_LIMITS = { min: 200, max: 2000 } as const;

/** Part of every image's ETag: bump it when the look changes, so clients fetch the new image. */
export const CHART_STYLE_VERSION = 'v1';
