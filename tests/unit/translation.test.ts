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
import { recordingStore, usedMessages } from "~/utils/translation.server";

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

// Decision 0153: a hydrated page carries the messages its server render used, not whole namespaces.
describe("the messages a page carries", () => {
  const messages = {
    login: { title: "Log in", items_one: "{{count}} item", items_other: "{{count}} items", unused: "Never shown" },
    top: "Top",
  };

  function Shows({ keys }: { keys: Array<[string, TOptions?]> }) {
    const { t } = useTranslation(["auth", "common"]);
    return createElement("p", null, keys.map(([key, options]) => t(key, options)).join("|"));
  }

  it("records each message a render used, by namespace, without its plural ending", () => {
    const store = recordingStore(createTranslationStore({ en: { auth: messages, common: { ok: "OK" } } }));
    const html = renderToStaticMarkup(
      createElement(
        TranslationProvider,
        { value: store },
        createElement(Shows, { keys: [["login.title"], ["login.items", { count: 2 }], ["ok"], ["absent.key"]] }),
      ),
    );
    expect(html).toBe("<p>Log in|2 items|OK|absent.key</p>");
    expect(store.used).toEqual(
      new Map([
        ["auth", new Set(["login.title", "login.items"])],
        ["common", new Set(["ok"])],
      ]),
    );
  });

  it("makes a page's block of messages once for the same messages, and anew for others", () => {
    const catalogs = createTranslationStore({ en: { auth: messages, common: { ok: "OK" } } });
    const render = (keys: Array<[string, TOptions?]>) => {
      const store = recordingStore(catalogs);
      renderToStaticMarkup(createElement(TranslationProvider, { value: store }, createElement(Shows, { keys })));
      return store.pageMessages!("en", ["auth", "common"]);
    };
    const first = render([["login.title"], ["ok"]]);
    expect(JSON.parse(first.json)).toEqual({ auth: { login: { title: "Log in" } }, common: { ok: "OK" } });
    expect(render([["login.title"], ["ok"]])).toBe(first);
    const other = render([["login.items", { count: 1 }]]);
    expect(other).not.toBe(first);
    expect(JSON.parse(other.json)).toEqual({
      auth: { login: { items_one: "{{count}} item", items_other: "{{count}} items" } },
      common: {},
    });
    // Another store's catalogues never get this one's blocks.
    const elsewhere = recordingStore(createTranslationStore({ en: { auth: { login: { title: "Sign in" } }, common: { ok: "OK" } } }));
    renderToStaticMarkup(
      createElement(TranslationProvider, { value: elsewhere }, createElement(Shows, { keys: [["login.title"], ["ok"]] })),
    );
    expect(JSON.parse(elsewhere.pageMessages!("en", ["auth", "common"]).json).auth.login.title).toBe("Sign in");
  });

  it("picks the used messages with every plural form, and nothing else", () => {
    expect(usedMessages(messages, new Set(["login.items", "top", "login.missing", "nowhere.deep"]))).toEqual({
      login: { items_one: "{{count}} item", items_other: "{{count}} items" },
      top: "Top",
    });
  });

  it("in the browser, loads a namespace whole when a message it lacks is asked for, then shows it", async () => {
    const loads: string[] = [];
    const partial = new Set(["auth"]);
    const store = createTranslationStore(
      { en: { auth: { login: { title: "Log in" } }, common: {} } },
      async (language, namespace) => {
        loads.push(`${language}/${namespace}`);
        return messages;
      },
      partial,
    );
    const render = () =>
      renderToStaticMarkup(
        createElement(TranslationProvider, { value: store }, createElement(Shows, { keys: [["login.title"], ["login.unused"]] })),
      );
    expect(render()).toBe("<p>Log in|login.unused</p>");
    await vi.waitFor(() => expect(partial.has("auth")).toBe(false));
    expect(loads).toEqual(["en/auth"]);
    expect(render()).toBe("<p>Log in|Never shown</p>");
  });

  it("loads nothing while every message asked for is in the page", () => {
    const loads: string[] = [];
    const store = createTranslationStore(
      { en: { auth: { login: { title: "Log in" } } } },
      async (_l, ns) => (loads.push(ns), {}),
      new Set(["auth"]),
    );
    renderToStaticMarkup(createElement(TranslationProvider, { value: store }, createElement(Shows, { keys: [["login.title"]] })));
    expect(loads).toEqual([]);
  });
});
