/**
 * What the shopping apps' 分享 button copies, read without any network call: the first link and,
 * where the text carries one, the product title. The forms (fixtures in share-text.fixtures.ts, each
 * with its public source):
 * - Taobao/Tmall: `【淘宝】https://m.tb.cn/h.xxx?tk=yyy CZ0001 「title」 点击链接直接打开 或者 淘宝搜索直接打开`
 *   (also `【淘宝】7天无理由退货 https://e.tb.cn/…` where the words after the tag are a service
 *   badge, not the title; when the seller hid the title the quotes hold 「我在手机淘宝发现一个宝贝」);
 *   the older form `【title】http://m.tb.cn/h.xxx 点击链接，再选择浏览器咑閞…`.
 * - JD: `【京东】https://3.cn/xxx?jkl=@…@ CA1565 「title」 点击链接直接打开 或者复制文案打开京东`, or with
 *   u.jd.com.
 * - Pinduoduo: the page URL itself (mobile.yangkeduo.com/goods.html?goods_id=…&_oak_…) or a
 *   p.pinduoduo.com short link, sometimes after a title line.
 * A link without a scheme (`item.jd.com/1.html`) is read as https.
 */

export interface SharedText {
  /** The first link in the text, or null. */
  link: URL | null;
  /** The product title the text carries, if any (trimmed, at most TITLE_MAX characters). */
  title?: string;
}

export const SHARE_TEXT_MAX = 2000;
const TITLE_MAX = 100;

/** Tags the apps put in 【】 that are not a title. */
const PLATFORM_TAGS = /^(淘宝|天猫|手淘|手机淘宝|淘宝网|京东|京东商城|拼多多|多多|tb|jd|pdd)$/i;
/** What the quotes hold when the seller chose not to share the title. */
const PLACEHOLDER_TITLES = [/^我在(手机)?淘.{0,4}宝发现(了)?一个宝贝/, /^我在拼多多发现/, /^送你一份礼物/];

// Zero-width characters some share texts carry (to slip past chat apps' link filters): dropped
// before reading, so that they split neither a link nor a title.
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
// Left in a title by a hostile or broken text: controls, direction overrides, other invisible formats.
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

// A link runs to whitespace, a quote or a CJK punctuation mark (share texts glue 「 or ， to it).
const LINK = /https?:\/\/[^\s<>"'`「」『』【】（）()，。！？、；：“”‘’]+/i;
const BARE_LINK = /(?:^|[\s】」])((?:[a-z0-9-]+\.)+(?:com|cn|hk)\/[^\s<>"'`「」『』【】（）()，。！？、；：“”‘’]*)/i;

/** Reads a pasted text: its first link and the title it carries. */
export function readShareText(pasted: string): SharedText {
  if (!pasted || pasted.length > SHARE_TEXT_MAX) return { link: null };
  const text = pasted.replace(ZERO_WIDTH, '');
  const raw = LINK.exec(text)?.[0] ?? (BARE_LINK.exec(text)?.[1] ? `https://${BARE_LINK.exec(text)![1]}` : null);
  let link: URL | null = null;
  if (raw) {
    try {
      link = new URL(raw.replace(/[.,;:!?…]+$/, ''));
    } catch {
      link = null;
    }
  }
  const title = titleOf(text);
  return title ? { link, title } : { link };
}

function clean(title: string): string | undefined {
  const t = title.replace(/\s+/g, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
  if (!t || PLACEHOLDER_TITLES.some((p) => p.test(t))) return undefined;
  return t.length > TITLE_MAX ? t.slice(0, TITLE_MAX) : t;
}

function titleOf(text: string): string | undefined {
  // 「title」: Taobao and JD's current form.
  const quoted = /「([^「」]{1,300})」/.exec(text)?.[1];
  if (quoted !== undefined) return clean(quoted);
  // 【title】 that is not the platform's tag: Taobao's older form.
  for (const m of text.matchAll(/【([^【】]{1,300})】/g)) {
    if (!PLATFORM_TAGS.test(m[1]!.trim())) return clean(m[1]!);
  }
  // “title” (Pinduoduo's copy text).
  const curly = /“([^“”]{2,300})”/.exec(text)?.[1];
  return curly !== undefined ? clean(curly) : undefined;
}
