/**
 * The one set of steps the acting files of this folder share: a phone-sized page of puppeteer-core 5
 * that keeps its script errors, the API called as the app calls it, a built API server of a file's
 * own (with the Taobao provider at the local fake, for the item card), a new seller registered with
 * the dev outbox's code, the sign-in form filled as a thumb fills it, clicks with the mouse on what
 * stands still, typing over a field, the app arriving at a path, and a toast's text awaited.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startApiServer } from '../../server/test/support/processes.mjs';
import { newTaobaoAccount, startTaobaoFake, type TaobaoFake } from '../../server/test/support/fakes/taobao-top';
import { taobaoEnv } from '../../server/test/support/fakes/item-settings';
import type { OldBrowser, OldPage } from './engines';

export type Page = OldPage;

const WAIT = { timeout: 60_000 };
const POLL = { timeout: 60_000, polling: 100 };

/** A new page at phone size (390 x 844 unless told) whose uncaught script errors land in `errors`. */
export async function phonePage(browser: OldBrowser, viewport = { width: 390, height: 844 }) {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.setViewport(viewport);
  return { page, errors };
}

/** Opens `url` and waits for the network to settle. */
export const go = (page: Page, url: string) => page.goto(url, { waitUntil: 'networkidle0', ...WAIT });

/** The `value` of the field `selector`. */
export const valueOf = (page: Page, selector: string) => page.evaluate<string>(`document.querySelector(${JSON.stringify(selector)}).value`);

/** Nothing wider than the phone's window. */
export const fitsTheWindow = (page: Page) => page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');

// ---- the API ---------------------------------------------------------------------------------

export interface Answer<T> {
  status: number;
  retryAfter: string | null;
  body: { success?: boolean; message?: string; data: T };
}

