import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { forgetBookingDrafts } from "#domain/guest-house-booking/booking-draft";
import { getOptionalUser, logout } from "~/utils/auth.server";

// POST only: a GET that signed people out could be triggered by any image on any page.
export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getOptionalUser(context, request);
  // The guest-house booking forms this account left waiting go with it (decision 0243): the next
  // person to sign in on this device must not see them, nor this account later.
  if (user) await forgetBookingDrafts(context.services.guestHouses.drafts, user.id);
  return logout(context, request, "/");
}
