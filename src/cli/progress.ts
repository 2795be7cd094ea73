/**
 * The progress display of long runs, on standard error: one line redrawn in
 * place on a terminal, one line per step when asked for with `--progress`
 * and not on a terminal, nothing otherwise (scripts and logs stay quiet).
 */

/** One step of a long run. */
export interface Step {
  phase: string;
  done: number;
  total: number;
  item?: string;
}

export interface Progress {
  update(step: Step): void;
  /** clears the redrawn line */
  end(): void;
}

/** How progress is shown. */
export type ProgressMode = 'redraw' | 'lines' | 'off';

/** The mode for a stream: redrawn on a terminal, lines when forced elsewhere, else off. */
export function progressMode(isTTY: boolean, forced: boolean): ProgressMode {
  return isTTY ? 'redraw' : forced ? 'lines' : 'off';
}

function bar(done: number, total: number, width = 20): string {
  const full = total > 0 ? Math.round((done / total) * width) : 0;
  return `[${'#'.repeat(full)}${'.'.repeat(width - full)}]`;
}

/** A progress display writing to `write` in a mode. */
export function createProgress(write: (text: string) => void, mode: ProgressMode, now: () => number = () => performance.now()): Progress {
  const started = now();
  let drawn = false;
  const line = (s: Step): string => {
    const seconds = ((now() - started) / 1000).toFixed(1);
    const count = s.total > 1 ? ` ${bar(s.done, s.total)} ${s.done}/${s.total}` : '';
    return `${s.phase}${count}${s.item ? ` ${s.item}` : ''} (${seconds} s)`;
  };
  return {
    update(step) {
      if (mode === 'off') return;
      if (mode === 'lines') return write(line(step) + '\n');
      write(`\r\x1b[2K${line(step)}`);
      drawn = true;
    },
    end() {
      if (drawn) write('\r\x1b[2K');
      drawn = false;
    },
  };
}
