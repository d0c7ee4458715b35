import type { BackendModule, ReadCallback } from "i18next";

/**
 * Loads /locales/{lng}/{ns}.json with the browser's fetch. A few lines instead of
 * i18next-http-backend, which ships a fetch polyfill no browser we support needs
 * (about 6 KB gzip less JavaScript on every page).
 */
export const localeBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`, { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`locale ${language}/${namespace}: ${response.status}`);
        return response.json();
      })
      .then((resources) => callback(null, resources))
      .catch((error: Error) => callback(error, false));
  },
};
