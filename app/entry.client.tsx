import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "./i18n";
import { RequestIdContext, SupportContext } from "./components/nonce";
import { browserRequestReference, watchDataRequests } from "./utils/request-reference";
import { localeBackend } from "./utils/locale-backend";

/**
 * The events on which React 18 hydrates the page synchronously, at once, when they reach a page it
 * has not hydrated yet (react-dom's discreteReplayableEvents).
 */
const SYNC_HYDRATION_EVENTS = [
  "mousedown", "mouseup", "touchcancel", "touchend", "touchstart", "auxclick", "dblclick", "pointercancel", "pointerdown",
  "pointerup", "dragend", "dragstart", "drop", "compositionend", "compositionstart", "keydown", "keypress", "keyup", "input",
  "textInput", "copy", "cut", "paste", "click", "change", "contextmenu", "reset", "submit",
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

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(localeBackend)
    .init({
      ...i18nConfig,
      // The server already chose the language and wrote it into <html lang>.
      lng: document.documentElement.lang || "en",
      ns: getInitialNamespaces(),
    });

  const supportMeta = document.querySelector<HTMLMetaElement>('meta[name="kn-support"]');
  const [email = "", phone = ""] = (supportMeta?.content ?? "").split("|");

  const requestReference = browserRequestReference();
  watchDataRequests();

  holdEventsUntilFirstRender();
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <SupportContext.Provider value={{ email, phone }}>
          <RequestIdContext.Provider value={requestReference}>
            <StrictMode>
              <RemixBrowser />
            </StrictMode>
          </RequestIdContext.Provider>
        </SupportContext.Provider>
      </I18nextProvider>,
    );
  });
}

void hydrate();
