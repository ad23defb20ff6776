// Taps on buttons and form submits that land on the server's page before the app has
// adopted it would do nothing (no handler is attached yet; a form would even reload the
// page). They are held here and replayed by the app once React has taken the page over
// (src/platform/earlyInput.ts). A classic script loaded async from the head: it runs long
// before the app's modules have arrived, without holding up the first paint.
(function () {
  var held = [];
  window.__storefrontEarlyInput = held;
  function hold(event) {
    // The app is attached (React answers events from here on) or has taken over.
    if (document.documentElement.hasAttribute("data-app")) return;
    var element = event.target instanceof Element ? event.target : null;
    var target = element && element.closest(event.type === "submit" ? "form" : "button");
    var root = document.getElementById("root");
    if (!target || !root || !root.contains(target)) return;
    event.preventDefault();
    held.push({ type: event.type, target: target });
  }
  document.addEventListener("click", hold, true);
  document.addEventListener("submit", hold, true);
})();
