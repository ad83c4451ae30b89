/**
 * Product link recognition: Taobao/Tmall `item.htm?id=`, JD
 * `item.jd.com/{id}.html` and `item.m.jd.com/product/{id}.html`, Pinduoduo `goods_id=`. Pure: it
 * reads only the link. Users paste share texts ("【淘宝】… https://… 复制…"), so the first link
 * inside the text counts, and a link without a scheme is read as https.
 */
import type { FlowType } from '../../../../common/domain.ts';

export interface RecognisedItem {
  flowType: FlowType;
  itemId: string;
  /** Canonical product page of the item. */
  url: string;
}

export const UNRECOGNISED_LINK = '无法识别的商品链接';

const ITEM_ID = /^\d{5,20}$/;
export const isItemId = (v: string) => ITEM_ID.test(v);

const hostIs = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

function parseLink(text: string): URL | null {
  const trimmed = text.trim();
  const found =
    /https?:\/\/[^\s<>"'，。！]+/i.exec(trimmed)?.[0] ??
    (/^[\w.-]+\.[a-z]{2,}\//i.test(trimmed) ? `https://${trimmed.split(/\s/)[0]}` : null);
  if (!found) return null;
  try {
    return new URL(found);
  } catch {
    return null;
  }
}

export const canonicalUrl = (flowType: FlowType, itemId: string, tmall = false): string => {
  if (flowType === 'jd') return `https://item.jd.com/${itemId}.html`;
  if (flowType === 'pdd') return `https://mobile.yangkeduo.com/goods.html?goods_id=${itemId}`;
  return tmall ? `https://detail.tmall.com/item.htm?id=${itemId}` : `https://item.taobao.com/item.htm?id=${itemId}`;
};

/** The item a link points to, or null when it is not a product link of the three platforms. */
export function recogniseItemLink(text: string): RecognisedItem | null {
  if (!text || text.length > 2000) return null;
  const url = parseLink(text);
  if (!url) return null;
  const host = url.hostname.toLowerCase();

  if (hostIs(host, 'taobao.com') || hostIs(host, 'tmall.com') || hostIs(host, 'tmall.hk')) {
    const id = url.searchParams.get('id') ?? '';
    if (!isItemId(id)) return null;
    const tmall = !hostIs(host, 'taobao.com');
    return { flowType: 'tb', itemId: id, url: canonicalUrl('tb', id, tmall) };
  }
  if (hostIs(host, 'jd.com') || hostIs(host, 'jd.hk')) {
    const m = /^\/(?:product\/)?(\d{5,20})\.html$/.exec(url.pathname);
    if (!m || !(host.startsWith('item.') || host.startsWith('item.m.') || host.startsWith('npcitem.'))) return null;
    return { flowType: 'jd', itemId: m[1]!, url: canonicalUrl('jd', m[1]!) };
  }
  if (hostIs(host, 'yangkeduo.com') || hostIs(host, 'pinduoduo.com')) {
    const id = url.searchParams.get('goods_id') ?? '';
    if (!isItemId(id)) return null;
    return { flowType: 'pdd', itemId: id, url: canonicalUrl('pdd', id) };
  }
  return null;
}
