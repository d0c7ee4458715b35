// The chrome of the agent portal, the host area and the admin area (the site header and footer are hidden on
// these paths, see app/root.tsx): a top bar with a way home and sign-out, and a side menu. On a
// phone the menu folds behind a "Menu" toggle, a CSS checkbox toggle, so it opens and closes
// without JavaScript; from the md breakpoint up it is always shown beside the page.
import type { ReactNode } from "react";
import { useRouteLoaderData } from "@remix-run/react";
import { Form, Link, NavLink } from "~/components/link";
import { PreferencesForms } from "~/components/preferences-forms";
import { useTranslation } from "~/utils/translation";

export type Portal = "agent" | "host" | "admin";

// Only screens that are built are listed; a page that still says "coming soon" gets no menu entry
// until it is built.
const NAV: Record<Portal, { to: string; key: string }[]> = {
  agent: [
    { to: "/agents/properties", key: "properties" },
    { to: "/agents/new-property", key: "newProperty" },
    { to: "/agents/bookings", key: "bookings" },
    { to: "/agents/earnings", key: "earnings" },
    { to: "/agents/reports", key: "reports" },
    { to: "/agents/messages", key: "messages" },
    { to: "/agents/profile", key: "profile" },
  ],
  host: [
    { to: "/host", key: "home" },
    { to: "/host/new-house", key: "newHouse" },
    { to: "/host/bookings", key: "bookings" },
    { to: "/host/verification", key: "verification" },
  ],
  admin: [
    { to: "/admin/dashboard", key: "dashboard" },
    { to: "/admin/users", key: "users" },
    { to: "/admin/properties", key: "properties" },
    { to: "/admin/listing-reports", key: "listingReports" },
    { to: "/admin/bookings", key: "bookings" },
    { to: "/admin/payments", key: "payments" },
    { to: "/admin/reports", key: "reports" },
    { to: "/admin/content", key: "content" },
    { to: "/admin/agent-verification", key: "agentVerification" },
    { to: "/admin/audit", key: "audit" },
    { to: "/admin/data-rights", key: "dataRights" },
  ],
};

export function PortalLayout({
  portal,
  title,
  intro,
  children,
}: {
  portal: Portal;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation("auth");
  const toggleId = `${portal}-portal-menu`;
  // The site header (hidden on portal pages) carries the language and theme switches: the portal's does too.
  const root = useRouteLoaderData("root") as { language?: string; theme?: "light" | "dark" | "system" } | undefined;
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to="/" className="text-lg font-bold text-brand-700 dark:text-brand-100">
            {t(`portal.${portal}.name`)}
          </Link>
          <div className="flex flex-wrap items-center gap-2">
            <PreferencesForms language={root?.language ?? i18n.language} theme={root?.theme ?? "system"} />
            <Link to="/" className="btn-secondary">
              {t("portal.backToSite")}
            </Link>
            <Form method="post" action="/auth/logout">
              <button type="submit" className="btn-secondary">
                {t("portal.logout")}
              </button>
            </Form>
          </div>
        </div>
      </header>
      <div className="md:flex">
        <div className="border-b border-slate-200 bg-white md:min-h-[calc(100vh-4rem)] md:w-60 md:shrink-0 md:border-b-0 md:border-r dark:border-slate-800 dark:bg-slate-900">
          {/* The checkbox comes first so `peer-checked` can open the menu after it. */}
          <input type="checkbox" id={toggleId} className="peer sr-only md:hidden" aria-controls={`${toggleId}-nav`} />
          <label
            htmlFor={toggleId}
            className="flex cursor-pointer items-center gap-2 px-4 py-3 text-sm font-semibold peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 md:hidden"
          >
            <span aria-hidden="true">☰</span>
            {t("portal.menu")}
          </label>
          <nav
            id={`${toggleId}-nav`}
            aria-label={t(`portal.${portal}.navLabel`)}
            className="hidden px-2 pb-3 peer-checked:block md:block md:py-4"
          >
            <ul className="space-y-1">
              {NAV[portal].map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === "/host"}
                    className={({ isActive }) =>
                      `block rounded px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100" : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"}`
                    }
                  >
                    {t(`portal.${portal}.nav.${item.key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="min-w-0 flex-1 px-4 py-8 md:px-8">
          <h1 className="text-2xl font-bold">{title}</h1>
          {intro ? <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{intro}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </div>
  );
}
