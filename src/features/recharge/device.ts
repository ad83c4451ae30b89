/** Whether this browser is a phone's: Alipay then pays in its phone cashier (a redirect) rather than by scanning a QR code. */
export const isPhoneBrowser = (userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent) =>
  /Android|iPhone|iPod|Mobile|HarmonyOS/i.test(userAgent);
