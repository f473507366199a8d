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

  function fold(text) {
    return String(text).trim().replace(/\s+/g, " ").toLowerCase();
  }

  function remember(docs) {
    homes = new Map();
    (docs || []).forEach(function (doc) {
      if (!Array.isArray(doc.names)) return;
      homes.set(doc.location, {
        names: doc.names.map(function (n) { return String(n).trim(); }),
        folded: doc.names.map(fold),
        rank: doc.rank
      });
    });
  }

  // 2: a name of the entry typed as written; 1: in another case; 0: neither
  function tier(item, exact, folded) {
    var home = homes.get(item.location);
    if (!home) return 0;
    if (home.names.indexOf(exact) >= 0) return 2;
    return home.folded.indexOf(folded) >= 0 ? 1 : 0;
  }

  function rerank(result, query) {
    var exact = String(query).trim().replace(/\s+/g, " ");
    var folded = fold(exact);
    if (!exact || !result || !Array.isArray(result.items)) return result;
    var groups = result.items.map(function (group, position) {
      var best = null;
      group.forEach(function (item) {
        var t = tier(item, exact, folded);
        if (!t) return;
        var rank = homes.get(item.location).rank;
        if (!best || t > best.tier || (t === best.tier && rank < best.rank)) {
          best = { tier: t, rank: rank, item: item };
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
    asked.push(String(event.data.data || ""));
    handle.call(self, event);
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
      message = { type: RESULT, data: rerank(message.data, asked.shift() || "") };
    }
    return post.apply(null, [message].concat(Array.prototype.slice.call(arguments, 1)));
  };

  var worker = /[?&]worker=(search\.[0-9a-f]+\.min\.js)(?:&|$)/.exec(self.location.search);
  if (!worker) throw new Error("search-worker.js: no ?worker=search.<hash>.min.js given");
  importScripts("javascripts/workers/" + worker[1]);
})();
