import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { clearBookingDraft } from "~/utils/guest-house-booking-draft.server";
import { logout } from "~/utils/auth.server";

// POST only: a GET that signed people out could be triggered by any image on any page.
export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const response = await logout(context, request, "/");
  // What this account typed and left in the browser goes with it: the next person to sign in on
  // this browser must not see it (the draft is also bound to its author).
  response.headers.append("Set-Cookie", await clearBookingDraft(context));
  return response;
}
