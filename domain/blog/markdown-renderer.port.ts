/**
 * Turns a post's Markdown into HTML that is safe to insert as is: no raw HTML, no script or event
 * attributes, only http(s), mailto and relative links, images only from /media/.
 * A port so the domain does not depend on the Markdown library.
 */
export interface MarkdownRenderer {
  toSafeHtml(markdown: string): string;
}
