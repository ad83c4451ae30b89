/**
 * The privacy policy's version and the retention periods it states, shared by the app (the /privacy
 * page and the consent panel), the server (registration, the consent API, the retention sweep) and
 * the docs. Raise PRIVACY_POLICY_VERSION whenever the policy's text changes in substance: every
 * signed-in user who agreed to an older version is asked to agree again.
 */
export const PRIVACY_POLICY_VERSION = 1;
/** When this version took effect (shown on the page). */
export const PRIVACY_POLICY_DATE = '2026-11-27';

/**
 * How long each kind of record is kept, in days, before the retention sweep removes it.
 * Sign-in records (a session's address and device) are counted from the session's end and kept at
 * least the six months China's Cybersecurity Law (网络安全法 第二十一条) asks of network logs.
 */
export const RETENTION_DAYS = {
  /** Ended sessions (revoked or expired): the sign-in time, address and user agent. */
  signIn: 190,
  /** SMS verification codes (hashed) with the requesting address. */
  smsCode: 30,
  /** Per-address SMS send attempts (the rate limit's counter). */
  smsSendAttempt: 1,
  /** The other rate limits' counters: per address (IPv6: its /64), per phone, per account (windows of at most a day). */
  rateLimit: 1,
  /** The development SMS outbox (never used in production). */
  smsOutbox: 1,
  /** Stored answers to requests sent with an Idempotency-Key. */
  idempotency: 1,
} as const;

/** Orders and the points ledger: kept as accounting records (会计档案管理办法), also after deletion, without the phone. */
export const ACCOUNTING_RETENTION_YEARS = 30;
