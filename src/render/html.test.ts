import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../project-root.js';
import { escapeHtml, html, jsonScript, raw } from './html.js';

describe('html template helper', () => {
  it('escapes every interpolation: text, attributes, lists', () => {
    const label = '<script>alert("x")</script> & \'co\'';
    const out = html`<p title="${label}">${label}</p>
      <ul>
        ${['<a>', 'b&c'].map((s) => html`<li>${s}</li>`)}
      </ul>`.value;
    assert.equal(
      out.replace(/>\s+</g, '><'),
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>' +
        '<ul><li>&lt;a&gt;</li><li>b&amp;c</li></ul>',
    );
  });

  it('inserts markup only through html itself or an explicit raw()', () => {
    assert.equal(html`<div>${html`<b>${'<i>'}</b>`}${raw('<hr>')}</div>`.value, '<div><b>&lt;i&gt;</b><hr></div>');
  });

  it('renders nothing for null, undefined and booleans; numbers as text', () => {
    assert.equal(html`[${null}${undefined}${false}${true}${0}${1.5}]`.value, '[01.5]');
  });

  it('escapeHtml covers the five special characters', () => {
    assert.equal(escapeHtml(`&<>"'`), '&amp;&lt;&gt;&quot;&#39;');
  });

  it('escapeHtml is the one escaper of src/ and client/: no other module writes an entity table', () => {
    const allowed = new Set(['src/markup.ts']);
    const sources = ['src', 'client'].flatMap((dir) =>
      readdirSync(path.join(PROJECT_ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => path.posix.join(dir, f.split(path.sep).join('/'))),
    );
    const escapers = sources.filter((f) => !allowed.has(f) && /&amp;|'amp'/.test(readFileSync(path.join(PROJECT_ROOT, f), 'utf8')));
    assert.deepEqual(escapers, []);
  });

  it('jsonScript cannot be closed or commented out by data, and parses back to the same value', () => {
    const data = { title: '</script><script>alert(1)</script>', note: '<!-- x -->', amp: 'a&b', ls: '\u2028\u2029' };
    const out = jsonScript('d', data).value;
    assert.equal(out.match(/<\/script>/g)?.length, 1, 'only the closing tag of the element itself');
    assert.ok(!out.includes('<!--'));
    const body = out.slice(out.indexOf('>') + 1, out.lastIndexOf('</script>'));
    assert.deepEqual(JSON.parse(body), data);
  });
});
