import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import type { GuestHouseCard as GuestHouseCardModel, GuestHouseAmenity } from "#domain/guest-houses/guest-house-read-models";
import { formatDistance, formatXaf } from "~/utils/format";
import { Photo } from "~/components/photo";
import { VerifiedBadge } from "~/components/listings/badges";
import { useSaveData } from "~/components/listings/property-card";

/** A guest house's page, remembering the list it was opened from (?back=<query string>). */
export function guestHouseHref(id: string, back?: string | null): string {
  const path = `/guest-house/${encodeURIComponent(id)}`;
  return back ? `${path}?${new URLSearchParams({ back })}` : path;
}

/** The amenities as small chips, translated. */
export function AmenityList({ amenities, className = "" }: { amenities: readonly GuestHouseAmenity[]; className?: string }) {
  const { t } = useTranslation("guest-houses");
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`} aria-label={t("amenitiesLabel")}>
      {amenities.map((a) => (
        <li key={a} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
          {t(`amenities.${a}`)}
        </li>
      ))}
    </ul>
  );
}

/** One guest house in the list. The name is the link (one tab stop per card); the photo is decorative. */
export function GuestHouseCard({
  guestHouse,
  back,
  priority = false,
}: {
  guestHouse: GuestHouseCardModel;
  back?: string | null;
  priority?: boolean;
}) {
  const { t, i18n } = useTranslation("guest-houses");
  const saveData = useSaveData();
  return (
    <article className="card relative flex h-full flex-col overflow-hidden" data-testid="guest-house-card">
      {guestHouse.photo ? (
        <div className="aspect-[3/2] overflow-hidden">
          <Photo photo={guestHouse.photo} alt="" priority={priority} tapToShow={saveData} className="aspect-[3/2]" />
        </div>
      ) : (
        <div className="flex aspect-[3/2] items-center justify-center bg-slate-100 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {t("noPhoto")}
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        {guestHouse.verifiedHost ? (
          <div>
            <VerifiedBadge label={t("verifiedHost")} />
          </div>
        ) : null}
        <h3 className="text-base font-semibold leading-snug">
          {/* The stretched link makes the whole card tappable, a big target on a small screen. */}
          <Link to={guestHouseHref(guestHouse.id, back)} className="after:absolute after:inset-0 hover:underline">
            {guestHouse.name}
          </Link>
        </h3>
        <p className="text-lg font-bold text-brand-700 dark:text-brand-100">
          {t("perNight", { amount: formatXaf(guestHouse.nightlyRate) })}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t("where", { neighbourhood: guestHouse.neighbourhood, distance: formatDistance(guestHouse.distanceToCampusM, i18n.language) })}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("rooms", { count: guestHouse.rooms })}</p>
        {guestHouse.amenities.length > 0 ? <AmenityList amenities={guestHouse.amenities} className="mt-1" /> : null}
      </div>
    </article>
  );
}

export function GuestHouseGrid({ items, back }: { items: GuestHouseCardModel[]; back?: string | null }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((g, i) => (
        <li key={g.id} className="flex">
          <div className="w-full">
            <GuestHouseCard guestHouse={g} back={back} priority={i === 0} />
          </div>
        </li>
      ))}
    </ul>
  );
}
