import { describe, expect, it } from 'vitest';
import { isMobile, isValidPassword } from './account-rules.ts';

describe('mobile number (11 digits, starts with 1, second digit 3-9)', () => {
  it.each(['13800138000', '19912345678', '15000000000'])('accepts %s', (phone) => expect(isMobile(phone)).toBe(true));
  it.each(['12800138000', '10800138000', '1380013800', '138001380000', '23800138000', '1380013800a', '', ' 13800138000'])(
    'rejects %j',
    (phone) => expect(isMobile(phone)).toBe(false),
  );
  it('rejects non-strings', () => expect(isMobile(13800138000)).toBe(false));
});

describe('password (8-32 letters and digits, both present)', () => {
  it('accepts letters and digits from 8 to 32 characters', () => {
    expect(isValidPassword('demo12345')).toBe(true);
    expect(isValidPassword('a1'.repeat(16))).toBe(true);
  });
  it('refuses too short, too long, one kind only, other characters', () => {
    expect(isValidPassword('abc1234')).toBe(false);
    expect(isValidPassword('a1'.repeat(16) + 'x')).toBe(false);
    expect(isValidPassword('12345678')).toBe(false);
    expect(isValidPassword('abcdefgh')).toBe(false);
    expect(isValidPassword('abc 12345')).toBe(false);
    expect(isValidPassword('abc_12345')).toBe(false);
    expect(isValidPassword(12345678)).toBe(false);
  });
});
