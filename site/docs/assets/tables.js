// acp-spec docs (hand-written): on a narrow screen a table's rows are stacked as cards
// (acp.css); each cell is labelled with its column's heading, copied here into data-label.
// A menu entry "session/fork · unstable" shows its stability as a badge, the search
// dialog gets a name, and the code blocks' copy buttons are not landmarks.
(function () {
  "use strict";

  function label() {
    document.querySelectorAll(".md-typeset table").forEach(function (table) {
      if (table.dataset.labelled) return;
      table.dataset.labelled = "1";
      var heads = Array.prototype.map.call(table.querySelectorAll("thead th"), function (th) {
        return th.textContent.trim();
      });
      table.querySelectorAll("tbody tr").forEach(function (row) {
        Array.prototype.forEach.call(row.children, function (cell, i) {
          if (heads[i]) cell.setAttribute("data-label", heads[i]);
        });
      });
    });
  }

  // the menu's text ends in whitespace (the theme's template): the pattern allows it
  var STABILITY = /\s+·\s+(unstable|proposed)\s*$/;

  function badges() {
    document.querySelectorAll(".md-nav__link .md-ellipsis").forEach(function (name) {
      var found = STABILITY.exec(name.textContent);
      if (!found || name.querySelector(".acp-badge")) return;
      name.textContent = name.textContent.replace(STABILITY, " ");
      var badge = document.createElement("span");
      badge.className = "acp-badge acp-badge--" + found[1];
      badge.textContent = found[1];
      name.appendChild(badge);
    });
  }

  // Material's search box is a dialog without a name; screen readers announce this one
  function nameSearch() {
    var search = document.querySelector(".md-search[role='dialog']");
    if (search && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", "Search");
  }

  // The theme wraps each code block's copy button in a <nav>: a page of examples had a
  // dozen "navigation" landmarks of one name (axe: landmark-unique). A button is no
  // navigation; the wrapper is made a plain element, here and as the theme adds more.
  function unlandmark(root) {
    root.querySelectorAll("nav.md-code__nav:not([role])").forEach(function (nav) {
      nav.setAttribute("role", "none");
    });
  }

  var watching = false;

  function watchCode() {
    unlandmark(document);
    if (watching || typeof MutationObserver !== "function") return;
    watching = true;
    new MutationObserver(function (changes) {
      changes.forEach(function (change) {
        change.addedNodes.forEach(function (node) {
          if (node instanceof Element) {
            if (node.matches("nav.md-code__nav:not([role])")) node.setAttribute("role", "none");
            unlandmark(node);
          }
        });
      });
    }).observe(document.body, { childList: true, subtree: true });
  }

  function run() {
    label();
    badges();
    nameSearch();
    watchCode();
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(run);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run);
  } else {
    run();
  }
})();
