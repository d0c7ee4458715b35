import { useNavigation } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";

/** The spinner while a navigation or form submission is in flight (SPEC §2 "A spinner is shown while loading"). */
export function PendingIndicator() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === "idle") return null;
  return (
    <div role="progressbar" aria-label={t("loading")} className="fixed inset-x-0 top-0 z-50 flex items-center justify-end p-2">
      <span className="h-1 flex-1 animate-pulse rounded bg-brand-500" />
      <span
        className="ml-2 inline-block h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
        aria-hidden="true"
      />
    </div>
  );
}
