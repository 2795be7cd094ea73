/**
 * A series as SVG path data: one subpath per run of observed values, so a
 * missing value is drawn as a gap, never bridged; an observation alone between
 * gaps becomes a dot.
 */

/** A point in px. */
export interface Point {
  x: number;
  y: number;
}

/** Rounds a coordinate to 0.01 px (stable, compact SVG); never "-0". */
export function px(n: number): number {
  const r = Math.round(n * 100) / 100;
  return r === 0 ? 0 : r;
}

/**
 * Path data and lone dots of a series, its values multiplied by `factor`.
 * @example seriesGeometry(dates, [1, NaN, 2, 3], 1, toX, toY).path // 'M… M…L…'
 */
export function seriesGeometry(
  dates: ArrayLike<number>,
  values: ArrayLike<number>,
  factor: number,
  toX: (days: number) => number,
  toY: (value: number) => number,
): { path: string; dots: Point[] } {
  const parts: string[] = [];
  const dots: Point[] = [];
  let run = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isFinite(v)) {
      run = 0;
      continue;
    }
    const x = px(toX(dates[i]));
    const y = px(toY(v * factor));
    parts.push((run === 0 ? 'M' : 'L') + x + ' ' + y);
    run++;
    const next = values[i + 1];
    if (run === 1 && (i + 1 >= values.length || !Number.isFinite(next))) dots.push({ x, y });
  }
  return { path: parts.join(''), dots };
}
