import { useLocation } from "@remix-run/react";
import { Form, Link, NavLink } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { PreferencesForms } from "./preferences-forms";

export interface ShellUser {
  name: string;
  isAdmin: boolean;
  isApprovedAgent: boolean;
  /** An agent whose verification is still to finish (or being reviewed): the menu leads there. */
  agentToVerify: boolean;
  /** Has sent host documents: the menu says "Host area" rather than "Become a host". */
  isHost: boolean;
  /** Unread messages addressed to the user, all conversations together: a badge in the menu. */
  unreadMessages: number;
}

const navItems = [
  { to: "/", key: "nav.home", end: true },
  { to: "/listings", key: "nav.listings", end: false },
  { to: "/agents", key: "nav.agents", end: true },
  { to: "/blog", key: "nav.blog", end: false },
  { to: "/contact", key: "nav.contact", end: true },
] as const;

function NavLinks({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {navItems.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            prefetch="intent"
            className={({ isActive }) =>
              `block rounded px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-brand-100" : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"}`
            }
          >
            {t(item.key)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function UserMenu({ user }: { user: ShellUser | null }) {
  const { t } = useTranslation();
  const { key } = useLocation();
  if (!user) {
    return (
      <div className="flex items-center gap-2">
        <Link to="/auth/login" className="btn-secondary">
          {t("nav.login")}
        </Link>
        <Link to="/auth/signup" className="btn-primary">
          {t("nav.signUp")}
        </Link>
      </div>
    );
  }
  // An approved agent reads students' messages in the portal; everyone else on /messages.
  const messagesPath = user.isApprovedAgent ? "/agents/messages" : "/messages";
  return (
    // <details> opens and closes without JavaScript. A new element on each navigation: a
    // client-side one must not leave the menu open over the next page.
    <details key={key} className="relative">
      <summary className="btn-secondary flex max-w-[14rem] cursor-pointer list-none items-center gap-2">
        <span className="sr-only">{t("nav.account")}: </span>
        <span className="truncate">{user.name}</span>
        {user.unreadMessages > 0 ? (
          <span className="rounded-full bg-brand-700 px-2 text-xs font-semibold text-white" data-testid="menu-unread">
            {user.unreadMessages}
            <span className="sr-only"> {t("nav.unreadMessages", { count: user.unreadMessages })}</span>
          </span>
        ) : null}
      </summary>
      <ul className="card absolute right-0 z-20 mt-2 w-56 p-2 shadow-lg">
        <li>
          <Link to="/profile" className="block rounded px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
            {t("nav.myProfile")}
          </Link>
        </li>
        <li>
          <Link
            to={messagesPath}
            className="flex items-center justify-between gap-2 rounded px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            {t("nav.messages")}
            {user.unreadMessages > 0 ? (
              <span className="rounded-full bg-brand-700 px-2 text-xs font-semibold text-white">
                {t("nav.unreadMessages", { count: user.unreadMessages })}
              </span>
            ) : null}
          </Link>
        </li>
        {user.isAdmin ? (
          <li>
            <Link to="/admin/dashboard" className="block rounded px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
              {t("nav.adminDashboard")}
            </Link>
          </li>
        ) : null}
        {user.isApprovedAgent ? (
          <li>
            <Link to="/agents/properties" className="block rounded px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
              {t("nav.agentPortal")}
            </Link>
          </li>
        ) : null}
        {user.agentToVerify ? (
          <li>
            <Link
              to="/auth/agent-verification"
              className="block rounded px-3 py-2 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              {t("nav.finishVerification")}
            </Link>
          </li>
        ) : null}
        {user.isAdmin ? null : (
          <li>
            <Link to="/host" className="block rounded px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
              {user.isHost ? t("nav.hostArea") : t("nav.becomeHost")}
            </Link>
          </li>
        )}
        {/* Shown by enhance.js where the browser offers to install the site (decision 0238): hidden
            without JavaScript, in other browsers, once installed and in the installed app. */}
        <li data-install-app="" hidden>
          <button type="button" className="block w-full rounded px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
            {t("nav.installApp")}
          </button>
        </li>
        <li>
          <Form method="post" action="/auth/logout">
            <button type="submit" className="block w-full rounded px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
              {t("nav.logout")}
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}

export function SiteHeader({ user, language, theme }: { user: ShellUser | null; language: string; theme: "light" | "dark" | "system" }) {
  const { t } = useTranslation();
  const { key } = useLocation();
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="container-page flex items-center justify-between gap-4 py-3">
        <Link to="/" className="text-xl font-bold text-brand-700 dark:text-brand-100">
          {t("appName")}
        </Link>
        <nav aria-label={t("nav.main")} className="hidden md:block">
          <NavLinks className="flex items-center gap-1" />
        </nav>
        <div className="hidden md:block">
          <UserMenu user={user} />
        </div>
        {/* The mobile menu: a <details> element, so it opens without JavaScript; a new one on
            each navigation, so that a client-side one closes it. */}
        <details key={key} className="md:hidden">
          <summary className="btn-secondary cursor-pointer list-none">{t("nav.menu")}</summary>
          <div className="card absolute left-0 right-0 z-20 mx-2 mt-2 space-y-3 p-3 shadow-lg">
            <nav aria-label={t("nav.main")}>
              <NavLinks className="flex flex-col" />
            </nav>
            <UserMenu user={user} />
            <PreferencesForms language={language} theme={theme} />
          </div>
        </details>
      </div>
      <div className="container-page hidden justify-end pb-2 md:flex">
        <PreferencesForms language={language} theme={theme} />
      </div>
    </header>
  );
}
