/**
 * Which way to install the app a browser offers, decided from its user agent (pure; the facts that
 * only the running page knows come in as `BrowserFacts`):
 * - `installed`: already running as the installed app (display-mode standalone, navigator.standalone): offer nothing.
 * - `in-app`: WeChat's or QQ's built-in browser (`MicroMessenger`, `QQ/`): no install there; the
 *   banner says to open the page in the browser (`ios` picks the words: 在 Safari 中打开 there).
 * - `prompt`: the browser fired `beforeinstallprompt` (Chrome, Edge, Samsung Internet): 安装应用 calls prompt().
 * - `ios-share`: Safari on iPhone/iPad, and Chrome/Edge on iOS 16.4+ (which can add to the home
 *   screen too): 分享 → 添加到主屏幕 → 添加.
 * - `ios-open-safari`: any other browser on iOS: 请在 Safari 中打开.
 * - `android-menu`: other Android browsers (UC, Quark, QQ Browser, Huawei, MIUI, vivo, OPPO, 360...,
 *   and Chrome before its event): the browser menu's 添加到桌面 / 添加到主屏幕.
 * - `none`: desktop browsers without the event (Firefox, Safari on a Mac, 360 on Windows...).
 */
import { inAppBrowser } from './in-app-browser';

export type InstallPath = 'installed' | 'in-app' | 'prompt' | 'ios-share' | 'ios-open-safari' | 'android-menu' | 'none';

/** The paths that have steps to show (src/components/InstallSteps.tsx; in-app browsers get the banner instead). */
const STEPS_PATHS: readonly InstallPath[] = ['prompt', 'ios-share', 'ios-open-safari', 'android-menu'];

/** Whether `path` has a way to install to show: the home page's card and the account menu's 安装应用. */
export function offersInstallSteps(path: InstallPath): boolean {
  return STEPS_PATHS.includes(path);
}

export interface BrowserFacts {
  /** running installed: `display-mode: standalone` matches, or iOS's `navigator.standalone` */
  standalone?: boolean;
  /** a `beforeinstallprompt` event is held, ready to prompt */
  canPrompt?: boolean;
  /** `navigator.maxTouchPoints`: an iPad's Safari says "Macintosh" but has touch points */
  maxTouchPoints?: number;
}

export interface BrowserClass {
  path: InstallPath;
  /** the in-app browser, when path is `in-app` */
  inApp?: 'wechat' | 'qq';
  ios: boolean;
}

/** iOS version as a number (16.4 -> 16.4), or null when the user agent is not iOS's. */
function iosVersion(ua: string, maxTouchPoints: number): number | null {
  const match = /(?:iPhone|iPad|iPod)[^)]*? OS (\d+)[_.](\d+)/.exec(ua);
  if (match) return Number(match[1]) + Number(match[2]) / 10;
  // iPadOS 13+ Safari asks for desktop pages: a Mac with a touch screen is an iPad
  if (/Macintosh/.test(ua) && maxTouchPoints > 1) {
    const version = /Version\/(\d+)\.(\d+)/.exec(ua);
    return version ? Number(version[1]) + Number(version[2]) / 10 : 13;
  }
  return null;
}

export function browserClass(ua: string, facts: BrowserFacts = {}): BrowserClass {
  const ios = iosVersion(ua, facts.maxTouchPoints ?? 0);
  const android = /Android/i.test(ua);
  const base = { ios: ios !== null };
  if (facts.standalone) return { ...base, path: 'installed' };
  const inApp = inAppBrowser(ua);
  if (inApp) return { ...base, path: 'in-app', inApp };
  if (facts.canPrompt) return { ...base, path: 'prompt' };
  if (ios !== null) {
    // Safari's UA has no browser token of its own; Chrome, Edge, Firefox and the rest name themselves
    const otherBrowser =
      /CriOS|EdgiOS|FxiOS|OPiOS|MQQBrowser|UCBrowser|Quark|baiduboxapp|SogouMobileBrowser|Weibo|DingTalk|AlipayClient/i.test(ua);
    const chromeOrEdge = /CriOS|EdgiOS/i.test(ua);
    if (!otherBrowser || (chromeOrEdge && ios >= 16.4)) return { ...base, path: 'ios-share' };
    return { ...base, path: 'ios-open-safari' };
  }
  if (android) return { ...base, path: 'android-menu' };
  return { ...base, path: 'none' };
}
