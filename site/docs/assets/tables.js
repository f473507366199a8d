// acp-spec docs: on a narrow screen a table's rows are stacked as cards (acp.css); each cell
// is labelled with its column's heading, copied here into data-label (hand-written).
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

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(label);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", label);
  } else {
    label();
  }
})();
