import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch';
import { apiGet } from './api';

const early = globalThis as { __appEarly?: Record<string, Promise<Response>> };

describe('early requests of the start script (src/app-start.js)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete early.__appEarly;
  });

  it('the API client takes a GET the page sent ahead over, once: no second request, the same answer', async () => {
    const { requests } = stubFetch(() => ({ body: { success: true, data: 'fetched' } }));
    early.__appEarly = {
      '/api/plan/count-data': Promise.resolve(new Response(JSON.stringify({ success: true, data: 'sent ahead' }), { status: 200 })),
    };
    expect(await apiGet('/api/plan/count-data')).toBe('sent ahead');
    expect(requests).toEqual([]);
    // taken once: the next call asks the server
    expect(await apiGet('/api/plan/count-data')).toBe('fetched');
    expect(requests.map((request) => request.url)).toEqual(['/api/plan/count-data']);
  });

  it('an answer sent ahead for another URL is left alone', async () => {
    const { requests } = stubFetch(() => ({ body: { success: true, data: 'fetched' } }));
    early.__appEarly = { '/api/plan/manage/list?page=1&pageSize=10': Promise.resolve(new Response('{}')) };
    expect(await apiGet('/api/plan/manage/list', { page: 2, pageSize: 10 })).toBe('fetched');
    expect(requests.map((request) => request.url)).toEqual(['/api/plan/manage/list?page=2&pageSize=10']);
    expect(Object.keys(early.__appEarly)).toEqual(['/api/plan/manage/list?page=1&pageSize=10']);
  });
});
