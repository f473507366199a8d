// acp-spec docs: filter the method table of the Retry classes page (hand-written).
//
// Each row's cells carry data-retry-class, data-sender and data-source; the buttons of the
// [data-acp-filter] block (one group per key) show the rows that match every chosen value.
// The choice is kept in the address (?class=keyed&sender=agent-to-client&source=reasoning),
// so a filtered table can be linked and survives a reload. No network, no dependency.
(function () {
  "use strict";

  var KEYS = { "class": "data-retry-class", sender: "data-sender", source: "data-source" };

  function setup() {
    var box = document.querySelector("[data-acp-filter]");
    if (!box || box.dataset.ready) return;
    box.dataset.ready = "1";
    var buttons = Array.prototype.slice.call(box.querySelectorAll("button[data-filter]"));
    var status = box.querySelector(".acp-filter__status");
    var rows = [];
    document.querySelectorAll("[data-retry-class]").forEach(function (cell) {
      var row = cell.closest("tr");
      if (row && rows.indexOf(row) < 0) rows.push(row);
    });
    var chosen = {};

    function value(row, key) {
      var cell = row.querySelector("[" + KEYS[key] + "]");
      return cell ? cell.getAttribute(KEYS[key]) : "";
    }

    function show() {
      var shown = 0;
      rows.forEach(function (row) {
        var visible = Object.keys(KEYS).every(function (key) {
          return !chosen[key] || value(row, key) === chosen[key];
        });
        row.hidden = !visible;
        if (visible) shown += 1;
      });
      buttons.forEach(function (button) {
        var on = (chosen[button.dataset.key] || "") === button.dataset.filter;
        button.setAttribute("aria-pressed", String(on));
      });
      var filtered = Object.keys(KEYS).some(function (key) { return chosen[key]; });
      if (status) {
        // an empty table says why, and how to widen it, rather than showing nothing
        status.textContent = !filtered ? "" : shown
          ? "Showing " + shown + " of " + rows.length + " rows"
          : "No method matches this filter: choose All, Either or Any in a group to widen it.";
      }
    }

    function remember() {
      var params = new URLSearchParams(window.location.search);
      Object.keys(KEYS).forEach(function (key) {
        if (chosen[key]) params.set(key, chosen[key]);
        else params.delete(key);
      });
      var query = params.toString();
      var url = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
      window.history.replaceState(window.history.state, "", url);
    }

    buttons.forEach(function (button) {
      button.addEventListener("click", function () {
        chosen[button.dataset.key] = button.dataset.filter;
        show();
        remember();
      });
    });
    var wanted = new URLSearchParams(window.location.search);
    Object.keys(KEYS).forEach(function (key) {
      var asked = wanted.get(key) || "";
      var known = buttons.some(function (b) {
        return b.dataset.key === key && b.dataset.filter === asked;
      });
      chosen[key] = known ? asked : "";
    });
    show();
    box.hidden = false;
  }

  // Material's instant navigation, when enabled, swaps pages without a reload.
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(setup);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
