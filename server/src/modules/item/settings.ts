/**
 * Settings of the item lookup, read beside the module (a SettingsSection of config.ts, listed by
 * modules/index.ts): each platform's provider is on when its keys are given (both of the pair; a
 * half-given pair is a start-up problem), its gateway URL defaults to the vendor's; the cache's
 * age and the lookups' limits.
 */
import { problemLine, standInEndpointProblem, type SettingsReader, type SettingsSection } from '../../config.ts';
import { TOP_SIGN_METHODS, type TopSignMethod } from './signers.ts';
import { TAOBAO_DEFAULT_GATEWAY, type TaobaoSettings } from './providers/taobao.ts';
import { JD_UNION_DEFAULT_GATEWAY, type JdUnionSettings } from './providers/jd.ts';
import { PDD_DEFAULT_GATEWAY, type PddSettings } from './providers/pdd.ts';

export interface ItemSettings {
  /** Taobao Open Platform (淘宝联盟); unset = off. */
  taobao?: TaobaoSettings;
  /** JD Union (京东联盟); unset = off. */
  jdUnion?: JdUnionSettings;
  /** Pinduoduo 多多进宝; unset = off. */
  pdd?: PddSettings;
  /** A platform's answer is kept this long (per platform and item, shared by every replica). */
  itemCacheSeconds: number;
  /** Lookups per signed-in user, and per client address, in each window. */
  itemLookupUserLimit: number;
  itemLookupIpLimit: number;
  itemLookupWindowSeconds: number;
  /** A provider that has not answered after this long counts as failed (below the app's 30 s). */
  itemProviderTimeoutMs: number;
}

/** Both settings of a pair, or neither (undefined); one without the other is a problem. */
function pair(s: SettingsReader, keyName: string, secretName: string, what: string): [string, string] | undefined {
  const key = s.optional(keyName);
  const secret = s.optional(secretName);
  if (!key && !secret) return undefined;
  if (!key || !secret) {
    const [missing, given] = key ? [secretName, keyName] : [keyName, secretName];
    s.problems.push(problemLine(missing, `missing (${given} is set)`, `set both (${what}), or neither to leave that provider off`));
    return undefined;
  }
  return [key, secret];
}

/**
 * A gateway URL (the vendor's by default). Credentials in it are refused: fetch will not send them,
 * and its error quotes the URL whole, which would put the password in every failure the log and
 * the console's 商品接口 page show. The problem line names the setting, not its value.
 */
function gatewayUrl(s: SettingsReader, name: string, fallback: string): string {
  const raw = s.optional(name);
  let parsed: URL | undefined;
  try {
    parsed = raw ? new URL(raw) : undefined;
  } catch {
    parsed = undefined;
  }
  if (parsed && (parsed.username || parsed.password)) {
    s.problems.push(
      problemLine(name, 'a user or password in the URL is not sent', 'remove it (the platform signs each request with its keys)'),
    );
    return fallback;
  }
  return s.url(name, fallback);
}

export const itemSettings: SettingsSection<ItemSettings> = ({ s, serving, production, staging }) => {
  const settings: ItemSettings = {
    itemCacheSeconds: s.int('ITEM_CACHE_SECONDS', 86_400),
    itemLookupUserLimit: s.int('ITEM_LOOKUP_USER_LIMIT', 60, 1),
    itemLookupIpLimit: s.int('ITEM_LOOKUP_IP_LIMIT', 300, 1),
    itemLookupWindowSeconds: s.int('ITEM_LOOKUP_WINDOW_SECONDS', 600, 1),
    itemProviderTimeoutMs: s.int('ITEM_PROVIDER_TIMEOUT_MS', 25_000, 1),
  };
  if (settings.itemProviderTimeoutMs >= 30_000) {
    s.problems.push(
      problemLine(
        'ITEM_PROVIDER_TIMEOUT_MS',
        `${settings.itemProviderTimeoutMs} is not below 30000`,
        'set it below 30000: the app stops waiting for a lookup at 30 s',
      ),
    );
  }
  if (!serving) return settings;

  const taobao = pair(s, 'TAOBAO_APP_KEY', 'TAOBAO_APP_SECRET', 'the App Key and App Secret of a 淘宝联盟 application');
  if (taobao) {
    const signMethod = (s.optional('TAOBAO_SIGN_METHOD') ?? 'md5') as TopSignMethod;
    if (!TOP_SIGN_METHODS.includes(signMethod))
      s.problems.push(problemLine('TAOBAO_SIGN_METHOD', `"${signMethod}" is not a sign method`, 'set it to md5, hmac or hmac-sha256'));
    settings.taobao = {
      appKey: taobao[0],
      appSecret: taobao[1],
      gatewayUrl: gatewayUrl(s, 'TAOBAO_GATEWAY_URL', TAOBAO_DEFAULT_GATEWAY),
      signMethod,
    };
  }
  const jd = pair(s, 'JD_UNION_APP_KEY', 'JD_UNION_APP_SECRET', 'the AppKey and SecretKey of a 京东联盟 API application');
  if (jd) {
    const goodsQuery = s.optional('JD_UNION_GOODS_QUERY');
    settings.jdUnion = {
      appKey: jd[0],
      appSecret: jd[1],
      gatewayUrl: gatewayUrl(s, 'JD_UNION_GATEWAY_URL', JD_UNION_DEFAULT_GATEWAY),
      goodsQuery: goodsQuery === '1' || goodsQuery === 'true',
    };
  }
  const pdd = pair(s, 'PDD_CLIENT_ID', 'PDD_CLIENT_SECRET', 'the client_id and client_secret of a 多多进宝 application');
  if (pdd) {
    settings.pdd = {
      clientId: pdd[0],
      clientSecret: pdd[1],
      pid: s.required('PDD_PID', 'the 多多进宝 promotion slot (推广位) id, e.g. 12345678_123456789, whose media is registered (备案)'),
      gatewayUrl: gatewayUrl(s, 'PDD_GATEWAY_URL', PDD_DEFAULT_GATEWAY),
    };
  }
  // Production asks the platforms themselves: a gateway pointing at a stand-in is staging's (STAGING=1).
  if (production && !staging) {
    const gateways = [
      settings.taobao && standInEndpointProblem('TAOBAO_GATEWAY_URL', settings.taobao.gatewayUrl, TAOBAO_DEFAULT_GATEWAY),
      settings.jdUnion && standInEndpointProblem('JD_UNION_GATEWAY_URL', settings.jdUnion.gatewayUrl, JD_UNION_DEFAULT_GATEWAY),
      settings.pdd && standInEndpointProblem('PDD_GATEWAY_URL', settings.pdd.gatewayUrl, PDD_DEFAULT_GATEWAY),
    ];
    for (const problem of gateways) if (problem) s.problems.push(problem);
  }
  return settings;
};
