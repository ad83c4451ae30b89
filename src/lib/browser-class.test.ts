import { describe, expect, it } from 'vitest';
import { USER_AGENTS as UA } from '@/test/user-agents';
import { browserClass } from './browser-class';

const path = (ua: string, facts?: Parameters<typeof browserClass>[1]) => browserClass(ua, facts).path;

describe('browserClass', () => {
  it('WeChat and QQ in-app browsers, Android and iOS: the open-in-browser banner, whatever else they offer', () => {
    expect(browserClass(UA.wechatAndroid)).toEqual({ path: 'in-app', inApp: 'wechat', ios: false });
    expect(browserClass(UA.wechatIos)).toEqual({ path: 'in-app', inApp: 'wechat', ios: true });
    expect(browserClass(UA.qqAndroid)).toEqual({ path: 'in-app', inApp: 'qq', ios: false });
    expect(browserClass(UA.qqIos)).toEqual({ path: 'in-app', inApp: 'qq', ios: true });
    expect(path(UA.wechatAndroid, { canPrompt: true })).toBe('in-app');
  });

  it("the QQ Browser app (MQQBrowser, no QQ/) is a browser, not QQ's in-app view", () => {
    expect(path(UA.qqBrowser)).toBe('android-menu');
  });

  it('Android browsers without the install event: the steps through the browser menu', () => {
    for (const ua of [UA.uc, UA.huawei, UA.miui, UA.vivo, UA.oppo, UA.android360, UA.androidChrome])
      expect(path(ua), ua).toBe('android-menu');
  });

  it('a browser holding beforeinstallprompt (Chrome, Edge, Samsung Internet): the prompt', () => {
    expect(path(UA.androidChrome, { canPrompt: true })).toBe('prompt');
    expect(path(UA.desktopChrome, { canPrompt: true })).toBe('prompt');
    expect(path(UA.desktopEdge, { canPrompt: true })).toBe('prompt');
  });

  it('iOS: Safari and Chrome/Edge from 16.4 add to the home screen; older Chrome and other browsers go to Safari', () => {
    expect(browserClass(UA.iosSafari)).toEqual({ path: 'ios-share', ios: true });
    expect(path(UA.iosChrome)).toBe('ios-share');
    expect(path(UA.iosEdge)).toBe('ios-share');
    expect(path(UA.iosChromeOld)).toBe('ios-open-safari');
    expect(path(UA.iosUc)).toBe('ios-open-safari');
  });

  it("an iPad's Safari, which says Macintosh, is told by its touch points", () => {
    expect(path(UA.ipadSafari, { maxTouchPoints: 5 })).toBe('ios-share');
    expect(path(UA.ipadSafari, { maxTouchPoints: 0 })).toBe('none');
  });

  it('desktop browsers without the event (Chrome before it fires, Firefox, 360) offer nothing', () => {
    for (const ua of [UA.desktopChrome, UA.desktopEdge, UA.desktopFirefox, UA.desktop360]) expect(path(ua), ua).toBe('none');
  });

  it('running installed offers nothing, in any browser', () => {
    for (const ua of Object.values(UA)) expect(path(ua, { standalone: true, canPrompt: true })).toBe('installed');
  });
});
