// A closed account's stored "Former user" shows in the reader's language (decision 0229), through
// the same helper every page that shows a person's name uses; rendered as the server renders.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import en from "../../../public/locales/en/common.json";
import fr from "../../../public/locales/fr/common.json";
import { FORMER_USER_NAME } from "#domain/data-rights/account-closure";
import { personName, usePersonName } from "~/utils/person-name";
import { createTranslationStore, LanguageProvider, TranslationProvider } from "~/utils/translation";
import type { TFunction } from "~/utils/translation";

const fixed =
  (catalog: Record<string, unknown>): TFunction =>
  (key) =>
    String(catalog[key.replace(/^common:/, "")] ?? key);

function Name({ name }: { name: string }) {
  return createElement("span", null, usePersonName()(name));
}

describe("personName", () => {
  it("translates a closed account's name and leaves everyone else's as written", () => {
    expect(personName(FORMER_USER_NAME, fixed(fr))).toBe("Ancien utilisateur");
    expect(personName(FORMER_USER_NAME, fixed(en))).toBe("Former user");
    expect(personName("Amina Fon", fixed(fr))).toBe("Amina Fon");
  });

  it("renders in the page's language", () => {
    const store = createTranslationStore({ en: { common: en }, fr: { common: fr } });
    const render = (language: string) =>
      renderToString(
        createElement(
          TranslationProvider,
          { value: store },
          createElement(LanguageProvider, { value: language }, createElement(Name, { name: FORMER_USER_NAME })),
        ),
      );
    expect(render("fr")).toBe("<span>Ancien utilisateur</span>");
    expect(render("en")).toBe("<span>Former user</span>");
  });
});
