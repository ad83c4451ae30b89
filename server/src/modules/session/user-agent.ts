/**
 * A device's browser and system from its User-Agent, by a few ordered rules (enough for a list of
 * one's own signed-in devices; no attempt at every browser). Answers codes; the app names them.
 */
export const BROWSERS = ['wechat', 'edge', 'opera', 'samsung', 'firefox', 'chrome', 'safari', 'other'] as const;
export const SYSTEMS = ['harmonyos', 'android', 'ios', 'windows', 'macos', 'chromeos', 'linux', 'other'] as const;

export type BrowserCode = (typeof BROWSERS)[number];
export type SystemCode = (typeof SYSTEMS)[number];

// Order matters: Edge, Opera, Samsung and WeChat also say "Chrome" and "Safari"; Chrome says "Safari".
const BROWSER_RULES: [BrowserCode, RegExp][] = [
  ['wechat', /MicroMessenger\/(\d+)/],
  ['edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['opera', /(?:OPR|Opera)\/(\d+)/],
  ['samsung', /SamsungBrowser\/(\d+)/],
  ['firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['chrome', /(?:Chrome|Chromium|CriOS)\/(\d+)/],
  ['safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEM_RULES: [SystemCode, RegExp][] = [
  ['harmonyos', /HarmonyOS|OpenHarmony/],
  ['android', /Android/],
  ['ios', /iPhone|iPad|iPod/],
  ['windows', /Windows/],
  ['macos', /Macintosh|Mac OS X/],
  ['chromeos', /CrOS/],
  ['linux', /Linux|X11/],
];

export interface DeviceDescription {
  browser: BrowserCode;
  /** Major version, '' when unknown. */
  browserVersion: string;
  os: SystemCode;
  mobile: boolean;
}

export function describeUserAgent(userAgent: string): DeviceDescription {
  let browser: BrowserCode = 'other';
  let browserVersion = '';
  for (const [code, pattern] of BROWSER_RULES) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = code;
      browserVersion = match[1] ?? '';
      break;
    }
  }
  const os = SYSTEM_RULES.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? 'other';
  return { browser, browserVersion, os, mobile: /Mobile|Android|iPhone|iPod/.test(userAgent) };
}
