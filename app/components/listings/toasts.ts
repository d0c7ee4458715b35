import type { Toast } from "~/utils/toast";

// A toast is translated where it is shown. The browser has only the namespaces of the page it
// lands on, so a "listings:" message is kept for pages that load that namespace; elsewhere (the
// profile page) the common "Success" says it.
const LISTINGS_PAGES = /^\/(listings|property|agent|agents)(\/|\?|$)/;

export function discoveryToast(redirectTo: string, title: string, kind: Toast["kind"] = "success"): Toast {
  if (LISTINGS_PAGES.test(redirectTo)) return { kind, title };
  return { kind, title: kind === "error" ? "common:toast.error" : "common:toast.success" };
}
