// The browser's translation runtime (app/utils/translation.tsx) follows i18next's rules for the
// messages we have: the page must read the same as when i18next rendered it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createInstance } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { resources } from "~/i18next.server";
import { i18nConfig } from "~/i18n";
import {
  createTranslationStore,
  Trans,
  translate,
  TranslationProvider,
  useTranslation,
  type Catalog,
  type TOptions,
} from "~/utils/translation";
import { recordingStore } from "~/utils/translation.server";

const catalog: Catalog = {
  common: {
    hello: "Hello {{name}}",
    nested: { deep: "Deep" },
    items_one: "{{count}} item",
    items_other: "{{count}} items",
    items_zero: "No items",
  },
  auth: { agree: "I agree to the <terms>Terms</terms> and more", only: "Only in auth" },
};

describe("translate", () => {
  it("interpolates, reads nested keys and names a namespace with ns:key", () => {
    expect(translate(catalog, "en", ["common"], "hello", { name: "Ada" })).toBe("Hello Ada");
    expect(translate(catalog, "en", ["common"], "nested.deep")).toBe("Deep");
    expect(translate(catalog, "en", ["common"], "auth:only")).toBe("Only in auth");
  });

  it("tries the namespaces in order, then the default value, then the key", () => {
    expect(translate(catalog, "en", ["common", "auth"], "only")).toBe("Only in auth");
    expect(translate(catalog, "en", ["common"], "missing.key", { defaultValue: "Fallback {{n}}", n: 2 })).toBe("Fallback 2");
    expect(translate(catalog, "en", ["common"], "auth:missing")).toBe("missing");
  });

  it("leaves a variable without a value as written", () => {
    expect(translate(catalog, "en", ["common"], "hello")).toBe("Hello {{name}}");
  });

  it("chooses plural forms by count, with _zero for 0", () => {
    expect(translate(catalog, "en", ["common"], "items", { count: 0 })).toBe("No items");
    expect(translate(catalog, "en", ["common"], "items", { count: 1 })).toBe("1 item");
    expect(translate(catalog, "en", ["common"], "items", { count: 5 })).toBe("5 items");
  });

  it("gives what i18next gives for every message of every locale file", async () => {
    // Every key of every namespace, in both languages, with values for any variable and a count
    // of 0, 1 and 2 for plural keys: the same text as i18next's t.
    for (const language of Object.keys(resources)) {
      const i18n = createInstance();
      await i18n.init({ ...i18nConfig, lng: language, resources, fallbackLng: false, initImmediate: false });
      for (const [namespace, messages] of Object.entries(resources[language] as Catalog)) {
        const keys: string[] = [];
        const walk = (node: unknown, prefix: string) => {
          for (const [k, v] of Object.entries(node as object)) {
            if (typeof v === "string") keys.push(prefix + k);
            else walk(v, `${prefix}${k}.`);
          }
        };
        walk(messages, "");
        for (const full of keys) {
          const plural = /_(zero|one|two|few|many|other)$/.exec(full);
          const key = plural ? full.slice(0, plural.index) : full;
          for (const options of plural
            ? [{ count: 0 }, { count: 1 }, { count: 2 }, { count: 1_000_000 }]
            : [{ name: "N", amount: "5 FCFA", phone: "677" }]) {
            const expected = String(i18n.getFixedT(language, namespace)(key, options as never));
            expect(translate(resources[language] as Catalog, language, [namespace], key, options), `${language}/${namespace}:${full}`).toBe(
              expected,
            );
          }
        }
      }
    }
  });
});

describe("Trans", () => {
  it("puts the named element around its text", () => {
    const t = (key: string) => translate(catalog, "en", ["auth"], key);
    const html = renderToStaticMarkup(
      createElement(Trans, { t, i18nKey: "agree", components: { terms: createElement("a", { href: "/terms" }) } }),
    );
    expect(html).toBe('I agree to the <a href="/terms">Terms</a> and more');
  });
});

// Decision 0193: a hydrated page names the namespaces of its messages; the browser loads them whole
// before it hydrates, and a message of a namespace it does not have is blank, never its key.
describe("the namespaces a page names", () => {
  const messages = { login: { title: "Log in", unused: "Never shown" } };

  function Shows({ keys, ns = ["auth", "common"] }: { keys: Array<[string, TOptions?]>; ns?: string[] }) {
    const { t } = useTranslation(ns);
    return createElement("p", null, keys.map(([key, options]) => t(key, options)).join("|"));
  }

  it("records the namespaces a server render used, declared or not", () => {
    const store = recordingStore(createTranslationStore({ en: { auth: messages, common: { ok: "OK" }, other: { x: "X" } } }));
    const html = renderToStaticMarkup(
      createElement(
        TranslationProvider,
        { value: store },
        createElement(Shows, { keys: [["login.title"], ["ok"], ["other:x"], ["absent.key"]] }),
      ),
    );
    expect(html).toBe("<p>Log in|OK|X|absent.key</p>");
    expect(store.used).toEqual(new Set(["auth", "common", "other"]));
  });

  it("in the browser, shows a message of a namespace not yet loaded as blank, loads it, then shows it", async () => {
    const loads: string[] = [];
    const store = createTranslationStore(
      { en: { common: {} } },
      async (language, namespace) => {
        loads.push(`${language}/${namespace}`);
        return messages;
      },
      (namespace) => namespace === "auth",
    );
    const render = () =>
      renderToStaticMarkup(
        createElement(TranslationProvider, { value: store }, createElement(Shows, { keys: [["login.title"], ["auth:login.unused"]] })),
      );
    expect(render()).toBe("<p>|</p>");
    await vi.waitFor(() => expect(store.catalogs.en.auth).toBeDefined());
    expect(loads).toEqual(["en/auth"]);
    expect(render()).toBe("<p>Log in|Never shown</p>");
  });

  it("shows a text that only looks like ns:key as i18next does, and loads nothing for it", () => {
    const loads: string[] = [];
    const store = createTranslationStore(
      { en: { common: { ok: "OK" } } },
      async (_l, ns) => (loads.push(ns), {}),
      () => false,
    );
    const html = renderToStaticMarkup(
      createElement(
        TranslationProvider,
        { value: store },
        createElement(Shows, { keys: [["Note: bring your ID"], ["ok"]], ns: ["common"] }),
      ),
    );
    expect(html).toBe("<p> bring your ID|OK</p>");
    expect(loads).toEqual([]);
  });

  it("loads nothing while every namespace asked for is there", () => {
    const loads: string[] = [];
    const store = createTranslationStore(
      { en: { auth: messages, common: {} } },
      async (_l, ns) => (loads.push(ns), {}),
      () => true,
    );
    renderToStaticMarkup(
      createElement(TranslationProvider, { value: store }, createElement(Shows, { keys: [["login.title"], ["login.missing"]] })),
    );
    expect(loads).toEqual([]);
  });
});
