import MarkdownIt from "markdown-it";
import type { MarkdownRenderer } from "#domain/blog/markdown-renderer.port";

const ALLOWED_SCHEMES = new Set(["http", "https", "mailto"]);
const RENDERED_KEPT = 500;
const RENDERED_MAX_CHARS = 20_000;

/**
 * Links may be http(s), mailto or relative. Anything else with a scheme (javascript:, data:,
 * vbscript:, file:) is refused, and so are protocol-relative links ("//host", "/\host"), which
 * leave the site without saying so. A relative link may not carry a colon before its first
 * "/", "?" or "#": a browser would read that part as a scheme.
 */
export function isSafeLink(url: string): boolean {
  const u = url.trim();
  // A backslash, raw or percent-encoded, is read as "/" by some browsers: "/\host" would be "//host".
  if (u.includes("\\") || /%5c/i.test(u) || /^\/\//.test(u)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(u);
  if (scheme) return ALLOWED_SCHEMES.has(scheme[1].toLowerCase());
  const head = u.split(/[/?#]/, 1)[0] ?? "";
  return !head.includes(":");
}

/** Images come only from our own media route, without any way to climb out of it. */
export function isMediaImage(src: string): boolean {
  return /^\/media\/[A-Za-z0-9._~\-/%]+$/.test(src) && !src.includes("..") && !src.includes("//") && !/%2e|%2f|%5c/i.test(src);
}

export class MarkdownItRenderer implements MarkdownRenderer {
  private readonly md: MarkdownIt;

  /**
   * `typographer: false` keeps the text's quotes and apostrophes as typed (the help pages, whose
   * wording is checked word for word); the blog gets curly quotes.
   */
  constructor(options: { typographer?: boolean } = {}) {
    // html: false escapes any raw HTML in the source: no <script>, no on* attributes, no <iframe>.
    const md = new MarkdownIt({ html: false, linkify: true, typographer: options.typographer ?? true });
    // Checked after markdown-it normalises the URL (percent-encoding), for links, autolinks and images.
    md.validateLink = isSafeLink;

    md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
      tokens[idx].attrSet("rel", "nofollow noopener");
      return self.renderToken(tokens, idx, options);
    };

    const renderImage = md.renderer.rules.image;
    md.renderer.rules.image = (tokens, idx, options, env, self) => {
      const token = tokens[idx];
      if (!renderImage || !isMediaImage(token.attrGet("src") ?? "")) {
        // An image from elsewhere shows its alt text instead: no tracking pixels, no hot-linking.
        return md.utils.escapeHtml(self.renderInlineAsText(token.children ?? [], options, env));
      }
      token.attrSet("loading", "lazy");
      return renderImage(tokens, idx, options, env, self);
    };

    this.md = md;
  }

  /**
   * The same Markdown gives the same HTML, so a text already turned is kept: the legal pages, the
   * FAQ's answers and a post are rendered on every uncached view (signed-in readers), and parsing
   * was a fifth of /privacy's CPU. A changed text is another key, so nothing kept is out of date.
   * At most RENDERED_KEPT texts of at most RENDERED_MAX_CHARS each (about 30 MB in all at worst),
   * the least recently used dropped first.
   */
  private readonly rendered = new Map<string, string>();

  toSafeHtml(markdown: string): string {
    const kept = this.rendered.get(markdown);
    if (kept !== undefined) {
      // Map keeps insertion order: moved to the end, the first key is the least recently used.
      this.rendered.delete(markdown);
      this.rendered.set(markdown, kept);
      return kept;
    }
    const html = this.md.render(markdown);
    if (markdown.length <= RENDERED_MAX_CHARS) {
      this.rendered.set(markdown, html);
      if (this.rendered.size > RENDERED_KEPT) this.rendered.delete(this.rendered.keys().next().value as string);
    }
    return html;
  }
}
