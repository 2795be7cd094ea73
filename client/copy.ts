/**
 * Copy buttons: `data-copy` names the element whose text is copied, or is
 * empty on the copy-link button (`data-copy-link`), which copies the page's
 * address (the explorer keeps it naming the whole state). Hidden in the
 * markup, shown here (without JavaScript there is nothing to click).
 */

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  // http:// pages (a local server) have no Clipboard API: select a hidden field and copy
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** Shows and wires every copy button of a document. */
export function initCopyButtons(doc: Document): void {
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    button.hidden = false;
    const label = button.textContent ?? '';
    button.addEventListener('click', async () => {
      const target = doc.getElementById(button.dataset.copy ?? '');
      const text = button.hasAttribute('data-copy-link') ? doc.location.href : target?.textContent;
      if (text === undefined || text === null) return;
      await copyText(text);
      button.textContent = button.dataset.copied ?? label;
      button.classList.add('is-done');
      window.setTimeout(() => {
        button.textContent = label;
        button.classList.remove('is-done');
      }, 1600);
    });
  }
}
