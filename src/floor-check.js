/*
 * Inlined in the head of index.html and of every prerendered page by build/vite-floor-check-plugin.ts,
 * as it is (plain ES5, so every engine runs it, and its hash in nginx's CSP stays put; its texts come
 * from the page's embedded catalogue, layout.floor.*). Runs before any of the app's scripts.
 * - Below the browser floor (package.json's browserslist), the app cannot run: instead of a page that
 *   looks alive and does nothing, a panel says so, names browsers that work and offers 复制链接.
 *   Known at once from missing platform features (module scripts, ES2020's library, Safari 15's
 *   BigInt64Array); otherwise from the app's own scripts failing to parse (a SyntaxError from this
 *   origin's scripts before the app starts).
 * - Flex `gap` (Chromium 84): without it the class `no-flex-gap` on <html> applies the stylesheets'
 *   fallback margins (build/postcss-flex-gap-fallback.ts).
 */
(function () {
  var html = document.documentElement;

  var probe = document.createElement('div');
  probe.style.cssText = 'display:flex;flex-direction:column;row-gap:1px;position:absolute;visibility:hidden';
  probe.appendChild(document.createElement('div'));
  probe.appendChild(document.createElement('div'));
  html.appendChild(probe);
  if (probe.scrollHeight !== 1) html.className += ' no-flex-gap';
  html.removeChild(probe);

  var shown = false;
  function text(key) {
    // the built page embeds the catalogue (build/vite-catalogue-plugin.ts); the dev server does not
    var block = document.getElementById('i18n-catalogue');
    var layout = block ? JSON.parse(block.textContent).resources.layout : null;
    return layout && layout.floor ? layout.floor[key] : '';
  }
  function copyLink(button) {
    var url = window.location.href;
    var done = function () {
      button.textContent = text('copied');
    };
    var field = document.createElement('input');
    field.value = url;
    field.setAttribute('readonly', '');
    button.parentNode.appendChild(field);
    field.select();
    if (document.execCommand('copy')) {
      button.parentNode.removeChild(field);
      done();
    } else if (navigator.clipboard) {
      navigator.clipboard.writeText(url).then(done, function () {});
    }
  }
  function render() {
    var panel = document.createElement('div');
    panel.className = 'too-old-panel';
    panel.setAttribute('role', 'alert');
    panel.setAttribute('style', 'max-width:420px;margin:48px auto;padding:24px;font:16px/1.6 sans-serif;color:rgba(0,0,0,.88);background:#fff;border:1px solid #ffe58f;border-radius:8px');
    var title = document.createElement('h1');
    title.setAttribute('style', 'font-size:20px;margin:0 0 12px');
    title.appendChild(document.createTextNode(text('title')));
    var body = document.createElement('p');
    body.setAttribute('style', 'margin:0 0 16px');
    body.appendChild(document.createTextNode(text('body')));
    var button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('style', 'font:inherit;padding:6px 16px;border:0;border-radius:6px;background:#0958d9;color:#fff');
    button.appendChild(document.createTextNode(text('copy')));
    button.onclick = function () {
      copyLink(button);
    };
    panel.appendChild(title);
    panel.appendChild(body);
    panel.appendChild(button);
    document.body.insertBefore(panel, document.body.firstChild);
  }
  function tooOld() {
    if (shown) return;
    shown = true;
    // whatever the app's scripts manage to render stays hidden behind the panel
    var style = document.createElement('style');
    style.appendChild(document.createTextNode('#root{display:none!important}'));
    document.head.appendChild(style);
    html.className += ' too-old';
    if (document.body) render();
    else document.addEventListener('DOMContentLoaded', render);
  }

  var script = document.createElement('script');
  // Module scripts and ES2020's library (Chromium 76+), and BigInt64Array: Safari 15 has it, Safari
  // 13.1 to 14 parse every script of the app but lack it (src/floor-check.test.ts holds the list
  // against the browserslist floor).
  var platform = 'noModule' in script && typeof Promise.allSettled === 'function' && typeof Object.fromEntries === 'function' && typeof globalThis === 'object' && typeof BigInt64Array === 'function';
  if (!platform) {
    tooOld();
    return;
  }
  function onError(event) {
    var source = event.filename || '';
    var ours = source.indexOf(window.location.origin) === 0 || source.indexOf('/assets/') !== -1;
    if (event.error instanceof SyntaxError && ours) tooOld();
  }
  window.addEventListener('error', onError);
  // src/main.tsx says when the app has started; from then on an error is the app's own business.
  window.addEventListener('app-started', function () {
    window.removeEventListener('error', onError);
  });
})();
