/**
 * Product link recognition, pure (it reads only the link): Taobao/Tmall `item.htm?id=` (desktop,
 * mobile, Tmall supermarket and global), `a.m.taobao.com/i{id}.htm`; JD `item.jd.com/{id}.html`,
 * `item.m.jd.com/product/{id}.html`, `…/ware/view.action?wareId=` and the WeChat `wqitem.jd.com
 * /item/view?sku=` pages; Pinduoduo `goods_id=` on its goods pages. Short links (m.tb.cn, u.jd.com,
 * 3.cn, p.pinduoduo.com, …) are recognised as such here and followed by short-links.ts.
 */
import type { FlowType } from '../../../../common/domain.ts';
import { readShareText } from './share-text.ts';

export interface RecognisedItem {
  flowType: FlowType;
  itemId: string;
  /** Canonical product page of the item. */
  url: string;
}

export const UNRECOGNISED_LINK = '无法识别的商品链接';

const ITEM_ID = /^\d{5,20}$/;
export const isItemId = (v: string) => ITEM_ID.test(v);

export const hostIs = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The platforms' own domains: every hop of a short link must stay on them (short-links.ts). */
export const PLATFORM_DOMAINS: Record<FlowType, readonly string[]> = {
  tb: ['taobao.com', 'tmall.com', 'tmall.hk', 'tb.cn'],
  jd: ['jd.com', 'jd.hk', '3.cn'],
  pdd: ['yangkeduo.com', 'pinduoduo.com'],
};

/** Short-link hosts the apps share, by platform (followed on the server, never guessed). */
export const SHORT_LINK_HOSTS: Record<FlowType, readonly string[]> = {
  tb: ['m.tb.cn', 'e.tb.cn', 's.tb.cn', 'tb.cn'],
  jd: ['u.jd.com', '3.cn', 'union-click.jd.com'],
  pdd: ['p.pinduoduo.com'],
};

export function platformOf(url: URL): FlowType | null {
  const host = url.hostname.toLowerCase();
  for (const [flowType, domains] of Object.entries(PLATFORM_DOMAINS) as [FlowType, readonly string[]][]) {
    if (domains.some((d) => hostIs(host, d))) return flowType;
  }
  return null;
}

/** The platform of a short link, or null when `url` is not one. */
export function shortLinkPlatform(url: URL): FlowType | null {
  const host = url.hostname.toLowerCase();
  for (const [flowType, hosts] of Object.entries(SHORT_LINK_HOSTS) as [FlowType, readonly string[]][]) {
    if (hosts.includes(host)) return flowType;
  }
  return null;
}

export const canonicalUrl = (flowType: FlowType, itemId: string, tmall = false): string => {
  if (flowType === 'jd') return `https://item.jd.com/${itemId}.html`;
  if (flowType === 'pdd') return `https://mobile.yangkeduo.com/goods.html?goods_id=${itemId}`;
  return tmall ? `https://detail.tmall.com/item.htm?id=${itemId}` : `https://item.taobao.com/item.htm?id=${itemId}`;
};

const param = (url: URL, name: string) => url.searchParams.get(name) ?? '';

/** The item a product page's URL names, or null (a short link, a shop, a search page…). */
export function recogniseItemUrl(url: URL): RecognisedItem | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const path = url.pathname;

  if (hostIs(host, 'taobao.com') || hostIs(host, 'tmall.com') || hostIs(host, 'tmall.hk')) {
    const tmall = !hostIs(host, 'taobao.com');
    // a.m.taobao.com/i612345678901.htm: where m.tb.cn pages point
    const short = /^\/(?:i|item\/)(\d{5,20})\.htm$/.exec(path)?.[1];
    // item.htm (desktop, Tmall, supermarket), detail.htm (h5.m.taobao.com), detail.html (m.intl.taobao.com)
    const id = short ?? (/\/(item|detail)\.html?$/.test(path) ? param(url, 'id') : '');
    if (!isItemId(id)) return null;
    return { flowType: 'tb', itemId: id, url: canonicalUrl('tb', id, tmall) };
  }
  if (hostIs(host, 'jd.com') || hostIs(host, 'jd.hk')) {
    let id = '';
    if (/^(item|item\.m|npcitem|item\.yiyaojd|m)\./.test(host) || host === 'jd.hk') {
      id = /^\/(?:product\/)?(\d{5,20})\.html$/.exec(path)?.[1] ?? '';
      if (!id && path === '/ware/view.action') id = param(url, 'wareId');
    }
    if (!id && /^(wqitem|wq|wqs)\./.test(host) && path === '/item/view') id = param(url, 'sku');
    if (!isItemId(id)) return null;
    return { flowType: 'jd', itemId: id, url: canonicalUrl('jd', id) };
  }
  if (hostIs(host, 'yangkeduo.com') || hostIs(host, 'pinduoduo.com')) {
    const id = param(url, 'goods_id');
    if (!isItemId(id) || !/\.html$/.test(path)) return null;
    return { flowType: 'pdd', itemId: id, url: canonicalUrl('pdd', id) };
  }
  return null;
}

/** The item a pasted text (link or share text) names directly, or null; short links are not followed here. */
export function recogniseItemLink(text: string): RecognisedItem | null {
  const { link } = readShareText(text);
  return link ? recogniseItemUrl(link) : null;
}
