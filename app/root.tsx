import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { LanguageProvider, TranslationsData, useLanguage, useRouteTranslations, useTranslation } from "./utils/translation";
import { useEffect, type ReactNode } from "react";
import stylesheet from "./styles/tailwind.css?url";
// Built into /assets/ with its content's hash in the name, so it is cached for a year, immutable,
// like the other build assets; a change is a new name (issue 32).
import enhanceScript from "./enhance.js?url";
import galleryScript from "./gallery.js?url";
import "./context";
import { getLanguage, getTheme } from "./utils/preferences.server";
import { takeToast, translateToast } from "./utils/toast.server";
import { getShellUser } from "./utils/session.server";
import { useNonce, useSupportContact } from "./components/nonce";
import { SiteHeader } from "./components/site-header";
import { SiteFooter } from "./components/site-footer";
import { ToastProvider } from "./components/toaster";
import { PendingIndicator } from "./components/pending-indicator";
import { SupportWidget } from "./components/support-widget";
import { HydrationData } from "./components/hydration-data";
import { ApplicationErrorScreen, CriticalErrorScreen, NotFoundScreen } from "./components/error-screens";
import { useKeepOfflineAfterNavigation } from "./utils/keep-offline";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable: name, icons, colours and start URL (public/manifest.webmanifest, decision 0239).
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: MetaFunction = () => [{ title: "KamerNest" }];

export const handle = { i18n: "common" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [language, theme, user, { toast, setCookie }] = await Promise.all([
    getLanguage(request),
    getTheme(request),
    getShellUser(context, request),
    takeToast(context, request),
  ]);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return data(
    {
      language,
      theme,
      user,
      toast: toast ? await translateToast(request, toast) : null,
      publicConfig: context.services.publicConfig,
      // A public site running with demo defaults (ALLOW_PUBLIC_DEMO=true): a banner on every page.
      publicDemo: context.services.config.publicDemo,
      // Save-Data: on → lighter images everywhere (photos at their smallest size, loaded on tap).
      saveData: request.headers.get("Save-Data")?.toLowerCase() === "on",
    },
    { headers },
  );
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>("root") as RootLoaderData | undefined;
}

/** Paths whose pages carry their own chrome (the portals): no site navigation or footer. */
// /agents and /agents/top-rated are public directory pages reached from the navigation, and
// /agents/landing the public page for would-be agents: they keep it (footer, language switch).
const isPortalPath = (pathname: string) =>
  /^\/(admin|agents|host)(\/|$)/.test(pathname) && !/^\/agents(\/top-rated|\/landing)?\/?$/.test(pathname);

/**
 * Pages that work fully as HTML (listings, a property, the blog, help pages) say
 * `handle = { hydrate: false }`: on a first load they ship no framework JavaScript at all, which
 * is what a student on a slow, paid connection needs most. Reached by a client-side navigation
 * from a hydrated page, they render with React as usual.
 */
function useHydrate(): boolean {
  const matches = useMatches();
  return !matches.some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

/** Says on every page, error pages included, that this public site is a demo. */
function PublicDemoBanner() {
  const { t } = useTranslation("common");
  return (
    <p role="note" data-testid="public-demo-banner" className="bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-slate-900">
      {t("publicDemo.banner")}
    </p>
  );
}

/**
 * What enhance.js needs for reading offline (decision 0239): the worker to register (none with
 * Save-Data; "off" removes it when SERVICE_WORKER=false) and what a form says when offline.
 */
function offlineReading(data: RootLoaderData | undefined, formMessage: string) {
  if (!data) return {};
  if (!data.publicConfig.serviceWorker) return { "data-sw": "off" };
  return { "data-sw": data.saveData ? undefined : "/sw.js", "data-offline-form": formMessage };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const { t } = useTranslation("common");
  const hydrate = useHydrate();
  // Tells the browser tests (and anyone curious) that React has taken over the page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // A listing opened by a client-side navigation is kept offline as one opened whole (decision 0238).
  useKeepOfflineAfterNavigation(data?.saveData ?? false);
  const nonce = useNonce();
  const support = useSupportContact();
  // Without the root's data (it failed), the language the entry chose from the request.
  const entryLanguage = useLanguage();
  const language = data?.language ?? entryLanguage;
  const theme = data?.theme ?? "system";
  const themeClass = theme === "dark" ? "dark" : theme === "system" ? "system" : "light";
  return (
    <html lang={language} dir="ltr" className={themeClass} data-theme={theme} data-hydrate={hydrate ? "true" : "false"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "system" ? "light dark" : theme} />
        <meta name="theme-color" content="#177047" />
        <meta name="kn-support" content={`${support.email}|${support.phone}`} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <LanguageProvider value={language}>
          {data?.publicDemo ? <PublicDemoBanner /> : null}
          {children}
          {/* The namespaces of the page's messages, loaded before hydration (a static page is never hydrated). */}
          {hydrate ? <TranslationsData /> : null}
        </LanguageProvider>
        {/* With Save-Data, a page that works as HTML carries no JavaScript at all (issue 12). */}
        {!hydrate && data?.saveData ? null : (
          <script
            nonce={nonce || undefined}
            src={enhanceScript}
            defer
            data-gallery-src={galleryScript}
            {...offlineReading(data, t("offline.formNeedsConnection"))}
          />
        )}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            {/* The loaders' data for <Scripts>, inside <body>: nothing may follow </html>. */}
            <HydrationData nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  useRouteTranslations();
  const data = useRootData();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  if (!data) return <>{children}</>;
  const portal = isPortalPath(pathname);
  return (
    <ToastProvider serverToast={data.toast}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t("skipToContent")}
      </a>
      <PendingIndicator />
      {portal ? null : <SiteHeader user={data.user} language={data.language} theme={data.theme} />}
      <main id="main" className="flex-1">
        {children}
      </main>
      {portal ? null : <SiteFooter contact={data.publicConfig.support} />}
      <SupportWidget chatWidgetSrc={data.publicConfig.chatWidgetSrc} whatsapp={data.publicConfig.support.whatsapp} />
    </ToastProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRootData();
  // Without the root's data the shell cannot be drawn: the root itself failed.
  if (!data) return <CriticalErrorScreen />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <Shell>{notFound ? <NotFoundScreen /> : <ApplicationErrorScreen />}</Shell>;
}
