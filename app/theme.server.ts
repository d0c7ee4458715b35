// The theme a page is rendered in, read from the theme cookie: one rule, used by the root loader
// (through app/utils/preferences.server.ts) and by the visitors' page cache (server/page-cache.ts),
// which keeps one copy of a page per theme. Like app/language.server.ts, it loads no locale files,
// so the Express server can import it.
import { createCookie } from "@remix-run/node";

export const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];
export const isTheme = (v: unknown): v is Theme => typeof v === "string" && (themes as readonly string[]).includes(v);

/** The theme cookie: read by the server so the first paint already has the right theme. */
export const themeCookie = createCookie("kn_theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: false, // mirrored into localStorage 'theme'
  maxAge: 60 * 60 * 24 * 365,
});

export async function getTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  return isTheme(value) ? value : "system";
}
