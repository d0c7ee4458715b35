import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/i18n";
import { isTheme, languageCookie, themeCookie } from "~/utils/preferences.server";
import { safeRedirectPath } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// The language and theme switches post here. Cookies, so the server renders the choice on the
// very first byte of the next page, with or without JavaScript.
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const headers = new Headers();
  const language = form.get("language");
  const theme = form.get("theme");
  if (language !== null && !isLanguage(language)) throw new Response("Unknown language", { status: 400 });
  if (theme !== null && !isTheme(theme)) throw new Response("Unknown theme", { status: 400 });
  if (language) headers.append("Set-Cookie", await languageCookie.serialize(language));
  if (theme) headers.append("Set-Cookie", await themeCookie.serialize(theme));
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers });
}

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}
