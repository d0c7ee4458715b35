import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "./i18n";
import { SupportContext } from "./components/nonce";
import { localeBackend } from "./utils/locale-backend";

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

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <SupportContext.Provider value={{ email, phone }}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </SupportContext.Provider>
      </I18nextProvider>,
    );
  });
}

void hydrate();
