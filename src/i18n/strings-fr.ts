import type { UiStrings } from './strings.js';
import { transformNamesOf } from './transform-names.js';

/** French interface strings (narrow no-break space before « : ; ? ! » as in Swiss typography). */
export const FR: UiStrings = {
  languageName: 'Français',
  skipToContent: 'Aller au contenu',
  siteTagline: 'Les statistiques suisses en données ouvertes',
  nav: { home: 'Accueil', datasets: 'Jeux de données', libraries: 'R, Python et plus', about: 'À propos', licenses: 'Licences', api: 'API' },
  languageSwitcher: 'Langue',
  mainNavigation: 'Navigation principale',
  breadcrumb: 'Vous êtes ici',
  footer: {
    note: 'Chaque jeu de données conserve la licence de son éditeur\u202f: voir la page du jeu de données et la page des licences.',
    api: 'Documentation de l’API',
    openapi: 'Description OpenAPI',
    llms: 'llms.txt',
    sourceCode: 'Bibliothèques pour R et Python',
  },

  home: {
    title: 'Les statistiques suisses en données ouvertes',
    heroTitle: 'Les statistiques suisses, prêtes à l’emploi',
    heroLede:
      '{datasets} et {series} issus de sources publiques\u202f: explorez-les en graphiques, téléchargez-les en CSV ou Excel, ou lisez-les directement dans R et Python.',
    searchLabel: 'Rechercher des jeux de données et des séries',
    searchPlaceholder: 'p. ex. climat de consommation, chômage, PIB',
    searchButton: 'Rechercher',
    featured: 'À la une',
    byTopic: 'Jeux de données par thème',
    allDatasets: 'Tous les jeux de données',
    other: 'Autres',
  },
  datasetCount: { one: '{n} jeu de données', other: '{n} jeux de données' },
  seriesCount: { one: '{n} série', other: '{n} séries' },
  observationCount: { one: '{n} observation', other: '{n} observations' },

  datasets: {
    title: 'Tous les jeux de données',
    lede: 'Chaque jeu de données avec sa source, sa périodicité et sa période. Filtrez par mots (titres, descriptions et noms des séries) ou par thème.',
    filterLabel: 'Filtre',
    filterPlaceholder: 'Mots dans les titres ou les séries',
    topicLabel: 'Thème',
    allTopics: 'Tous les thèmes',
    apply: 'Filtrer',
    clear: 'Tout afficher',
    showing: '{shown} sur {total}',
    noMatch: 'Aucun jeu de données ne correspond à «\u202f{q}\u202f».',
    matchingSeries: 'Séries correspondantes',
  },

  frequencies: {
    annual: 'Annuelle',
    'semi-annual': 'Semestrielle',
    quarterly: 'Trimestrielle',
    monthly: 'Mensuelle',
    weekly: 'Hebdomadaire',
    daily: 'Quotidienne',
  },

  facts: {
    source: 'Source',
    license: 'Licence',
    frequency: 'Périodicité',
    span: 'Période',
    updated: 'Dernière mise à jour',
    series: 'Séries',
    id: 'Identifiant',
    units: 'Unité',
  },

  dataset: {
    about: 'À propos de ce jeu de données',
    notes: 'Remarques',
    selection: 'Sélection',
    chooseOne: 'un seul choix',
    chooseSeveral: 'un ou plusieurs choix',
    filterLevels: 'Filtrer la liste',
    noDataForCombination: 'pas de données pour cette combinaison',
    adjustsOthers: 'les autres choix seront adaptés',
    period: 'Période',
    from: 'Du',
    to: 'Au',
    lastYears: '{n} ans',
    allYears: 'Tout',
    showAs: 'Afficher en',
    transforms: transformNamesOf('fr', 'short'),
    update: 'Mettre à jour le graphique',
    chart: 'Graphique',
    zoomHint: 'Faites glisser sur le graphique pour zoomer, double-cliquez pour revenir.',
    linesCoincide: '{series} : ces courbes se superposent (leurs valeurs diffèrent de moins que ce que le graphique peut montrer).',
    latest: 'Dernière valeur',
    changeOnPrevious: 'sur la période précédente',
    changeOnYear: 'sur un an',
    table: 'Tableau des chiffres',
    tableNewer: 'Plus récentes',
    tableOlder: 'Plus anciennes',
    tablePrevious: 'Précédentes',
    tableNext: 'Suivantes',
    tableSort: 'Trier selon cette colonne',
    tableRows: 'Lignes {from} à {to} sur {total}',
    cite: 'Citer',
    citeAccessed: 'consulté le {date}',
    citeVersion: 'version des données {version}',
    logScale: 'Échelle logarithmique',
    convertFrequency: 'Périodicité',
    asPublished: 'Telle que publiée',
    aggregation: 'Agrégation',
    keepPartial: 'Garder les périodes incomplètes',
    indexBase: 'Base de l’indice (= 100)',
    pctCrossesZero: 'La variation en % n’a pas de sens ici : {series} passe par zéro, ses pourcentages s’envolent. La variation en unités montre l’évolution.',
    pctUseChange: 'Afficher plutôt la variation',
    useLevel: 'Afficher plutôt les valeurs',
    indexBaseZero:
      'Un indice est impossible ici : {series} vaut 0 à la base de l’indice, et on ne divise pas par 0. Choisissez une autre date de base ou affichez la variation.',
    indexBaseNegative:
      'Un indice est trompeur ici : {series} est inférieur à 0 à la base de l’indice, l’indice baisse donc quand la série monte. Choisissez une date de base où la valeur est supérieure à 0 ou affichez la variation.',
    indexBaseMissing:
      'Un indice est impossible ici : {series} n’a pas de valeur à la base de l’indice. Choisissez une autre date de base ou affichez la variation.',
    indexUseOtherBase: 'Choisir une autre date de base',
    resetZoom: 'Annuler le zoom',
    loading: 'Chargement…',
    loadFailed: 'Les données n’ont pas pu être chargées\u202f: {error}',
    tabCode: 'Code',
    tabEmbed: 'Intégrer',
    tabDownload: 'Télécharger',
    copy: 'Copier',
    copied: 'Copié',
    copyLink: 'Copier le lien',
    linkCopied: 'Lien copié',
    codeIntro: 'Du code qui lit la sélection actuelle.',
    codeTransformNote: 'ds() renvoie les niveaux\u202f; le graphique montre {transform}, comme ce CSV\u202f:',
    codeCsvNote: 'La sélection actuelle en CSV\u202f:',
    excelHint: 'Excel\u202f: Données › Obtenir des données › À partir d’autres sources › Requête vide › Éditeur avancé',
    embedIntro:
      'Collez ce code dans une page web pour y afficher le graphique de la sélection actuelle. Le graphique intégré se met à jour tout seul lorsque de nouvelles données sont publiées.',
    embedPreview: 'Aperçu',
    downloadIntro: 'La sélection actuelle, avec la transformation choisie.',
    downloadData: 'Données',
    downloadChart: 'Graphique',
    formats: { csv: 'CSV', csvLabels: 'CSV avec libellés', xlsx: 'Excel', json: 'JSON', png: 'Image PNG', svg: 'Image SVG' },
    apiLink: 'Les mêmes données par l’API',
    allDatasets: 'Tous les jeux de données',
    viewFull: 'Ouvrir sur dataseries',
  },

  libraries: {
    title: 'R, Python et autres outils',
    lede: 'Chaque sélection de ce site est une adresse. Lisez-la avec la bibliothèque R ou Python, ou avec tout outil capable d’ouvrir un fichier CSV sur le web.',
    r: {
      heading: 'R',
      paragraphs: [
        'Le paquet R renvoie un data frame avec les codes des dimensions, une colonne de dates de classe Date et une colonne de valeurs numériques.',
        'Nommez chaque dimension avec un ou plusieurs de ses codes\u202f; une dimension omise renvoie tous ses codes. La page de chaque jeu de données écrit cet appel pour vous\u202f: ouvrez le jeu de données, choisissez les séries et copiez le code.',
      ],
    },
    python: {
      heading: 'Python',
      paragraphs: [
        'Le paquet Python renvoie un DataFrame pandas avec les mêmes colonnes. Les dimensions sont des arguments nommés\u202f; les dates s’appellent start et end.',
      ],
    },
    baseUrlNote: 'Les deux bibliothèques lisent l’adresse du serveur dans la variable d’environnement DATASERIES_API.',
    install: 'Installation, depuis les sources du projet\u202f:',
    csv: {
      heading: 'L’adresse CSV',
      paragraphs: [
        'Chaque sélection peut être lue comme fichier CSV au format long\u202f: une ligne par observation, avec les codes des dimensions, la date (AAAA-MM-JJ, premier jour de la période) et la valeur. Une valeur vide est une observation manquante.',
        'Les parties de l’adresse\u202f:',
      ],
    },
    urlParts: {
      dataset: 'l’identifiant du jeu de données, indiqué sur chaque page de jeu de données',
      dims: 'les codes par dimension, p. ex. type=index;seas_adj=csa\u202f; plusieurs codes sont séparés par des virgules',
      dates: 'la première et la dernière date, incluses (facultatif)',
      transform: 'level (par défaut), pct, yoy, diff ou index (facultatif)',
    },
    tools: {
      heading: 'Stata, MATLAB, Julia, Excel, SAS',
      paragraphs: [
        'Stata, MATLAB, Julia, SAS et Excel (Power Query\u202f: Données › À partir du web) ouvrent directement l’adresse CSV. La fiche de code de chaque page de jeu de données contient un exemple prêt pour chacun d’eux.',
      ],
    },
    api: {
      heading: 'L’API',
      paragraphs: [
        'Le catalogue, les métadonnées de chaque jeu de données et les observations sont aussi disponibles en JSON. La documentation interactive liste toutes les routes et tous les paramètres.',
      ],
    },
    sdmx: {
      heading: 'SDMX',
      paragraphs: [
        'Les outils qui lisent SDMX, le standard d’échange des offices statistiques et des banques centrales (R rsdmx, Python sdmx1 et pandasdmx, Stata sdmxuse, la .Stat Suite), lisent aussi ce service : chaque jeu de données est un dataflow SDMX 2.1 avec sa structure de données, ses listes de codes (libellés en quatre langues, la hiérarchie en codes parents) et ses concepts.',
        'Une sélection est une clé SDMX : une position par dimension, les codes joints par +, une position vide pour tous les codes. Les identifiants que SDMX n’admet pas (espaces, trémas) sont écrits comme identifiants SDMX ; la structure de données donne pour chacun son texte d’origine. La fiche de code de chaque page de jeu de données contient l’adresse SDMX de la sélection courante.',
      ],
    },
  },

  about: {
    title: 'À propos de dataseries',
    lede: 'dataseries publie des séries temporelles statistiques suisses dans un format unique\u202f: en pages web avec graphiques, en fichiers et par une API.',
    sections: [
      {
        heading: 'Ce que vous trouvez ici',
        paragraphs: [
          'Chaque jeu de données est une famille de séries apparentées, comme les prix à la consommation par poste ou l’emploi par région et par secteur. La page d’un jeu de données montre le graphique de toute sélection, son code pour R, Python et d’autres outils, un code pour intégrer le graphique, et des téléchargements en CSV, Excel et JSON.',
          'Les chiffres sont les chiffres publiés\u202f: chaque page, chaque téléchargement, chaque graphique et chaque réponse de l’API lit les mêmes fichiers, si bien qu’une valeur est identique partout.',
        ],
      },
      {
        heading: 'D’où viennent les données',
        paragraphs: [
          'Les données proviennent de sources publiques telles que l’Office fédéral de la statistique, le Secrétariat d’État à l’économie, la Banque nationale suisse et le KOF Centre de recherches conjoncturelles de l’EPF Zurich. Chaque jeu de données indique sa source et en conserve la licence\u202f; merci de citer la source lorsque vous utilisez les données.',
        ],
      },
      {
        heading: 'Comment le site est construit',
        paragraphs: [
          'Les pages fonctionnent sans JavaScript\u202f; avec JavaScript, les graphiques deviennent interactifs. Chaque page existe en français, allemand, italien et anglais, et les libellés s’affichent dans votre langue lorsque la source les fournit.',
        ],
      },
    ],
  },

  licenses: {
    title: 'Licences',
    lede: 'Chaque jeu de données est publié aux conditions de sa source. Cette page liste ces conditions et les jeux de données qui les utilisent.',
    commercialYes: 'Usage commercial autorisé',
    commercialNo: 'Usage non commercial uniquement',
    commercialUnknown: 'Usage commercial\u202f: voir les conditions',
    attribution: 'Citer la source lors de l’utilisation',
    terms: 'Lire les conditions',
    usedBy: { one: 'Utilisée par {n} jeu de données', other: 'Utilisée par {n} jeux de données' },
    notInVocabulary: 'Désignation de l’éditeur\u202f; aucune condition n’est enregistrée.',
    unknownLicense: 'licence inconnue ({key})',
  },

  errors: {
    notFoundTitle: 'Page introuvable',
    notFoundText: 'Il n’y a pas de page à l’adresse {path}. Elle a peut-être été déplacée, ou l’adresse contient une faute de frappe.',
    badRequestTitle: 'Cette adresse ne fonctionne pas',
    otherTitle: 'Une erreur s’est produite',
    details: 'Détails',
    unknownDataset: 'Aucun jeu de données n’a l’identifiant « {id} ».',
    didYouMean: 'Vouliez-vous dire',
    goHome: 'Aller à l’accueil',
    browse: 'Parcourir tous les jeux de données',
  },
};
