import { loadSnapshot } from '../data/load-snapshot.js';
import type { LoadIssue } from '../data/model.js';
import { countIssues, formatIssue, plural } from './format-issues.js';
import { EXIT, type CliIo } from './io.js';
import { requireDirectory } from './paths.js';

export interface ValidateArgs {
  dir: string;
  strict: boolean;
  json: boolean;
}

/**
 * `dataseries validate DIR`: loads DIR with the server's own loader and
 * prints every issue it reports (the one validator of the project).
 */
export async function runValidate(args: ValidateArgs, io: CliIo): Promise<number> {
  await requireDirectory(args.dir, 'DIR');
  const snapshot = await loadSnapshot(args.dir);
  // a directory with no dataset would serve nothing (a wrong path, an empty publish): that is an error
  const issues: LoadIssue[] =
    snapshot.datasets.size || snapshot.issues.some((i) => i.severity === 'error')
      ? snapshot.issues
      : [
          ...snapshot.issues,
          { dataset: null, file: '.', message: 'no dataset found (expected catalog.json, or {id}.csv beside {id}.json)', severity: 'error' },
        ];
  const { errors, warnings } = countIssues(issues);
  const ok = errors === 0 && !(args.strict && warnings > 0);
  if (args.json) {
    io.out(JSON.stringify({ ok, dir: args.dir, datasets: snapshot.datasets.size, errors, warnings, issues }, null, 2) + '\n');
  } else {
    for (const issue of issues) io.out(formatIssue(args.dir, issue) + '\n');
    io.out(`${args.dir}: ${plural(snapshot.datasets.size, 'dataset')} loaded, ${plural(errors, 'error')}, ${plural(warnings, 'warning')}\n`);
  }
  return ok ? EXIT.ok : EXIT.failed;
}
