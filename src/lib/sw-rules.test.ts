import { describe, expect, it } from 'vitest';
import {
  assetOriginOf,
  CACHEABLE_STATUSES,
  headerlessKey,
  imageFetchRequest,
  isPublicApi,
  isRuntimeImage,
  USER_CACHES,
  IMAGE_CACHE,
  withoutCredentials,
} from './sw-rules';

const APP = 'https://app.example.com';

describe('service worker caching rules', () => {
  it('caches only the two public API answers of the app origin', () => {
    expect(isPublicApi(new URL(`${APP}/api/plan/config/full-data`), true)).toBe(true);
    expect(isPublicApi(new URL(`${APP}/api/Announcement/get?type=top`), true)).toBe(true);
    expect(isPublicApi(new URL(`${APP}/api/user/user-data`), true)).toBe(false);
    expect(isPublicApi(new URL(`${APP}/api/wechat/qr-code`), true)).toBe(false);
    expect(isPublicApi(new URL('https://other.example.com/api/plan/config/full-data'), false)).toBe(false);
  });

  it('sends and stores public answers without any credential header, keyed by URL alone', () => {
    const request = new Request(`${APP}/api/Announcement/get?type=top`, {
      headers: { 't-token': 'secret-token', 'X-Requested-With': 'XMLHttpRequest', Authorization: 'Bearer x' },
    });
    const sent = withoutCredentials(request);
    expect(sent.url).toBe(request.url);
    expect(sent.headers.get('t-token')).toBeNull();
    expect(sent.headers.get('authorization')).toBeNull();
    expect(sent.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    const key = headerlessKey(request);
    expect(key.url).toBe(request.url);
    expect([...key.headers.keys()]).toEqual([]);
  });

  it('keeps only readable 200 answers (no opaque status 0, no errors)', () => {
    expect(CACHEABLE_STATUSES).toEqual([200]);
  });

  it('caches images, never /api answers; asks the asset origin in CORS mode and leaves others alone', () => {
    const imgOf = (url: string) => {
      const request = new Request(url);
      Object.defineProperty(request, 'destination', { value: 'image' });
      return request;
    };
    expect(isRuntimeImage(imgOf(`${APP}/avatars/a.svg`), new URL(`${APP}/avatars/a.svg`))).toBe(true);
    expect(isRuntimeImage(imgOf(`${APP}/api/x.png`), new URL(`${APP}/api/x.png`))).toBe(false);
    expect(isRuntimeImage(new Request(`${APP}/a.js`), new URL(`${APP}/a.js`))).toBe(false);

    const cdn = assetOriginOf('https://cdn.example.com/app/');
    expect(cdn).toBe('https://cdn.example.com');
    expect(assetOriginOf('/')).toBeNull();
    const noCors = new Request('https://cdn.example.com/app/assets/a-1.png', { mode: 'no-cors' });
    expect(imageFetchRequest(noCors, cdn, APP).mode).toBe('cors');
    const elsewhere = new Request('https://img.example.org/qr.png', { mode: 'no-cors' });
    expect(imageFetchRequest(elsewhere, cdn, APP)).toBe(elsewhere);
  });

  it('empties the image cache at logout (it may hold the user operator QR code)', () => {
    expect(USER_CACHES).toContain(IMAGE_CACHE);
  });
});
