/**
 * What a command writes to and reads from, so the CLI runs the same in a
 * terminal and in a test: standard output, standard error (and whether it is
 * a terminal, for the progress display), the environment.
 */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** standard error is a terminal: show the progress display */
  errIsTTY: boolean;
  env: NodeJS.ProcessEnv;
}

/** Exit codes scripts can rely on. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A command line that cannot be run as written (exit 2); the message says how to fix it. */
export class UsageError extends Error {}

/** The process's own streams. */
export function processIo(): CliIo {
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    errIsTTY: Boolean(process.stderr.isTTY),
    env: process.env,
  };
}