/** One API call to `baseURL` (JSON, the app's headers); answers whatever the server said. */
export async function answerOf<T>(baseURL: string, path: string, body?: unknown, token?: string): Promise<Answer<T>> {
  const res = await fetch(`${baseURL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(token ? { 't-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Answer<T>['body'] };
}

/** One API call that must succeed: its data. */
export async function callApi<T>(baseURL: string, path: string, body?: unknown, token?: string): Promise<T> {
  const answer = await answerOf<T>(baseURL, path, body, token);
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** The latest code the dev outbox holds for `phone`, after asking for one of `type`. */
export async function smsCode(baseURL: string, phone: string, type: number): Promise<string> {
  await callApi(baseURL, '/api/user/send-sms-code', { phone, type });
  return (await callApi<{ code: string }>(baseURL, `/api/dev/sms-outbox?phone=${phone}`)).code;
}

/** A new seller with 0 points (registered through the API, code from the dev outbox). */
export async function newSeller(baseURL: string, phone: string) {
  const password = 'test1234abcd';
  await callApi(baseURL, '/api/user/reg', { phone, password, verifyCode: await smsCode(baseURL, phone, 1) });
  return { phone, password };
}

// ---- a server of the file's own ---------------------------------------------------------------

export interface OwnServer {
  baseURL: string;
  dataDir: string;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * The built API server (dist/) on a fresh DATA_DIR (`prepare` runs on the folder first), with
 * `env` on top; a fresh database migrates and seeds first: minutes on a loaded machine.
 */
export async function ownServer({
  name,
  env,
  what,
  prepare,
}: {
  name: string;
  env: Record<string, string>;
  what: string;
  prepare?: (dataDir: string) => void;
}): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  try {
    prepare?.(dataDir);
    const server = await startApiServer({ built: true, env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env }, timeoutMs: 170_000, what });
    return {
      baseURL: server.baseURL,
      dataDir,
      async stop() {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The Taobao item the fake knows (the share texts of first-plan and item-card name it). */
export const CUP = { id: '612345678901', title: '保温杯 316不锈钢 大容量', shop: '某某旗舰店', price: '39.90' };

export type TaobaoServer = OwnServer & { taobao: TaobaoFake };

/**
 * A server of the file's own whose Taobao provider points at the local fake knowing CUP (a platform
 * that does not answer gives up after 3 s); stop() stops both.
 */
export async function serverWithTaobao(name: string): Promise<TaobaoServer> {
  const taobao = await startTaobaoFake(
    newTaobaoAccount({ [CUP.id]: { title: CUP.title, pictUrl: '', shopTitle: CUP.shop, nick: 'mm', zkFinalPrice: CUP.price } }),
  );
  try {
    const server = await ownServer({
      name,
      env: { ITEM_PROVIDER_TIMEOUT_MS: '3000', ...taobaoEnv(taobao) },
      what: 'API server with the Taobao provider',
    });
    return {
      ...server,
      taobao,
      async stop() {
        await server.stop();
        await taobao.close();
      },
    };
  } catch (error) {
    await taobao.close();
    throw error;
  }
}

// ---- acting on the page ------------------------------------------------------------------------

/**
 * Page-side test of a click target: visible, enabled, not loading (an antd button that is loading
 * ignores clicks: a dialog's confirm while its preview loads), inside no box that is still opening or
 * closing (rc-motion's -appear/-enter/-leave classes: on a loaded machine a zooming dialog can stand
 * still for a poll, and a click where it was lands on the mask, which closes it), and where it was at
 * the last poll (a dialog's opening animation moves it under the mouse).
 */
const READY = `(el) => {
  if (el.offsetParent === null || el.disabled || el.classList.contains('ant-btn-loading') || el.getAttribute('aria-busy') === 'true') return false;
  for (let box = el; box; box = box.parentElement) if (/(^|\\s)[\\w-]+-(appear|enter|leave)(-(prepare|start|active))?(\\s|$)/.test(box.getAttribute('class') || '')) return false;
  const r = el.getBoundingClientRect();
  const at = [r.x, r.y, r.width, r.height].join();
  const still = el.__actingAt === at;
  el.__actingAt = at;
  return still;
}`;

/**
 * Marks with data-acting-target the element that `find` (a page-side expression answering an
 * element or nothing) answers once it is ready, and clicks it with the mouse. A list that
 * re-renders between the mark and the click (a page suspending hides its old content for a moment)
 * leaves nothing to click: marked again, clicked again, a few times.
 */
async function clickReady(page: Page, find: string) {
  for (let attempt = 1; ; attempt++) {
    await page.waitForFunction(
      `(() => {
        document.querySelectorAll('[data-acting-target]').forEach((el) => el.removeAttribute('data-acting-target'));
        const target = ${find};
        if (!target || !(${READY})(target)) return false;
        target.setAttribute('data-acting-target', '');
        return true;
      })()`,
      POLL,
    );
    try {
      await page.click('[data-acting-target]');
      return;
    } catch (error) {
      if (attempt >= 3 || !/not visible|No node found|detached/.test(String(error))) throw error;
    }
  }
}

/**
 * Clicks, with the mouse, the visible button, link or menu item whose text (antd's inserted spaces
 * aside) is `label`, inside the smallest element that also shows `within`.
 */
export function clickLabelled(page: Page, label: string, within?: string) {
  return clickReady(
    page,
    `(() => {
      const squeeze = (s) => (s || '').replace(/\\s+/g, '');
      const candidates = [...document.querySelectorAll('button, a, label, [role="menuitem"], [role="tab"], [role="radio"]')].filter(
        (el) => el.offsetParent !== null && squeeze(el.innerText) === ${JSON.stringify(label)},
      );
      const inside = ${JSON.stringify(within ?? null)};
      return inside === null ? candidates[0] : candidates.find((el) => {
        for (let box = el.parentElement; box; box = box.parentElement) if (box.innerText.includes(inside)) return box.querySelectorAll('button').length < 12;
        return false;
      });
    })()`,
  );
}

/** Clicks, with the mouse, the first visible element of `selector` whose text includes `words`. */
export function clickShowing(page: Page, selector: string, words: string) {
  return clickReady(
    page,
    `[...document.querySelectorAll(${JSON.stringify(selector)})].find(
      (el) => el.offsetParent !== null && el.innerText.includes(${JSON.stringify(words)}),
    )`,
  );
}

/** Types `value` into the field as a user would, over what it held (selected first). */
export async function typeInto(page: Page, selector: string, value: string) {
  // ready as a button is (a field in a dialog still zooming in is not where the mouse goes)
  await clickReady(page, `document.querySelector(${JSON.stringify(selector)})`);
  await page.evaluate(`document.querySelector(${JSON.stringify(selector)}).select()`);
  await page.type(selector, value);
}

/** Waits until the app is at `path`; else fails saying what the page said instead (toasts, dialogs). */
export async function arriveAt(page: Page, path: string) {
  try {
    await page.waitForFunction(`location.pathname === ${JSON.stringify(path)}`, WAIT);
  } catch (error) {
    const said = await page.evaluate<string>(
      `location.pathname + ': ' + [...document.querySelectorAll('.ant-message-notice, .plain-toast, [role="alert"], [role="dialog"], .ant-form-item-explain-error')].map((n) => n.innerText).join(' | ')`,
    );
    throw new Error(`not at ${path}: ${said}`, { cause: error });
  }
}

/** The text of the toast (antd's message notices, the app's plain toasts, alerts) once one matches `pattern`. */
export async function toastMatching(page: Page, pattern: RegExp): Promise<string> {
  const texts = `[...document.querySelectorAll('.ant-message-notice, .plain-toast, [role="alert"]')].map((n) => n.textContent.trim())`;
  await page.waitForFunction(`${texts}.some((t) => ${pattern.toString()}.test(t))`, WAIT);
  const found = (await page.evaluate<string[]>(texts)).find((t) => pattern.test(t));
  expect(found).toBeDefined();
  return found!;
}

/** Fills /login's form and submits it (where it goes next is the caller's to await). */
export async function submitSignIn(page: Page, baseURL: string, phone: string, password: string, { open = true } = {}) {
  if (open) await go(page, `${baseURL}/login`);
  // a retry types over what the last try left in the fields
  await typeInto(page, '[data-testid="login-form"] input[autocomplete="username"]', phone);
  await typeInto(page, '[data-testid="login-form"] input[type="password"]', password);
  await page.click('[data-testid="login-form"] button[type="submit"]');
}

/** Signs in through /login (opened first unless `open` is false) and waits to leave it. */
export async function signIn(page: Page, baseURL: string, phone: string, password: string, options?: { open?: boolean }) {
  await submitSignIn(page, baseURL, phone, password, options);
  await page.waitForFunction("location.pathname !== '/login'", WAIT);
}
