/**
 * xmllint (Debian's libxml2-utils) on a text: whether it is well-formed, and
 * XPath answers over it. For the SDMX-ML answers (issue 22).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs xmllint with `args` on `text` written to a temporary file; its stdout and stderr. */
async function xmllint(text: string, args: string[]): Promise<{ stdout: string; stderr: string; ok: boolean }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ds-xml-'));
  const file = path.join(dir, 'answer.xml');
  try {
    await writeFile(file, text);
    const { stdout, stderr } = await run('xmllint', [...args, file], { maxBuffer: 64 << 20 });
    return { stdout, stderr, ok: true };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { stdout: e.stdout ?? '', stderr: e.stderr ?? String(error), ok: false };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** xmllint --noout's complaints about a text: '' when it is well-formed (namespaces included). */
export async function xmlProblems(text: string): Promise<string> {
  const { stderr, ok } = await xmllint(text, ['--noout']);
  return ok && !stderr ? '' : stderr || 'xmllint failed';
}

/** The string value of an XPath expression over a text (use local-name() or namespace-uri() for prefixed names). */
export async function xpath(text: string, expression: string): Promise<string> {
  const { stdout, stderr, ok } = await xmllint(text, ['--xpath', expression]);
  if (!ok && !/XPath set is empty/.test(stderr)) throw new Error(`xmllint --xpath ${expression}: ${stderr}`);
  return stdout.trim();
}
