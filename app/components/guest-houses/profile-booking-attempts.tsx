// The profile's guest-house section: the guest's booking attempts, newest first, each with a way
// back to the host on WhatsApp (through our redirect, which records it).
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { formatDateTime } from "~/utils/format";
import { formatVisitDate } from "~/components/booking/visit-summary";

export interface ProfileBookingAttempt {
  id: string;
  guestHouseId: string;
  guestHouseName: string;
  attemptDate: string;
  checkIn: string | null;
  checkOut: string | null;
  guests: number | null;
  whatsappMessageSent: boolean;
}

export function MyGuestHouseAttempts({ attempts }: { attempts: ProfileBookingAttempt[] }) {
  const { t, i18n } = useTranslation("guest-houses");
  if (attempts.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t("profile.none")}{" "}
        <Link to="/guest-houses" className="link">
          {t("profile.browse")}
        </Link>
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-700" data-testid="guest-house-attempts">
      {attempts.map((a) => (
        <li key={a.id} className="py-2">
          <p className="font-medium">
            <Link to={`/guest-house/${encodeURIComponent(a.guestHouseId)}`} className="link">
              {a.guestHouseName}
            </Link>
          </p>
          {a.checkIn && a.checkOut ? (
            <p>
              {t("profile.stay", {
                checkIn: formatVisitDate(a.checkIn, i18n.language),
                checkOut: formatVisitDate(a.checkOut, i18n.language),
              })}
              {a.guests ? ` · ${t("profile.guestCount", { count: a.guests })}` : null}
            </p>
          ) : null}
          <p className="text-slate-600 dark:text-slate-400">
            {t("profile.askedOn", { date: formatDateTime(a.attemptDate, i18n.language) })} ·{" "}
            {a.whatsappMessageSent ? t("profile.sent") : t("profile.notSent")}
          </p>
          <a href={`/guest-house-attempt/${encodeURIComponent(a.id)}/whatsapp`} className="link">
            {t("profile.openWhatsapp")}
          </a>
        </li>
      ))}
    </ul>
  );
}
