/* moderator table view: follows the game live (server-sent events), no framework.
 *
 * The stream first sends the page's changing part (`event: view`, the HTML rendered
 * once for every viewer) unless the page already holds that version, then on every
 * change only the sections that changed (`event: parts`), which the page swaps in by
 * their ids; in them, a log entry, card or receipt that did not change comes only as a
 * note to keep the page's own (`data-keep`).  So a phone that slept or lost the Wi-Fi catches up the moment
 * EventSource reconnects (it does so by itself).  When the server refused or went
 * away for good (readyState CLOSED) the page retries every few seconds, and at once
 * when it becomes visible again.
 *
 * When the game ends, the result (places, scores, why) comes first on the page, and a
 * page open at that moment is scrolled up to it.
 *
 * The page says when it is stale.  An idle stream brings `event: alive` every few
 * seconds (the body's data-alive); when three go missing (a frozen server, a dead
 * connection) the badge leaves "live" and a line under it says since when there was
 * no news, and the page asks /ping: no answer at all (the server is away: it may have
 * been restarted at a new address), no answer in time (frozen), or 403 — this address
 * now has another key: sharing was restarted, the game moved to a new address, and
 * the page stops following.
 *
 * The market opens showing the companies' markers: all of them when they fit the
 * screen, else the widest group that does, centred; a market the reader scrolled by
 * hand stays where the reader put it.  Above a market wider than the screen, an edge
 * marker at each side names the companies whose markers are off that side (a tap
 * scrolls to the nearest), kept up to date as the market scrolls.  The log shows the newest commands; its button
 * fetches older ones (`/log?before=N`), and they stay open across updates. */
