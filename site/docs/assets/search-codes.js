// acp-spec docs: a typed error code finds its page with or without the sign (hand-written).
//
// The search reads a leading "-" as "leave out pages with this word", so "-32602" would
// list every page but the ones that name the code. Pages index the code's digits as a
// word; this drops the "-" before digits as it is typed, before the search sees it.
(function () {
  "use strict";

  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.classList.contains("md-search__input")) return;
    var plain = box.value.replace(/(^|\s)-(?=\d)/g, "$1");
    if (plain !== box.value) {
      var end = box.selectionEnd === null ? plain.length : box.selectionEnd - (box.value.length - plain.length);
      box.value = plain;
      box.setSelectionRange(end, end);
    }
  }, true);
})();
