/**
 * Live data in the browser: calls back when a dataset a page shows gets a
 * new version, from the server's /events stream (Server-Sent Events).
 *
 * Every page and embed of the site in one browser shares one stream: the
 * page holding a Web Lock opens it and passes each message on a
 * BroadcastChannel, and a page that closes hands the lock (and the stream) to
 * the next. HTTP/1.1 allows six connections per host, and a blog post with
 * eight embedded charts must not spend them all on streams. Without those
 * APIs (or outside a secure context) each page opens its own stream.
 */
import { eventsUrl } from '../src/urls.js';

const CHANNEL = 'dataseries-live';
/** Wait before opening a stream the server refused (EventSource gives up on a non-200 answer, e.g. 503 while restarting). */
const REOPEN_MS = 5000;

/** Dataset id → version (null: the dataset is gone). */
type Versions = Record<string, string | null>;
type Message = { kind: 'versions'; versions: Versions } | { kind: 'ask' };

interface Watch {
  dataset: string;
  version: string;
  onChange: (version: string) => void;
}

const watches: Watch[] = [];
const known: Versions = {};
let started = false;

/** Takes in versions from the stream (or another page): calls back each watch whose dataset has a newer one. */
function hear(versions: Versions): void {
  Object.assign(known, versions);
  for (const w of watches) {
    const v = versions[w.dataset];
    if (v && v !== w.version) {
      w.version = v;
      w.onChange(v);
    }
  }
}

/** Opens the stream; reopens it when the server refused it. */
function openStream(onVersions: (v: Versions) => void): void {
  const source = new EventSource(eventsUrl(''));
  source.addEventListener('versions', (e) => onVersions((JSON.parse((e as MessageEvent<string>).data) as { datasets: Versions }).datasets));
  source.addEventListener('change', (e) => {
    const change = JSON.parse((e as MessageEvent<string>).data) as { dataset: string; version: string | null };
    onVersions({ [change.dataset]: change.version });
  });
  source.addEventListener('error', () => {
    if (source.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
    source.close();
    window.setTimeout(() => openStream(onVersions), REOPEN_MS * (1 + Math.random()));
  });
}

function start(): void {
  if (started) return;
  started = true;
  const locks = window.isSecureContext ? navigator.locks : undefined;
  if (typeof BroadcastChannel === 'undefined' || !locks) return openStream(hear);
  const channel = new BroadcastChannel(CHANNEL);
  let leading = false;
  channel.addEventListener('message', (e: MessageEvent<Message>) => {
    if (e.data.kind === 'versions') hear(e.data.versions);
    else if (e.data.kind === 'ask' && leading) channel.postMessage({ kind: 'versions', versions: known } satisfies Message);
  });
  // the page holding the stream answers with what it knows (a dataset may have changed since this page was made)
  channel.postMessage({ kind: 'ask' } satisfies Message);
  void locks.request(
    CHANNEL,
    () =>
      new Promise<void>(() => {
        // held for the life of the page
        leading = true;
        openStream((versions) => {
          hear(versions);
          channel.postMessage({ kind: 'versions', versions } satisfies Message);
        });
      }),
  );
}

/**
 * The latest version the stream announced for `dataset` (null before it said anything, or when the dataset is gone).
 * @example announcedVersion('ch_fso_ppi')
 */
export function announcedVersion(dataset: string): string | null {
  return known[dataset] ?? null;
}

/**
 * Calls `onChange` whenever `dataset` has a version other than `version`
 * (the one the page shows): at once if it changed before the stream opened,
 * then after each publish.
 * @example watchDataset('ch_fso_ppi', data.version, () => void load(true, true));
 */
export function watchDataset(dataset: string, version: string, onChange: (version: string) => void): void {
  watches.push({ dataset, version, onChange });
  start();
  hear({ [dataset]: known[dataset] ?? null });
}
