/**
 * What the data must hold before customers are served: checked at every production start (staging
 * too), after migrations and seeds, and by `npm run ops -- preflight`, in the problem lines of the
 * settings (config.ts problemLine). A placeholder support contact would be shown on every page; a
 * console without an admin leaves nobody to confirm transfers or answer a user; the demo account
 * (a database once started outside production) signs in with a password printed in every dev log.
 */
import { problemLine } from './config.ts';
import type { Db } from './db/client.ts';
import {
  contactPicturesOnExampleHosts,
  contactsWithPlaceholderQr,
  PLACEHOLDER_WECHAT_QR,
  type ContactPicture,
} from './modules/operator/index.ts';
import { activeAdminCount, demoAccountOpen, DEMO_PASSWORD, DEMO_PHONE } from './modules/user/index.ts';

const PICTURES: Record<ContactPicture, { what: string; command: string }> = {
  wechatQr: { what: 'WeChat QR code behind 联系客服', command: 'operator:set <昵称> <头像地址> <微信二维码地址> <备注>' },
  alipayCollectQr: { what: 'Alipay collect QR code users transfer to', command: 'collect:set alipay <收款码图片地址>' },
  wxpayCollectQr: { what: 'WeChat collect QR code users transfer to', command: 'collect:set wxpay <收款码图片地址>' },
};

/**
 * `staging`: a rehearsal (STAGING=1) may show pictures on a documentation host (example.com, .test),
 * as it talks to stand-ins; production may not.
 */
export async function goLiveProblems(db: Db, { staging = false }: { staging?: boolean } = {}): Promise<string[]> {
  const problems: string[] = [];
  for (const contact of await contactsWithPlaceholderQr(db)) {
    problems.push(
      contact.isDefault
        ? problemLine(
            'support contact',
            `the default contact ${contact.nickname} shows the sample WeChat QR code ${PLACEHOLDER_WECHAT_QR} on every page and behind 联系客服`,
            'set your own: npm run ops -- operator:set <昵称> <头像地址> <微信二维码地址> <备注>',
          )
        : problemLine(
            `support contact #${contact.id}`,
            `${contact.nickname} shows the sample WeChat QR code ${PLACEHOLDER_WECHAT_QR}`,
            'upload the real QR code in the console (/admin, 客服与收款), or disable the contact there',
          ),
    );
  }
  for (const found of staging ? [] : await contactPicturesOnExampleHosts(db)) {
    const { what, command } = PICTURES[found.picture];
    problems.push(
      problemLine(
        found.isDefault ? 'support contact' : `support contact #${found.id}`,
        `the ${what} of ${found.nickname} is ${found.url}, on a documentation host that reaches nobody`,
        found.isDefault
          ? `set your own: npm run ops -- ${command}`
          : 'upload the real picture in the console (/admin, 客服与收款), or disable the contact there',
      ),
    );
  }
  if (await demoAccountOpen(db)) {
    problems.push(
      problemLine(
        'demo account',
        `${DEMO_PHONE} is open with the published demo password ${DEMO_PASSWORD} and seeded points (this database was started outside production)`,
        `close it: npm run ops -- user:delete ${DEMO_PHONE}`,
      ),
    );
  }
  if ((await activeAdminCount(db)) === 0) {
    problems.push(
      problemLine(
        'console admin',
        'no account holds the admin role',
        'make the first one: npm run ops -- admin:create <your phone>, then set its password in the app with 忘记密码 (an SMS code to that phone)',
      ),
    );
  }
  return problems;
}
