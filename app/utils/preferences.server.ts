import { createCookie } from "@remix-run/node";
import { isLanguage, type Language } from "~/i18n";
import { i18next, languageCookie } from "~/i18next.server";

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

export async function getLanguage(request: Request): Promise<Language> {
  const detected = await i18next.getLocale(request);
  return isLanguage(detected) ? detected : "en";
}

export { languageCookie };
