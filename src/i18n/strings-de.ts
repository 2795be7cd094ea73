import type { UiStrings } from './strings.js';
import { transformNamesOf } from './transform-names.js';

/** German interface strings (Swiss spelling: "ss", no "ß"). */
export const DE: UiStrings = {
  languageName: 'Deutsch',
  skipToContent: 'Zum Inhalt springen',
  siteTagline: 'Schweizer Statistiken als offene Daten',
  nav: { home: 'Startseite', datasets: 'Datensätze', libraries: 'R, Python & mehr', about: 'Über uns', licenses: 'Lizenzen', api: 'API' },
  languageSwitcher: 'Sprache',
  mainNavigation: 'Hauptnavigation',
  breadcrumb: 'Sie sind hier',
  footer: {
    note: 'Jeder Datensatz steht unter der Lizenz seines Herausgebers: siehe die Seite des Datensatzes und die Seite «Lizenzen».',
    api: 'API-Dokumentation',
    openapi: 'OpenAPI-Beschreibung',
    llms: 'llms.txt',
    sourceCode: 'Bibliotheken für R und Python',
  },

  home: {
    title: 'Schweizer Statistiken als offene Daten',
    heroTitle: 'Schweizer Statistiken, sofort nutzbar',
    heroLede: '{datasets} und {series} aus öffentlichen Quellen: als Grafik erkunden, als CSV oder Excel herunterladen oder direkt in R und Python einlesen.',
    searchLabel: 'Datensätze und Zeitreihen suchen',
    searchPlaceholder: 'z. B. Konsumentenstimmung, Arbeitslosigkeit, BIP',
    searchButton: 'Suchen',
    featured: 'Im Fokus',
    byTopic: 'Datensätze nach Thema',
    allDatasets: 'Alle Datensätze',
    other: 'Weitere',
  },
  datasetCount: { one: '{n} Datensatz', other: '{n} Datensätze' },
  seriesCount: { one: '{n} Zeitreihe', other: '{n} Zeitreihen' },
  observationCount: { one: '{n} Beobachtung', other: '{n} Beobachtungen' },

  datasets: {
    title: 'Alle Datensätze',
    lede: 'Alle Datensätze mit Quelle, Periodizität und Zeitraum. Filtern Sie nach Stichworten (Titel, Beschreibungen und Namen der Zeitreihen) oder nach Thema.',
    filterLabel: 'Filter',
    filterPlaceholder: 'Wörter in Titeln oder Zeitreihen',
    topicLabel: 'Thema',
    allTopics: 'Alle Themen',
    apply: 'Filtern',
    clear: 'Alle anzeigen',
    showing: '{shown} von {total}',
    noMatch: 'Kein Datensatz passt zu «{q}».',
    matchingSeries: 'Passende Zeitreihen',
  },

  frequencies: { annual: 'Jährlich', 'semi-annual': 'Halbjährlich', quarterly: 'Quartalsweise', monthly: 'Monatlich', weekly: 'Wöchentlich', daily: 'Täglich' },

  facts: {
    source: 'Quelle',
    license: 'Lizenz',
    frequency: 'Periodizität',
    span: 'Zeitraum',
    updated: 'Letzte Aktualisierung',
    series: 'Zeitreihen',
    id: 'Kennung',
    units: 'Einheit',
  },

  dataset: {
    about: 'Über diesen Datensatz',
    notes: 'Anmerkungen',
    selection: 'Auswahl',
    chooseOne: 'eine Option wählen',
    chooseSeveral: 'eine oder mehrere wählen',
    filterLevels: 'Liste filtern',
    noDataForCombination: 'keine Daten für diese Kombination',
    adjustsOthers: 'andere Auswahlen werden angepasst',
    period: 'Zeitraum',
    from: 'Von',
    to: 'Bis',
    lastYears: '{n} Jahre',
    allYears: 'Alle',
    showAs: 'Darstellung',
    transforms: transformNamesOf('de', 'short'),
    update: 'Grafik aktualisieren',
    chart: 'Grafik',
    zoomHint: 'Ziehen Sie über die Grafik, um hineinzuzoomen; Doppelklick zoomt wieder heraus.',
    linesCoincide: '{series}: Diese Linien liegen übereinander (ihre Werte unterscheiden sich um weniger, als die Grafik zeigen kann).',
    latest: 'Neuester Wert',
    changeOnPrevious: 'gegenüber Vorperiode',
    changeOnYear: 'gegenüber Vorjahr',
    table: 'Tabelle der Zahlen',
    tableNewer: 'Neuere',
    tableOlder: 'Ältere',
    tablePrevious: 'Vorherige',
    tableNext: 'Nächste',
    tableSort: 'Nach dieser Spalte sortieren',
    tableRows: 'Zeilen {from}–{to} von {total}',
    cite: 'Zitieren',
    citeAccessed: 'abgerufen am {date}',
    citeVersion: 'Datenversion {version}',
    logScale: 'Logarithmische Skala',
    convertFrequency: 'Periodizität',
    asPublished: 'Wie publiziert',
    aggregation: 'Aggregationsmethode',
    keepPartial: 'Unvollständige Perioden behalten',
    indexBase: 'Indexbasis (= 100)',
    pctCrossesZero:
      'Eine prozentuale Veränderung ist hier nicht aussagekräftig: {series} wechselt das Vorzeichen, die Prozentwerte springen ins Extreme. Die Veränderung in Einheiten zeigt den Verlauf.',
    pctUseChange: 'Stattdessen die Veränderung zeigen',
    useLevel: 'Stattdessen die Werte zeigen',
    indexBaseZero:
      'Ein Index ist hier nicht möglich: {series} ist an der Indexbasis 0, und durch 0 lässt sich nicht teilen. Wählen Sie ein anderes Basisdatum oder zeigen Sie die Veränderung.',
    indexBaseNegative:
      'Ein Index führt hier in die Irre: {series} ist an der Indexbasis kleiner als 0, der Index sinkt also, wenn die Reihe steigt. Wählen Sie ein Basisdatum mit einem Wert über 0 oder zeigen Sie die Veränderung.',
    indexBaseMissing:
      'Ein Index ist hier nicht möglich: {series} hat an der Indexbasis keinen Wert. Wählen Sie ein anderes Basisdatum oder zeigen Sie die Veränderung.',
    indexUseOtherBase: 'Anderes Basisdatum wählen',
    resetZoom: 'Zoom zurücksetzen',
    loading: 'Wird geladen …',
    loadFailed: 'Die Daten konnten nicht geladen werden: {error}',
    tabCode: 'Code',
    tabEmbed: 'Einbetten',
    tabDownload: 'Herunterladen',
    copy: 'Kopieren',
    copied: 'Kopiert',
    copyLink: 'Link kopieren',
    linkCopied: 'Link kopiert',
    codeIntro: 'Code, der die aktuelle Auswahl einliest.',
    codeTransformNote: 'ds() liefert Niveaus; die Grafik zeigt {transform}, wie in diesem CSV:',
    codeCsvNote: 'Die aktuelle Auswahl als CSV:',
    excelHint: 'Excel: Daten › Daten abrufen › Aus anderen Quellen › Leere Abfrage › Erweiterter Editor',
    embedIntro:
      'Fügen Sie diesen Code in eine Webseite ein, um die Grafik der aktuellen Auswahl zu zeigen. Die eingebettete Grafik aktualisiert sich selbst, wenn neue Daten erscheinen.',
    embedPreview: 'Vorschau',
    downloadIntro: 'Die aktuelle Auswahl, mit der gewählten Darstellung.',
    downloadData: 'Daten',
    downloadChart: 'Grafik',
    formats: {
      csv: 'CSV',
      csvLabels: 'CSV mit Bezeichnungen',
      xlsx: 'Excel',
      json: 'JSON',
      png: 'PNG-Bild',
      svg: 'SVG-Bild',
      zip: 'Zip: CSV, Metadaten, README',
    },
    apiLink: 'Dieselben Daten über die API',
    allDatasets: 'Alle Datensätze',
    viewFull: 'Auf dataseries öffnen',
  },

  libraries: {
    title: 'R, Python und andere Werkzeuge',
    lede: 'Jede Auswahl auf dieser Website ist eine Adresse. Lesen Sie sie mit der Bibliothek für R oder Python ein, oder mit jedem Werkzeug, das eine CSV-Datei aus dem Web öffnen kann.',
    r: {
      heading: 'R',
      paragraphs: [
        'Das R-Paket liefert einen Data Frame mit den Codes der Dimensionen, einer Datumsspalte der Klasse Date und einer numerischen Wertespalte.',
        'Nennen Sie jede Dimension mit einem oder mehreren ihrer Codes; eine weggelassene Dimension liefert alle ihre Codes. Die Seite jedes Datensatzes schreibt diesen Aufruf für Sie: Datensatz öffnen, Zeitreihen wählen, Code kopieren.',
      ],
    },
    python: {
      heading: 'Python',
      paragraphs: [
        'Das Python-Paket liefert einen pandas-DataFrame mit denselben Spalten. Dimensionen sind Schlüsselwortargumente; die Daten heissen start und end.',
      ],
    },
    baseUrlNote: 'Beide Bibliotheken lesen die Adresse des Servers aus der Umgebungsvariablen DATASERIES_API.',
    install: 'Installation, aus dem Quellcode des Projekts:',
    csv: {
      heading: 'Die CSV-Adresse',
      paragraphs: [
        'Jede Auswahl lässt sich als CSV-Datei im Langformat lesen: eine Zeile pro Beobachtung, mit den Codes der Dimensionen, dem Datum (JJJJ-MM-TT, erster Tag der Periode) und dem Wert. Ein leerer Wert ist eine fehlende Beobachtung.',
        'Die Teile der Adresse:',
      ],
    },
    urlParts: {
      dataset: 'die Kennung des Datensatzes, angegeben auf jeder Datensatzseite',
      dims: 'die Codes pro Dimension, z. B. type=index;seas_adj=csa; mehrere Codes werden durch Kommas getrennt',
      dates: 'erstes und letztes Datum, einschliesslich (optional)',
      transform: 'level (Standard), pct, yoy, diff oder index (optional)',
    },
    tools: {
      heading: 'Stata, MATLAB, Julia, Excel, SAS',
      paragraphs: [
        'Stata, MATLAB, Julia, SAS und Excel (Power Query: Daten › Aus dem Web) öffnen die CSV-Adresse direkt. Die Code-Karte jeder Datensatzseite enthält für jedes dieser Werkzeuge ein fertiges Beispiel.',
      ],
    },
    api: {
      heading: 'Die API',
      paragraphs: [
        'Der Katalog, die Metadaten jedes Datensatzes und die Beobachtungen stehen auch als JSON bereit. Die interaktive Dokumentation listet alle Routen und Parameter auf.',
      ],
    },
  },

  about: {
    title: 'Über dataseries',
    lede: 'dataseries veröffentlicht Schweizer statistische Zeitreihen in einem einheitlichen Format: als Webseiten mit Grafiken, als Dateien und über eine API.',
    sections: [
      {
        heading: 'Was Sie hier finden',
        paragraphs: [
          'Jeder Datensatz ist eine Familie verwandter Zeitreihen, etwa die Konsumentenpreise nach Warenkorbposition oder die Beschäftigung nach Region und Sektor. Die Seite eines Datensatzes zeigt die Grafik jeder Auswahl, den passenden Code für R, Python und andere Werkzeuge, einen Code zum Einbetten der Grafik sowie Downloads als CSV, Excel und JSON.',
          'Die Zahlen sind die publizierten Zahlen: Jede Seite, jeder Download, jede Grafik und jede Antwort der API liest dieselben Dateien, deshalb ist ein Wert überall identisch.',
        ],
      },
      {
        heading: 'Woher die Daten stammen',
        paragraphs: [
          'Die Daten stammen aus öffentlichen Quellen wie dem Bundesamt für Statistik, dem Staatssekretariat für Wirtschaft, der Schweizerischen Nationalbank und der KOF Konjunkturforschungsstelle der ETH Zürich. Jeder Datensatz nennt seine Quelle und behält deren Lizenz; bitte geben Sie die Quelle an, wenn Sie die Daten verwenden.',
        ],
      },
      {
        heading: 'Wie die Website gebaut ist',
        paragraphs: [
          'Die Seiten funktionieren ohne JavaScript; mit JavaScript werden die Grafiken interaktiv. Jede Seite gibt es auf Deutsch, Französisch, Italienisch und Englisch, und die Bezeichnungen erscheinen in Ihrer Sprache, wo die Quelle sie liefert.',
        ],
      },
    ],
  },

  licenses: {
    title: 'Lizenzen',
    lede: 'Jeder Datensatz wird zu den Bedingungen seiner Quelle veröffentlicht. Diese Seite listet die Bedingungen und die Datensätze, für die sie gelten.',
    commercialYes: 'Kommerzielle Nutzung erlaubt',
    commercialNo: 'Nur nicht kommerzielle Nutzung',
    commercialUnknown: 'Kommerzielle Nutzung: siehe Bedingungen',
    attribution: 'Bei der Nutzung die Quelle angeben',
    terms: 'Bedingungen lesen',
    usedBy: { one: 'Gilt für {n} Datensatz', other: 'Gilt für {n} Datensätze' },
    notInVocabulary: 'Bezeichnung des Herausgebers; keine Bedingungen hinterlegt.',
    unknownLicense: 'unbekannte Lizenz ({key})',
  },

  errors: {
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText: 'Unter {path} gibt es keine Seite. Vielleicht wurde sie verschoben, oder die Adresse enthält einen Tippfehler.',
    badRequestTitle: 'Diese Adresse funktioniert nicht',
    otherTitle: 'Etwas ist schiefgelaufen',
    details: 'Details',
    unknownDataset: 'Es gibt keinen Datensatz mit der Kennung «{id}».',
    didYouMean: 'Meinten Sie',
    goHome: 'Zur Startseite',
    browse: 'Alle Datensätze ansehen',
  },
};
