/** The API's environment settings that point the item providers at running local fakes. */
import type { JdUnionFake } from './jd-union.ts';
import type { PddFake } from './pdd-ddk.ts';
import type { TaobaoFake } from './taobao-top.ts';

/** Both keys of every platform (and PDD_PID): the settings that turn the three providers on, at the vendors' gateways. */
export const ITEM_PROVIDER_KEYS: Record<string, string> = {
  TAOBAO_APP_KEY: '12345678',
  TAOBAO_APP_SECRET: 's',
  JD_UNION_APP_KEY: 'k',
  JD_UNION_APP_SECRET: 's',
  PDD_CLIENT_ID: 'c',
  PDD_CLIENT_SECRET: 's',
  PDD_PID: '1_2',
};

export const taobaoEnv = (fake: TaobaoFake, signMethod = 'md5'): Record<string, string> => ({
  TAOBAO_APP_KEY: fake.account.appKey,
  TAOBAO_APP_SECRET: fake.account.appSecret,
  TAOBAO_SIGN_METHOD: signMethod,
  TAOBAO_GATEWAY_URL: `${fake.url}/router/rest`,
});

export const jdUnionEnv = (fake: JdUnionFake): Record<string, string> => ({
  JD_UNION_APP_KEY: fake.account.appKey,
  JD_UNION_APP_SECRET: fake.account.appSecret,
  JD_UNION_GATEWAY_URL: `${fake.url}/routerjson`,
  JD_UNION_GOODS_QUERY: '1',
});

export const pddEnv = (fake: PddFake): Record<string, string> => ({
  PDD_CLIENT_ID: fake.account.clientId,
  PDD_CLIENT_SECRET: fake.account.clientSecret,
  PDD_PID: fake.account.pid,
  PDD_GATEWAY_URL: `${fake.url}/api/router`,
});
