/* moderator table view: follows the game live (server-sent events), no framework.
 *
 * The server sends `event: version` whenever the game changes; the page then fetches
 * the server-rendered view (/view) and swaps it in.  On every (re)connection the view
 * is fetched again, so a phone that slept or lost the Wi-Fi catches up by itself.
 * EventSource reconnects on its own after a dropped connection; when the server
 * refused or went away for good (readyState CLOSED) the page retries every few seconds
 * and when it becomes visible again. */
(function () {
  "use strict";
  var token = document.body.getAttribute("data-token") || "";
  var version = document.body.getAttribute("data-version");
  var query = "?token=" + encodeURIComponent(token);
  var view = document.getElementById("view");
  var live = document.getElementById("live");
  var source = null, retry = null, busy = false, again = false;

  function status(text, cls) {
    live.textContent = text;
    live.className = "live " + cls;
  }

  function scrolls() {
    var out = [];
    var boxes = view.querySelectorAll(".market-scroll");
    for (var i = 0; i < boxes.length; i++) out.push(boxes[i].scrollLeft);
    return out;
  }

  function centreMarket() {
    var boxes = view.querySelectorAll(".market-scroll");
    for (var i = 0; i < boxes.length; i++) {
      var held = boxes[i].querySelector(".held");
      if (held) boxes[i].scrollLeft = Math.max(0, held.offsetLeft - 16);
    }
  }

  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch("/view" + query, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.text();
      })
      .then(function (html) {
        var kept = scrolls();
        view.innerHTML = html;
        var snap = document.getElementById("snapshot");
        if (snap) version = snap.getAttribute("data-version");
        var boxes = view.querySelectorAll(".market-scroll");
        for (var i = 0; i < boxes.length && i < kept.length; i++) boxes[i].scrollLeft = kept[i];
        var h1 = document.querySelector("h1");
        if (h1) document.title = h1.textContent.replace(/\s+/g, " ").trim() + " — moderator table view";
      })
      .catch(function () { status("offline", "off"); })
      .then(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }

  function connect() {
    if (retry) { clearTimeout(retry); retry = null; }
    if (source) source.close();
    source = new EventSource("/events" + query);
    source.addEventListener("open", function () { status("live", "on"); refresh(); });
    source.addEventListener("version", function (e) { if (e.data !== version) refresh(); });
    source.addEventListener("error", function () {
      status("reconnecting…", "off");
      if (source.readyState === EventSource.CLOSED && !retry) {
        retry = setTimeout(connect, 3000);
      }
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) return;
    if (!source || source.readyState === EventSource.CLOSED) connect();
    else refresh();
  });
  centreMarket();
  connect();
})();
