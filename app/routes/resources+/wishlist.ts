// Save a listing to the wishlist, or remove it: posted by the button on a listing's page and by
// the wishlist on the profile. Without JavaScript the browser follows the redirect back.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { addToWishlist } from "#domain/engagement/add-to-wishlist.use-case";
import { removeFromWishlist } from "#domain/engagement/remove-from-wishlist.use-case";
import { getOptionalUser, LOGIN_PATH } from "~/utils/auth.server";
import { redirectWithToast, safeRedirectPath } from "~/utils/toast.server";
import { wishlistSchema } from "~/components/listings/schemas";
import { describeDomainError } from "~/utils/domain-errors.server";
import { discoveryToast } from "~/components/listings/toasts";
import { readFormData } from "~/utils/form-data.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const back = safeRedirectPath(formData.get("redirectTo"), "/listings");
  const user = await getOptionalUser(context, request);
  // A visitor logs in and comes back to the page they were on (not to this POST-only address).
  if (!user) throw redirect(`${LOGIN_PATH}?${new URLSearchParams({ redirectTo: back })}`);

  const submission = parseWithZod(formData, { schema: wishlistSchema });
  if (submission.status !== "success") throw new Response(null, { status: 400 });
  const { intent, propertyId } = submission.value;
  const deps = context.services.engagement;

  if (intent === "remove") {
    await removeFromWishlist(deps, { userId: user.id, propertyId });
    return redirectWithToast(context, request, back, discoveryToast(back, "listings:toasts.wishlistRemoved"));
  }
  const result = await addToWishlist(deps, { userId: user.id, propertyId });
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    throw new Response(null, { status: error.status });
  }
  return redirectWithToast(context, request, back, discoveryToast(back, "listings:toasts.wishlistAdded"));
}

export async function loader() {
  throw new Response(null, { status: 404 });
}
