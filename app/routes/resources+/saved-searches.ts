// Save the current listings search for e-mail alerts, or stop the alerts of one. Posted by the
// "Save this search" button on /listings and by the saved searches list on the profile.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { normalizeSearchQuery } from "#domain/engagement/search-query";
import { saveSearch } from "#domain/alerts/save-search.use-case";
import { deleteSavedSearch } from "#domain/alerts/delete-saved-search.use-case";
import { getOptionalUser, LOGIN_PATH } from "~/utils/auth.server";
import { redirectWithToast, safeRedirectPath } from "~/utils/toast.server";
import { domainErrorKey } from "~/utils/domain-errors.server";
import { savedSearchSchema } from "~/components/listings/schemas";
import { discoveryToast } from "~/components/listings/toasts";
import { readFormData } from "~/utils/form-data.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: savedSearchSchema });
  const query = submission.status === "success" ? (submission.value.query ?? "") : "";
  // Back to the search, in its canonical (percent-encoded) form: the raw text may hold anything.
  const canonical = normalizeSearchQuery(query);
  const fallback = canonical ? `/listings?${canonical}` : "/listings";
  const back = safeRedirectPath(formData.get("redirectTo"), fallback);
  const user = await getOptionalUser(context, request);
  if (!user) throw redirect(`${LOGIN_PATH}?${new URLSearchParams({ redirectTo: back })}`);
  if (submission.status !== "success") throw new Response(null, { status: 400 });

  const deps = context.services.alerts;
  if (submission.value.intent === "delete") {
    const id = submission.value.id ?? "";
    if (id === "") throw new Response(null, { status: 400 });
    const result = await deleteSavedSearch(deps, { userId: user.id, searchId: id });
    // Already gone (a double submit): the list the user sees is right either way.
    if (!result.ok && result.error.code !== "listings.saved_search_not_found") throw new Response(null, { status: 400 });
    return redirectWithToast(context, request, back, discoveryToast(back, "listings:toasts.searchDeleted"));
  }

  const result = await saveSearch(deps, { userId: user.id, queryString: query });
  if (!result.ok) {
    return redirectWithToast(context, request, back, {
      ...discoveryToast(back, domainErrorKey(result.error.code), "error"),
      params: result.error.params,
    });
  }
  return redirectWithToast(context, request, back, discoveryToast(back, "listings:toasts.searchSaved"));
}

export async function loader() {
  throw new Response(null, { status: 404 });
}
