/** /user/center and / (home): avatar chooser, invite link and QR, recommend list, member status. */
import { describe, expect, it } from 'vitest';
import { api, openSignedInPage, registerUserViaApi, useBrowser } from './harness';

const browser = useBrowser();

describe('user center', () => {
  it('changes the avatar (top bar follows), shows masked phone, level, deadline, invite link with QR, invitees and latest orders', async () => {
    const inviter = await registerUserViaApi();
    const me = (await api<{ inviteCode: string; memberLevelDesc: string }>('/api/user/user-data', { token: inviter.token })).body!.data!;
    const invitee = await registerUserViaApi({ inviteCode: me.inviteCode });
    const goods = (await api<{ id: number }[]>('/api/god/get?type=integral', { token: inviter.token })).body!.data!;
    const order = (
      await api<{ orderNo: string }>('/api/order/create', { body: { goodsId: goods[0].id, payType: 9 }, token: inviter.token })
    ).body!.data!;

    const { page, context, errors } = await openSignedInPage(browser(), inviter);
    await page.goto('/user/center');
    await page.getByTestId('masked-phone').waitFor();
    expect(await page.getByTestId('masked-phone').innerText()).toBe(`${inviter.phone.slice(0, 3)}****${inviter.phone.slice(7)}`);
    expect(await page.getByTestId('level-badge').innerText()).toBe(me.memberLevelDesc);
    expect(await page.getByTestId('member-deadline').innerText()).toMatch(/^(--|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})$/);

    // invite link and QR
    const origin = new URL(page.url()).origin;
    expect(await page.getByTestId('invite-link').inputValue()).toBe(`${origin}/sui/${me.inviteCode}`);
    // the QR code: a named image, 128 px, drawn (dark modules on a clear ground) once its code has loaded
    const qr = page.getByRole('img', { name: '邀请链接二维码' });
    await qr.waitFor();
    expect(await page.getByTestId('invite-qr').boundingBox()).toMatchObject({ width: 128, height: 128 });
    await expect
      .poll(() =>
        qr.evaluate((canvas: HTMLCanvasElement) => {
          const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          let dark = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 128) dark++;
          return dark / (data.length / 4);
        }),
      )
      .toBeGreaterThan(0.2);

    // recommend list shows the invitee, masked
    const list = page.getByTestId('recommend-list');
    await list.getByText(`${invitee.phone.slice(0, 3)}****${invitee.phone.slice(7)}`).waitFor();
    expect(await list.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

    // latest orders
    await page.getByTestId('latest-orders').getByText(order.orderNo).waitFor();

    // avatar chooser: pick avatar3, saved server side, top bar image follows without reload
    await page.getByTestId('change-avatar').click();
    await page.getByTestId('avatar-grid').locator('[data-avatar="avatar3"]').click();
    await page.locator('.ant-message-notice').filter({ hasText: '头像已更新' }).waitFor();
    await expect.poll(() => page.getByTestId('user-menu').locator('img').getAttribute('src')).toMatch(/avatar3\.svg$/);
    const saved = (await api<{ avatar: string }>('/api/user/user-data', { token: inviter.token })).body!.data!;
    expect(saved.avatar).toBe('avatar3');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('home shows balance, member status and three platform cards leading to /flow/tb|jd|pdd', async () => {
    const user = await registerUserViaApi();
    const { page, context } = await openSignedInPage(browser(), user);
    await page.getByTestId('home-balance').waitFor();
    const data = (await api<{ integral: number; memberLevelDesc: string }>('/api/user/user-data', { token: user.token })).body!.data!;
    expect((await page.getByTestId('home-balance').innerText()).replace(/,/g, '')).toContain(String(data.integral));
    expect(await page.getByTestId('home-member').innerText()).toContain(data.memberLevelDesc);
    for (const flowType of ['tb', 'jd', 'pdd']) {
      await page.getByTestId(`platform-${flowType}`).click();
      await page.waitForURL(`**/flow/${flowType}`);
      await page.goBack();
      await page.getByTestId('home-balance').waitFor();
    }
    await context.close();
  });
});
