import { createHash } from 'node:crypto';
import { INLINE_SCRIPT } from '../render/inline-script.js';

/**
 * The security headers of HTML pages. The Content-Security-Policy allows
 * only what the pages do: scripts from our origin plus the one inline script
 * below (by its hash), styles from our origin (and style attributes, used for
 * hierarchy indents), images and fetches from our origin, our own embed in
 * the Embed tab's preview. Framing is allowed only for the embed view.
 */

const SCRIPT_HASH = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;

const POLICY = [
  "default-src 'self'",
  `script-src 'self' ${SCRIPT_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Headers for an HTML page; `embeddable` pages (the `?embed=1` view) may be
 * framed by any site, every other page by none.
 * @example pageSecurityHeaders(false)['x-frame-options'] // 'DENY'
 */
export function pageSecurityHeaders(embeddable: boolean): Record<string, string> {
  if (embeddable) return { 'content-security-policy': `${POLICY}; frame-ancestors *` };
  return { 'content-security-policy': `${POLICY}; frame-ancestors 'none'`, 'x-frame-options': 'DENY' };
}
