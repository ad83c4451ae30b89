/*
 * Inlined at the end of the head of index.html and of every prerendered page by
 * build/vite-prerender-plugin.ts (plain ES5 like src/floor-check.js; its hash is in nginx's CSP). It
 * starts the app: the page holds no module script of its own, only the JSON block #app-start that
 * the build writes (build/app-start.ts):
 *   { entry, preload: [module URLs], afterPaint?: true, routes?: [{ path, js, css, ns, api: [{ url, token }] }] }
 * - Every page (afterPaint) paints from the HTML alone first: a prerendered public page its form, the
 *   shell of every other route the layout's banner. The entry and its modules are asked for once the
 *   browser has shown that paint, so they never compete with it (Lighthouse counts every request
 *   finished before the largest paint as needed by it, and a module compiled before it delays it).
 * - The shell (routes): a signed-in visit asks at once for its page's first data, its catalogue
 *   files and its first API answers (small, and what the page waits for longest), and with the entry
 *   for the page's chunks and styles, instead of the chain entry -> page chunk -> catalogue -> API.
 *   The data requests are kept in window.__appEarly by URL; the app's API client and catalogue loader
 *   take them over (src/lib/early-requests.ts). The session keys are those of src/lib/session-store.ts.
 */
(function () {
  var block = document.getElementById('app-start');
  if (!block) return;
  var start = JSON.parse(block.textContent);
  var head = document.head;
  var started = false;
  // The signed-in route's chunks and styles, asked for with the entry.
  var routeFiles = null;

  function link(rel, href, as) {
    var element = document.createElement('link');
    element.rel = rel;
    if (as) element.setAttribute('as', as);
    element.crossOrigin = '';
    element.href = href;
    head.appendChild(element);
  }
  function modules(urls) {
    for (var i = 0; i < urls.length; i++) link('modulepreload', urls[i]);
  }
  function load() {
    if (started) return;
    started = true;
    modules(start.preload);
    if (routeFiles) {
      modules(routeFiles.js);
      for (var c = 0; c < routeFiles.css.length; c++) link('preload', routeFiles.css[c], 'style');
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = start.entry;
    head.appendChild(script);
  }
  function matches(pattern, path) {
    var want = pattern.split('/');
    var have = path.split('/');
    if (want.length !== have.length) return false;
    for (var i = 0; i < want.length; i++) if (want[i].charAt(0) !== ':' ? want[i] !== have[i] : !have[i]) return false;
    return true;
  }
  function session() {
    try {
      var token = window.sessionStorage.getItem('token');
      var user = window.sessionStorage.getItem('userInfo');
      return token && user && user !== '{}' && user !== 'null' ? token : null;
      // ES5 needs the binding; no sessionStorage (a privacy mode) is a visitor as far as the start goes
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
    } catch (unavailable) {
      return null;
    }
  }
  function startRoute(token) {
    var path = window.location.pathname;
    var route = null;
    for (var i = 0; i < start.routes.length && !route; i++) if (matches(start.routes[i].path, path)) route = start.routes[i];
    if (!route || typeof window.fetch !== 'function') return;
    var early = (window.__appEarly = {});
    routeFiles = route;
    var catalogue = document.getElementById('i18n-catalogue');
    var urls = catalogue ? JSON.parse(catalogue.textContent).urls : {};
    for (var n = 0; n < route.ns.length; n++) {
      var file = urls[route.ns[n]];
      if (file) early[file] = window.fetch(file, { credentials: 'omit' });
    }
    for (var a = 0; a < route.api.length; a++) {
      var headers = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
      if (route.api[a].token) headers['t-token'] = token;
      early[route.api[a].url] = window.fetch(route.api[a].url, { headers: headers, credentials: 'same-origin' });
    }
    // Unclaimed ones (the page changed its mind) fail quietly.
    for (var url in early) if (Object.prototype.hasOwnProperty.call(early, url)) early[url]['catch'](function () {});
  }

  if (start.routes) {
    var token = session();
    if (token) startRoute(token);
  }
  if (!start.afterPaint || document.visibilityState === 'hidden') return load();
  // A shell with nothing to paint (no announcement, or the service worker's copy, whose banner
  // include is not filled in) reports no paint: it starts once parsed, not after the fallback below.
  document.addEventListener('DOMContentLoaded', function () {
    var shell = document.querySelector('[data-app-shell]');
    if (shell && !(shell.textContent || '').replace(/\s+/g, '')) load();
  });
  var types = (window.PerformanceObserver && window.PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') < 0) {
    window.requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
    return;
  }
  new window.PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length) {
      observer.disconnect();
      load();
    }
  }).observe({ type: 'paint', buffered: true });
  // Hidden before it painted: it paints nothing until shown, so start now.
  document.addEventListener('visibilitychange', load);
  // A page that never reports a paint (an engine's quirk) still starts.
  setTimeout(load, 3000);
})();
