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

  // The photo gallery of a listing or a guest house (decision 0242). A photo of the strip is a link
  // to its large view (?photo=N), a page of its own without JavaScript; here it opens the page's
  // <dialog> full screen instead: copies of the strip's photos side by side, at the screen's size,
  // that swipe (scroll snap). Previous / Next and the arrow keys move; Close, Escape and Android's
  // back button (the dialog's own cancel) close it, and the focus goes back to the strip, on the
  // photo last shown. Listened for on the document, so a page React drew works the same.
  var gallery = null;
  function galleryMark(index) {
    var g = gallery;
    if (index === g.index) return;
    var active = document.activeElement;
    g.index = index;
    g.status.textContent = g.captions[index];
    if (g.prev) g.prev.disabled = index === 0;
    if (g.next) g.next.disabled = index === g.links.length - 1;
    // The button just pressed to reach an end cannot keep the focus: the other one takes it.
    if (active && active.disabled) (active === g.next ? g.prev : g.next).focus();
  }
  function galleryShow(index, smooth) {
    var g = gallery;
    index = Math.max(0, Math.min(g.links.length - 1, index));
    var still = !smooth || html.classList.contains("low-perf") || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    g.list.scrollTo({ left: index * g.list.clientWidth, behavior: still ? "auto" : "smooth" });
    galleryMark(index);
  }
  function galleryOpen(link) {
    var root = link.closest("[data-gallery]");
    var dialog = root && root.querySelector("dialog");
    if (!dialog || typeof dialog.showModal !== "function") return false;
    var links = Array.prototype.slice.call(root.querySelectorAll("[data-gallery-open]"));
    var start = links.indexOf(link);
    var list = dialog.querySelector("[data-gallery-slides]");
    var captions = [];
    list.textContent = "";
    links.forEach(function (a, i) {
      var slide = document.createElement("li");
      var figure = document.createElement("figure");
      var picture = a.querySelector("picture");
      if (picture) {
        picture = picture.cloneNode(true);
        // The screen's width now: the browser picks the larger variant from the same srcset.
        picture.querySelectorAll("source").forEach(function (source) {
          source.sizes = "100vw";
        });
        var img = picture.querySelector("img");
        img.removeAttribute("fetchpriority");
        img.loading = Math.abs(i - start) <= 1 ? "eager" : "lazy";
        figure.appendChild(picture);
      }
      var caption = a.querySelector("[data-gallery-caption]");
      captions.push(caption ? caption.textContent : "");
      var figcaption = document.createElement("figcaption");
      figcaption.textContent = captions[i];
      figure.appendChild(figcaption);
      slide.appendChild(figure);
      list.appendChild(slide);
    });
    if (!dialog.hasAttribute("data-ready")) {
      dialog.setAttribute("data-ready", "");
      // A swipe ends on a photo (scroll snap): once the scrolling has stopped, that one is current.
      var settle = 0;
      list.addEventListener("scroll", function () {
        clearTimeout(settle);
        settle = setTimeout(function () {
          if (gallery && gallery.list === list && dialog.open) galleryMark(Math.round(list.scrollLeft / Math.max(1, list.clientWidth)));
        }, 100);
      });
      dialog.addEventListener("close", function () {
        if (!gallery || gallery.dialog !== dialog) return;
        var back = gallery.links[gallery.index] || link;
        list.textContent = "";
        gallery = null;
        back.focus();
      });
    }
    gallery = {
      dialog: dialog,
      list: list,
      links: links,
      captions: captions,
      index: -1,
      status: dialog.querySelector("[data-gallery-status]"),
      prev: dialog.querySelector("[data-gallery-prev]"),
      next: dialog.querySelector("[data-gallery-next]"),
    };
    dialog.showModal();
    list.scrollLeft = start * list.clientWidth;
    galleryMark(start);
    dialog.querySelector("[data-gallery-close]").focus();
    return true;
  }
  document.addEventListener("click", function (event) {
    if (!(event.target instanceof Element)) return;
    var open = event.target.closest("[data-gallery-open]");
    if (open) {
      // A new tab or window asked for: the link's own large view.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (galleryOpen(open)) event.preventDefault();
      return;
    }
    if (!gallery) return;
    if (event.target.closest("[data-gallery-close]")) gallery.dialog.close();
    else if (event.target.closest("[data-gallery-prev]")) galleryShow(gallery.index - 1, true);
    else if (event.target.closest("[data-gallery-next]")) galleryShow(gallery.index + 1, true);
  });
  document.addEventListener("keydown", function (event) {
    if (!gallery || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    galleryShow(gallery.index + (event.key === "ArrowRight" ? 1 : -1), true);
  });

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
