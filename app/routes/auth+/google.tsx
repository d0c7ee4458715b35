import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { askedPage } from "~/utils/sign-in-landing.server";
import { getGoogleAuth } from "./google.server";
import { readFormData } from "~/utils/form-data.server";

// POST /auth/google starts the Google sign-in: a redirect to Google's consent screen.
export async function loader() {
  return redirect("/auth/login");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const google = getGoogleAuth(context.services);
  if (!google) throw new Response("Not Found", { status: 404 });
  const form = await readFormData(request);
  // The page asked for, or "" for none: the callback then lands the user at home (signInLanding).
  const redirectTo = askedPage(form.get("redirectTo"));
  try {
    // A body-less copy: the form was read above, and the strategy only needs the URL and cookies.
    await google.authenticator.authenticate("google", new Request(request.url, { method: "GET", headers: request.headers }));
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers(thrown.headers);
      headers.append("Set-Cookie", await google.returnTo.serialize(redirectTo));
      return new Response(null, { status: thrown.status, headers });
    }
    throw thrown;
  }
  return redirect("/auth/login");
}
