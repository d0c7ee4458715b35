import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MarkdownItRenderer, isMediaImage, isSafeLink } from "#infrastructure/markdown/markdown-it-renderer";

const md = new MarkdownItRenderer();
const render = (s: string) => md.toSafeHtml(s);

const ALLOWED_TAGS = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "a",
  "img",
  "em",
  "strong",
  "s",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "hr",
  "br",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);

/** The tags of the HTML with their attributes (markdown-it always writes name="value" with " escaped). */
function tags(html: string): { name: string; attrs: Record<string, string> }[] {
  return [...html.matchAll(/<([a-z0-9]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/gi)].map((m) => ({
    name: m[1].toLowerCase(),
    attrs: Object.fromEntries([...m[2].matchAll(/\s+([^\s=>]+)(?:="([^"]*)")?/g)].map((a) => [a[1].toLowerCase(), a[2] ?? ""])),
  }));
}

/** Only known tags; no event handler attributes; links and images only where they may point. */
function assertSafe(html: string): void {
  // Anything that looks like a tag but is not one we parsed (an unescaped "<") would be a leak.
  expect(html.match(/<[a-z]/gi)?.length ?? 0).toBe(tags(html).length);
  for (const tag of tags(html)) {
    expect(ALLOWED_TAGS, tag.name).toContain(tag.name);
    for (const name of Object.keys(tag.attrs)) expect(name).not.toMatch(/^on/);
    // http(s), mailto, or relative: no colon before the first "/", "?" or "#" (else it is a scheme).
    if (tag.attrs.href !== undefined) expect(tag.attrs.href).toMatch(/^(https?:|mailto:|[^:/?#]*([/?#]|$))/i);
    if (tag.attrs.href !== undefined) expect(tag.attrs.href).not.toMatch(/^\/\//);
    if (tag.name === "img") expect(tag.attrs.src).toMatch(/^\/media\//);
  }
}

describe("MarkdownItRenderer", () => {
  it("renders ordinary Markdown with typographic quotes", () => {
    const html = render('# Moving to Buea\n\nBring a "bucket" -- water cuts happen.\n\n- Molyko\n- Bomaka');
    expect(html).toContain("<h1>Moving to Buea</h1>");
    expect(html).toContain("“bucket”");
    expect(html).toContain("<li>Molyko</li>");
  });

  it("escapes raw HTML instead of passing it through", () => {
    const html = render('Hello <script>alert(1)</script> and <img src=x onerror="alert(1)"> <a href="#" onclick="x()">x</a>');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=");
    assertSafe(html);
  });

  it("escapes an HTML block", () => {
    const html = render('<div onmouseover="steal()">\n<iframe src="https://evil.test"></iframe>\n</div>');
    expect(html).toContain("&lt;div");
    assertSafe(html);
  });

  it.each([
    "[click](javascript:alert(1))",
    "[click](JavaScript:alert(1))",
    "[click](java%0Ascript:alert(1))",
    "[click]( javascript:alert(1) )",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](vbscript:msgbox)",
    "[click](//evil.test/path)",
    "[click](/\\evil.test)",
    "<javascript:alert(1)>",
    "[x](file:///etc/passwd)",
  ])("does not turn %s into a link", (source) => {
    const html = render(source);
    expect(html).not.toContain("<a ");
    assertSafe(html);
  });

  it("keeps http(s), mailto and relative links, all with rel=nofollow noopener", () => {
    const html = render(
      "[a](https://ub.cm) [b](http://ub.cm) [c](mailto:support@kamernest.cm) [d](/listings?n=Molyko) [e](#water) www.buea.cm",
    );
    for (const href of [
      "https://ub.cm",
      "http://ub.cm",
      "mailto:support@kamernest.cm",
      "/listings?n=Molyko",
      "#water",
      "http://www.buea.cm",
    ]) {
      expect(html).toContain(`href="${href}" rel="nofollow noopener"`);
    }
    expect(html.match(/<a /g)).toHaveLength(6);
  });

  it("keeps images from /media/ only, showing the alt text otherwise", () => {
    const html = render(
      "![Room](/media/photos/room-1.webp) ![Pixel](https://tracker.test/p.gif) ![Up](/media/../secrets.png) ![Data](data:image/png;base64,AAAA)",
    );
    expect(html).toContain('<img src="/media/photos/room-1.webp" alt="Room" loading="lazy">');
    expect(html).not.toContain("tracker.test");
    expect(html).not.toContain("secrets.png");
    expect(html).toContain("Pixel");
    assertSafe(html);
  });

  it("escapes attribute breakouts in titles and alt text", () => {
    const html = render('[x](/a "t\\" onmouseover=\\"alert(1)") ![a" onerror="alert(1)](/media/a.png)');
    assertSafe(html);
  });

  it("never lets arbitrary input produce script, handlers or unsafe URLs", () => {
    const pieces = fc.constantFrom(
      "<script>",
      "</script>",
      "<img src=x onerror=alert(1)>",
      "javascript:",
      "[a](",
      ")",
      "![b](",
      "<",
      ">",
      '"',
      "'",
      " onload=",
      "data:text/html,",
      "//evil",
      "\n\n",
      "*",
      "`",
      "&#106;avascript:",
      "\\",
      "%0a",
      "http://x.cm",
      "/media/x.png",
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 25 }), (parts) => assertSafe(render(parts.join("")))),
      { numRuns: 500 },
    );
  });

  it("uses a safety check that does catch unsafe HTML", () => {
    for (const bad of [
      "<script>x</script>",
      '<p onclick="x()">a</p>',
      '<a href="javascript:x">a</a>',
      '<img src="https://t.test/p.gif">',
      '<a href="//evil.test">a</a>',
    ]) {
      expect(() => assertSafe(bad), bad).toThrow();
    }
  });

  it("classifies links and image sources", () => {
    expect(isSafeLink("https://ub.cm")).toBe(true);
    expect(isSafeLink("listings/abc")).toBe(true);
    expect(isSafeLink("weird:thing")).toBe(false);
    expect(isSafeLink("a%3Ab:c")).toBe(false);
    expect(isMediaImage("/media/a/b.jpg")).toBe(true);
    expect(isMediaImage("/media/%2e%2e/b.jpg")).toBe(false);
    expect(isMediaImage("/mediax/b.jpg")).toBe(false);
  });
});

describe("MarkdownItRenderer's kept renders", () => {
  it("gives the same HTML for a text it has kept, and new HTML for a changed text", () => {
    const renderer = new MarkdownItRenderer();
    const first = renderer.toSafeHtml("# Terms\n\nPay by [MTN](https://mtn.cm).");
    expect(renderer.toSafeHtml("# Terms\n\nPay by [MTN](https://mtn.cm).")).toBe(first);
    expect(renderer.toSafeHtml("# Terms\n\nPay by [Orange](https://orange.cm).")).toContain("Orange");
  });

  it("keeps a bounded number of texts, the least recently used dropped first", () => {
    const renderer = new MarkdownItRenderer();
    let parsed = 0;
    const md = (renderer as unknown as { md: { render: (s: string) => string } }).md;
    const render = md.render.bind(md);
    md.render = (s: string) => {
      parsed += 1;
      return render(s);
    };
    renderer.toSafeHtml("text 0");
    for (let i = 1; i <= 500; i++) renderer.toSafeHtml(`text ${i}`);
    expect(parsed).toBe(501);
    renderer.toSafeHtml("text 500"); // kept: not parsed again
    expect(parsed).toBe(501);
    renderer.toSafeHtml("text 0"); // the oldest, dropped when the 501st came
    expect(parsed).toBe(502);
    const long = "word ".repeat(5_000);
    renderer.toSafeHtml(long);
    renderer.toSafeHtml(long); // too long to keep: parsed each time
    expect(parsed).toBe(504);
  });
});
