#!/usr/bin/env node
/**
 * The `dataseries` command: validate, publish, serve. See `dataseries --help`.
 */
import { processIo } from './cli/io.js';
import { runCli } from './cli/run-cli.js';

runCli(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`dataseries: unexpected error: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
