/**
 * The tasks of the heavy pool, run in worker threads (see `heavy-pool.ts`):
 * each takes plain data made on the main thread and returns the encoded bytes.
 */
import { encodeXlsxInput, type XlsxInput } from '../query/encode-xlsx.js';
import { svgToJpeg, svgToPng } from '../render/chart-png.js';

/** A chart SVG as PNG. */
export function png(svg: string): Promise<Buffer> {
  return svgToPng(svg);
}

/** A preview SVG as JPEG. */
export function jpeg(svg: string): Promise<Buffer> {
  return svgToJpeg(svg);
}

/** A workbook. */
export function xlsx(input: XlsxInput): Buffer {
  return encodeXlsxInput(input);
}
