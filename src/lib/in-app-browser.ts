/**
 * WeChat's and QQ's built-in browsers, from the user agent: `MicroMessenger`, and QQ's "QQ/8.9.x"
 * (the QQ Browser app says "MQQBrowser/" only, and is a browser of its own). Apart from
 * ./browser-class.ts so that the layout can ask without loading the rest.
 */
export function inAppBrowser(ua: string): 'wechat' | 'qq' | null {
  if (/MicroMessenger/i.test(ua)) return 'wechat';
  if (/(^|[^A-Za-z])QQ\/\d/.test(ua)) return 'qq';
  return null;
}
