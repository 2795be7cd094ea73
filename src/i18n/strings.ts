/**
 * Every text of the website's interface, written by hand in the four
 * languages (one file per language). The shape is one interface, so a string
 * missing in any language is a compile error. Data labels (titles, levels)
 * come from the data, not from here.
 *
 * Placeholders are `{name}`, filled by `fillTemplate` (src/i18n/chart-text.ts).
 */
import type { Lang, TransformId } from '../data/model.js';
import type { Frequency } from '../data/frequency.js';
import { DE } from './strings-de.js';
import { EN } from './strings-en.js';
import { FR } from './strings-fr.js';
import { IT } from './strings-it.js';

/** A count phrase: `one` for exactly 1, `other` otherwise; `{n}` is the formatted number. */
export interface Plural {
  one: string;
  other: string;
}

/** A section of prose: a heading and paragraphs (plain text). */
export interface Section {
  heading: string;
  paragraphs: string[];
}

export interface UiStrings {
  /** name of the language in itself (for the switcher) */
  languageName: string;
  skipToContent: string;
  siteTagline: string;
  nav: { home: string; datasets: string; libraries: string; about: string; licenses: string; api: string };
  languageSwitcher: string;
  /** accessible names of the main navigation and of the breadcrumb trail */
  mainNavigation: string;
  breadcrumb: string;
  footer: { note: string; api: string; openapi: string; llms: string; sourceCode: string };

  home: {
    title: string;
    heroTitle: string;
    /** `{datasets}`, `{series}` */
    heroLede: string;
    searchLabel: string;
    searchPlaceholder: string;
    searchButton: string;
    featured: string;
    byTopic: string;
    allDatasets: string;
    other: string;
  };
  datasetCount: Plural;
  seriesCount: Plural;
  observationCount: Plural;

  datasets: {
    title: string;
    lede: string;
    filterLabel: string;
    filterPlaceholder: string;
    topicLabel: string;
    allTopics: string;
    apply: string;
    clear: string;
    /** `{shown}`, `{total}` */
    showing: string;
    /** `{q}` */
    noMatch: string;
    matchingSeries: string;
  };

  /** the name of each frequency (data/frequency.ts) */
  frequencies: Record<Frequency, string>;

  facts: { source: string; license: string; frequency: string; span: string; updated: string; series: string; id: string; units: string };

  dataset: {
    about: string;
    notes: string;
    selection: string;
    chooseOne: string;
    chooseSeveral: string;
    filterLevels: string;
    noDataForCombination: string;
    /** a single choice that exists, but not with the other current choices */
    adjustsOthers: string;
    period: string;
    from: string;
    to: string;
    /** `{n}` years */
    lastYears: string;
    allYears: string;
    showAs: string;
    /** the page's transform switch (src/i18n/transform-names.ts) */
    transforms: Record<TransformId, string>;
    update: string;
    chart: string;
    zoomHint: string;
    /** the note under a chart whose lines lie on top of each other: `{series}`, their labels as a list */
    linesCoincide: string;
    /** the headline: latest value of each series */
    latest: string;
    changeOnPrevious: string;
    changeOnYear: string;
    /** the table of the numbers: summary of the disclosure, newer/older pages, `{from}`–`{to}` of `{total}` rows */
    table: string;
    tableNewer: string;
    tableOlder: string;
    /** the pages of a table sorted by a value, and the title of a column's sort button */
    tablePrevious: string;
    tableNext: string;
    tableSort: string;
    tableRows: string;
    /** the suggested citation: heading, formats, accessed on `{date}`, data version `{version}` */
    cite: string;
    citeAccessed: string;
    citeVersion: string;
    logScale: string;
    /** the frequency control (conversion to a lower frequency, issue 20): its label, the option of the data as published, the aggregation's label, the partial checkbox */
    convertFrequency: string;
    asPublished: string;
    aggregation: string;
    keepPartial: string;
    /** the index base date picker */
    indexBase: string;
    /** % change asked of a series that crosses zero: `{series}` */
    pctCrossesZero: string;
    pctUseChange: string;
    /** a warning's fix: the values instead of a transform that means nothing here */
    useLevel: string;
    /** the index asked of a series whose value at the base is 0, below 0 or missing: `{series}` */
    indexBaseZero: string;
    indexBaseNegative: string;
    indexBaseMissing: string;
    /** the link from that warning to the index base field */
    indexUseOtherBase: string;
    resetZoom: string;
    loading: string;
    /** `{error}` */
    loadFailed: string;
    tabCode: string;
    tabEmbed: string;
    tabDownload: string;
    copy: string;
    copied: string;
    /** the button that copies the page's address, and what it says once done */
    copyLink: string;
    linkCopied: string;
    codeIntro: string;
    /** a code comment in R/Python snippets when a transform is shown; `{transform}` */
    codeTransformNote: string;
    /** a code comment above the URL-reading snippets */
    codeCsvNote: string;
    /** where Power Query's editor is in Excel's menus (a code comment) */
    excelHint: string;
    embedIntro: string;
    embedPreview: string;
    downloadIntro: string;
    downloadData: string;
    downloadChart: string;
    formats: { csv: string; csvLabels: string; xlsx: string; json: string; png: string; svg: string; zip: string };
    apiLink: string;
    allDatasets: string;
    viewFull: string;
    /** the vintages of a dataset (issue 21): the as-of control, its banner, the revisions view; `{vintage}` is a time stamp in words */
    vintages: {
      asOf: string;
      latest: string;
      banner: string;
      toLatest: string;
      heading: string;
      compareWith: string;
      revisedCount: Plural;
      listedFirst: string;
      mark: string;
      series: string;
      date: string;
      old: string;
      now: string;
      lastHeading: string;
      lastCount: Plural;
    };
  };

  libraries: {
    title: string;
    lede: string;
    r: Section;
    python: Section;
    /** where the server is: explains the environment variable */
    baseUrlNote: string;
    install: string;
    csv: Section;
    urlParts: { dataset: string; dims: string; dates: string; transform: string };
    tools: Section;
    api: Section;
    /** the SDMX face (issue 22) */
    sdmx: Section;
  };

  about: { title: string; lede: string; sections: Section[] };

  licenses: {
    title: string;
    lede: string;
    commercialYes: string;
    commercialNo: string;
    commercialUnknown: string;
    attribution: string;
    terms: string;
    usedBy: Plural;
    notInVocabulary: string;
    /** a license key that licenses.json does not list; {key} is the key */
    unknownLicense: string;
  };

  errors: {
    notFoundTitle: string;
    /** `{path}` */
    notFoundText: string;
    badRequestTitle: string;
    otherTitle: string;
    details: string;
    /** `{id}`: the 404 of an unknown dataset */
    unknownDataset: string;
    didYouMean: string;
    goHome: string;
    browse: string;
  };
}

const STRINGS: Record<Lang, UiStrings> = { en: EN, de: DE, fr: FR, it: IT };

/** The interface strings of a language. */
export function uiStrings(lang: Lang): UiStrings {
  return STRINGS[lang];
}
