/**
 * Legend layout: entries flow left to right in rows; when they need more rows
 * than allowed, the last row ends with "+N more".
 */
import { measureText, truncateText } from './chart-font.js';

/** One legend entry placed on the chart. */
export interface LegendItem {
  x: number;
  /** top of the entry's row */
  y: number;
  color: string;
  label: string;
}

/** The placed legend: entries, the overflow note (if any), its height. */
export interface LegendLayout {
  items: LegendItem[];
  more: { x: number; y: number; text: string } | null;
  height: number;
}

interface LegendInput {
  labels: string[];
  colors: string[];
  x: number;
  y: number;
  width: number;
  maxRows: number;
  fontSize: number;
  swatch: number;
  /** text of the overflow note for n left-out entries */
  moreText: (n: number) => string;
}

/** Places legend entries in at most `maxRows` rows of `width` px. */
export function layoutLegend(input: LegendInput): LegendLayout {
  const { fontSize: size, swatch, width, maxRows } = input;
  const labelGap = size * 0.5;
  const itemGap = size * 1.4;
  const rowHeight = size * 1.6;
  const rows: Array<Array<{ index: number; label: string; width: number }>> = [];
  let rowWidth = Infinity;
  let placed = 0;
  for (let i = 0; i < input.labels.length; i++) {
    const label = truncateText(input.labels[i], size, width - swatch - labelGap);
    const itemWidth = swatch + labelGap + measureText(label, size);
    if (rowWidth + itemGap + itemWidth > width) {
      if (rows.length === maxRows) break;
      rows.push([]);
      rowWidth = -itemGap;
    }
    rows[rows.length - 1].push({ index: i, label, width: itemWidth });
    rowWidth += itemGap + itemWidth;
    placed++;
  }
  let more: LegendLayout['more'] = null;
  if (placed < input.labels.length && rows.length > 0) {
    const last = rows[rows.length - 1];
    const rowSum = (): number => last.reduce((sum, item) => sum + item.width + itemGap, 0);
    while (last.length > 1 && rowSum() + measureText(input.moreText(input.labels.length - placed), size) > width) {
      last.pop();
      placed--;
    }
    more = { x: input.x + rowSum(), y: input.y + (rows.length - 1) * rowHeight, text: input.moreText(input.labels.length - placed) };
  }
  const items: LegendItem[] = [];
  rows.forEach((row, r) => {
    let x = input.x;
    for (const item of row) {
      items.push({ x, y: input.y + r * rowHeight, color: input.colors[item.index], label: item.label });
      x += item.width + itemGap;
    }
  });
  return { items, more, height: rows.length * rowHeight };
}
