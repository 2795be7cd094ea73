import type { UiStrings } from './strings.js';
import { transformNamesOf } from './transform-names.js';

/** Italian interface strings. */
export const IT: UiStrings = {
  languageName: 'Italiano',
  skipToContent: 'Vai al contenuto',
  siteTagline: 'Statistiche svizzere come dati aperti',
  nav: { home: 'Pagina iniziale', datasets: 'Set di dati', libraries: 'R, Python e altro', about: 'Chi siamo', licenses: 'Licenze', api: 'API' },
  languageSwitcher: 'Lingua',
  mainNavigation: 'Navigazione principale',
  breadcrumb: 'Ti trovi qui',
  footer: {
    note: 'Ogni set di dati mantiene la licenza del suo editore: si veda la pagina del set di dati e la pagina delle licenze.',
    api: 'Documentazione dell’API',
    openapi: 'Descrizione OpenAPI',
    llms: 'llms.txt',
    sourceCode: 'Librerie per R e Python',
  },

  home: {
    title: 'Statistiche svizzere come dati aperti',
    heroTitle: 'Statistiche svizzere, pronte all’uso',
    heroLede: '{datasets} e {series} da fonti pubbliche: esplorali come grafici, scaricali in CSV o Excel oppure leggili direttamente in R e Python.',
    searchLabel: 'Cerca set di dati e serie',
    searchPlaceholder: 'p. es. clima di consumo, disoccupazione, PIL',
    searchButton: 'Cerca',
    featured: 'In evidenza',
    byTopic: 'Set di dati per tema',
    allDatasets: 'Tutti i set di dati',
    other: 'Altro',
  },
  datasetCount: { one: '{n} set di dati', other: '{n} set di dati' },
  seriesCount: { one: '{n} serie', other: '{n} serie' },
  observationCount: { one: '{n} osservazione', other: '{n} osservazioni' },

  datasets: {
    title: 'Tutti i set di dati',
    lede: 'Ogni set di dati con la sua fonte, la periodicità e il periodo coperto. Filtra per parole (titoli, descrizioni e nomi delle serie) o per tema.',
    filterLabel: 'Filtro',
    filterPlaceholder: 'Parole nei titoli o nelle serie',
    topicLabel: 'Tema',
    allTopics: 'Tutti i temi',
    apply: 'Filtra',
    clear: 'Mostra tutto',
    showing: '{shown} di {total}',
    noMatch: 'Nessun set di dati corrisponde a «{q}».',
    matchingSeries: 'Serie corrispondenti',
  },

  frequencies: { annual: 'Annuale', 'semi-annual': 'Semestrale', quarterly: 'Trimestrale', monthly: 'Mensile', weekly: 'Settimanale', daily: 'Giornaliera' },

  facts: {
    source: 'Fonte',
    license: 'Licenza',
    frequency: 'Periodicità',
    span: 'Periodo',
    updated: 'Ultimo aggiornamento',
    series: 'Serie',
    id: 'Identificativo',
    units: 'Unità',
  },

  dataset: {
    about: 'Informazioni su questo set di dati',
    notes: 'Note',
    selection: 'Selezione',
    chooseOne: 'una scelta',
    chooseSeveral: 'una o più scelte',
    filterLevels: 'Filtra l’elenco',
    noDataForCombination: 'nessun dato per questa combinazione',
    adjustsOthers: 'le altre scelte verranno adattate',
    period: 'Periodo',
    from: 'Dal',
    to: 'Al',
    lastYears: '{n} anni',
    allYears: 'Tutto',
    showAs: 'Mostra come',
    transforms: transformNamesOf('it', 'short'),
    update: 'Aggiorna il grafico',
    chart: 'Grafico',
    zoomHint: 'Trascina sul grafico per ingrandire, doppio clic per tornare indietro.',
    linesCoincide: '{series}: queste linee si sovrappongono (i loro valori differiscono meno di quanto il grafico possa mostrare).',
    latest: 'Ultimo valore',
    changeOnPrevious: 'sul periodo precedente',
    changeOnYear: 'su un anno prima',
    table: 'Tabella dei numeri',
    tableNewer: 'Più recenti',
    tableOlder: 'Meno recenti',
    tablePrevious: 'Precedenti',
    tableNext: 'Successive',
    tableSort: 'Ordina secondo questa colonna',
    tableRows: 'Righe {from}–{to} di {total}',
    cite: 'Citare',
    citeAccessed: 'consultato il {date}',
    citeVersion: 'versione dei dati {version}',
    logScale: 'Scala logaritmica',
    convertFrequency: 'Periodicità',
    asPublished: 'Come pubblicata',
    aggregation: 'Aggregazione',
    keepPartial: 'Mantenere i periodi incompleti',
    indexBase: 'Base dell’indice (= 100)',
    pctCrossesZero:
      'La variazione in % qui non ha senso: {series} passa per lo zero e le sue percentuali esplodono. La variazione in unità mostra l’andamento.',
    pctUseChange: 'Mostra invece la variazione',
    useLevel: 'Mostra invece i valori',
    indexBaseZero:
      'Un indice non è possibile qui: {series} vale 0 alla base dell’indice, e non si può dividere per 0. Scegli un’altra data di base o mostra la variazione.',
    indexBaseNegative:
      'Un indice è fuorviante qui: {series} è inferiore a 0 alla base dell’indice, quindi l’indice scende quando la serie sale. Scegli una data di base con un valore superiore a 0 o mostra la variazione.',
    indexBaseMissing: 'Un indice non è possibile qui: {series} non ha alcun valore alla base dell’indice. Scegli un’altra data di base o mostra la variazione.',
    indexUseOtherBase: 'Scegli un’altra data di base',
    resetZoom: 'Annulla lo zoom',
    loading: 'Caricamento…',
    loadFailed: 'Non è stato possibile caricare i dati: {error}',
    tabCode: 'Codice',
    tabEmbed: 'Incorpora',
    tabDownload: 'Scarica',
    copy: 'Copia',
    copied: 'Copiato',
    copyLink: 'Copia il link',
    linkCopied: 'Link copiato',
    codeIntro: 'Codice che legge la selezione attuale.',
    codeTransformNote: 'ds() restituisce i livelli; il grafico mostra {transform}, come questo CSV:',
    codeCsvNote: 'La selezione attuale in CSV:',
    excelHint: 'Excel: Dati › Recupera dati › Da altre origini › Query vuota › Editor avanzato',
    embedIntro:
      'Incolla questo codice in una pagina web per mostrare il grafico della selezione attuale. Il grafico incorporato si aggiorna da solo quando vengono pubblicati nuovi dati.',
    embedPreview: 'Anteprima',
    downloadIntro: 'La selezione attuale, con la trasformazione scelta.',
    downloadData: 'Dati',
    downloadChart: 'Grafico',
    formats: { csv: 'CSV', csvLabels: 'CSV con etichette', xlsx: 'Excel', json: 'JSON', png: 'Immagine PNG', svg: 'Immagine SVG' },
    apiLink: 'Gli stessi dati tramite l’API',
    allDatasets: 'Tutti i set di dati',
    viewFull: 'Apri su dataseries',
  },

  libraries: {
    title: 'R, Python e altri strumenti',
    lede: 'Ogni selezione di questo sito è un indirizzo. Leggila con la libreria per R o per Python, oppure con qualsiasi strumento in grado di aprire un file CSV dal web.',
    r: {
      heading: 'R',
      paragraphs: [
        'Il pacchetto R restituisce un data frame con i codici delle dimensioni, una colonna di date di classe Date e una colonna numerica dei valori.',
        'Indica ogni dimensione con uno o più dei suoi codici; una dimensione omessa restituisce tutti i suoi codici. La pagina di ogni set di dati scrive questa chiamata per te: apri il set di dati, scegli le serie e copia il codice.',
      ],
    },
    python: {
      heading: 'Python',
      paragraphs: [
        'Il pacchetto Python restituisce un DataFrame pandas con le stesse colonne. Le dimensioni sono argomenti con nome; le date si chiamano start ed end.',
      ],
    },
    baseUrlNote: 'Entrambe le librerie leggono l’indirizzo del server dalla variabile d’ambiente DATASERIES_API.',
    install: 'Installazione, dai sorgenti del progetto:',
    csv: {
      heading: 'L’indirizzo CSV',
      paragraphs: [
        'Ogni selezione può essere letta come file CSV in formato lungo: una riga per osservazione, con i codici delle dimensioni, la data (AAAA-MM-GG, primo giorno del periodo) e il valore. Un valore vuoto è un’osservazione mancante.',
        'Le parti dell’indirizzo:',
      ],
    },
    urlParts: {
      dataset: 'l’identificativo del set di dati, indicato su ogni pagina del set di dati',
      dims: 'i codici per dimensione, p. es. type=index;seas_adj=csa; più codici sono separati da virgole',
      dates: 'la prima e l’ultima data, incluse (facoltativo)',
      transform: 'level (predefinito), pct, yoy, diff o index (facoltativo)',
    },
    tools: {
      heading: 'Stata, MATLAB, Julia, Excel, SAS',
      paragraphs: [
        'Stata, MATLAB, Julia, SAS ed Excel (Power Query: Dati › Da Web) aprono direttamente l’indirizzo CSV. La scheda del codice di ogni pagina di set di dati contiene un esempio pronto per ciascuno di essi.',
      ],
    },
    api: {
      heading: 'L’API',
      paragraphs: [
        'Il catalogo, i metadati di ogni set di dati e le osservazioni sono disponibili anche in JSON. La documentazione interattiva elenca tutte le rotte e tutti i parametri.',
      ],
    },
    sdmx: {
      heading: 'SDMX',
      paragraphs: [
        'Gli strumenti che leggono SDMX, lo standard di scambio degli uffici di statistica e delle banche centrali (R rsdmx, Python sdmx1 e pandasdmx, Stata sdmxuse, la .Stat Suite), leggono anche questo servizio: ogni set di dati è un dataflow SDMX 2.1 con la sua struttura dei dati, le sue liste di codici (etichette in quattro lingue, la gerarchia come codici padre) e i suoi concetti.',
        'Una selezione è una chiave SDMX: una posizione per dimensione, i codici uniti da +, una posizione vuota per tutti i codici. Gli identificativi che SDMX non ammette (spazi, dieresi) sono scritti come identificativi SDMX; la struttura dei dati indica per ciascuno il testo originale. La scheda del codice di ogni pagina di set di dati contiene l’indirizzo SDMX della selezione corrente.',
      ],
    },
  },

  about: {
    title: 'Informazioni su dataseries',
    lede: 'dataseries pubblica serie temporali statistiche svizzere in un formato unico: come pagine web con grafici, come file e tramite un’API.',
    sections: [
      {
        heading: 'Che cosa trovi qui',
        paragraphs: [
          'Ogni set di dati è una famiglia di serie affini, come i prezzi al consumo per voce o l’occupazione per regione e settore. La pagina di un set di dati mostra il grafico di qualsiasi selezione, il relativo codice per R, Python e altri strumenti, un codice per incorporare il grafico e i download in CSV, Excel e JSON.',
          'I numeri sono quelli pubblicati: ogni pagina, ogni download, ogni grafico e ogni risposta dell’API leggono gli stessi file, perciò un valore è identico ovunque.',
        ],
      },
      {
        heading: 'Da dove provengono i dati',
        paragraphs: [
          'I dati provengono da fonti pubbliche come l’Ufficio federale di statistica, la Segreteria di Stato dell’economia, la Banca nazionale svizzera e il KOF Centro di ricerche congiunturali del Politecnico di Zurigo. Ogni set di dati indica la sua fonte e ne mantiene la licenza; cita la fonte quando utilizzi i dati.',
        ],
      },
      {
        heading: 'Come è costruito il sito',
        paragraphs: [
          'Le pagine funzionano senza JavaScript; con JavaScript i grafici diventano interattivi. Ogni pagina esiste in italiano, tedesco, francese e inglese, e le etichette appaiono nella tua lingua quando la fonte le fornisce.',
        ],
      },
    ],
  },

  licenses: {
    title: 'Licenze',
    lede: 'Ogni set di dati è pubblicato alle condizioni della sua fonte. Questa pagina elenca le condizioni e i set di dati a cui si applicano.',
    commercialYes: 'Uso commerciale consentito',
    commercialNo: 'Solo uso non commerciale',
    commercialUnknown: 'Uso commerciale: vedi le condizioni',
    attribution: 'Citare la fonte quando si usano i dati',
    terms: 'Leggi le condizioni',
    usedBy: { one: 'Usata da {n} set di dati', other: 'Usata da {n} set di dati' },
    notInVocabulary: 'Denominazione dell’editore; nessuna condizione registrata.',
    unknownLicense: 'licenza sconosciuta ({key})',
  },

  errors: {
    notFoundTitle: 'Pagina non trovata',
    notFoundText: 'All’indirizzo {path} non c’è nessuna pagina. Forse è stata spostata, oppure l’indirizzo contiene un errore di battitura.',
    badRequestTitle: 'Questo indirizzo non funziona',
    otherTitle: 'Qualcosa è andato storto',
    details: 'Dettagli',
    unknownDataset: 'Nessun insieme di dati ha l’identificativo «{id}».',
    didYouMean: 'Intendevi',
    goHome: 'Vai alla pagina iniziale',
    browse: 'Sfoglia tutti i set di dati',
  },
};
