// acp-spec docs: the search worker (hand-written). It runs the theme's own worker (lunr)
// and changes one thing in its answers: an entry whose name was typed in full comes first.
//
// lunr matches words, and every word typed is also a prefix: `mcpServers` matches
// `McpServerStdio`, `held prompt` every `Prompt...` type, and `agent_message_chunk` is
// three words, one of them in `mcp/message`. site/hooks.py gives each search document the
// names it is the home of (a method, a type, a field, a variant's tag, an error code, a
// defined term) and its rank in the spec's order, and points the theme here
// (?worker=<the theme's worker>). Answers are ordered: the name typed as written (case
// too), then the name in another case, then lunr's order; entries of one name by rank.
// The theme's worker is left as it is: this wraps its message handling, and builds the
// index when the first query comes rather than as every page loads.
(function () {
  "use strict";

  // the theme's message types (SearchMessageType)
  var SETUP = 0;
  var READY = 1;
  var QUERY = 2;
  var RESULT = 3;

  var homes = new Map();  // location -> { names, folded, rank }
  var vocabulary = new Map();  // every word of the index, lowercased -> how often it occurs
  var WORD = /[a-z0-9]+/g;

  function fold(text) {
    return String(text).trim().replace(/\s+/g, " ").toLowerCase();
  }

  function remember(docs) {
    homes = new Map();
    vocabulary = new Map();
    (docs || []).forEach(function (doc) {
      var words = (String(doc.title || "") + " " + String(doc.text || ""))
        .replace(/<[^>]*>/g, " ").toLowerCase().match(WORD) || [];
      words.forEach(function (w) { vocabulary.set(w, (vocabulary.get(w) || 0) + 1); });
      (doc.names || []).forEach(function (n) {
        (String(n).toLowerCase().match(WORD) || []).forEach(function (w) {
          vocabulary.set(w, (vocabulary.get(w) || 0) + 1);
        });
      });
      if (!Array.isArray(doc.names)) return;
      homes.set(doc.location, {
        names: doc.names.map(function (n) { return String(n).trim(); }),
        folded: doc.names.map(fold),
        rank: doc.rank
      });
    });
  }

  // Typos. lunr matches a word, or a word's start: "sesion" or "idempotncy" find nothing.
  // A typed word that starts no word of the index is replaced by the index's word closest
  // to it (one mistake in a word of up to five letters, two in a longer one; a swap of two
  // neighbours is one), the commonest of the closest; the query is then asked corrected.
  // A word that starts some word of the index is never changed.

  // the optimal-string-alignment distance of a and b, or limit + 1 once it is above limit
  function distance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var before = null;
    var previous = [];
    for (var j = 0; j <= b.length; j++) previous.push(j);
    for (var i = 1; i <= a.length; i++) {
      var row = [i];
      var least = i;
      for (var k = 1; k <= b.length; k++) {
        var cost = a[i - 1] === b[k - 1] ? 0 : 1;
        var d = Math.min(previous[k] + 1, row[k - 1] + 1, previous[k - 1] + cost);
        if (before && i > 1 && k > 1 && a[i - 1] === b[k - 2] && a[i - 2] === b[k - 1]) {
          d = Math.min(d, before[k - 2] + 1);
        }
        row.push(d);
        least = Math.min(least, d);
      }
      if (least > limit) return limit + 1;
      before = previous;
      previous = row;
    }
    return previous[b.length];
  }

  function starts(word) {
    if (vocabulary.has(word)) return true;
    var found = false;
    vocabulary.forEach(function (_, known) {
      if (!found && known.lastIndexOf(word, 0) === 0) found = true;
    });
    return found;
  }

  function closest(word) {
    var limit = word.length <= 5 ? 1 : 2;
    var best = null;
    vocabulary.forEach(function (count, known) {
      var d = distance(word, known, limit);
      if (d > limit) return;
      if (!best || d < best.d || (d === best.d && count > best.count)) {
        best = { d: d, count: count, word: known };
      }
    });
    return best ? best.word : null;
  }

  // the query with each mistyped word corrected, keeping the case of the rest
  function corrected(query) {
    return String(query).replace(/[A-Za-z]{4,}/g, function (word) {
      var lower = word.toLowerCase();
      if (starts(lower)) return word;
      return closest(lower) || word;
    });
  }

  // 3: a name of the entry typed as written; 2: in another case; 1: the query, which had a
  // typo, starts a name of the entry; 0: none of these
  function tier(item, exact, folded, guessed) {
    var home = homes.get(item.location);
    if (!home) return 0;
    if (home.names.indexOf(exact) >= 0) return 3;
    if (home.folded.indexOf(folded) >= 0) return 2;
    if (!guessed) return 0;
    return home.folded.some(function (n) { return n.lastIndexOf(folded, 0) === 0; }) ? 1 : 0;
  }

  function rerank(result, query, guessed) {
    var exact = String(query).trim().replace(/\s+/g, " ");
    var folded = fold(exact);
    if (!exact || !result || !Array.isArray(result.items)) return result;
    var groups = result.items.map(function (group, position) {
      var best = null;
      group.forEach(function (item) {
        var t = tier(item, exact, folded, guessed);
        if (!t) return;
        var rank = homes.get(item.location).rank;
        // a page before a section of a page, among guesses: the name's own page
        var page = item.location.indexOf("#") < 0;
        if (!best || t > best.tier || (t === best.tier && (guessed && page !== best.page
            ? page : rank < best.rank))) {
          best = { tier: t, rank: rank, item: item, page: page };
        }
      });
      if (best) {
        // the entry leads its page's group, alone above the threshold the theme shows
        // sections by; the rest of the page's matches fold under "more on this page"
        var top = group.reduce(function (m, item) { return Math.max(m, item.score); }, 0);
        best.item.score = top * 2 + 1;
        group = [best.item].concat(group.filter(function (item) { return item !== best.item; }));
      }
      return { group: group, best: best, position: position };
    });
    groups.sort(function (a, b) {
      var ta = a.best ? a.best.tier : 0;
      var tb = b.best ? b.best.tier : 0;
      if (ta !== tb) return tb - ta;
      if (ta && guessed && a.best.page !== b.best.page) return a.best.page ? -1 : 1;
      if (ta && a.best.rank !== b.best.rank) return a.best.rank - b.best.rank;
      return a.position - b.position;
    });
    var out = {};
    Object.keys(result).forEach(function (key) { out[key] = result[key]; });
    out.items = groups.map(function (g) { return g.group; });
    return out;
  }

  var listen = self.addEventListener.bind(self);
  var post = self.postMessage.bind(self);
  // The theme sends the index as each page loads and builds it at once: about half a
  // second of a core on every page, read or not. It is answered "ready" at once here and
  // built when the first query comes; that query waits for it, later ones never do.
  var setup = null;  // the index's message, until a query comes
  var building = false;
  var waiting = null;  // the last query that came while the index was being built
  var asked = [];  // the queries handed to the theme's handler, in order, not yet answered
  var handle = null;

  function ask(event) {
    var typed = String(event.data.data || "");
    var query = corrected(typed);
    asked.push({ query: query, guessed: query !== typed });
    if (query === typed) return handle.call(self, event);
    var message = {};
    Object.keys(event.data).forEach(function (key) { message[key] = event.data[key]; });
    message.data = query;
    return handle.call(self, { data: message });
  }

  self.addEventListener = function (type, listener, options) {
    if (type !== "message") return listen(type, listener, options);
    handle = listener;
    return listen(type, function (event) {
      var message = event.data || {};
      if (message.type === SETUP && message.data) {
        remember(message.data.docs);
        setup = event;
        post({ type: READY });
        return;
      }
      if (message.type === QUERY && (setup || building)) {
        waiting = event;
        if (setup) {
          var first = setup;
          setup = null;
          building = true;
          handle.call(self, first);
        }
        return;
      }
      if (message.type === QUERY) return ask(event);
      return handle.call(self, event);
    }, options);
  };

  self.postMessage = function (message) {
    if (message && message.type === READY && building) {
      // the index is built: the theme was told it was ready long ago
      building = false;
      var next = waiting;
      waiting = null;
      if (next) ask(next);
      return undefined;
    }
    if (message && message.type === RESULT) {
      var question = asked.shift() || { query: "", guessed: false };
      message = { type: RESULT, data: rerank(message.data, question.query, question.guessed) };
    }
    return post.apply(null, [message].concat(Array.prototype.slice.call(arguments, 1)));
  };

  var worker = /[?&]worker=(search\.[0-9a-f]+\.min\.js)(?:&|$)/.exec(self.location.search);
  if (!worker) throw new Error("search-worker.js: no ?worker=search.<hash>.min.js given");
  importScripts("javascripts/workers/" + worker[1]);
})();
