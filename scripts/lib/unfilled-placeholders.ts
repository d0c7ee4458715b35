// A message whose {{value}} was never given shows it as typed: "3 to {{max}} characters". The HTML
// check (scripts/html-check.ts) runs this on every page type, in both languages and as each role, so
// a locale string that reaches any page unfilled fails `npm test`. Scripts and styles are left out:
// only what a reader can see or hear (text and attributes) counts.

/** The `{{name}}` placeholders left in a page's markup, outside <script> and <style>, each once. */
export function unfilledPlaceholders(html: string): string[] {
  const markup = html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<style\b[\s\S]*?<\/style>/gi, "");
  return [...new Set([...markup.matchAll(/\{\{\s*[\w.-]+\s*\}\}/g)].map((m) => m[0]))];
}
