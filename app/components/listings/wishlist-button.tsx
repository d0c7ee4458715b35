import { useLocation } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";

/**
 * Save to (or remove from) the wishlist: a POST form, so it works without JavaScript. Visitors
 * get a link to log in that brings them back here.
 */
export function WishlistButton({ propertyId, saved, signedIn }: { propertyId: string; saved: boolean; signedIn: boolean }) {
  const { t } = useTranslation("listings");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  if (!signedIn) {
    return (
      <Link to={`/auth/login?${new URLSearchParams({ redirectTo: here })}`} className="btn-secondary">
        {t("wishlist.loginToSave")}
      </Link>
    );
  }
  return (
    <Form method="post" action="/resources/wishlist">
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className={saved ? "btn-secondary" : "btn-primary"}>
        <span aria-hidden="true">{saved ? "♥" : "♡"}</span>
        {saved ? t("wishlist.remove") : t("wishlist.save")}
      </button>
    </Form>
  );
}
