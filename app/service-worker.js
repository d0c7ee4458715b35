// The offline-reading service worker (decisions 0239-0242), served at /sw.js by
// app/routes/sw[.]js.ts, which writes SETTINGS above this text: the version of the build's core
// assets, their URLs, the messages in each language and the notice's classes.
/* global SETTINGS */
"use strict";

var ASSETS = "kn-assets-" + SETTINGS.version;
var STATE_CACHE = "kn-state";
var STATE_KEY = "/__kn/state";
var PAGE_TIMEOUT_MS = 4000;
var HISTORY_SIZE = 20;
var PHOTOS_KEPT = 120;
// The listing and guest-house pages a person opened (the last HISTORY_SIZE), for everyone.
var HISTORY_PAGE = /^\/(listings|property|guest-house)\/[^/]+\/?$/;
// Their own pages as last seen, only for a signed-in person.
var PERSONAL_PAGE = /^\/(profile|messages)\/?$/;
// Always the network, the worker not in the way: money, sign-in, the portals, the machines' routes.
var NEVER =
  /^\/(payment|payment-success|subscription-payment|guest-house-payment|guest-house-booking|book-visit|simulated-checkout|test-payment|test-booking|webhooks|api|admin|agents|host|resources|auth)(\/|\.data|$)/;
// Leaving the phone: signing out, or closing the account (its form posts here; a refused attempt
// only costs the person their copies, kept again as they read).
var SIGN_OUT = /^\/(auth\/logout|profile\/close)(\.data)?$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches
      .open(ASSETS)
      .then(function (cache) {
        return cache.addAll(SETTINGS.core);
      })
      .then(function () {
        return self.skipWaiting();
      }),
  );
});

