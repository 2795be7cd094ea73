/**
 * What is computed once from a snapshot or a dataset is kept on that instance
 * (STYLE.md, "state on the instance, not in the module"): the search index and
 * engine, the category groups, the catalog items, the home sparklines, the
 * explorer metadata. A module names what it keeps with a `derivedKey`; the value
 * lives in the instance's `derived` map and goes when the instance goes, so a
 * reload starts afresh and no module holds data. A plain Map: a dataset parsed
 * in a worker thread carries its (empty) map across.
 */

/** The name of one derived value, and its type. */
export interface DerivedKey<T> {
  readonly name: string;
  /** only carries the type */
  readonly type?: T;
}

/** The values derived from one instance (a snapshot, a dataset), by key. */
export type Derived = Map<DerivedKey<unknown>, unknown>;

/**
 * Names a value derived from an instance; declared once, by the module that builds it.
 * @example const SEARCH_ENGINE = derivedKey<SearchEngine>('search engine')
 */
export function derivedKey<T>(name: string): DerivedKey<T> {
  return { name };
}

/**
 * The value `key` names on `holder`, built from it the first time it is asked for.
 * @example derived(snapshot, SEARCH_ENGINE, () => buildEngine(snapshot))
 */
export function derived<T>(holder: { readonly derived: Derived }, key: DerivedKey<T>, build: () => T): T {
  // one lookup when the value is kept (a has, then a get, cost two per cold answer: issue 24, round 5)
  const kept = holder.derived.get(key);
  if (kept !== undefined || holder.derived.has(key)) return kept as T;
  const value = build();
  holder.derived.set(key, value);
  return value;
}
