/**
 * The tasks of the heavy pool, run in worker threads (see `heavy-pool.ts`):
 * each takes plain data made on the main thread (a detached view, a workbook
 * input) and returns the encoded bytes. Drawing the SVG happens here too: for
 * a large chart it alone costs a hundred milliseconds.
 */
import { setPriority } from 'node:os';
import { zipSync } from 'fflate';
import { Piscina } from 'piscina';
import { encodeXlsxInput, type XlsxInput } from '../query/encode-xlsx.js';
import type { SelectionView } from '../query/view.js';
import { svgToJpeg, svgToPng } from '../render/chart-png.js';
import { renderChartSvg, type ChartOptions } from '../render/chart-svg.js';
import { renderOgSvg, type OgInput } from '../render/og-image.js';

/** Niceness of a heavy thread: when the event loop and a render both want a core, the event loop wins. */
const HEAVY_NICE = 10;
try {
  // on Linux a nice value belongs to a thread: this lowers only the worker thread that loads this module
  setPriority(HEAVY_NICE);
} catch {
  // not permitted here: run at normal priority
}

/** A chart to draw: a detached view (see `detachView`) and the chart options. */
export interface ChartTask {
  view: SelectionView;
  opts: ChartOptions;
}

/** A chart as SVG text. */
export function chartSvg(task: ChartTask): string {
  return renderChartSvg(task.view, task.opts);
}

/** Hands the bytes to the main thread without a copy when they own their memory (else they are cloned). */
function handOver(bytes: Buffer): Buffer {
  const owns = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return owns ? (Piscina.move(bytes) as unknown as Buffer) : bytes;
}

/**
 * Hands over the bytes of a native addon (resvg, sharp): their memory is the
 * addon's, which Node 24 refuses to transfer (DataCloneError), so they are
 * copied once into memory V8 owns and that is moved.
 */
function handOverNative(bytes: Buffer): Buffer {
  const own = Buffer.alloc(bytes.byteLength);
  bytes.copy(own);
  return handOver(own);
}

/** A chart as PNG. */
export async function chartPng(task: ChartTask): Promise<Buffer> {
  return handOverNative(await svgToPng(renderChartSvg(task.view, task.opts)));
}

/** A link preview as JPEG. */
export async function ogJpeg(input: OgInput): Promise<Buffer> {
  return handOverNative(await svgToJpeg(renderOgSvg(input)));
}

/** A workbook. */
export function xlsx(input: XlsxInput): Buffer {
  return handOver(encodeXlsxInput(input));
}

/** The files of a zip (name → bytes) and the time its entries carry (`/series.zip`, routes/series-zip.ts). */
export interface ZipFiles {
  entries: Record<string, Uint8Array>;
  /** ms since the epoch */
  mtime: number;
}

/** A zip of files (deflated, level 6; entries carry `mtime`). */
export function zip(files: ZipFiles): Buffer {
  const data = zipSync(files.entries, { level: 6, mtime: files.mtime });
  return handOver(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
}
