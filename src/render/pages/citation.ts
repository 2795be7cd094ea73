/**
 * The suggested citation of a selection, in three forms (plain text, APA,
 * BibTeX), naming the source, the dataset, the selection's URL, the data
 * version and the day it was accessed. Pure, so the bundle rewrites it when
 * the selection changes.
 */
import type { Lang } from '../../data/model.js';
import type { UiStrings } from '../../i18n/strings.js';
import { fillTemplate } from '../../i18n/chart-text.js';
import { html, type SafeHtml } from '../html.js';

/** What a citation names. */
export interface CitationInput {
  source: string;
  title: string;
  datasetId: string;
  /** the absolute URL of the page of the selection */
  url: string;
  version: string;
  /** ISO day the data was published (its year dates the citation) */
  updated: string | null;
  /** ISO day of access; null where the text must not change with the day (a zip's README): the citation then names none */
  accessed: string | null;
  lang: Lang;
}

/** The citation forms. */
export const CITATION_FORMS = ['plain', 'apa', 'bibtex'] as const;
export type CitationForm = (typeof CITATION_FORMS)[number];

const FORM_NAMES: Record<CitationForm, string> = { plain: 'Text', apa: 'APA', bibtex: 'BibTeX' };

/** The three forms of the citation. */
export function buildCitations(c: CitationInput, t: UiStrings['dataset']): Record<CitationForm, string> {
  const year = (c.updated ?? c.accessed ?? '').slice(0, 4);
  const accessed = c.accessed === null ? null : fillTemplate(t.citeAccessed, { date: c.accessed });
  const version = fillTemplate(t.citeVersion, { version: c.version });
  const bib = (s: string): string => s.replace(/[{}\\]/g, '');
  return {
    plain: `${c.source}: ${c.title} (${version}). ${c.url}${accessed === null ? '' : ` (${accessed})`}.`,
    apa: `${c.source}. (${year}). ${c.title} [Data set, ${version}]. Retrieved ${c.accessed === null ? '' : `${c.accessed}, `}from ${c.url}`,
    bibtex: [
      `@misc{${c.datasetId}_${year},`,
      `  author = {{${bib(c.source)}}},`,
      `  title = {${bib(c.title)}},`,
      `  year = {${year}},`,
      `  version = {${bib(c.version)}},`,
      ...(accessed === null ? [`  url = {${c.url}}`] : [`  url = {${c.url}},`, `  urldate = {${c.accessed}},`, `  note = {${bib(accessed)}}`]),
      `}`,
    ].join('\n'),
  };
}

/** The citation card: each form in a focusable code box; `data-citation` lets the bundle rewrite them for a new selection. */
export function renderCitations(input: CitationInput, t: UiStrings['dataset']): SafeHtml {
  const citations = buildCitations(input, t);
  const forms = CITATION_FORMS.map(
    (f) =>
      html`<div class="cite-form">
        <h3 class="panel-subhead" id="cite-${f}-h">${FORM_NAMES[f]}</h3>
        <pre class="code cite-code" tabindex="0" aria-labelledby="cite-${f}-h"><code data-cite="${f}">${citations[f]}</code></pre>
      </div>`,
  );
  return html`<section class="card cite" aria-labelledby="cite-heading" data-citation="${JSON.stringify(input)}">
    <h2 id="cite-heading">${t.cite}</h2>
    ${forms}
  </section>`;
}
