import { describe, expect, it } from 'vitest';
import { isMobilePhone, isUrlLike, isValidPassword } from './validators';

describe('isMobilePhone (11 digits, starts with 1, second digit 3-9)', () => {
  it.each(['13800138000', '19912345678', '15000000000'])('accepts %s', (phone) => expect(isMobilePhone(phone)).toBe(true));
  it.each(['12800138000', '10800138000', '1380013800', '138001380000', '23800138000', '1380013800a', '', ' 13800138000'])('rejects %j', (phone) =>
    expect(isMobilePhone(phone)).toBe(false),
  );
  it('rejects non-strings', () => expect(isMobilePhone(13800138000)).toBe(false));
});

describe('isUrlLike', () => {
  it.each(['https://item.taobao.com/item.htm?id=123', 'http://item.jd.com/100012.html', 'https://mobile.yangkeduo.com/goods.html?goods_id=9'])('accepts %s', (url) =>
    expect(isUrlLike(url)).toBe(true),
  );
  it.each(['item.taobao.com/item.htm?id=1', 'ftp://x.com/a', 'https://', 'javascript:alert(1)', 'https://localhost', 'not a url', ''])('rejects %j', (url) =>
    expect(isUrlLike(url)).toBe(false),
  );
});

describe('isValidPassword (8-32 letters and digits, both present)', () => {
  it('accepts letters and digits', () => {
    expect(isValidPassword('demo12345')).toBe(true);
    expect(isValidPassword('a1'.repeat(16))).toBe(true);
  });
  it('rejects too short, too long, one kind only, or other characters', () => {
    expect(isValidPassword('abc1234')).toBe(false);
    expect(isValidPassword('a1'.repeat(16) + 'x')).toBe(false);
    expect(isValidPassword('12345678')).toBe(false);
    expect(isValidPassword('abcdefgh')).toBe(false);
    expect(isValidPassword('abc 12345')).toBe(false);
    expect(isValidPassword('abc_12345')).toBe(false);
  });
});
