import type { UiStrings } from './strings.js';
import { transformNamesOf } from './transform-names.js';

/** English interface strings. */
export const EN: UiStrings = {
  languageName: 'English',
  skipToContent: 'Skip to content',
  siteTagline: 'Swiss statistics as open data',
  nav: { home: 'Home', datasets: 'Datasets', libraries: 'R, Python & more', about: 'About', licenses: 'Licenses', api: 'API' },
  languageSwitcher: 'Language',
  mainNavigation: 'Main',
  breadcrumb: 'You are here',
  footer: {
    note: 'Every dataset keeps the license of its publisher: see each dataset page and the licenses page.',
    api: 'API documentation',
    openapi: 'OpenAPI description',
    llms: 'llms.txt',
    sourceCode: 'Libraries for R and Python',
  },

  home: {
    title: 'Swiss statistics as open data',
    heroTitle: 'Swiss statistics, ready to use',
    heroLede: '{datasets} and {series} from public sources: explore them as charts, download them as CSV or Excel, or read them straight into R and Python.',
    searchLabel: 'Search datasets and series',
    searchPlaceholder: 'e.g. consumer confidence, unemployment, GDP',
    searchButton: 'Search',
    featured: 'Featured',
    byTopic: 'Datasets by topic',
    allDatasets: 'All datasets',
    other: 'Other',
  },
  datasetCount: { one: '{n} dataset', other: '{n} datasets' },
  seriesCount: { one: '{n} series', other: '{n} series' },
  observationCount: { one: '{n} observation', other: '{n} observations' },

  datasets: {
    title: 'All datasets',
    lede: 'Every dataset with its source, frequency and time span. Filter by words (titles, descriptions and series names) or by topic.',
    filterLabel: 'Filter',
    filterPlaceholder: 'Words in titles or series names',
    topicLabel: 'Topic',
    allTopics: 'All topics',
    apply: 'Filter',
    clear: 'Show all',
    showing: '{shown} of {total}',
    noMatch: 'No dataset matches “{q}”.',
    matchingSeries: 'Matching series',
  },

  frequencies: { annual: 'Annual', 'semi-annual': 'Semi-annual', quarterly: 'Quarterly', monthly: 'Monthly', weekly: 'Weekly', daily: 'Daily' },

  facts: {
    source: 'Source',
    license: 'License',
    frequency: 'Frequency',
    span: 'Period',
    updated: 'Last update',
    series: 'Series',
    id: 'Dataset id',
    units: 'Unit',
  },

  dataset: {
    about: 'About this dataset',
    notes: 'Notes',
    selection: 'Selection',
    chooseOne: 'choose one',
    chooseSeveral: 'choose one or more',
    filterLevels: 'Filter the list',
    noDataForCombination: 'no data for this combination',
    adjustsOthers: 'other choices change to match',
    period: 'Period',
    from: 'From',
    to: 'To',
    lastYears: '{n} years',
    allYears: 'All',
    showAs: 'Show as',
    transforms: transformNamesOf('en', 'short'),
    update: 'Update the chart',
    chart: 'Chart',
    zoomHint: 'Drag across the chart to zoom in, double-click to zoom out.',
    latest: 'Latest',
    changeOnPrevious: 'on previous period',
    changeOnYear: 'on a year earlier',
    table: 'Table of the numbers',
    tableNewer: 'Newer',
    tableOlder: 'Older',
    tableRows: 'Rows {from}–{to} of {total}',
    cite: 'Cite',
    citeAccessed: 'accessed {date}',
    citeVersion: 'data version {version}',
    logScale: 'Log scale',
    indexBase: 'Index base (= 100)',
    pctCrossesZero: '% change is not meaningful here: {series} crosses zero, so its percentages jump to huge values. The change in units tells the story.',
    pctUseChange: 'Show the change instead',
    indexBaseZero:
      'An index is not possible here: {series} is 0 at the index base, and no value can be divided by 0. Choose another base date, or show the change.',
    indexBaseNegative:
      'An index is misleading here: {series} is below 0 at the index base, so the index falls when the series rises. Choose a base date with a value above 0, or show the change.',
    indexBaseMissing: 'An index is not possible here: {series} has no value at the index base. Choose another base date, or show the change.',
    indexUseOtherBase: 'Choose another base date',
    resetZoom: 'Reset zoom',
    loading: 'Loading…',
    loadFailed: 'The data could not be loaded: {error}',
    tabCode: 'Code',
    tabEmbed: 'Embed',
    tabDownload: 'Download',
    copy: 'Copy',
    copied: 'Copied',
    codeIntro: 'Code that reads the current selection.',
    codeTransformNote: 'ds() returns levels; the chart shows {transform}, as in this CSV:',
    codeCsvNote: 'The current selection as CSV:',
    excelHint: 'Excel: Data › Get Data › From Other Sources › Blank Query › Advanced Editor',
    embedIntro: 'Paste this snippet into a web page to show the chart of the current selection. The embedded chart updates itself when new data is published.',
    embedPreview: 'Preview',
    downloadIntro: 'The current selection, with the transform applied.',
    downloadData: 'Data',
    downloadChart: 'Chart',
    formats: { csv: 'CSV', csvLabels: 'CSV with labels', xlsx: 'Excel', json: 'JSON', png: 'PNG image', svg: 'SVG image' },
    apiLink: 'The same data from the API',
    allDatasets: 'All datasets',
    viewFull: 'Open on dataseries',
  },

  libraries: {
    title: 'R, Python and other tools',
    lede: 'Every selection on this site is a URL. Read it with the R or Python library, or with any tool that can open a CSV file from the web.',
    r: {
      heading: 'R',
      paragraphs: [
        'The R package returns a data frame with the dimension codes, a date column of class Date and a numeric value column.',
        'Name each dimension with one or more of its codes; leave a dimension out to get all its codes. The dataset page writes this call for you: open a dataset, choose the series and copy the code.',
      ],
    },
    python: {
      heading: 'Python',
      paragraphs: ['The Python package returns a pandas DataFrame with the same columns. Dimensions are keyword arguments; the dates are start and end.'],
    },
    baseUrlNote: 'Both libraries read the address of the server from the environment variable DATASERIES_API.',
    install: "Install, from the project's source tree:",
    csv: {
      heading: 'The CSV address',
      paragraphs: [
        'Every selection can be read as a tidy CSV file: one row per observation, with the dimension codes, the date (YYYY-MM-DD, the first day of the period) and the value. An empty value is a missing observation.',
        'The parts of the address:',
      ],
    },
    urlParts: {
      dataset: 'the dataset id, shown on every dataset page',
      dims: 'the codes per dimension, e.g. type=index;seas_adj=csa; several codes are separated by commas',
      dates: 'the first and last date, inclusive (optional)',
      transform: 'level (default), pct, yoy, diff or index (optional)',
    },
    tools: {
      heading: 'Stata, MATLAB, Julia, Excel, SAS',
      paragraphs: [
        'Stata, MATLAB, Julia, SAS and Excel (Power Query: Data › From Web) open the CSV address directly. The code card on each dataset page has a ready snippet for each of them.',
      ],
    },
    api: {
      heading: 'The API',
      paragraphs: [
        'The catalog, the metadata of each dataset and the observations are also available as JSON. The interactive documentation lists every route and parameter.',
      ],
    },
  },

  about: {
    title: 'About dataseries',
    lede: 'dataseries publishes Swiss statistical time series in one consistent format: as web pages with charts, as files and as an API.',
    sections: [
      {
        heading: 'What you find here',
        paragraphs: [
          'Each dataset is a family of related series, such as consumer prices by item or employment by region and sector. A dataset page shows the chart of any selection, its code in R, Python and other tools, a snippet to embed the chart, and downloads as CSV, Excel and JSON.',
          'The numbers are the published numbers: every page, download, chart and API answer reads the same files, so a value is identical wherever you see it.',
        ],
      },
      {
        heading: 'Where the data comes from',
        paragraphs: [
          'The data comes from public sources such as the Federal Statistical Office, the State Secretariat for Economic Affairs, the Swiss National Bank and the KOF Swiss Economic Institute. Each dataset names its source and keeps the source’s license; please cite the source when you use the data.',
        ],
      },
      {
        heading: 'How it is built',
        paragraphs: [
          'The pages work without JavaScript; with it, charts become interactive. Every page exists in English, German, French and Italian, and labels are shown in your language where the source provides them.',
        ],
      },
    ],
  },

  licenses: {
    title: 'Licenses',
    lede: 'Each dataset is published under the terms of its source. This page lists the terms and the datasets that use them.',
    commercialYes: 'Commercial use allowed',
    commercialNo: 'Non-commercial use only',
    commercialUnknown: 'Commercial use: see the terms',
    attribution: 'Name the source when you use the data',
    terms: 'Read the terms',
    usedBy: { one: 'Used by {n} dataset', other: 'Used by {n} datasets' },
    notInVocabulary: 'As named by the publisher; no terms are on file.',
    unknownLicense: 'unknown license ({key})',
  },

  errors: {
    notFoundTitle: 'Page not found',
    notFoundText: 'There is no page at {path}. It may have moved, or the address may be mistyped.',
    badRequestTitle: 'This address does not work',
    otherTitle: 'Something went wrong',
    details: 'Details',
    unknownDataset: 'No dataset has the id “{id}”.',
    didYouMean: 'Did you mean',
    goHome: 'Go to the home page',
    browse: 'Browse all datasets',
  },
};
