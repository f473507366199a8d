// acp-spec docs (hand-written): the search index is fetched when the reader first uses
// the search, not as every page loads. It is the largest file of the site (about 800 KB),
// and the theme's bundle asks for it as it starts; this runs before the bundle (the
// theme's page is extended in site/overrides/main.html) and holds that one request back
// until the search box is focused or the search is opened (a click, a shortcut key, or a
// ?q= address). Every other request goes through unchanged.
(function () {
  "use strict";

  // the theme asks with XMLHttpRequest (its request(), browser/request); a send of the
  // index is held until the first use, every other request is sent at once
  var Request = window.XMLHttpRequest;
  if (typeof Request !== "function") return;
  var open = Request.prototype.open;
  var send = Request.prototype.send;
  var held = [];  // [request, arguments] sent before the first use
  var used = false;

  function isIndex(url) {
    try {
      var path = new URL(String(url), window.location.href).pathname;
      return /\/search\/search_index\.json$/.test(path);
    } catch (error) {
      return false;
    }
  }

  Request.prototype.open = function (method, url) {
    this.acpIndex = isIndex(url);
    return open.apply(this, arguments);
  };

  Request.prototype.send = function () {
    if (!this.acpIndex || used) return send.apply(this, arguments);
    held.push([this, arguments]);
    return undefined;
  };

  function start() {
    if (used) return;
    used = true;
    held.splice(0).forEach(function (call) { send.apply(call[0], call[1]); });
  }

  function opened(event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    if (target.matches("input.md-search__input") ||
        (target.id === "__search" && target.checked)) start();
  }

  // the theme focuses the box whenever it opens the search (a click on the button, a
  // shortcut key, a ?q= address): a focus is the first use
  document.addEventListener("focusin", opened, true);
  document.addEventListener("change", opened, true);
})();
