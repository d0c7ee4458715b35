import { useTranslation } from "~/utils/translation";

export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation("admin-users");
  return (
    <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
      {t(`roles.${role}`, { defaultValue: role })}
    </span>
  );
}

export function SuspendedBadge({ suspended }: { suspended: boolean }) {
  const { t } = useTranslation("admin-users");
  return suspended ? (
    <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-200">
      {t("status.suspended")}
    </span>
  ) : (
    <span className="text-xs text-slate-700 dark:text-slate-300">{t("status.active")}</span>
  );
}
