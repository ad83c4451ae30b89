import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch';
import { logIn } from '@/test/user';
import { ROUTE_STARTS } from './route-starts';
import { startRoute } from './routes';

describe("the start map's API calls (src/app/route-starts.ts)", () => {
  it('are exactly those the pages ask for first, so the app takes over what the start script sent ahead', async () => {
    logIn();
    const { requests } = stubFetch(() => ({ body: { success: true, data: { list: [], total: 0, page: 1, pageSize: 10 } } }));
    const asked = new Set<string>();
    // SWR asks once per key in a test file: each page's requests are among its start map's, and
    // together they are every URL of the map.
    for (const route of ROUTE_STARTS.filter((start) => !start.path.includes(':'))) {
      const before = requests.length;
      startRoute(route.path);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const urls = requests.slice(before).map((request) => request.url);
      for (const url of urls) expect(route.api, route.path).toContain(url);
      urls.forEach((url) => asked.add(url));
    }
    expect([...asked].sort()).toEqual([...new Set(ROUTE_STARTS.flatMap((start) => start.api))].sort());
  });
});
