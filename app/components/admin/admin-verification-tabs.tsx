// Agents | Hosts above the admin's verification queue (/admin/agent-verification and ?tab=hosts).
// Plain links, so they work without JavaScript.
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";

export function AdminVerificationTabs({ current }: { current: "agents" | "hosts" }) {
  const { t } = useTranslation("hosting");
  const tabs = [
    { key: "agents", to: "/admin/agent-verification" },
    { key: "hosts", to: "/admin/agent-verification?tab=hosts" },
  ] as const;
  return (
    <nav aria-label={t("admin.tabsLabel")} className="mb-6">
      <ul className="flex gap-2 border-b border-slate-200 dark:border-slate-700">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              aria-current={current === tab.key ? "page" : undefined}
              className={`inline-block border-b-2 px-4 py-2 text-sm font-semibold ${current === tab.key ? "border-brand-600 text-brand-800 dark:text-brand-100" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300"}`}
            >
              {t(`admin.tabs.${tab.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
