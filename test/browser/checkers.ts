/**
 * The checkers of the browser tests: axe (WCAG 2.x A and AA rules and best
 * practice) on a live page, and html-validate on the HTML the server sends.
 */
import AxeBuilder from '@axe-core/playwright';
import { HtmlValidate } from 'html-validate';
import type { Page } from 'playwright-core';

/**
 * html-validate's recommended rules, less the ones about markup style (case of
 * the doctype, `<meta />`, inline `--depth` styles) that say nothing of
 * validity; checkboxes of one dimension share their name on purpose (a GET
 * form sends `dim=a&dim=b`). `long-title` is search-engine advice, not
 * validity: a dataset page's title names its series (the naming model), which
 * is what a tab or a bookmark should say.
 */
export const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'doctype-style': 'off',
    'void-style': 'off',
    'no-inline-style': 'off',
    'attribute-boolean-style': 'off',
    'no-trailing-whitespace': 'off',
    'long-title': 'off',
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
    // the search suggestions are an ARIA combobox's listbox (options that open a page), which a <select> cannot be
    'prefer-native-element': ['error', { exclude: ['listbox'] }],
  },
});

/** The axe violations of a page, one line each (rule: elements). */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
