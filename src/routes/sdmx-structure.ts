/**
 * The SDMX 2.1 structure routes (issue 22): `/sdmx/2.1/{dataflow|datastructure|codelist|conceptscheme}[/{agency}[/{id}[/{version}]]]`,
 * answered as SDMX-ML 2.1 structure messages from the same store, with the
 * same ETags and caching as every data route; errors as SDMX-ML error
 * messages (JSON clients: problem+json). Any other path under `/sdmx/` is a
 * syntax error (SDMX 140, 400). The data route (`/sdmx/2.1/data/…`) is in its own file.
 */
import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { Snapshot } from '../data/model.js';
import { BadParameterError } from '../errors/ds-error.js';
import { registerGet } from '../http/get-route.js';
import { versionEtag } from '../query/version-etag.js';
import { DETAILS, REFERENCES, selectStructures, STRUCTURE_RESOURCES, type References, type StructureResource } from '../sdmx/structure-query.js';
import { SDMX_STRUCTURE_TYPE, writeStructureMessage, type StructureParts } from '../sdmx/structure-xml.js';

/** The query of a structure route: `references` and `detail` (SDMX 2.1 REST), `_`-prefixed cache busters. */
const STRUCTURE_QUERY = {
  type: 'object',
  properties: {
    references: {
      type: 'string',
      enum: [...REFERENCES],
      default: 'none',
      description:
        'The artefacts the answer adds, following dataflow → data structure → codelists and concept scheme: none, parents, parentsandsiblings, children, descendants or all.',
    },
    detail: { type: 'string', enum: [...DETAILS], default: 'full', description: 'full; any other detail (stubs) answers 501.' },
  },
  patternProperties: { '^_': {} },
  additionalProperties: false,
} as const;

/** A path part: SDMX ids, `all`, `*`, `latest`, `+`, `~`, a version (IDType characters, `.` and `,`). */
const PART = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_@$*+~.,-]+$' } as const;

/** The words and examples of the path parameters (the id's example is the resource's artefact of ch_fso_ppi). */
const PATH_DOCS: Record<string, { description: string; examples?: string[] }> = {
  agency: { description: 'The maintenance agency: DATASERIES, or all (or *) for any.', examples: ['DATASERIES'] },
  id: {
    description:
      'The artefact: a dataset id for a dataflow or data structure, CS_{dataset} for a concept scheme, CL_{dataset}_{dimension} for a codelist; all (or *) for any.',
  },
  version: { description: 'The version: 1.0, latest, all, + or ~.', examples: ['1.0'] },
};
const ID_EXAMPLES: Record<StructureResource, string> = {
  dataflow: 'ch_fso_ppi',
  datastructure: 'ch_fso_ppi',
  codelist: 'CL_ch_fso_ppi_base',
  conceptscheme: 'CS_ch_fso_ppi',
};

/** The four URL shapes of each structure resource, their operationIds' endings and summaries' words. */
export const SDMX_STRUCTURE_TAILS = ['', '/:agency', '/:agency/:id', '/:agency/:id/:version'] as const;

/** The resource's name in operationIds and summaries. */
const NOUNS: Record<StructureResource, string> = {
  dataflow: 'Dataflows',
  datastructure: 'DataStructures',
  codelist: 'Codelists',
  conceptscheme: 'ConceptSchemes',
};

/** The summary of a structure route. */
const summaryOf = (resource: StructureResource, tail: string): string =>
  `SDMX ${resource} artefacts${tail === '' ? '' : tail.endsWith('version') ? ' of an agency, id and version' : tail.endsWith('id') ? ' of an agency and id' : ' of an agency'}`;

const DESCRIPTION =
  'SDMX 2.1 REST structure query: the artefacts as an SDMX-ML 2.1 structure message (`application/vnd.sdmx.structure+xml; version=2.1`, whatever Accept says): one dataflow, data structure and concept scheme per dataset (agency DATASERIES, version 1.0), one codelist per dimension with every level (the hierarchy as parents, labels in four languages). Nothing matching: 404 (SDMX 100). Errors are SDMX-ML error messages, or problem+json when Accept names JSON first.';

