import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const begin = (name: string): string => `<!-- begin ${name}: written by another bench, kept when this file is rewritten -->`;
const end = (name: string): string => `<!-- end ${name} -->`;
const SECTION = /<!-- begin ([\w-]+):[^>]*-->[\s\S]*?<!-- end \1 -->\n?/g;

/** The sections other benches wrote into `file` (empty when there is none). */
function sectionsOf(file: string): string[] {
  return existsSync(file) ? [...readFileSync(file, 'utf8').matchAll(SECTION)].map((m) => m[0].trimEnd()) : [];
}

/**
 * Writes the main body of a results file and keeps, after it, the sections
 * other benches wrote into the file before (see `writeSection`).
 */
export function writeKeepingSections(file: string, body: string): void {
  const kept = sectionsOf(file);
  writeFileSync(file, [body.trimEnd(), ...kept].join('\n\n') + '\n');
}

/** Puts `markdown` into the named section of `file`, replacing that section or appending it. */
export function writeSection(file: string, name: string, markdown: string): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const block = `${begin(name)}\n\n${markdown.trim()}\n\n${end(name)}`;
  const rest = text.replace(SECTION, (m, n: string) => (n === name ? '' : m)).trimEnd();
  writeFileSync(file, `${rest}\n\n${block}\n`);
}
