/**
 * The dataset page's output card: code for each tool, the embed snippet with
 * a preview, and the downloads. Tabs are radio buttons styled as tabs, so
 * they work without JavaScript and with the keyboard (arrow keys).
 */
import type { UiStrings } from '../../i18n/strings.js';
import { html, type SafeHtml } from '../html.js';
import type { DatasetView } from './dataset-view.js';
import { attachmentName, OUTPUT_IDS, SELECTION_OUTPUTS, type OutputId } from '../../query/selection-outputs.js';
import { SNIPPET_TOOLS, TOOL_NAMES } from './snippets.js';

interface Tab {
  id: string;
  label: string;
  panel: SafeHtml;
}

/** A set of radio tabs: the first is selected. */
function renderTabs(name: string, tabs: Tab[], className: string, label: string): SafeHtml {
  const heads = tabs.map(
    (tab, i) =>
      html`<input type="radio" class="tab-radio" name="${name}" id="${name}-${tab.id}" value="${tab.id}" ${i === 0 ? html` checked` : ''} /><label
          class="tab"
          for="${name}-${tab.id}"
          >${tab.label}</label
        >`,
  );
  const panels = tabs.map((tab) => html`<div class="tab-panel" data-panel="${name}-${tab.id}">${tab.panel}</div>`);
  return html`<div class="tabset ${className}" role="group" aria-label="${label}">${heads}${panels}</div>`;
}

function copyButton(target: string, t: UiStrings): SafeHtml {
  return html`<button type="button" class="btn btn-small copy" data-copy="${target}" data-copied="${t.dataset.copied}" hidden>${t.dataset.copy}</button>`;
}

function codePanel(view: DatasetView): SafeHtml {
  const t = view.t;
  const tabs = SNIPPET_TOOLS.map((tool) => ({
    id: tool,
    label: TOOL_NAMES[tool],
    panel: html`<div class="code-wrap">
      ${copyButton(`snippet-${tool}`, t)}
      <pre class="code" tabindex="0" aria-label="${TOOL_NAMES[tool]}"><code id="snippet-${tool}" data-snippet="${tool}">${view.snippets[tool]}</code></pre>
    </div>`,
  }));
  return html`<p class="panel-intro">${t.dataset.codeIntro}</p>
    ${renderTabs('code', tabs, 'tabset-pills', t.dataset.tabCode)}`;
}

function embedPanel(view: DatasetView): SafeHtml {
  const t = view.t;
  return html`<p class="panel-intro">${t.dataset.embedIntro}</p>
    <div class="code-wrap">
      ${copyButton('embed-snippet', t)}
      <pre class="code code-embed" tabindex="0" aria-label="${t.dataset.tabEmbed}"><code id="embed-snippet" data-embed-snippet>${view.embedSnippet}</code></pre>
    </div>
    <h3 class="panel-subhead">${t.dataset.embedPreview}</h3>
    <div class="embed-preview">
      <iframe data-embed-preview src="${view.embedPreviewHref}" title="${t.dataset.embedPreview}" height="580" loading="lazy"></iframe>
    </div>`;
}

function downloadPanel(view: DatasetView): SafeHtml {
  const t = view.t;
  // images open in the browser unless the link says `download`; data files are attachments from the server
  const link = (id: OutputId): SafeHtml =>
    html`<li>
      <a
        class="download"
        href="${view.links[id]}"
        data-download="${id}"
        ${SELECTION_OUTPUTS[id].attachment === 'never' ? html` download="${attachmentName(id, view.data.meta.id, view.data.state.transform)}"` : ''}
        ><span class="file-badge file-${SELECTION_OUTPUTS[id].ext}">${SELECTION_OUTPUTS[id].ext.toUpperCase()}</span><span>${t.dataset.formats[id]}</span></a
      >
    </li>`;
  const data = OUTPUT_IDS.filter((id) => SELECTION_OUTPUTS[id].group === 'data');
  const chart = OUTPUT_IDS.filter((id) => SELECTION_OUTPUTS[id].group === 'chart');
  return html`<p class="panel-intro">${t.dataset.downloadIntro}</p>
    <div class="download-groups">
      <div>
        <h3 class="panel-subhead">${t.dataset.downloadData}</h3>
        <ul class="downloads">
          ${data.map(link)}
        </ul>
      </div>
      <div>
        <h3 class="panel-subhead">${t.dataset.downloadChart}</h3>
        <ul class="downloads">
          ${chart.map(link)}
        </ul>
      </div>
    </div>
    ${renderComparedDownloads(view)}
    <p class="api-link"><a href="${view.links.api}" data-download="api">${t.dataset.apiLink}</a></p>`;
}

/** The data of each compared dataset (its own selection, the page's period and transform). */
function renderComparedDownloads(view: DatasetView): SafeHtml | '' {
  const { items, words } = view.compare;
  if (items.length === 0) return '';
  return html`<div class="compared-downloads" data-compared-downloads>
    <h3 class="panel-subhead">${words.downloadHeading}</h3>
    ${items.map(
      (it, i) =>
        html`<p class="compared-title">${it.title}</p>
          <ul class="downloads">
            ${it.downloads.map(
              (d) =>
                html`<li>
                  <a class="download" href="${d.href}" data-compared-download="${i}:${d.id}"
                    ><span class="file-badge file-${SELECTION_OUTPUTS[d.id].ext}">${SELECTION_OUTPUTS[d.id].ext.toUpperCase()}</span
                    ><span>${view.t.dataset.formats[d.id]}</span></a
                  >
                </li>`,
            )}
          </ul>`,
    )}
  </div>`;
}

/** The output card of the dataset page. */
export function renderOutputs(view: DatasetView): SafeHtml {
  const t = view.t;
  return html`<section class="card outputs" aria-label="${t.dataset.tabCode} · ${t.dataset.tabEmbed} · ${t.dataset.tabDownload}">
    ${renderTabs(
      'out',
      [
        { id: 'code', label: t.dataset.tabCode, panel: codePanel(view) },
        { id: 'embed', label: t.dataset.tabEmbed, panel: embedPanel(view) },
        { id: 'download', label: t.dataset.tabDownload, panel: downloadPanel(view) },
      ],
      'tabset-main',
      t.dataset.chart,
    )}
  </section>`;
}