// A new build: its assets replace the old ones, except those a kept page still names.
self.addEventListener("activate", function (event) {
  event.waitUntil(
    (async function () {
      var names = await caches.keys();
      var current = await caches.open(ASSETS);
      var named = await assetsOfKeptPages(names);
      for (var name of names) {
        if (name.indexOf("kn-assets-") !== 0 || name === ASSETS) continue;
        var old = await caches.open(name);
        for (var url of named) {
          var hit = await old.match(url);
          if (hit && !(await current.match(url))) await current.put(url, hit);
        }
        await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function assetsOfKeptPages(names) {
  var found = new Set();
  for (var name of names) {
    if (name.indexOf("kn-pages-") !== 0) continue;
    var cache = await caches.open(name);
    for (var request of await cache.keys()) {
      if (/^\/media\//.test(new URL(request.url).pathname)) continue;
      var text = await (await cache.match(request)).text();
      for (var match of text.matchAll(/\/assets\/[\w.-]+\.(?:css|js)/g)) found.add(match[0]);
    }
  }
  return found;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.method !== "GET") {
    // Signing out: nobody's copies stay for the next person on this phone.
    if (SIGN_OUT.test(url.pathname)) event.waitUntil(switchTo("guest", null, true));
    return;
  }
  if (request.mode === "navigate") {
    if (!NEVER.test(url.pathname)) event.respondWith(page(event, url));
    return;
  }
  // The build's assets: the core ones, and an old build's a kept page still names (activate).
  if (SETTINGS.core.indexOf(url.pathname) >= 0 || url.pathname.indexOf("/assets/") === 0) {
    event.respondWith(
      caches.match(url.pathname, { cacheName: ASSETS }).then(function (hit) {
        return hit || fetch(request);
      }),
    );
  } else if (url.pathname.indexOf("/media/photos/") === 0) {
    event.respondWith(photo(event, url));
  }
});

// State: whose pages and which language the browser was last shown, and when someone last signed
// out (kept in Cache Storage, as the browser stops an idle worker and its variables with it).
async function readState() {
  var hit = await caches.match(STATE_KEY, { cacheName: STATE_CACHE });
  return hit ? hit.json() : { scope: "guest", lang: "en" };
}

async function switchTo(scope, lang, signingOut) {
  var state = await readState();
  var next = { scope: scope, lang: lang || state.lang, out: signingOut ? Date.now() : state.out || 0 };
  if (next.scope !== state.scope || next.lang !== state.lang || next.out !== (state.out || 0)) {
    var cache = await caches.open(STATE_CACHE);
    await cache.put(STATE_KEY, new Response(JSON.stringify(next), { headers: { "Content-Type": "application/json" } }));
  }
  // One person's copies at a time: any other signed-in person's go (a visitor's are public pages).
  var keep = "kn-pages-" + scope + "-";
  for (var name of await caches.keys()) {
    if (name.indexOf("kn-pages-") === 0 && name.indexOf("kn-pages-guest-") !== 0 && name.indexOf(keep) !== 0) await caches.delete(name);
  }
  return next;
}

var pagesCache = function (state) {
  return "kn-pages-" + state.scope + "-" + state.lang;
};

// What the worker keeps of a page: "history" (the last HISTORY_SIZE), "personal", or nothing.
function kindOf(url) {
  return HISTORY_PAGE.test(url.pathname) ? "history" : PERSONAL_PAGE.test(url.pathname) ? "personal" : null;
}

async function page(event, url) {
  var kind = kindOf(url);
  var asked = Date.now();
  var fresh = fetch(event.request);
  // Registered before the page reads the answer, so the copy is taken first; kept alive by
  // waitUntil even when the answer comes after the timeout.
  event.waitUntil(
    fresh
      .then(function (response) {
        return keepAnswer(kind, url, response, asked);
      })
      .catch(function () {}),
  );
  var timeout = new Promise(function (resolve) {
    setTimeout(resolve, PAGE_TIMEOUT_MS, null);
  });
  var first = await Promise.race([
    fresh.catch(function () {
      return null;
    }),
    kind ? timeout : new Promise(function () {}),
  ]);
  if (first) return first;
  var state = await readState();
  var lang = languageOf(url, state);
  if (kind) {
    var kept = await caches.match(url.pathname, { cacheName: pagesCache({ scope: state.scope, lang: lang }) });
    if (kept) return withNotice(kept, lang);
  }
  return fresh.catch(function () {
    return notSaved(lang);
  });
}

// The language asked for in the address (?lng=) when it is one of the site's, else the one last
// shown: anything else a link carries would be written into the worker's own page.
function languageOf(url, state) {
  var asked = url.searchParams.get("lng");
  return asked && Object.prototype.hasOwnProperty.call(SETTINGS.messages, asked) ? asked : state.lang;
}

// A page reached by a client-side navigation is no navigation here (its data comes as a fetch):
// the page says which one it showed, once shown, and its HTML is fetched and kept as if it had been
// opened whole (decision 0238). One more download of a few KB, asked for only by a page not under
// Save-Data (app/utils/keep-offline.ts), and only for a page this worker keeps.
self.addEventListener("message", function (event) {
  var path = event.data && event.data.keep;
  if (typeof path !== "string") return;
  var url = new URL(path, location.origin);
  var kind = kindOf(url);
  if (url.origin !== location.origin || !kind) return;
  var asked = Date.now();
  event.waitUntil(
    fetch(url.pathname + url.search, { headers: { Accept: "text/html" } })
      .then(function (response) {
        // A page that sent elsewhere (signed out meanwhile, a listing gone) is not that page.
        if (!response.redirected) return keepAnswer(kind, url, response, asked);
      })
      .catch(function () {}),
  );
});

// A page's answer, read from a copy (the page itself may be reading the answer).
function keepAnswer(kind, url, response, asked) {
  if (response.type === "basic" && /^text\/html/.test(response.headers.get("Content-Type") || "")) {
    return remember(kind, url, response.clone(), asked);
  }
}

// A page as it came: whose it is and its language always; a copy to read offline when it is kept.
async function remember(kind, url, response, asked) {
  var scope = response.headers.get("KN-Offline-Scope");
  if (!scope) return; // A status page the app did not render: it says nothing about who is here.
  // Asked for before a sign-out seen since (a slow answer): whoever it was for has left the phone.
  if (scope !== "guest" && (await readState()).out >= asked) return;
  var state = await switchTo(scope, response.headers.get("Content-Language"));
  if (!kind || response.status !== 200 || (kind === "personal" && scope === "guest")) return;
  var headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "KN-Saved-At": new Date().toISOString() });
  ["Content-Language", "Content-Security-Policy", "KN-Offline-Scope"].forEach(function (name) {
    if (response.headers.has(name)) headers.set(name, response.headers.get(name));
  });
  var cache = await caches.open(pagesCache(state));
  await cache.put(url.pathname, new Response(readingCopy(await response.text()), { headers: headers }));
  if (kind === "history") await trim(cache, HISTORY_PAGE, HISTORY_SIZE);
}

// The page as plain HTML: React's scripts and data go (a copy is read, not hydrated), enhance.js
// stays (it makes forms say they need a connection).
function readingCopy(html) {
  return html
    .replace(/<script\b(?![^>]*\bsrc="\/assets\/enhance-)[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    .replace(/ data-hydrate="true"/, ' data-hydrate="false"');
}

// Keys come back in the order they were put (a page opened again moves to the end).
async function trim(cache, pattern, size) {
  var keys = (await cache.keys()).filter(function (request) {
    return pattern.test(new URL(request.url).pathname);
  });
  for (var i = 0; i < keys.length - size; i += 1) await cache.delete(keys[i]);
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, function (c) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
  });
}

function messages(lang) {
  return SETTINGS.messages[lang] || SETTINGS.messages.en;
}

async function withNotice(kept, lang) {
  var when = new Intl.DateTimeFormat(lang === "fr" ? "fr-CM" : "en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Africa/Douala",
  }).format(new Date(kept.headers.get("KN-Saved-At")));
  var notice =
    '<p role="status" data-offline-notice class="' +
    SETTINGS.noticeClass +
    '">' +
    escapeHtml(messages(lang).saved.replace("{{date}}", when)) +
    "</p>";
  var html = (await kept.text()).replace(/<body[^>]*>/, function (body) {
    return body + notice;
  });
  return new Response(html, { headers: kept.headers });
}

function notSaved(lang) {
  var text = messages(lang);
  var html =
    '<!DOCTYPE html><html lang="' +
    escapeHtml(lang) +
    '"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>' +
    escapeHtml(text.title) +
    '</title><link rel="stylesheet" href="' +
    SETTINGS.stylesheet +
    '"></head><body><main class="' +
    SETTINGS.pageClass +
    '" data-offline-not-saved><h1 class="' +
    SETTINGS.headingClass +
    '">' +
    escapeHtml(text.title) +
    "</h1><p>" +
    escapeHtml(text.notSaved) +
    '</p><p><a class="' +
    SETTINGS.linkClass +
    '" href="/">' +
    escapeHtml(text.home) +
    "</a></p></main></body></html>";
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// Photos of the pages kept, in the size the page showed (the URL its srcset chose): from the
// copy when there is one (a photo's URL never changes), else the network.
async function photo(event, url) {
  var state = await readState();
  var name = pagesCache(state);
  var key = url.pathname + url.search;
  var kept = await caches.match(key, { cacheName: name });
  if (kept) return kept;
  var response = await fetch(event.request);
  var from = event.request.referrer ? new URL(event.request.referrer).pathname : "";
  var keeps = HISTORY_PAGE.test(from) || (PERSONAL_PAGE.test(from) && state.scope !== "guest");
  if (response.status === 200 && response.type === "basic" && keeps) {
    var copy = response.clone();
    event.waitUntil(
      caches.open(name).then(async function (cache) {
        await cache.put(key, copy);
        await trim(cache, /^\/media\//, PHOTOS_KEPT);
      }),
    );
  }
  return response;
}
