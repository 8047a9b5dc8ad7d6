// The live page: reports are posted in the background, and every change anyone makes (announced as a
// version number on /events) brings the new state to this page. Without this script the forms still
// post and the page reloads.
"use strict";
(function () {
  var main = null;
  var shown = -1;

  function replace(html, version) {
    var focused = document.activeElement && document.activeElement.id;
    main.innerHTML = html;
    shown = version;
    main.setAttribute("data-version", String(version));
    if (focused) {
      var again = document.getElementById(focused);
      if (again) { again.focus(); }
    }
  }

  function refresh(version) {
    if (version === shown) { return; }
    fetch("/fragment", { cache: "no-store" }).then(function (response) {
      var got = Number(response.headers.get("X-Game-Version"));
      return response.text().then(function (html) { replace(html, got); });
    });
  }

  function submit(event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || form.getAttribute("action") !== "/report") { return; }
    event.preventDefault();
    var data = new URLSearchParams(new FormData(form, event.submitter || undefined));
    fetch("/report", {
      method: "POST",
      body: data,
      headers: { "X-Requested-With": "fetch" },
      cache: "no-store"
    }).then(function (response) {
      var got = Number(response.headers.get("X-Game-Version"));
      return response.text().then(function (html) { replace(html, got); });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    main = document.getElementById("game");
    if (!main) { return; }
    shown = Number(main.getAttribute("data-version"));
    document.addEventListener("submit", submit);
    var source = new EventSource("/events");
    source.addEventListener("state", function (message) { refresh(Number(message.data)); });
  });
})();
