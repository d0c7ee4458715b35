// The photo gallery's full-screen view (decision 0242), loaded by enhance.js only on a page with a
// gallery. Plain JavaScript, like enhance.js.
(function () {
  var html = document.documentElement;
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
  // Opened by enhance.js, which listens for the strip's links.
  window.knGalleryOpen = galleryOpen;
  document.addEventListener("click", function (event) {
    if (!gallery || !(event.target instanceof Element)) return;
    if (event.target.closest("[data-gallery-close]")) gallery.dialog.close();
    else if (event.target.closest("[data-gallery-prev]")) galleryShow(gallery.index - 1, true);
    else if (event.target.closest("[data-gallery-next]")) galleryShow(gallery.index + 1, true);
  });
  document.addEventListener("keydown", function (event) {
    if (!gallery || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    galleryShow(gallery.index + (event.key === "ArrowRight" ? 1 : -1), true);
  });
})();