/**
 * The operationId of a structure route's URL shape.
 * @example structureOperationId('dataflow', '/:agency/:id') // 'getSdmxDataflowsOfAgencyAndId'
 */
export function structureOperationId(resource: StructureResource, tail: string): string {
  const of = tail === '' ? '' : tail.endsWith('version') ? 'OfAgencyIdAndVersion' : tail.endsWith('id') ? 'OfAgencyAndId' : 'OfAgency';
  return `getSdmx${NOUNS[resource]}${of}`;
}

/** What the path of a structure route gives; an absent part is `all` (agency, id) or `latest` (version). */
interface StructureParams {
  agency?: string;
  id?: string;
  version?: string;
}

/** The datasets a message is about: one dataset's version names its ETag, several the snapshot's. */
function etagOf(snapshot: Snapshot, parts: StructureParts, question: string): string {
  const datasets = new Set([...parts.dataflows, ...parts.dataStructures, ...parts.conceptSchemes, ...parts.codelists.map((c) => c.ds)]);
  const key = hash('sha1', question, 'base64url').slice(0, 16);
  const only = datasets.size === 1 ? [...datasets][0] : null;
  return only ? versionEtag('sdmxs', only.version, key) : `W/"sdmxs-${snapshot.version}-${key}"`;
}

/** A message's `Prepared` (xs:dateTime): when the data was published, else loaded (a manifest's text is used only when it is a date-time). */
export function preparedOf(snapshot: Snapshot): string {
  const published = snapshot.publishedAt;
  return published && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(published) ? published : snapshot.loadedAt.toISOString();
}

/** Registers one resource's four paths. */
function registerResource(app: FastifyInstance, ctx: AppContext, resource: StructureResource): void {
  for (const tail of SDMX_STRUCTURE_TAILS) {
    const names = (tail.match(/:(\w+)/g) ?? []).map((n) => n.slice(1));
    const params = {
      type: 'object',
      required: names,
      properties: Object.fromEntries(names.map((n) => [n, { ...PART, ...PATH_DOCS[n], ...(n === 'id' ? { examples: [ID_EXAMPLES[resource]] } : {}) }])),
    };
    registerGet<{ references: References; detail: string }>(app, ctx, {
      url: `/sdmx/2.1/${resource}${tail}`,
      format: 'sdmx',
      schema: {
        summary: summaryOf(resource, tail),
        description: DESCRIPTION,
        tags: ['sdmx'],
        ...(names.length ? { params } : {}),
        querystring: STRUCTURE_QUERY,
      },
      handler: (query, snapshot, req) => {
        const { agency = 'all', id = 'all', version = 'latest' } = req.params as StructureParams;
        const q = { resource, agency, id, version, references: query.references, detail: query.detail };
        const parts = selectStructures([...snapshot.datasets.values()], q);
        const question = JSON.stringify(q);
        const etag = etagOf(snapshot, parts, question);
        const prepared = preparedOf(snapshot);
        return { etag, type: SDMX_STRUCTURE_TYPE, build: () => writeStructureMessage(parts, `DS_${etag.slice(-17, -1)}`, prepared) };
      },
    });
  }
}

/** The structure routes, and the syntax error for any other path under /sdmx/. */
export function registerSdmxStructureRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const resource of STRUCTURE_RESOURCES) registerResource(app, ctx, resource);
  registerGet(app, ctx, {
    url: '/sdmx/*',
    format: 'sdmx',
    needsData: false,
    schema: { hide: true } as never,
    handler: (_q, _s, req) => {
      const path = req.url.split('?')[0];
      throw new BadParameterError(
        `${path} is not an SDMX 2.1 REST path of this service: use /sdmx/2.1/{${STRUCTURE_RESOURCES.join('|')}}[/{agency}[/{id}[/{version}]]] or /sdmx/2.1/data/{flow}[/{key}].`,
        { path },
      );
    },
  });
}
