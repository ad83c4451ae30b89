/**
 * Aliyun SMS through the official SDK (@alicloud/dysmsapi20170525, SendSms). The vendor answers a
 * refused send with HTTP 200 and a Code other than "OK" (e.g. isv.BUSINESS_LIMIT_CONTROL); the SDK
 * throws for HTTP errors (bad signature, unknown key, 5xx).
 */
import { createRequire } from 'node:module';
import type DysmsapiExports from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import type { AliyunSmsSettings } from './settings.ts';
import type { SmsProvider } from './provider.ts';
import type { SmsType } from '../../../../common/domain.ts';
import { SmsGatewayError, safeFailureReason } from './gateway-error.ts';

// required, not imported: Node's ESM loader and Vitest disagree on what this CommonJS package's
// default import is; its exports object is the same everywhere.
const Dysmsapi = createRequire(import.meta.url)('@alicloud/dysmsapi20170525') as typeof DysmsapiExports;

export function aliyunSmsProvider(settings: AliyunSmsSettings, timeoutMs: number): SmsProvider {
  const endpoint = new URL(settings.endpoint);
  const client = new Dysmsapi.default(
    new $OpenApiUtil.Config({
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      endpoint: endpoint.host,
      protocol: endpoint.protocol.replace(':', ''),
      connectTimeout: timeoutMs,
      readTimeout: timeoutMs,
    }),
  );
  return {
    name: 'aliyun',
    async send({ phone, type, code }) {
      const template = settings.templateCodes[type as SmsType];
      // settings.ts gives every known type a template; an unknown type is never sent without one.
      if (!template) throw new SmsGatewayError('aliyun', `no template for SMS code type ${type}`);
      let answer;
      try {
        answer = await client.sendSms(
          new Dysmsapi.SendSmsRequest({
            phoneNumbers: phone,
            signName: settings.signName,
            templateCode: template,
            templateParam: JSON.stringify({ code }),
          }),
        );
      } catch (error) {
        throw new SmsGatewayError('aliyun', safeFailureReason(error, [code, settings.accessKeySecret]));
      }
      const body = answer.body;
      if (body?.code !== 'OK') {
        throw new SmsGatewayError(
          'aliyun',
          safeFailureReason({ code: body?.code, message: `${body?.message} (RequestId ${body?.requestId})` }, [code]),
        );
      }
    },
  };
}
