/**
 * index.html carries a static copy of the login page that public/login-gate.js shows before any
 * JavaScript has run. The app removes it (and shows its own root) as soon as it draws a page of
 * its own: the login page once its form is decided, any other page at once. The copy goes from
 * the document even where it never showed, so nothing reads its text as the page's.
 */
export function dropLoginShell() {
  document.documentElement.removeAttribute('data-login-shell');
  document.getElementById('login-shell')?.remove();
}
