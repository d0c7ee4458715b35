// /sw.js: the offline-reading service worker (decisions 0239-0242), app/service-worker.js with its
// settings written above it. Served from the site's root so it may keep the site's pages; never
// cached for long, so a new build's worker is found at the browser's next check.
import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import workerSource from "~/service-worker.js?raw";
import stylesheet from "~/styles/tailwind.css?url";
import enhanceScript from "~/enhance.js?url";
import galleryScript from "~/gallery.js?url";
import { resources } from "~/i18next.server";

interface OfflineMessages {
  saved: string;
  title: string;
  notSaved: string;
  home: string;
}

const messages = Object.fromEntries(
  Object.entries(resources).map(([language, namespaces]) => {
    const { saved, title, notSaved, home } = (namespaces.common as { offline: OfflineMessages }).offline;
    return [language, { saved, title, notSaved, home }];
  }),
);

/**
 * What every kept page needs to be read: the build's stylesheet and enhance.js, the icons; and
 * gallery.js, which enhance.js fetches on a page with photos (a kept listing's large view).
 */
const core = [stylesheet, enhanceScript, galleryScript, "/favicon.svg", "/manifest.webmanifest", "/icons/icon-192.png"].filter(Boolean);

const settings = {
  // A new build (new asset names, messages or worker) is a new worker, whose assets replace these.
  version: createHash("sha256").update(JSON.stringify({ core, messages, workerSource })).digest("hex").slice(0, 12),
  core,
  stylesheet,
  messages,
  // The public demo banner's look (root.tsx): a notice nobody misses, in both themes.
  noticeClass: "bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-slate-900",
  pageClass: "mx-auto max-w-xl space-y-4 px-4 py-10",
  headingClass: "text-2xl font-bold",
  linkClass: "underline",
};

const body = `const SETTINGS = ${JSON.stringify(settings)};\n${workerSource}`;

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.services.config.serviceWorker) return new Response("Not found", { status: 404 });
  return new Response(body, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
