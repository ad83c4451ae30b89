/**
 * The signers against the vendors' own published examples (parameters and expected signatures
 * copied from their documentation), and the two HMAC variants of TOP against the RFCs' test
 * vectors (TOP's page gives no HMAC example: HMAC over the concatenation, so a one-parameter
 * request whose concatenation is the RFC's data must give the RFC's digest).
 */
import { describe, expect, it } from 'vitest';
import { beijingTimestamp, concatenated, jdSign, pddSign, topSign } from './signers.ts';

describe('Taobao Open Platform (open.taobao.com docId=101617, 签名算法 example)', () => {
  const params = {
    method: 'taobao.item.seller.get',
    app_key: '12345678',
    session: 'test',
    timestamp: '2016-01-01 12:00:00',
    format: 'json',
    v: '2.0',
    sign_method: 'md5',
    fields: 'num_iid,title,nick,price,num',
    num_iid: '11223344',
  };
  it('md5: the documented concatenation and signature', () => {
    expect(concatenated(params)).toBe(
      'app_key12345678fieldsnum_iid,title,nick,price,numformatjsonmethodtaobao.item.seller.getnum_iid11223344sessiontestsign_methodmd5timestamp2016-01-01 12:00:00v2.0',
    );
    expect(topSign(params, 'helloworld', 'md5')).toBe('66987CB115214E59E6EC978214934FB8');
  });
  it('leaves sign and empty values out', () => {
    expect(topSign({ ...params, sign: 'X', empty: '' }, 'helloworld', 'md5')).toBe('66987CB115214E59E6EC978214934FB8');
  });
  it('hmac is HMAC-MD5 keyed with the secret (RFC 2202 test case 2)', () => {
    // key "Jefe", data "what do ya want for nothing?"
    expect(topSign({ what: ' do ya want for nothing?' }, 'Jefe', 'hmac')).toBe('750C783E6AB0B503EAA86E310A5DB738');
  });
  it('hmac-sha256 is HMAC-SHA256 keyed with the secret (RFC 4231 test case 2)', () => {
    expect(topSign({ what: ' do ya want for nothing?' }, 'Jefe', 'hmac-sha256')).toBe(
      '5BDCC146BF60754E6A042426089575C75A003F089D2739839DEC58B964EC3843',
    );
  });
  it('writes the timestamp in Beijing time', () => {
    expect(beijingTimestamp(new Date('2016-01-01T04:00:00Z'))).toBe('2016-01-01 12:00:00');
    expect(beijingTimestamp(new Date('2016-12-31T20:30:05Z'))).toBe('2017-01-01 04:30:05');
  });
});

describe('JD (open.jd.com 签名规则 example)', () => {
  it('md5 wrapped in the secret, 360buy_param_json sorted first', () => {
    const params = {
      '360buy_param_json':
        '{"end_date":null,"optional_fields":null,"order_state":"WAIT_SELLER_STOCK_OUT","page":"1","page_size":"200","start_date":null}',
      access_token: 'yourtoken',
      app_key: 'yourappkey',
      method: 'jingdong.pop.order.search',
      timestamp: '2021-05-07 09:20:39.683+0800',
      v: '2.0',
    };
    expect(jdSign(params, 'yourappSecret')).toBe('D70825340F4084360B9362B60DFD7930');
  });
});

describe('Pinduoduo (open.pinduoduo.com API 调用说明, 签名算法 example)', () => {
  it('md5 wrapped in the client secret', () => {
    const params = {
      type: 'pdd.order.number.list.get',
      client_id: '1',
      page: '1',
      page_size: '10',
      data_type: 'XML',
      timestamp: '1480411125',
      order_status: '1',
      access_token: 'asd78172s8ds9a921j9qqwda12312w1w21211',
    };
    expect(concatenated(params)).toBe(
      'access_tokenasd78172s8ds9a921j9qqwda12312w1w21211client_id1data_typeXMLorder_status1page1page_size10timestamp1480411125typepdd.order.number.list.get',
    );
    expect(pddSign(params, 'testSecret')).toBe('E4DE3ED21002510DED352819E7AE6775');
  });
});
