// Small enhancements for every page, hydrated or not (public pages ship no framework JavaScript
// on first load). Plain JavaScript, loaded with the CSP nonce, deferred.
(function () {
  var html = document.documentElement;

  // The spec's localStorage keys mirror the cookies the server reads.
  try {
    localStorage.setItem("language", html.lang || "en");
    localStorage.setItem("theme", html.getAttribute("data-theme") || "system");
  } catch (e) {
    // Private mode or storage disabled: the cookies still carry the choice.
  }

  var connection = navigator.connection || {};
  var slowConnection = Boolean(connection.saveData) || ["slow-2g", "2g", "3g"].indexOf(connection.effectiveType || "") >= 0;
  var smallScreen = window.innerWidth < 768;
  var memory = performance.memory;
  var memoryPressure = Boolean(memory && memory.jsHeapSizeLimit > 0 && memory.usedJSHeapSize / memory.jsHeapSizeLimit > 0.8);

  // Low-performance mode (SPEC §9): a screen under 768 px and a slow connection or memory above 80 %.
  if (smallScreen && (slowConnection || memoryPressure)) html.classList.add("low-perf");

  // A toast from the server goes away after 5 000 ms, or on Dismiss, even on a page without React.
  function hideToast() {
    var toast = document.querySelector("[data-toast]");
    if (toast) toast.hidden = true;
  }
  setTimeout(hideToast, 5000);

  // "Install the app" (decision 0238): shown in the account menu once the browser offers it, the
  // browser's own banner held back; hidden once used or installed, and in the installed app.
  var installPrompt = null;
  function showInstall() {
    var items = document.querySelectorAll("[data-install-app]");
    for (var i = 0; i < items.length; i += 1) items[i].hidden = !installPrompt;
  }
  window.addEventListener("beforeinstallprompt", function (event) {
    if (matchMedia("(display-mode: standalone)").matches) return;
    event.preventDefault();
    installPrompt = event;
    showInstall();
  });
  window.addEventListener("appinstalled", function () {
    installPrompt = null;
    showInstall();
  });
  // A menu React draws later (after a sign-in), as it opens.
  document.addEventListener("toggle", showInstall, true);

  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (target && target.closest("[data-toast-dismiss]")) hideToast();
    if (target && installPrompt && target.closest("[data-install-app] button")) {
      installPrompt.prompt();
      installPrompt = null;
      showInstall();
      // Its button gone, the focus goes back to the menu's.
      var menu = target.closest("details");
      if (menu) {
        menu.open = false;
        menu.querySelector("summary").focus();
      }
    }
  });

  // Escape closes the header's open menus (the phone menu, the account menu: <details>, which open
  // without JavaScript) and gives the focus back to the button that opened them.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var menus = document.querySelectorAll("header details[open]");
    if (menus.length === 0) return;
    var focusInside = false;
    for (var i = menus.length - 1; i >= 0; i -= 1) {
      if (menus[i].contains(document.activeElement)) focusInside = true;
      menus[i].open = false;
    }
    var summary = menus[0].querySelector("summary");
    if (summary && (focusInside || document.activeElement === document.body)) summary.focus();
  });

  // Reading offline (decision 0239). The service worker is registered once the page has loaded
  // and is idle, never with Save-Data or on 2G (it would spend the data it exists to save; the
  // server leaves data-sw out under Save-Data), and removed with its copies when the site turns it
  // off (data-sw="off", SERVICE_WORKER=false).
  var enhance = document.currentScript;
  var worker = enhance && enhance.getAttribute("data-sw");
  var offlineForm = enhance && enhance.getAttribute("data-offline-form");
  if (worker && "serviceWorker" in navigator) {
    if (worker === "off") {
      navigator.serviceWorker.getRegistrations().then(function (all) {
        all.forEach(function (registration) {
          registration.unregister();
        });
      });
      if (window.caches) {
        caches.keys().then(function (names) {
          names.forEach(function (name) {
            if (name.indexOf("kn-") === 0) caches.delete(name);
          });
        });
      }
    } else if (!connection.saveData && !/2g/.test(connection.effectiveType || "")) {
      var register = function () {
        navigator.serviceWorker.register(worker).catch(function () {});
      };
      var whenIdle = function () {
        if ("requestIdleCallback" in window) window.requestIdleCallback(register, { timeout: 10000 });
        else setTimeout(register, 2000);
      };
      if (document.readyState === "complete") whenIdle();
      else window.addEventListener("load", whenIdle);
    }
  }
  // Offline, a form says it needs a connection instead of failing, and a link on a hydrated page
  // loads the whole page, which the worker may have kept, instead of a client-side navigation
  // that would fail. Capturing on window runs before React.
  if (offlineForm) {
    window.addEventListener(
      "submit",
      function (event) {
        // A saved copy (the worker's notice) or a browser that knows it is offline. A connection
        // that is up but carries nothing (navigator.onLine stays true) fails as without this.
        if (navigator.onLine !== false && !document.querySelector("[data-offline-notice]")) return;
        event.preventDefault();
        event.stopPropagation();
        var form = event.target;
        var note = form.previousElementSibling;
        if (!note || !note.hasAttribute("data-offline-form")) {
          note = document.createElement("p");
          note.setAttribute("role", "alert");
          note.setAttribute("data-offline-form", "");
          note.className = "rounded bg-amber-300 px-4 py-2 text-sm font-semibold text-slate-900";
          form.parentNode.insertBefore(note, form);
        }
        note.textContent = offlineForm;
      },
      true,
    );
    window.addEventListener(
      "click",
      function (event) {
        var anchor = navigator.onLine === false && event.target instanceof Element && event.target.closest("a[href]");
        if (anchor && anchor.origin === location.origin && !anchor.hasAttribute("download")) event.stopPropagation();
      },
      true,
    );
  }

  // The photo gallery's full-screen view (decision 0242) is a script of its own (gallery.js),
  // fetched only by a page with a gallery, so that no other page carries it. A photo's link tapped
  // before it has come is held and opened once it has; if it cannot come, the link's own large
  // view (?photo=N) opens, as without JavaScript.
  var gallerySrc = document.currentScript && document.currentScript.getAttribute("data-gallery-src");
  var galleryNonce = document.currentScript && document.currentScript.nonce;
  var galleryLoading = false;
  var galleryWaiting = null;
  function galleryLoad() {
    if (galleryLoading || !gallerySrc) return;
    galleryLoading = true;
    var script = document.createElement("script");
    script.src = gallerySrc;
    script.async = true;
    if (galleryNonce) script.nonce = galleryNonce;
    script.onload = script.onerror = function () {
      var link = galleryWaiting;
      galleryWaiting = null;
      if (!window.knGalleryOpen) galleryLoading = false;
      if (link && !(window.knGalleryOpen && window.knGalleryOpen(link))) location.href = link.href;
    };
    document.head.appendChild(script);
  }
  if (document.querySelector("[data-gallery]")) galleryLoad();
  // In the capture phase, on window: before React's own listener on the document (a hydrated
  // page may hydrate before this deferred script runs), so a <Link> sees the click prevented and
  // does not also navigate to the large view behind the opened viewer.
  window.addEventListener(
    "click",
    function (event) {
      var open = event.target instanceof Element && event.target.closest("[data-gallery-open]");
      // A new tab or window asked for: the link's own large view.
      if (!open || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (window.knGalleryOpen) {
        if (window.knGalleryOpen(open)) event.preventDefault();
      } else if (gallerySrc) {
        event.preventDefault();
        galleryWaiting = open;
        galleryLoad();
      }
    },
    true,
  );

  // The live chat: loaded lazily, never on a slow mobile connection except on payment paths.
  var link = document.querySelector("[data-chat-src]");
  if (!link) return;
  var src = link.getAttribute("data-chat-src");
  var nonce = document.currentScript && document.currentScript.nonce;
  var paymentPath = /^\/(payment|payment-success|subscription-payment|guest-house-payment|simulated-checkout)(\/|$)/.test(
    location.pathname,
  );
  var state = "idle";
  function load() {
    if (state !== "idle") return;
    state = "loading";
    link.textContent = link.getAttribute("data-loading-label") || link.textContent;
    var script = document.createElement("script");
    script.src = src;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = function () {
      state = "loaded";
      link.textContent = link.getAttribute("data-label") || link.textContent;
    };
    script.onerror = function () {
      state = "idle";
      link.textContent = link.getAttribute("data-label") || link.textContent;
    };
    document.body.appendChild(script);
  }
  link.addEventListener("click", function (event) {
    event.preventDefault();
    load();
  });
  if (paymentPath || !(smallScreen && slowConnection)) {
    if ("requestIdleCallback" in window) window.requestIdleCallback(load, { timeout: 8000 });
    else setTimeout(load, 3000);
  }
})();
