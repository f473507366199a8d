// acp-spec docs: filter the method table of the Retry classes page by class (hand-written).
//
// Each class cell carries data-retry-class; the buttons of the [data-acp-filter] block show
// the rows of one class. No network, no dependency: works from any static copy of the site.
// ?class=keyed in the address opens the page filtered.
(function () {
  "use strict";

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

    function show(id) {
      var shown = 0;
      rows.forEach(function (row) {
        var classes = Array.prototype.map.call(
          row.querySelectorAll("[data-retry-class]"),
          function (cell) { return cell.getAttribute("data-retry-class"); }
        );
        var visible = !id || classes.indexOf(id) >= 0;
        row.hidden = !visible;
        if (visible) shown += 1;
      });
      buttons.forEach(function (button) {
        button.setAttribute("aria-pressed", String(button.dataset.filter === id));
      });
      if (status) {
        status.textContent = id ? "Showing " + shown + " of " + rows.length + " methods" : "";
      }
    }

    buttons.forEach(function (button) {
      button.addEventListener("click", function () { show(button.dataset.filter); });
    });
    var wanted = new URLSearchParams(window.location.search).get("class") || "";
    var known = buttons.some(function (button) { return button.dataset.filter === wanted; });
    show(known ? wanted : "");
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
