/**
 * A local stand-in for Aliyun's SMS API (dysmsapi 2017-05-25, SendSms) that checks what the vendor
 * checks, written from the vendor's documentation rather than from the SDK: the V3 request
 * signature (ACS3-HMAC-SHA256 over the canonical request, with the AccessKey secret the test
 * generated), its date and nonce, the payload hash, the action and version, then the sign name,
 * template code, mainland phone number and the template's `code` parameter. It answers the way the
 * vendor does: HTTP 200 with Code "OK" (or an isv.* code for a refused send), HTTP 4xx for a
 * request that fails authentication.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { header, startVendorFake, type FakeAnswer, type FakeListen, type FakeRequest, type VendorFake } from './http-fake.ts';

export interface AliyunSmsAccount {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Approved templates; each has the one parameter ${code}. */
  templateCodes: string[];
}

export interface AliyunSentSms {
  phone: string;
  signName: string;
  templateCode: string;
  code: string;
}

export type AliyunSmsFake = VendorFake<AliyunSmsAccount, AliyunSentSms>;

/** A fresh account with a random AccessKey pair. */
export const newAliyunAccount = (): AliyunSmsAccount => ({
  accessKeyId: `LTAI${randomBytes(8).toString('hex')}`,
  accessKeySecret: randomBytes(15).toString('base64url'),
  signName: '任务计划',
  templateCodes: ['SMS_480000001', 'SMS_480000003', 'SMS_480000004'],
});

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
// RFC 3986: encodeURIComponent leaves !'()* alone, the vendor encodes them.
const percentEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const MAX_CLOCK_SKEW_MS = 15 * 60_000;

export async function startAliyunSmsFake(account: AliyunSmsAccount = newAliyunAccount(), listen?: FakeListen): Promise<AliyunSmsFake> {
  const usedNonces = new Set<string>();
  const requestId = () => randomUUID().toUpperCase();
  const httpError = (status: number, code: string, message: string): FakeAnswer => {
    fake.refusals.push(code);
    return {
      status,
      body: {
        RequestId: requestId(),
        HostId: 'dysmsapi.aliyuncs.com',
        Code: code,
        Message: message,
        Recommend: `https://api.aliyun.com/troubleshoot?q=${code}`,
      },
    };
  };
  const refused = (code: string, message: string): FakeAnswer => {
    fake.refusals.push(code);
    return { status: 200, body: { RequestId: requestId(), Code: code, Message: message } };
  };

  const authenticate = (request: FakeRequest): FakeAnswer | null => {
    const authorization = header(request, 'authorization');
    const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!match) return httpError(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    const [, keyId, signedHeaderList, signature] = match;
    if (keyId !== account.accessKeyId) return httpError(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const date = Date.parse(header(request, 'x-acs-date'));
    if (Number.isNaN(date) || Math.abs(Date.now() - date) > MAX_CLOCK_SKEW_MS)
      return httpError(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    const nonce = header(request, 'x-acs-signature-nonce');
    if (!nonce) return httpError(400, 'MissingSignatureNonce', 'SignatureNonce is mandatory for this action.');
    if (usedNonces.has(nonce)) return httpError(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    const payloadHash = sha256Hex(request.body);
    if (header(request, 'x-acs-content-sha256') !== payloadHash)
      return httpError(400, 'ContentSha256NotMatched', 'The x-acs-content-sha256 header does not match the request body.');

    const signedHeaders = signedHeaderList!.split(';');
    for (const required of ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version']) {
      if (!signedHeaders.includes(required)) return httpError(400, 'IncompleteSignature', `The header ${required} must be signed.`);
    }
    const query = [...request.url.searchParams]
      .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const canonicalRequest = [
      request.method,
      request.url.pathname,
      query.map(([k, v]) => `${k}=${v}`).join('&'),
      signedHeaders.map((name) => `${name}:${header(request, name).trim()}\n`).join(''),
      signedHeaders.join(';'),
      payloadHash,
    ].join('\n');
    const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`;
    const expected = createHmac('sha256', account.accessKeySecret).update(stringToSign).digest('hex');
    if (expected !== signature) return httpError(400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.');
    usedNonces.add(nonce);
    return null;
  };

  const fake: AliyunSmsFake = await startVendorFake<AliyunSmsAccount, AliyunSentSms>(
    account,
    (request) => {
      const failed = authenticate(request);
      if (failed) return failed;
      if (header(request, 'x-acs-action') !== 'SendSms')
        return httpError(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
      if (header(request, 'x-acs-version') !== '2017-05-25')
        return httpError(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
      const params = new URLSearchParams(request.url.searchParams);
      if (header(request, 'content-type').startsWith('application/x-www-form-urlencoded')) {
        for (const [k, v] of new URLSearchParams(request.body.toString('utf8'))) params.set(k, v);
      }
      const phone = params.get('PhoneNumbers') ?? '';
      const signName = params.get('SignName') ?? '';
      const templateCode = params.get('TemplateCode') ?? '';
      if (fake.failureMode === 'vendor-error') return refused('isv.BUSINESS_LIMIT_CONTROL', '触发分钟级流控Permits:1');
      if (!/^(\+?86)?1\d{10}$/.test(phone)) return refused('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
      if (signName !== account.signName) return refused('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
      if (!account.templateCodes.includes(templateCode)) return refused('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
      let templateParam: unknown;
      try {
        templateParam = JSON.parse(params.get('TemplateParam') ?? '');
      } catch {
        return refused('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
      }
      const code = (templateParam as { code?: unknown } | null)?.code;
      if (code === undefined) return refused('isv.TEMPLATE_MISSING_PARAMETERS', '模板变量缺少对应参数值');
      if (typeof code !== 'string') return refused('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
      fake.sent.push({ phone, signName, templateCode, code });
      return {
        status: 200,
        body: { Message: 'OK', RequestId: requestId(), Code: 'OK', BizId: `${Date.now()}${randomBytes(3).readUIntBE(0, 3)}^0` },
      };
    },
    () => ({
      RequestId: requestId(),
      HostId: 'dysmsapi.aliyuncs.com',
      Code: 'InternalError',
      Message: 'The request processing has failed due to some unknown error, exception or failure.',
    }),
    listen,
  );
  return fake;
}
