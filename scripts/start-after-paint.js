/* global document, window, requestAnimationFrame */
// On a prerendered page: once the browser has shown the page's first contentful paint, loads the
// app's module preloads (data-preload, space-separated URLs) and its entry module (data-entry), all
// at once. Nothing that first paint shows needs them, so they never delay it. A hidden tab paints
// nothing: there they load at once; a browser without paint timing loads them after the next frame.
// Until the page's form has been hydrated (the app then dispatches `prerendered-form-ready` on the
// document, see src/features/auth/pages/AuthCard.tsx), a form sent from the page is held, not sent
// by the browser (a GET of the page with the password in its address), and sent again at that
// moment. Classic script, no imports: the prerender build (scripts/vite-prerender-plugin.ts) ships it
// minified.
(function () {
  var tag = document.currentScript;
  var started = false;
  var held = null;
  function hold(event) {
    event.preventDefault();
    held = { form: event.target, submitter: event.submitter };
  }
  document.addEventListener('submit', hold, true);
  document.addEventListener(
    'prerendered-form-ready',
    function () {
      document.removeEventListener('submit', hold, true);
      var form = held && held.form;
      if (form && form.isConnected) form.requestSubmit(held.submitter && held.submitter.form === form ? held.submitter : null);
      held = null;
    },
    { once: true },
  );
  function start() {
    if (started || !tag) return;
    started = true;
    var urls = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
    urls.forEach(function (url) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = url;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = tag.getAttribute('data-entry');
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden') return start();
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') < 0) {
    return requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length) {
      observer.disconnect();
      start();
    }
  }).observe({ type: 'paint', buffered: true });
  // Hidden before it painted: it paints nothing until shown.
  document.addEventListener('visibilitychange', start, { once: true });
})();
