import DOMPurify from 'dompurify';

let hooked = false;

/**
 * Sanitises merchant HTML for display in the admin (spec admin-dashboard §1 homeHtml: the server sanitises it and
 * the admin does again). DOMPurify's defaults (no scripts, no event handlers, no javascript: URLs) plus
 * `target="_blank"` kept on links, which then always get `rel="noopener noreferrer"`.
 */
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}
