import { describe, expect, it } from 'vitest';
import { isPhoneBrowser } from './device';

describe('isPhoneBrowser', () => {
  it('phones pay in the cashier page, desktops scan a QR code', () => {
    expect(isPhoneBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe(true);
    expect(isPhoneBrowser('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36')).toBe(true);
    expect(isPhoneBrowser('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36')).toBe(false);
    expect(isPhoneBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36')).toBe(false);
  });
});
