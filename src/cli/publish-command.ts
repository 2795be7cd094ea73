import path from 'node:path';
import { OutPathError, publish, publishFailed, type PublishReport } from '../publish/publish.js';
import { PublishBusyError } from '../publish/versions.js';
import { countIssues, formatIssue, plural } from './format-issues.js';
import { EXIT, UsageError, type CliIo } from './io.js';
import { requireDirectory } from './paths.js';
import { createProgress, progressMode } from './progress.js';

export interface PublishArgs {
  src: string;
  out: string;
  keep: number;
  allowRemovals: boolean;
  progress: boolean;
  json: boolean;
}

const PHASES = { validate: 'validating', write: 'writing', check: 'checking the written files', swap: 'swapping OUT' } as const;

/** `dataseries publish SRC OUT`: publishes, prints SRC's issues on stderr and a report on stdout. */
export async function runPublish(args: PublishArgs, io: CliIo): Promise<number> {
  await requireDirectory(args.src, 'SRC');
  const display = createProgress(io.err, progressMode(io.errIsTTY, args.progress));
  let report: PublishReport;
  try {
    report = await publish({
      src: args.src,
      out: path.resolve(args.out),
      keep: args.keep,
      allowRemovals: args.allowRemovals,
      onProgress: (p) => display.update({ ...p, phase: PHASES[p.phase] }),
    });
  } catch (e) {
    if (e instanceof OutPathError) throw new UsageError(e.message);
    if (e instanceof PublishBusyError) {
      io.err(`publish failed: ${e.message}\n`);
      return EXIT.failed;
    }
    throw e;
  } finally {
    display.end();
  }
  if (args.json) io.out(JSON.stringify(report, null, 2) + '\n');
  else {
    for (const issue of report.issues) io.err(formatIssue(args.src, issue) + '\n');
    io.out(describe(report, args.out));
  }
  return publishFailed(report) ? EXIT.failed : EXIT.ok;
}

/** The report in sentences. */
function describe(r: PublishReport, out: string): string {
  const lines: string[] = [];
  const { errors, warnings } = countIssues(r.issues);
  if (r.aborted) return `publish failed: ${r.aborted}\n${out} is unchanged.\n`;
  const total = r.written.length + r.unchanged.length + r.keptPrevious.length;
  const where = r.version ? path.basename(r.version) : '';
  if (r.changed) lines.push(`published ${plural(total, 'dataset')} to ${out} (version ${where}): ${r.written.length} written, ${r.unchanged.length} unchanged`);
  else lines.push(`nothing changed: ${out} still holds version ${where} (${plural(total, 'dataset')})`);
  for (const id of r.keptPrevious) lines.push(`${id}: failed validation; its previously published version is kept`);
  for (const id of r.dropped) lines.push(`${id}: failed validation and has no published version; not published`);
  if (r.removed.length) lines.push(`removed (no longer in the source): ${r.removed.join(', ')}`);
  if (r.pruned.length) lines.push(`old versions deleted: ${r.pruned.join(', ')}`);
  lines.push(`source: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`);
  return lines.join('\n') + '\n';
}
