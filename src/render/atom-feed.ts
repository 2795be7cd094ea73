/**
 * The Atom feeds of vintages (issue 21): a dataset's publishes
 * (`/dataset/{id}/vintages.atom`) and every publish of every dataset
 * (`/updates.atom`), newest first. Each entry says what changed (the counts
 * in words, discovery/vintages.ts) and links the dataset page as it was
 * published then. The XML is written by the `feed` library (escaping
 * included).
 */
import { Feed } from 'feed';
import type { Dataset, Snapshot } from '../data/model.js';
import { changeWords, latestVintages, vintageRecords, type VintageRecord } from '../discovery/vintages.js';
import { pickLabel } from '../i18n/labels.js';
import { html } from './html.js';
import { pageUrl, updatesFeedUrl, vintagesUrl } from '../urls.js';

/** The media type of an Atom feed. */
export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/** When a vintage was published, or (a dataset without history in an unstamped directory) when the data was loaded. */
function vintageDate(r: VintageRecord, snapshot: Snapshot): Date {
  return r.vintage ? new Date(r.vintage) : snapshot.loadedAt;
}

/** The dataset page as published at a vintage (its `as_of` view); the latest page when the vintage has no stamp. */
function vintagePage(baseUrl: string, ds: Dataset, vintage: string | null): string {
  return pageUrl(baseUrl, 'en', { datasetId: ds.meta.id, asOf: vintage ? { text: vintage, asked: vintage, vintage, final: true } : undefined });
}

/** The feed's entry of one vintage of one dataset. */
function addEntry(feed: Feed, baseUrl: string, ds: Dataset, r: VintageRecord, snapshot: Snapshot): void {
  const title = pickLabel(ds.meta.title, 'en');
  const link = vintagePage(baseUrl, ds, r.vintage);
  const latest = pageUrl(baseUrl, 'en', { datasetId: ds.meta.id });
  feed.addItem({
    title: `${title}: published ${r.vintage ?? 'once'}`,
    id: link,
    link,
    date: vintageDate(r, snapshot),
    description: changeWords(r),
    content: html`<p>${changeWords(r)}</p>
      <p><a href="${link}">The data as published then</a> · <a href="${latest}">the latest data</a></p>`.value,
  });
}

/**
 * The Atom feed of one dataset's vintages, newest first.
 * @example renderVintageFeed(ds, snapshot, 'https://x.org') // '<?xml version="1.0" …<feed xmlns="http://www.w3.org/2005/Atom">…'
 */
export function renderVintageFeed(ds: Dataset, snapshot: Snapshot, baseUrl: string): string {
  const records = vintageRecords(ds, snapshot);
  const self = vintagesUrl(baseUrl, ds.meta.id, 'atom');
  const feed = new Feed({
    id: self,
    title: `${pickLabel(ds.meta.title, 'en')}: vintages`,
    description: 'Every publish of the dataset, newest first, with what it changed.',
    link: pageUrl(baseUrl, 'en', { datasetId: ds.meta.id }),
    updated: vintageDate(records[0], snapshot),
    generator: 'dataseries',
    feedLinks: { atom: self },
  });
  for (const r of records) addEntry(feed, baseUrl, ds, r, snapshot);
  return feed.atom1();
}

/**
 * The Atom feed of every publish of every dataset, newest first (at most
 * UPDATES_FEED_MAX entries).
 */
export function renderUpdatesFeed(snapshot: Snapshot, baseUrl: string): string {
  const entries = latestVintages(snapshot);
  const self = updatesFeedUrl(baseUrl);
  const feed = new Feed({
    id: self,
    title: 'dataseries: updates',
    description: 'Every publish of every dataset, newest first, with what it changed.',
    link: `${baseUrl}/`,
    updated: entries.length ? vintageDate(entries[0], snapshot) : snapshot.loadedAt,
    generator: 'dataseries',
    feedLinks: { atom: self },
  });
  for (const e of entries) addEntry(feed, baseUrl, e.dataset, e, snapshot);
  return feed.atom1();
}
