/**
 * Tencent Cloud SMS through the official SDK (tencentcloud-sdk-nodejs-sms, SendSms 2021-01-11,
 * TC3-HMAC-SHA256). A refused request comes back as Response.Error (the SDK throws); a refused
 * number as a SendStatusSet entry whose Code is not "Ok".
 */
import * as tencentcloud from 'tencentcloud-sdk-nodejs-sms';
import type { TencentSmsSettings } from './settings.ts';
import type { SmsProvider } from './provider.ts';
import type { SmsType } from '../../../../common/domain.ts';
import { SmsGatewayError, safeFailureReason } from './gateway-error.ts';

const SmsClient = tencentcloud.sms.v20210111.Client;

export function tencentSmsProvider(settings: TencentSmsSettings, timeoutMs: number): SmsProvider {
  const endpoint = new URL(settings.endpoint);
  // The SDK signs for the service named by the endpoint's first label ("sms" on the vendor's host).
  const client = new SmsClient({
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: settings.region,
    profile: { httpProfile: { endpoint: endpoint.host, protocol: endpoint.protocol + '//', reqTimeout: timeoutMs / 1000 } },
  });
  return {
    name: 'tencent',
    async send({ phone, type, code }) {
      const template = settings.templateIds[type as SmsType];
      // settings.ts gives every known type a template; an unknown type is never sent without one.
      if (!template) throw new SmsGatewayError('tencent', `no template for SMS code type ${type}`);
      let answer;
      try {
        answer = await client.SendSms({
          // Tencent wants E.164 numbers; ours are mainland mobiles.
          PhoneNumberSet: [`+86${phone}`],
          SmsSdkAppId: settings.sdkAppId,
          SignName: settings.signName,
          TemplateId: template,
          TemplateParamSet: [code],
        });
      } catch (error) {
        throw new SmsGatewayError('tencent', safeFailureReason(error, [code, settings.secretKey]));
      }
      const status = answer.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') {
        throw new SmsGatewayError(
          'tencent',
          safeFailureReason({ code: status?.Code, message: `${status?.Message} (RequestId ${answer.RequestId})` }, [code]),
        );
      }
    },
  };
}
