import type { CliIo } from './io.js';

/** A CliIo that records what a command wrote (for tests). */
export interface CapturedIo extends CliIo {
  stdout: string;
  stderr: string;
}

/** Records standard output and error; `isTTY` pretends standard error is a terminal. */
export function captureIo(isTTY = false, env: NodeJS.ProcessEnv = {}): CapturedIo {
  const io: CapturedIo = {
    stdout: '',
    stderr: '',
    errIsTTY: isTTY,
    env,
    out: (text) => void (io.stdout += text),
    err: (text) => void (io.stderr += text),
  };
  return io;
}
