import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../config.js';
import { EXIT, UsageError, type CliIo } from './io.js';
import { MAIN_HELP, PUBLISH_HELP, SERVE_HELP, VALIDATE_HELP } from './usage.js';

type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/** Parses a command's arguments; anything unknown or missing is a usage error. */
function parse(args: string[], options: Options, positionals: string[]): { values: Record<string, string | boolean | undefined>; names: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (!values.help && parsed.positionals.length !== positionals.length) {
    throw new UsageError(
      `expected ${positionals.length ? positionals.join(' ') : 'no arguments'}, got ${parsed.positionals.length ? parsed.positionals.join(' ') : 'none'}`,
    );
  }
  return { values, names: parsed.positionals };
}

function keepOf(text: string | boolean | undefined): number {
  if (text === undefined) return 10;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 2) throw new UsageError(`--keep ${String(text)}: expected a whole number of at least 2`);
  return n;
}

function version(): string {
  return (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

async function dispatch(command: string | undefined, rest: string[], io: CliIo): Promise<number> {
  const help = (text: string): number => (io.out(text), EXIT.ok);
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      return help(MAIN_HELP);
    case '--version':
      return help(`${version()}\n`);
    case 'validate': {
      const { values, names } = parse(rest, { strict: { type: 'boolean' }, json: { type: 'boolean' } }, ['DIR']);
      if (values.help) return help(VALIDATE_HELP);
      const { runValidate } = await import('./validate-command.js');
      return runValidate({ dir: names[0], strict: values.strict === true, json: values.json === true }, io);
    }
    case 'publish': {
      const { values, names } = parse(
        rest,
        { keep: { type: 'string' }, 'allow-removals': { type: 'boolean' }, progress: { type: 'boolean' }, json: { type: 'boolean' } },
        ['SRC', 'OUT'],
      );
      if (values.help) return help(PUBLISH_HELP);
      const { runPublish } = await import('./publish-command.js');
      return runPublish(
        {
          src: names[0],
          out: names[1],
          keep: keepOf(values.keep),
          allowRemovals: values['allow-removals'] === true,
          progress: values.progress === true,
          json: values.json === true,
        },
        io,
      );
    }
    case 'serve': {
      const s = { type: 'string' } as const;
      const { values } = parse(rest, { data: s, port: s, host: s, 'base-url': s, workers: s }, []);
      if (values.help) return help(SERVE_HELP);
      const { runServe } = await import('./serve-command.js');
      const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);
      return runServe(
        { data: str(values.data), port: str(values.port), host: str(values.host), baseUrl: str(values['base-url']), workers: str(values.workers) },
        io,
      );
    }
    default:
      throw new UsageError(`unknown command '${command}'; the commands are validate, publish and serve`);
  }
}

/**
 * Runs the command line and returns the exit code: 0 success, 1 validation
 * errors or a failed publish, 2 usage errors (printed with a hint to --help).
 * @example process.exitCode = await runCli(['validate', 'data'], processIo());
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    return await dispatch(command, rest, io);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    const topic = ['validate', 'publish', 'serve'].includes(command ?? '') ? `dataseries ${command} --help` : 'dataseries --help';
    io.err(`dataseries: ${e.message}\nSee '${topic}'.\n`);
    return EXIT.usage;
  }
}
