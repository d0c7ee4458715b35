// A page reached by a client-side navigation is kept for reading offline too (decision 0238).
//
// The offline-reading worker (app/service-worker.js) keeps the listings, guest houses, /profile and
// /messages it sees opened as documents. A client-side navigation from a hydrated page (a listing
// opened from /profile's history) fetches only the route's data, which the worker cannot make a
// page of: once the page is shown, it asks the worker to fetch that page's HTML and keep it, under
// the same person, language and last-20 rule. That is one more download of a few KB, never asked
// for under Save-Data or on 2G (the connection the worker exists to spare).
import { useEffect, useRef } from "react";
import { useLocation } from "@remix-run/react";

/** The Network Information API (Chromium), which TypeScript's DOM types leave out. */
interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

interface ShownLocation {
  pathname: string;
  search: string;
}

/**
 * The page the worker is asked to keep once it is shown, or null under Save-Data (the server's or
 * the browser's) or on 2G. The worker decides whether it keeps that kind of page at all.
 */
export function pageToKeep(location: ShownLocation, connection: Connection | undefined, saveData: boolean): string | null {
  if (saveData || connection?.saveData || /2g/.test(connection?.effectiveType ?? "")) return null;
  return location.pathname + location.search;
}

/** Asks the worker that controls the page, if any, to keep each page a client-side navigation shows. */
export function useKeepOfflineAfterNavigation(saveData: boolean): void {
  const location = useLocation();
  const connection = typeof navigator === "undefined" ? undefined : (navigator as Navigator & { connection?: Connection }).connection;
  // A path, not the location: a new hash, or the same page again, is no new page to download.
  const path = pageToKeep(location, connection, saveData);
  // The page the browser loaded itself: the worker saw it come as a document.
  const loaded = useRef(path);
  useEffect(() => {
    if (path === loaded.current) return;
    loaded.current = null;
    const worker = navigator.serviceWorker?.controller;
    if (path && worker) worker.postMessage({ keep: path });
  }, [path]);
}