(function () {
  "use strict";
  var token = document.body.getAttribute("data-token") || "";
  var version = document.body.getAttribute("data-version");
  var query = "?token=" + encodeURIComponent(token);
  var view = document.getElementById("view");
  var live = document.getElementById("live");
  var source = null, retry = null;
  var touched = {};  // market boxes (by position) the reader scrolled by hand
  var openedTo = 0;  // the oldest command the reader opened in the log (0: none)

  function status(text, cls) {
    live.textContent = text;
    live.className = "live " + cls;
  }

  // ------------------------------------------------------------ the market
  function stickyWidth(box) {  // 1853's company column stays on screen as the rest scrolls
    var sticky = box.querySelector(".market-tracks th");
    return sticky ? sticky.getBoundingClientRect().width : 0;
  }

  function markers(box) {  // each company's marker: its id, colour and place in the content
    var marks = box.querySelectorAll("[data-co]");
    var outer = box.getBoundingClientRect();
    var origin = outer.left + box.clientLeft - box.scrollLeft;  // content x = 0
    var found = [];
    for (var i = 0; i < marks.length; i++) {
      var r = marks[i].getBoundingClientRect();
      var paint = marks[i].className.split(/\s+/).filter(function (c) { return /^co(-|$)/.test(c); });
      found.push({ co: marks[i].getAttribute("data-co"), paint: paint.join(" "),
                   x0: r.left - origin, x1: r.right - origin });
    }
    return found;
  }

  function placeMarket(box) {
    var marks = markers(box);
    if (!marks.length) return;
    var left = stickyWidth(box);
    var width = box.clientWidth - left;
    var spans = marks.map(function (m) { return [m.x0, m.x1]; });
    spans.sort(function (a, b) { return a[0] - b[0]; });
    var best = null, most = -1;
    for (var s = 0; s < spans.length; s++) {  // the window of `width` holding the most
      var count = 0, right = spans[s][1];
      for (var t = s; t < spans.length; t++) {
        if (spans[t][1] - spans[s][0] > width) continue;
        count++;
        right = Math.max(right, spans[t][1]);
      }
      if (count > most) { most = count; best = [spans[s][0], right]; }
    }
    var middle = (best[0] + best[1]) / 2;
    box.scrollLeft = Math.max(0, Math.round(middle - left - width / 2));
  }

  function offside(box) {  // the markers not wholly in view, by the side they are off
    var low = box.scrollLeft + stickyWidth(box), high = box.scrollLeft + box.clientWidth;
    var out = { left: [], right: [] };
    markers(box).forEach(function (m) {
      if (m.x0 >= low - 0.5 && m.x1 <= high + 0.5) return;
      (m.x0 + m.x1 < low + high ? out.left : out.right).push(m);
    });
    return out;
  }

  function showEdges(box) {  // the edge markers name the companies off each side
    var bar = box.parentNode.querySelector(".edges");
    if (!bar) return;
    var out = offside(box), any = false;
    ["left", "right"].forEach(function (side) {
      var button = bar.querySelector(".edge-" + side), chips = button.querySelector(".chips");
      var named = out[side].sort(function (a, b) { return a.x0 - b.x0; });
      var key = named.map(function (m) { return m.co; }).join(" ");
      if (chips.getAttribute("data-named") !== key) {  // only when it changes
        chips.setAttribute("data-named", key);
        chips.textContent = "";
        named.forEach(function (m) {
          var chip = document.createElement("span");
          chip.className = m.paint + " chip";
          chip.textContent = m.co;  // the marker's own id, as text
          chips.appendChild(chip);
        });
      }
      button.hidden = !named.length;
      any = any || named.length > 0;
    });
    bar.hidden = !any;  // no band where no marker is off a side (issue 38.6)
  }

  function toEdge(box, side) {  // scroll to the nearest company off that side
    var out = offside(box)[side];
    if (!out.length) return;
    var left = stickyWidth(box), margin = 16;
    if (side === "left") {
      var near = out.reduce(function (a, b) { return a.x1 > b.x1 ? a : b; });
      box.scrollLeft = Math.max(0, Math.round(near.x0 - left - margin));
    } else {
      var next = out.reduce(function (a, b) { return a.x0 < b.x0 ? a : b; });
      box.scrollLeft = Math.round(next.x1 - box.clientWidth + margin);
    }
  }

  function settleMarket(kept) {
    var boxes = view.querySelectorAll(".market-scroll");
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      if (box.hasAttribute("data-placed")) continue;  // not replaced by this update
      box.setAttribute("data-placed", "");
      if (touched[i] && kept && i < kept.length) box.scrollLeft = kept[i];
      else placeMarket(box);
      watch(box, i);
      showEdges(box);
    }
  }

  function watch(box, i) {  // the reader's own scrolling: leave that box alone from now on
    ["wheel", "touchstart", "pointerdown", "keydown"].forEach(function (kind) {
      box.addEventListener(kind, function () { touched[i] = true; }, { passive: true });
    });
    var pending = false;
    box.addEventListener("scroll", function () {
      if (pending) return;
      pending = true;
      requestAnimationFrame(function () { pending = false; showEdges(box); });
    }, { passive: true });
    var buttons = box.parentNode.querySelectorAll(".edge");
    for (var b = 0; b < buttons.length; b++) {
      buttons[b].addEventListener("click", function (e) {
        touched[i] = true;
        toEdge(box, e.currentTarget.getAttribute("data-side"));
      });
    }
  }

  // ------------------------------------------------------------ the log's older commands
  function counted(n, word) {  // as moderator.text.counted: 1 command, 2 commands
    return n + " " + (n === 1 ? word : word + "s");
  }

  function nextStep(button, hidden) {  // as moderator.web.view.log_step: the rest, if few
    var page = parseInt(button.getAttribute("data-page"), 10) || 100;
    var rest = parseInt(button.getAttribute("data-rest"), 10) || page;
    return hidden <= rest ? hidden : page;
  }

  function showOlder(count) {
    var button = document.getElementById("log-older");
    if (!button || button.disabled) return;
    button.disabled = true;
    var url = "/log" + query + "&before=" + encodeURIComponent(button.getAttribute("data-before")) +
      "&count=" + count;
    fetch(url, { credentials: "same-origin" }).then(function (answer) {
      if (!answer.ok) throw new Error("HTTP " + answer.status);
      return answer.text();
    }).then(function (html) {
      if (document.getElementById("log-older") !== button) return;  // replaced meanwhile
      var list = document.querySelector("#s-log ol.log");
      var box = document.createElement("template");
      box.innerHTML = html;
      var items = box.content.children, oldest = null, added = 0;
      while (items.length) {
        var item = items[0];
        var number = parseInt(item.getAttribute("value"), 10);
        if (oldest === null || number < oldest) oldest = number;
        list.appendChild(item);
        added++;
      }
      if (oldest !== null) openedTo = oldest;
      var hidden = oldest === null ? 0 : oldest - 1;
      var note = document.getElementById("log-note");
      if (note) note.querySelector(".shown-count").textContent = list.children.length;
      if (hidden <= 0 || !added) {
        button.parentNode.removeChild(button);
        var all = list.children.length;
        if (note) note.textContent = "All " + counted(all, "command") + (all === 1 ? " is" : " are") + " shown.";
        return;
      }
      var step = nextStep(button, hidden);
      button.setAttribute("data-before", String(oldest));
      button.setAttribute("data-step", String(step));
      button.textContent = step === 1 ? "Show the first command" : "Show " + counted(step, "older command");
      button.disabled = false;
    }).catch(function () {
      button.disabled = false;
      button.textContent = "Could not fetch the older commands: try again";
    });
  }

  function settleLog() {
    var section = document.getElementById("s-log");
    if (!section || section.hasAttribute("data-wired")) return;
    section.setAttribute("data-wired", "");
    var list = section.querySelector("ol.log");
    var button = document.getElementById("log-older");
    if (!button) return;
    button.addEventListener("click", function () {
      showOlder(parseInt(button.getAttribute("data-step"), 10) || 100);
    });
    var before = parseInt(button.getAttribute("data-before"), 10);
    if (openedTo && before > openedTo) showOlder(before - openedTo);  // keep them open
  }

  // ------------------------------------------------------------ updates
  function scrolls() {
    var boxes = view.querySelectorAll(".market-scroll"), kept = [];
    for (var i = 0; i < boxes.length; i++) kept.push(boxes[i].scrollLeft);
    return kept;
  }

  var hadResult = !!document.getElementById("s-result");

  function settled(kept) {
    settleMarket(kept);
    settleLog();
    var result = !!document.getElementById("s-result");
    if (result && !hadResult) window.scrollTo(0, 0);  // the game just ended: its result
    hadResult = result;
    var h1 = document.querySelector("h1");
    if (h1) document.title = h1.textContent.replace(/\s+/g, " ").trim() + " — moderator table view";
  }

  function show(html, id) {
    if (id === version) return;
    var kept = scrolls();
    view.innerHTML = html;
    version = id;
    settled(kept);
  }

  function refetch() {
    fetch("/view" + query, { credentials: "same-origin" }).then(function (answer) {
      return answer.ok ? answer.text() : null;
    }).then(function (html) {
      if (!html) return;
      var kept = scrolls();
      view.innerHTML = html;
      var snapshot = document.getElementById("snapshot");
      version = snapshot ? snapshot.getAttribute("data-version") : null;
      settled(kept);
    });
  }

  function keptUnits(fresh, old) {
    // an unchanged log entry, card or receipt comes as <li data-keep="KEY"></li>: move
    // the page's own element with that data-key there
    var keeps = fresh.querySelectorAll("[data-keep]");
    if (!keeps.length) return true;
    var mine = {}, keyed = old.querySelectorAll("[data-key]");
    for (var k = 0; k < keyed.length; k++) mine[keyed[k].getAttribute("data-key")] = keyed[k];
    for (var j = 0; j < keeps.length; j++) {
      var own = mine[keeps[j].getAttribute("data-keep")];
      if (!own) return false;
      keeps[j].parentNode.replaceChild(own, keeps[j]);
    }
    return true;
  }

  function patch(html, id) {
    if (id === version) return;
    var kept = scrolls();
    var box = document.createElement("template");
    box.innerHTML = html;
    var fresh = box.content.querySelectorAll("section[id]");
    for (var i = 0; i < fresh.length; i++) {
      var old = document.getElementById(fresh[i].id);
      if (!old || !keptUnits(fresh[i], old)) { refetch(); return; }  // not the view they update
      old.parentNode.replaceChild(fresh[i], old);
    }
    var snapshot = document.getElementById("snapshot");
    var log = document.getElementById("s-log");
    if (snapshot) {
      snapshot.setAttribute("data-version", id);
      if (log) snapshot.setAttribute("data-commands", log.getAttribute("data-commands"));
    }
    version = id;
    settled(kept);
  }

  // ------------------------------------------------------------ is it live?
  var alive = parseFloat(document.body.getAttribute("data-alive")) || 15;
  var quietMs = (3 * alive + 1) * 1000;  // three keep-alives missed: the page is stale
  var heard = Date.now();  // the last word from the server
  var away = false;        // the server refused the connection: it is not there
  var moved = false;       // another key answers at this address: sharing was restarted
  var probing = false, asked = 0;

  function notice(text, cls) {
    var line = document.getElementById("stale");
    line.textContent = text || "";
    line.className = "stale" + (cls ? " " + cls : "");
    line.hidden = !text;
  }

  function heardFrom() {  // any event: the server is there and the page up to date
    heard = Date.now();
    live.setAttribute("data-heard", String(heard));
    away = false;
    if (moved) return;
    status("live", "on");
    notice(null);
  }

  function clock(ms) {
    var d = new Date(ms), m = d.getMinutes();
    return d.getHours() + ":" + (m < 10 ? "0" : "") + m;
  }

  function watchdog() {
    if (moved) return;
    var quiet = Date.now() - heard;
    if (quiet < quietMs) return;
    if (away) {
      status("offline", "off");
      notice("No answer from the server since " + clock(heard) + ": what this page shows may " +
        "be out of date. If the banker restarted sharing, the game moved to a new address: " +
        "scan the new code.");
    } else {
      status("no news", "off");
      notice("No news from the server for " + Math.round(quiet / 1000) + " s: what this page " +
        "shows may be out of date. It keeps trying.");
    }
    probe();
  }

  function probe() {  // is the server there, with this page's key?
    if (probing || moved || Date.now() - asked < 1000 * alive) return;
    probing = true;
    asked = Date.now();
    var ctl = typeof AbortController === "function" ? new AbortController() : null;
    var timer = setTimeout(function () { if (ctl) ctl.abort(); }, 1000 * (alive + 3));
    fetch("/ping" + query, { credentials: "same-origin", cache: "no-store",
                             signal: ctl ? ctl.signal : undefined }).then(function (answer) {
      if (answer.status === 403) { leave(); return; }
      away = false;
      // there, but the stream brings nothing: open a fresh one
      if (answer.ok && Date.now() - heard >= quietMs) connect();
    }, function (err) {
      away = !(err && err.name === "AbortError");  // refused: away; no answer in time: frozen
    }).then(function () {
      clearTimeout(timer);
      probing = false;
    });
  }

  function leave() {  // the key is no longer this address's: sharing was restarted
    moved = true;
    if (retry) { clearTimeout(retry); retry = null; }
    if (source) { source.close(); source = null; }
    status("moved", "off");
    notice("The game moved to a new address: sharing was restarted with a new key. " +
      "Scan the new code the banker shows; this page no longer follows the game.", "moved");
  }

  function connect() {
    if (moved) return;
    if (retry) { clearTimeout(retry); retry = null; }
    if (source) source.close();
    var have = version && /^\d+$/.test(version) ? "&have=" + version : "";
    var mine = source = new EventSource("/events" + query + have);
    mine.addEventListener("open", heardFrom);
    mine.addEventListener("alive", heardFrom);
    mine.addEventListener("view", function (e) { heardFrom(); show(e.data, e.lastEventId); });
    mine.addEventListener("parts", function (e) { heardFrom(); patch(e.data, e.lastEventId); });
    mine.addEventListener("error", function () {
      if (mine !== source || moved) return;
      if (Date.now() - heard < quietMs) {
        status(mine.readyState === EventSource.CLOSED ? "offline" : "reconnecting…", "off");
      }
      probe();  // a refusal (403: a new key) closes the stream: ask why
      if (mine.readyState === EventSource.CLOSED && !retry) {
        retry = setTimeout(connect, 3000);
      }
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden || moved) return;
    if (!source || source.readyState === EventSource.CLOSED || Date.now() - heard >= quietMs) {
      connect();
    }
  });
  setInterval(watchdog, 1000);
  window.addEventListener("resize", function () {  // a phone turned: place them again
    var boxes = view.querySelectorAll(".market-scroll");
    for (var i = 0; i < boxes.length; i++) {
      if (!touched[i]) placeMarket(boxes[i]);
      showEdges(boxes[i]);
    }
  });
  settled(null);
  connect();
})();
