// /host: the host area's home. Any signed-in user can become a host: before a submission it
// explains how; afterwards it shows the verification status and the host's guest houses, each
// marked public (with the badge) or hidden until the host is approved (guestHouseVisibility).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { guestHouseVisibility } from "#domain/guest-houses/guest-house-visibility";
import { getHostStatus } from "#domain/hosting/host-verification.use-cases";
import { listMyGuestHouses } from "#domain/hosting/manage-guest-house.use-cases";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { HostStatusNotice } from "~/components/hosting/host-status-notice";
import { requireHostArea } from "~/utils/host-area.server";
import { Photo } from "~/components/photo";
import { i18next } from "~/i18next.server";
import { formatXaf } from "~/utils/format";

export const handle = { i18n: ["auth", "hosting", "guest-houses"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireHostArea(context, request);
  const { hosting } = context.services;
  const [verification, houses] = await Promise.all([getHostStatus(hosting, user.id), listMyGuestHouses(hosting, user.id)]);
  const t = await i18next.getFixedT(request, "hosting");
  const status = verification?.status ?? null;
  // The host is signed in, so not suspended (a suspended account has no session).
  const visibility = guestHouseVisibility({ hostVerificationStatus: status, hostSuspended: false });
  return {
    title: t("home.title"),
    status,
    rejectReason: verification?.rejectReason ?? null,
    houses: houses.map((h) => ({
      id: h.id,
      name: h.name,
      neighbourhood: h.neighbourhood,
      nightlyRate: h.nightlyRate,
      rooms: h.rooms,
      photoCount: h.photos.length,
      cover: h.photos[0] ? { storageKey: h.photos[0].storageKey, width: h.photos[0].width, height: h.photos[0].height, alt: h.name } : null,
      public: visibility.public,
    })),
  };
}

export default function HostHomePage() {
  const { t } = useTranslation(["hosting", "auth"]);
  const { status, rejectReason, houses } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="host" title={t("home.title")} intro={t("home.intro")}>
      <HostStatusNotice status={status} rejectReason={rejectReason} />
      {status === null ? null : (
        <section aria-labelledby="houses-heading" className="mt-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="houses-heading" className="text-xl font-semibold">
              {t("home.houses")}
            </h2>
            <Link to="/host/new-house" className="btn-primary">
              {t("home.addHouse")}
            </Link>
          </div>
          {houses.length === 0 ? (
            <p className="card mt-4 p-5">{t("home.noHouses")}</p>
          ) : (
            <ul className="mt-4 grid gap-4 sm:grid-cols-2">
              {houses.map((h) => (
                <li key={h.id} className="card p-4" data-testid="host-house">
                  {h.cover ? (
                    <div className="mb-3 overflow-hidden rounded">
                      <Photo photo={h.cover} sizes="320px" maxWidth={640} />
                    </div>
                  ) : null}
                  <h3 className="text-lg font-semibold">{h.name}</h3>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {h.neighbourhood} · {t("home.perNight", { amount: formatXaf(h.nightlyRate) })} · {t("home.rooms", { count: h.rooms })} ·{" "}
                    {t("home.photos", { count: h.photoCount })}
                  </p>
                  <p className="mt-2 text-sm font-semibold" data-testid="house-visibility">
                    {h.public ? t("home.public") : t("home.hidden")}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    {/* The visible words start the link's name (WCAG 2.5.3), the house's name follows. */}
                    <Link to={`/host/houses/${encodeURIComponent(h.id)}/edit`} className="btn-secondary">
                      {t("home.edit")}
                      <span className="sr-only">: {h.name}</span>
                    </Link>
                    {h.public ? (
                      <Link to={`/guest-house/${encodeURIComponent(h.id)}`} className="btn-secondary">
                        {t("home.view")}
                        <span className="sr-only">: {h.name}</span>
                      </Link>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </PortalLayout>
  );
}
