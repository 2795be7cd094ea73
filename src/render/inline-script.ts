/**
 * The only inline script of the pages: marks that JavaScript runs, before the
 * first paint. The page shell writes it (layout.ts); the Content-Security-Policy
 * allows it by its hash (http/security-headers.ts).
 */
export const INLINE_SCRIPT = "document.documentElement.classList.add('js');";
