// Runs before the first paint (a classic script in <head>; the CSP allows no inline one): on a
// login address, with no session, it shows the login page's static copy from index.html, so the
// page paints without waiting for the app's JavaScript (the app removes the copy when it renders).
// Not for the certificate edition or a scan code's exchange, whose screens differ from the copy.
(function () {
  var hash = location.hash.indexOf('#/') === 0;
  var route = hash ? location.hash.slice(1) : location.pathname + location.search;
  var q = route.indexOf('?');
  var path = q < 0 ? route : route.slice(0, q);
  var search = q < 0 ? '' : route.slice(q);
  if (!/\/(login|handleLoginSign)$/.test(path)) return;
  if (/[?&](code=|type=certificateVersion)/.test(search)) return;
  if (/(^|; )zctg_token=./.test(document.cookie)) return;
  document.documentElement.setAttribute('data-login-shell', '');
})();
