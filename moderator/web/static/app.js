/* moderator table view: follows the game live (server-sent events), no framework.
 *
 * The server sends the page's changing part (`event: view`, the HTML rendered once for
 * every viewer) as soon as the stream opens and again whenever the game changes; the
 * page swaps it in.  So a phone that slept or lost the Wi-Fi catches up the moment
 * EventSource reconnects (it does so by itself).  When the server refused or went
 * away for good (readyState CLOSED) the page retries every few seconds, and at once
 * when it becomes visible again. */
(function () {
  "use strict";
  var token = document.body.getAttribute("data-token") || "";
  var version = document.body.getAttribute("data-version");
  var query = "?token=" + encodeURIComponent(token);
  var view = document.getElementById("view");
  var live = document.getElementById("live");
  var source = null, retry = null;

  function status(text, cls) {
    live.textContent = text;
    live.className = "live " + cls;
  }

  function centreMarket() {
    // 1846's one row is wider than a phone: open it on the companies' prices
    var row = view.querySelector(".market-row");
    var held = row && row.querySelector(".held");
    if (held) row.parentNode.scrollLeft = Math.max(0, held.offsetLeft - 16);
  }

  function show(html, id) {
    if (id === version) return;
    var boxes = view.querySelectorAll(".market-scroll"), kept = [];
    for (var i = 0; i < boxes.length; i++) kept.push(boxes[i].scrollLeft);
    view.innerHTML = html;
    version = id;
    boxes = view.querySelectorAll(".market-scroll");
    for (var j = 0; j < boxes.length && j < kept.length; j++) boxes[j].scrollLeft = kept[j];
    var h1 = document.querySelector("h1");
    if (h1) document.title = h1.textContent.replace(/\s+/g, " ").trim() + " — moderator table view";
  }

  function connect() {
    if (retry) { clearTimeout(retry); retry = null; }
    if (source) source.close();
    source = new EventSource("/events" + query);
    source.addEventListener("open", function () { status("live", "on"); });
    source.addEventListener("view", function (e) { status("live", "on"); show(e.data, e.lastEventId); });
    source.addEventListener("error", function () {
      status(source.readyState === EventSource.CLOSED ? "offline" : "reconnecting…", "off");
      if (source.readyState === EventSource.CLOSED && !retry) {
        retry = setTimeout(connect, 3000);
      }
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && (!source || source.readyState === EventSource.CLOSED)) connect();
  });
  centreMarket();
  connect();
})();
