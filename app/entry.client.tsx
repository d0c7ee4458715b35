import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { RequestIdContext, SupportContext } from "./components/nonce";
import { createTranslationStore, LanguageProvider, readPageNamespaces, TranslationProvider } from "./utils/translation";
import { fetchNamespace, hasNamespace } from "./utils/translation-chunks";
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

function hydrate() {
  // The page names the namespaces of its messages, in the language the server chose (written into
  // <html lang>); they load whole (hashed chunks, cached for good) before React takes the page
  // over, so every message it can show is there before it can show it (decision 0193). Until then
  // the page is the server's HTML, which works without JavaScript.
  const language = document.documentElement.lang || "en";
  const namespaces = readPageNamespaces();
  const translations = createTranslationStore({ [language]: {} }, fetchNamespace, hasNamespace);
  const supportMeta = document.querySelector<HTMLMetaElement>('meta[name="kn-support"]');
  const [email = "", phone = ""] = (supportMeta?.content ?? "").split("|");

  const requestReference = browserRequestReference();
  watchDataRequests();
  ignoreInterruptedNavigations();

  void translations.load!(language, namespaces).then(() => {
    // A namespace that could not load (offline): the page stays plain HTML rather than show keys.
    const catalog = translations.catalogs[language];
    if (!namespaces.every((name) => catalog[name])) return;
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
  });
}

hydrate();
