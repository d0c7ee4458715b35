import { createContext, useContext } from "react";

/**
 * A hydrated page's loader data (Remix's turbo-stream text), read whole by entry.server before
 * the render (decision 0158); null in the browser and on a static page.
 */
export const HydrationDataContext = createContext<string | null>(null);

// The same escapes as Remix's own script: nothing in the data can close the script or the page.
const UNSAFE = /[&><\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const escapeForScript = (json: string) => json.replace(UNSAFE, (c) => ESCAPES[c]);

// In the browser the element keeps what the server wrote (it has run once, as the page loaded).
const KEPT = { __html: "" };

/**
 * Hands the page's data to the stream `<Scripts>` opened (`__remixContext.streamController`),
 * in one script placed right after it, inside `<body>`. Remix's `<RemixServer>` writes the same
 * scripts after the whole document, that is after `</html>`, which no HTML parser accepts as
 * valid (issue 31); entry.server gives it no stream, so this is the page's only copy.
 */
export function HydrationData({ nonce }: { nonce?: string }) {
  const data = useContext(HydrationDataContext);
  const html = data === null ? KEPT : { __html: hydrationScript(data) };
  return <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={html} />;
}

export function hydrationScript(data: string): string {
  const stream = "window.__remixContext.streamController";
  return `${data ? `${stream}.enqueue(${escapeForScript(JSON.stringify(data))});` : ""}${stream}.close();`;
}
