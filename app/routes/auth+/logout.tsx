import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { logout } from "~/utils/auth.server";

// POST only: a GET that signed people out could be triggered by any image on any page.
export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  return logout(context, request, "/");
}
