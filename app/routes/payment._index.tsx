// /payment: the student's latest booking waiting for payment, or a way to buy access on its own.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";

export const handle = { i18n: ["payment"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const { money } = context.services;
  const pending = await money.views.latestPendingBooking(user.id, money.clock.now());
  if (pending) throw redirect(`/payment/${encodeURIComponent(pending.reference)}`);
  const t = await i18next.getFixedT(request, "payment");
  return { title: t("index.title") };
}

export default function PaymentIndexPage() {
  const { t } = useTranslation("payment");
  return (
    <section className="container-page flex justify-center py-10">
      <div className="card w-full max-w-lg space-y-4 p-6">
        <h1 className="text-2xl font-bold">{t("index.title")}</h1>
        <p>{t("index.nothingPending")}</p>
        <div className="flex flex-wrap gap-3">
          <Link to="/subscription-payment" className="btn-primary">
            {t("links.subscription")}
          </Link>
          <Link to="/listings" className="btn-secondary">
            {t("links.listings")}
          </Link>
        </div>
      </div>
    </section>
  );
}
