import path from 'node:path';
import type { LoadIssue } from '../data/model.js';

/**
 * One loader issue as a line editors and CI logs understand:
 * `dir/file:line: severity: [dataset] message`.
 * @example formatIssue('data', { dataset: 'x', file: 'x.csv', line: 3, message: 'bad date', severity: 'error' }) // 'data/x.csv:3: error: [x] bad date'
 */
export function formatIssue(dir: string, issue: LoadIssue): string {
  const where = path.join(dir, issue.file) + (issue.line ? `:${issue.line}` : '');
  const dataset = issue.dataset && !issue.file.startsWith(`${issue.dataset}.`) ? `[${issue.dataset}] ` : '';
  return `${where}: ${issue.severity}: ${dataset}${issue.message}`;
}

/** Counts of a list of issues. */
export function countIssues(issues: LoadIssue[]): { errors: number; warnings: number } {
  const errors = issues.filter((i) => i.severity === 'error').length;
  return { errors, warnings: issues.length - errors };
}

/** "1 error", "2 warnings". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
