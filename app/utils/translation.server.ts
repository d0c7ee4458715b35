// The server's side of the page's messages (decision 0153): a store per render that records the
// messages the render looks up, and the block of them written into the page. Kept out of
// app/utils/translation.tsx, which the browser loads.
import type { Catalog, Messages, PageMessages, TranslationStore } from "./translation";

// For each object of messages, its strings by the keys that ask for them: a key asks for the
// string of its own name and for every "<key>_…" (plural forms), so "items" finds items_one and
// items_other. Built once per object: scanning every sibling for each used key was a few percent
// of a hydrated page's render.
const byAskingKey = new WeakMap<Messages, Map<string, Array<[string, string]>>>();

function stringsAskedFor(node: Messages, leaf: string): Array<[string, string]> | undefined {
  let index = byAskingKey.get(node);
  if (!index) {
    index = new Map();
    for (const [name, value] of Object.entries(node)) {
      if (typeof value !== "string") continue;
      const askers = new Set([name]);
      for (let at = name.indexOf("_"); at !== -1; at = name.indexOf("_", at + 1)) askers.add(name.slice(0, at));
      for (const asker of askers) (index.get(asker) ?? index.set(asker, []).get(asker)!).push([name, value]);
    }
    byAskingKey.set(node, index);
  }
  return index.get(leaf);
}

/** From a namespace's messages, the keys a render used, each with its plural forms. */
export function usedMessages(messages: Messages, keys: Set<string>): Messages {
  const picked: Messages = {};
  for (const key of keys) {
    const parts = key.split(".");
    const leaf = parts.pop()!;
    let from: string | Messages | undefined = messages;
    let to = picked;
    for (const part of parts) {
      from = typeof from === "object" ? from[part] : undefined;
      if (typeof from !== "object") break;
      to = (to[part] ??= {}) as Messages;
    }
    if (typeof from !== "object") continue;
    for (const [name, value] of stringsAskedFor(from, leaf) ?? []) to[name] = value;
  }
  return picked;
}

/**
 * The server's store for one render: the shared catalogues, a record of the messages the render
 * used, and the page's block of them (written after the page's content, so the record is complete).
 */
export function recordingStore(store: TranslationStore): TranslationStore {
  const used = new Map<string, Set<string>>();
  const pageMessages = (language: string, namespaces: string[]): PageMessages => {
    // The same page renders with the same messages: its block is made once and kept.
    const key = blockKey(language, namespaces, used);
    let blocks = pageBlocks.get(store.catalogs);
    if (!blocks) pageBlocks.set(store.catalogs, (blocks = new Map()));
    const known = blocks.get(key);
    if (known) return known;
    const catalog = store.catalogs[language] ?? {};
    const picked: Catalog = {};
    for (const name of namespaces) {
      const messages = catalog[name];
      const keys = used.get(name);
      // Present even when unused, so the browser counts it as there for this page.
      if (messages) picked[name] = keys ? usedMessages(messages, keys) : {};
    }
    // "<" escaped so that no message can close the element.
    const block = { json: JSON.stringify(picked).replace(/</g, "\\u003c"), partial: Object.keys(picked).join(" ") };
    if (blocks.size >= MAX_PAGE_BLOCKS) blocks.clear();
    blocks.set(key, block);
    return block;
  };
  return { ...store, used, pageMessages };
}

// Blocks by language, namespaces and the keys used in each, in the order the render used them
// (a page renders its messages in the same order each time). The catalogues never change on the
// server. At most this many: a page whose messages depend on its data makes a few variants.
const MAX_PAGE_BLOCKS = 500;
const pageBlocks = new WeakMap<TranslationStore["catalogs"], Map<string, PageMessages>>();

function blockKey(language: string, namespaces: string[], used: Map<string, Set<string>>): string {
  let key = `${language}\u0000${namespaces.join(" ")}`;
  for (const name of namespaces) {
    const keys = used.get(name);
    key += `\u0000${name}:${keys ? [...keys].join(",") : ""}`;
  }
  return key;
}
