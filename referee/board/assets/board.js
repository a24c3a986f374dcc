// The board page's one script: each change arrives as a server-sent event and replaces the
// page's main part; the page never reloads. Without scripts the page refreshes itself.
(function () {
  "use strict";
  var main = document.getElementById("board");
  var url = document.body.getAttribute("data-events");
  if (!main || !url || !window.EventSource || !window.JSON) {
    return;
  }
  var source = new EventSource(url);
  source.addEventListener("board", function (event) {
    var page;
    try {
      page = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    if (page.version === main.getAttribute("data-version")) {
      return;
    }
    main.innerHTML = page.html;
    main.setAttribute("data-version", page.version);
    document.title = page.title;
  });
  source.addEventListener("open", function () {
    document.body.classList.remove("offline");
  });
  source.addEventListener("error", function () {
    document.body.classList.add("offline");
  });
}());
