// What the page-weight report and `npm run lhci` share about the signed-in pages: the routes a
// seller lives on, the demo account, and a database holding what a working account holds (plans
// on every platform and templates), created through the public API as a user would.

export const DEMO = { phone: '13800138000', password: 'demo12345' };
export const SIGNED_IN_ROUTES = ['/', '/flow/tb', '/plan/list', '/plan/template', '/recharge/integral', '/user/center'];
export const LOGIN_PLACEHOLDERS = { phone: '请输入手机号', password: '请输入密码' };

async function call(baseURL, path, { token, body } = {}) {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  if (token) headers['t-token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const send = () =>
    fetch(new URL(path, baseURL), {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  // After the visitor audits' minutes of silence, the kept-alive connection from before them has been
  // closed by nginx; the first request on it fails before reaching the server, so it is sent again once.
  const response = await send().catch((error) => {
    if (error instanceof TypeError) return send();
    throw error;
  });
  const envelope = await response.json().catch(() => null);
  if (!response.ok || !envelope?.success) throw new Error(`${path}: ${response.status} ${envelope?.message ?? ''}`);
  return envelope.data;
}

/** Tomorrow's date in the business time zone, YYYY-MM-DD. */
function tomorrow(timeZone) {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + 24 * 3600 * 1000));
}

const ITEMS = {
  tb: (n) => ({
    itemUrl: `https://item.taobao.com/item.htm?id=6123456789${String(n).padStart(2, '0')}`,
    itemId: `6123456789${String(n).padStart(2, '0')}`,
  }),
  jd: (n) => ({
    itemUrl: `https://item.jd.com/1000120439${String(n).padStart(2, '0')}.html`,
    itemId: `1000120439${String(n).padStart(2, '0')}`,
  }),
  pdd: (n) => ({
    itemUrl: `https://mobile.yangkeduo.com/goods.html?goods_id=3456789012${String(n).padStart(2, '0')}`,
    itemId: `3456789012${String(n).padStart(2, '0')}`,
  }),
};

/** Gives the demo account `plans` plans (round the three platforms) and `templates` templates made from them. */
export async function seedDemoWork(baseURL, { plans = 12, templates = 4 } = {}) {
  const { token } = await call(baseURL, '/api/user/pwd-login', { body: DEMO });
  const existing = await call(baseURL, '/api/plan/manage/list?page=1', { token });
  if (existing.total >= plans) return;
  const distribution = Array.from({ length: 24 }, (_, hour) => (hour === 20 ? 6 : hour === 21 ? 4 : 0));
  const platforms = Object.keys(ITEMS);
  const ids = [];
  for (let n = 0; n < plans; n++) {
    const flowType = platforms[n % platforms.length];
    const config = await call(baseURL, `/api/plan/config?flowType=${flowType}`, { token });
    const service = config.planConfigList[0];
    const created = await call(baseURL, '/api/plan/create', {
      token,
      body: {
        flowType,
        ...ITEMS[flowType](n),
        title: `演示商品 ${n + 1} 保温杯 316 不锈钢 大容量 办公室 家用`,
        keywords: ['保温杯', '不锈钢保温杯'],
        configId: service.id,
        optionIds: service.conditionList.map((condition) => condition.optionList[0].id),
        dailyCount: 10,
        days: 1 + (n % 3),
        startDate: tomorrow(config.timeZone ?? 'Asia/Shanghai'),
        distribution,
      },
    });
    ids.push(created.id);
  }
  for (const planId of ids.slice(0, templates)) await call(baseURL, '/api/plan/template/generate', { token, body: { planId } });
}

/**
 * Logs the demo account in through the login form in a puppeteer `page` and waits until the app has
 * left /login. Returns the session the form left in the tab's sessionStorage (entries), which
 * `keepSession` gives to a fresh tab.
 */
export async function signInThroughForm(page, baseURL) {
  await page.goto(new URL('/login', baseURL).href, { waitUntil: 'networkidle0' });
  await page.type(`input[placeholder="${LOGIN_PLACEHOLDERS.phone}"]`, DEMO.phone);
  await page.type(`input[placeholder="${LOGIN_PLACEHOLDERS.password}"]`, DEMO.password);
  await Promise.all([page.waitForFunction(() => globalThis.location.pathname !== '/login'), page.click('button[type=submit]')]);
  return page.evaluate(() => Object.entries(globalThis.sessionStorage));
}

/** Puts a session from `signInThroughForm` into every document the (fresh) tab opens. */
export function keepSession(page, session) {
  return page.evaluateOnNewDocument((entries) => {
    for (const [key, value] of entries) if (globalThis.sessionStorage.getItem(key) === null) globalThis.sessionStorage.setItem(key, value);
  }, session);
}

/** Cold: no HTTP cache, no service worker, no caches of it (the session stays). */
export async function clearForColdVisit(page, origin) {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.detach();
}

/** Warm: the first visit of an installed app, which leaves its service worker active and in control. */
export async function firstVisit(page, url) {
  await page.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
  // Active means installed: the precache is filled. A first visit is not controlled until its next load.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))))
    await page.reload({ waitUntil: 'networkidle0', timeout: 120_000 });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))))
    throw new Error(`${url}: no service worker controls the page after a reload`);
}
