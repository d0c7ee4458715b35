import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { RequestIdContext, SupportContext } from "./components/nonce";
import {
  createTranslationStore,
  LanguageProvider,
  readPageTranslations,
  TranslationProvider,
  type TranslationStore,
} from "./utils/translation";
import { browserRequestReference, watchDataRequests } from "./utils/request-reference";
import { ignoreInterruptedNavigations } from "./utils/interrupted-navigations";

/**
 * The events on which React 18 hydrates the page synchronously, at once, when they reach a page it
 * has not hydrated yet (react-dom's discreteReplayableEvents).
 */
const SYNC_HYDRATION_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
] as const;

/**
 * Keeps such events away from React until its first render of the page has begun.
 *
 * Why: <RemixBrowser> suspends on its first render while it decodes the page's data (single
 * fetch), with no Suspense boundary above it. hydrateRoot() only schedules that render; on a busy
 * machine or a slow phone it runs a while later. A click or a keystroke in between (a student
 * typing into the login form as soon as it shows) makes React hydrate synchronously, where the
 * suspension is an error: React throws the server HTML away, client-renders the document at
 * transition priority, suspends again and fails with "Root did not complete" (minified React error
 * #345), leaving a broken page. Once <RemixBrowser> has rendered (it then clears
 * __remixContext.stream) its data is on the way and a later event is safe: React either waits for
 * it or finds it decoded.
 *
 * Until then the event still does what it does on a page without JavaScript (the field gets the
 * text, the link navigates, the form posts): every page works as plain HTML (decision 0005).
 */
function holdEventsUntilFirstRender() {
  if (!window.__remixContext?.stream) return;
  const hold = (event: Event) => {
    if (window.__remixContext.stream === undefined) {
      for (const type of SYNC_HYDRATION_EVENTS) window.removeEventListener(type, hold, true);
      return;
    }
    // Capturing on window runs before React's listeners on the document: they never see it.
    event.stopPropagation();
  };
  for (const type of SYNC_HYDRATION_EVENTS) window.addEventListener(type, hold, true);
}

/**
 * After the page's first render, its namespaces load whole (hashed chunks, cached for good), so the
 * next message it shows (a form's error, the next page) is there without a wait.
 */
function loadWholeNamespacesWhenIdle(translations: TranslationStore, language: string) {
  const load = () => {
    const partial = [...(translations.partial ?? [])];
    if (partial.length > 0) void translations.load?.(language, partial);
  };
  const whenIdle = () => ("requestIdleCallback" in window ? window.requestIdleCallback(load, { timeout: 3000 }) : setTimeout(load, 200));
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

function hydrate() {
  // The page carries the messages its server render used, in the language the server chose
  // (written into <html lang>); their namespaces load whole once the page is hydrated, and a
  // navigation to a route that needs others loads them then (decision 0153).
  const language = document.documentElement.lang || "en";
  const page = readPageTranslations();
  const translations = createTranslationStore(
    { [language]: page.catalog },
    (language, namespace) => import("./utils/translation-chunks").then(({ fetchNamespace }) => fetchNamespace(language, namespace)),
    page.partial,
  );
  loadWholeNamespacesWhenIdle(translations, language);

  const supportMeta = document.querySelector<HTMLMetaElement>('meta[name="kn-support"]');
  const [email = "", phone = ""] = (supportMeta?.content ?? "").split("|");

  const requestReference = browserRequestReference();
  watchDataRequests();
  ignoreInterruptedNavigations();

  holdEventsUntilFirstRender();
  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider value={translations}>
        <SupportContext.Provider value={{ email, phone }}>
          <RequestIdContext.Provider value={requestReference}>
            <LanguageProvider value={language}>
              <StrictMode>
                <RemixBrowser />
              </StrictMode>
            </LanguageProvider>
          </RequestIdContext.Provider>
        </SupportContext.Provider>
      </TranslationProvider>,
    );
  });
}

hydrate();
