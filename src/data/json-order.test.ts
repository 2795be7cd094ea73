import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REAL_DATA } from '../../test/helpers.js';
import { keysInOrder, orderedRecord, parseJsonInOrder, stringifyInOrder } from './json-order.js';

describe('JSON in written key order', () => {
  it('reads keys in the order written, integer-like or not, at every depth', () => {
    const parsed = parseJsonInOrder('{"_T": {"2": [], "1": {"10-12": null, "9": 1}}, "1" : "a:\\"b", "01": {}}') as Record<string, never>;
    assert.deepEqual(keysInOrder(parsed), ['_T', '1', '01']);
    assert.deepEqual(keysInOrder(parsed._T), ['2', '1']);
    assert.deepEqual(keysInOrder((parsed._T as Record<string, never>)['1']), ['10-12', '9']);
    assert.equal(parsed['1'], 'a:"b');
    assert.equal(stringifyInOrder(parsed), '{"_T":{"2":[],"1":{"10-12":null,"9":1}},"1":"a:\\"b","01":{}}');
  });

  it('keeps __proto__ as data, as JSON.parse does', () => {
    const parsed = parseJsonInOrder('{"__proto__": {"x": 1}}') as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
    assert.deepEqual(keysInOrder(parsed), ['__proto__']);
  });

  it('writes what JSON.stringify writes, but in order, with and without indentation', () => {
    const value = {
      a: [1, { b: null, c: undefined }],
      d: orderedRecord([
        ['_T', 1],
        ['1', 2],
      ]),
      e: [],
      f: {},
    };
    assert.equal(stringifyInOrder(value), '{"a":[1,{"b":null}],"d":{"_T":1,"1":2},"e":[],"f":{}}');
    const plain = { a: [1, { b: null }], d: { x: 1 }, e: [], f: {}, g: 'é\u2028' };
    assert.equal(stringifyInOrder(plain, 2), JSON.stringify(plain, null, 2));
  });

  it('round-trips every real metadata file to the same value and key order', () => {
    for (const file of readdirSync(REAL_DATA).filter((f) => f.endsWith('.json'))) {
      const text = readFileSync(path.join(REAL_DATA, file), 'utf8');
      const parsed = parseJsonInOrder(text);
      assert.deepEqual(JSON.parse(stringifyInOrder(parsed, 2)), JSON.parse(text), file);
      assert.equal(stringifyInOrder(parseJsonInOrder(stringifyInOrder(parsed))), stringifyInOrder(parsed), file);
    }
  });
});

it('a document nested deeper than the stack is read (without its key order), not an error', () => {
  const deep = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
  let node = parseJsonInOrder(deep) as Record<string, unknown>;
  for (let i = 0; i < 20_000; i++) node = node.a as Record<string, unknown>;
  assert.equal(node as unknown, 1);
});
