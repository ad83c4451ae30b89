/**
 * A local stand-in for Tencent Cloud's SMS API (SendSms, version 2021-01-11) that checks what the
 * vendor checks, written from the vendor's documentation: the TC3-HMAC-SHA256 signature (derived
 * key from the SecretKey the test generated, credential scope date/service/tc3_request, signed
 * content-type and host, payload hash), the timestamp, action and version, then the SdkAppId,
 * sign name, template ID, E.164 (+86) phone numbers and the template parameter set (one code).
 * It answers as the vendor does: HTTP 200 with `Response`, either `Error` {Code, Message} for a
 * refused request or a SendStatusSet entry per number whose Code is "Ok" or an error code.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { header, startVendorFake, type FakeAnswer, type FakeRequest, type VendorFake } from './http-fake.ts';

export interface TencentSmsAccount {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  /** Approved templates; each has the one parameter {1}, the code. */
  templateIds: string[];
}

export interface TencentSentSms {
  phone: string;
  signName: string;
  templateId: string;
  code: string;
  region: string;
}

export type TencentSmsFake = VendorFake<TencentSmsAccount, TencentSentSms>;

export const newTencentAccount = (): TencentSmsAccount => ({
  secretId: `AKID${randomBytes(16).toString('hex')}`,
  secretKey: randomBytes(16).toString('hex'),
  sdkAppId: `1400${String(randomBytes(3).readUIntBE(0, 3)).padStart(6, '0')}`,
  signName: '任务计划',
  templateIds: ['2100001', '2100003', '2100004'],
});

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const MAX_CLOCK_SKEW_S = 300;

export async function startTencentSmsFake(account: TencentSmsAccount = newTencentAccount()): Promise<TencentSmsFake> {
  const error = (code: string, message: string): FakeAnswer => {
    fake.refusals.push(code);
    return { status: 200, body: { Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } } };
  };

  const authenticate = (request: FakeRequest): FakeAnswer | null => {
    const match =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        header(request, 'authorization'),
      );
    if (!match) return error('AuthFailure.InvalidAuthorization', 'Authorization in the request header is invalid.');
    const [, secretId, date, service, signedHeaderList, signature] = match;
    if (secretId !== account.secretId)
      return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found, please ensure that your SecretId is correct.');
    const timestamp = Number(header(request, 'x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > MAX_CLOCK_SKEW_S) {
      return error('AuthFailure.SignatureExpire', 'Signature expired. Timestamp and server time cannot differ by more than five minutes.');
    }
    // The service is the product named by the host (sms.tencentcloudapi.com -> sms); the fake is
    // reached by IP, so it holds the requester to whatever its Host names, like the vendor does.
    const hostname = header(request, 'host').replace(/:\d+$/, '');
    const signedHeaders = signedHeaderList!.split(';');
    if (
      date !== new Date(timestamp * 1000).toISOString().slice(0, 10) ||
      service !== hostname.split('.')[0] ||
      !signedHeaders.includes('content-type') ||
      !signedHeaders.includes('host')
    ) {
      return error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    }
    const canonicalHeaders = signedHeaders
      .map((name) => `${name}:${(name === 'host' ? hostname : header(request, name)).trim().toLowerCase()}\n`)
      .join('');
    const canonicalRequest = [
      request.method,
      request.url.pathname,
      request.url.search.slice(1),
      canonicalHeaders,
      signedHeaders.join(';'),
      sha256Hex(request.body),
    ].join('\n');
    const stringToSign = ['TC3-HMAC-SHA256', String(timestamp), `${date}/${service}/tc3_request`, sha256Hex(canonicalRequest)].join('\n');
    const signingKey = hmac(hmac(hmac(`TC3${account.secretKey}`, date!), service!), 'tc3_request');
    if (hmac(signingKey, stringToSign).toString('hex') !== signature) {
      return error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    }
    return null;
  };

  const status = (phone: string, code: string, message: string) => ({
    SerialNo: code === 'Ok' ? `2640:${randomBytes(12).toString('hex')}` : '',
    PhoneNumber: phone,
    Fee: code === 'Ok' ? 1 : 0,
    SessionContext: '',
    Code: code,
    Message: message,
    IsoCode: code === 'Ok' ? 'CN' : '',
  });

  const fake: TencentSmsFake = await startVendorFake<TencentSmsAccount, TencentSentSms>(
    account,
    (request) => {
      const failed = authenticate(request);
      if (failed) return failed;
      if (header(request, 'x-tc-action') !== 'SendSms') return error('InvalidAction', 'The requested action does not exist.');
      if (header(request, 'x-tc-version') !== '2021-01-11')
        return error('NoSuchVersion', 'The requested version does not exist or is not supported.');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(request.body.toString('utf8'));
      } catch {
        return error('InvalidParameter', 'The request body is not valid JSON.');
      }
      if (body.SmsSdkAppId !== account.sdkAppId) return error('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId does not exist.');
      const phones = Array.isArray(body.PhoneNumberSet) ? (body.PhoneNumberSet as unknown[]) : [];
      if (phones.length === 0) return error('MissingParameter.EmptyPhoneNumberSet', 'The PhoneNumberSet parameter is empty.');
      const params = Array.isArray(body.TemplateParamSet) ? (body.TemplateParamSet as unknown[]) : [];
      const statuses = phones.map((entry) => {
        const phone = String(entry);
        if (fake.failureMode === 'vendor-error')
          return status(
            phone,
            'LimitExceeded.PhoneNumberDailyLimit',
            'the number of sms messages sent from a single mobile number every day exceeds the upper limit',
          );
        if (!/^\+861\d{10}$/.test(phone))
          return status(phone, 'InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number format');
        if (body.SignName !== account.signName)
          return status(phone, 'FailedOperation.SignatureIncorrectOrUnapproved', 'signature format error or signature not approved');
        if (typeof body.TemplateId !== 'string' || !account.templateIds.includes(body.TemplateId)) {
          return status(
            phone,
            'FailedOperation.TemplateIncorrectOrUnapproved',
            'template is not approved or request content does not match the approved template content',
          );
        }
        if (params.length !== 1 || typeof params[0] !== 'string') {
          return status(
            phone,
            'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
            'request content does not match the approved template content',
          );
        }
        fake.sent.push({
          phone,
          signName: body.SignName,
          templateId: body.TemplateId,
          code: params[0],
          region: header(request, 'x-tc-region'),
        });
        return status(phone, 'Ok', 'send success');
      });
      for (const s of statuses) if (s.Code !== 'Ok') fake.refusals.push(s.Code);
      return { status: 200, body: { Response: { SendStatusSet: statuses, RequestId: randomUUID() } } };
    },
    () => 'Internal Server Error',
  );
  return fake;
}
