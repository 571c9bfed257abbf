/// `/board.js`, kept in the binary (no CDN, no framework): forms post in place, and the page
/// follows the events ref through Server-Sent Events (`/events`), replacing its `<main>` with
/// the server's newly rendered one. Without it every form still works (POST, then redirect).
enum BoardScript {
    static let source = #"""
    "use strict";
    (function () {
      var live = function (text) { var p = document.getElementById("live"); if (p) { p.textContent = text; } };
      // The words come from the page (data-updated, data-failed), in the team's language.
      var word = function (name, fallback) { var p = document.getElementById("live"); return (p && p.dataset[name]) || fallback; };
      var refreshing = false, again = false;
      function refresh() {
        if (refreshing) { again = true; return; }
        refreshing = true;
        fetch(location.pathname, { credentials: "same-origin", headers: { "Accept": "text/html" } })
          .then(function (r) { return r.text(); })
          .then(function (html) {
            var doc = new DOMParser().parseFromString(html, "text/html");
            var main = doc.querySelector("main"), here = document.querySelector("main");
            if (main && here) {
              var focused = document.activeElement && document.activeElement.id;
              var open = Array.prototype.map.call(here.querySelectorAll("details[open]"), function (d) { return d.parentElement && d.parentElement.id; });
              here.innerHTML = main.innerHTML;
              open.forEach(function (id) { var li = id && document.getElementById(id); var d = li && li.querySelector("details"); if (d) { d.open = true; } });
              if (focused) { var f = document.getElementById(focused); if (f) { f.focus(); } }
              live(word("updated", "Updated") + " " + new Date().toLocaleTimeString());
            }
          })
          .catch(function () { live(word("failed", "Could not refresh; reload the page.")); })
          .then(function () { refreshing = false; if (again) { again = false; refresh(); } });
      }
      document.addEventListener("submit", function (event) {
        var form = event.target;
        if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") { return; }
        event.preventDefault();
        var data = new URLSearchParams(new FormData(form));
        fetch(form.action, { method: "POST", body: data, credentials: "same-origin", redirect: "follow",
                             headers: { "X-CSRF-Token": data.get("csrf") || "" } })
          .then(function (r) {
            if (r.redirected || r.ok) { refresh(); return; }
            return r.text().then(function (html) {
              var doc = new DOMParser().parseFromString(html, "text/html");
              var main = doc.querySelector("main");
              if (main) { document.querySelector("main").innerHTML = main.innerHTML; } else { live(html); }
            });
          })
          .catch(function () { form.submit(); });
      });
      if (window.EventSource) {
        var seen = null;
        var source = new EventSource("/events");
        source.addEventListener("tip", function (event) {
          if (seen !== null && event.data !== seen) { refresh(); }
          seen = event.data;
        });
      }
    })();
    """#
}
