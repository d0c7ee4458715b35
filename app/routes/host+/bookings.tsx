// /host/bookings: booking attempts on the host's guest houses, newest first: the guest's name, the
// house and the stay asked for. Never the guest's phone or e-mail: the guest writes to the host on
// WhatsApp, and that is where the host gets in touch.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { listMyBookingAttempts } from "#domain/hosting/manage-guest-house.use-cases";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { requireHostArea } from "~/utils/host-area.server";
import { i18next } from "~/i18next.server";
import { formatDate, formatDateTime } from "~/utils/format";
import { getLanguage } from "~/utils/preferences.server";

export const handle = { i18n: ["auth", "hosting"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireHostArea(context, request);
  const [attempts, t, language] = await Promise.all([
    listMyBookingAttempts(context.services.hosting, user.id),
    i18next.getFixedT(request, "hosting"),
    getLanguage(request),
  ]);
  const night = (d: string | null) => (d === null ? null : formatDate(`${d}T12:00:00Z`, language));
  return {
    title: t("bookings.title"),
    attempts: attempts.map((a) => ({
      id: a.id,
      house: a.guestHouseName,
      guest: a.guestName,
      sentAt: formatDateTime(a.attemptDate, language),
      checkIn: night(a.checkIn),
      checkOut: night(a.checkOut),
      guests: a.guests,
    })),
  };
}

export default function HostBookingsPage() {
  const { t } = useTranslation(["hosting", "auth"]);
  const { attempts } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="host" title={t("bookings.title")} intro={t("bookings.intro")}>
      {attempts.length === 0 ? (
        <p className="card p-5">{t("bookings.none")}</p>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("bookings.title")}</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="p-3">
                  {t("bookings.guest")}
                </th>
                <th scope="col" className="p-3">
                  {t("bookings.house")}
                </th>
                <th scope="col" className="p-3">
                  {t("bookings.stay")}
                </th>
                <th scope="col" className="p-3">
                  {t("bookings.guests")}
                </th>
                <th scope="col" className="p-3">
                  {t("bookings.sentAt")}
                </th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((a) => (
                <tr key={a.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800" data-testid="booking-attempt">
                  <td className="p-3 font-medium">{a.guest || t("bookings.unnamed")}</td>
                  <td className="p-3">{a.house}</td>
                  <td className="p-3">
                    {a.checkIn && a.checkOut ? t("bookings.dates", { from: a.checkIn, to: a.checkOut }) : t("bookings.noDates")}
                  </td>
                  <td className="p-3">{a.guests ?? "—"}</td>
                  <td className="p-3">{a.sentAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PortalLayout>
  );
}
