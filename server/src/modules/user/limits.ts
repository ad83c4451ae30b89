/**
 * The API's own limits on the calls that check a password or an SMS code (see http/rate-limit.ts),
 * counted before any of that work: per client address (IPv6: per /64) and per phone, so a password
 * spray over many phones from one line and a flood against one phone from many lines are both
 * bounded, with or without nginx in front. Settings: LOGIN_* and VERIFY_* (README).
 */
import type { AppContext } from '../../http/context.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { API_MESSAGES } from '../../http/messages.ts';
import { hitRateLimits } from '../../http/rate-limit.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config'>;

type Kind = 'login' | 'verify';

/** The limits of `kind` (settings LOGIN_* or VERIFY_*) and their refusals. */
function limitsOf(kind: Kind, c: Ctx['config']) {
  const m = API_MESSAGES.limit;
  return kind === 'login'
    ? {
        perAddress: c.loginIpLimit,
        perPhone: c.loginPhoneLimit,
        windowSeconds: c.loginWindowSeconds,
        messages: { address: m.loginAddress, phone: m.loginPhone },
      }
    : {
        perAddress: c.verifyIpLimit,
        perPhone: c.verifyPhoneLimit,
        windowSeconds: c.verifyWindowSeconds,
        messages: { address: m.verifyAddress, phone: m.verifyPhone },
      };
}

/** One request counted against its address's and its phone's limits of `kind`; 429 once either is used up. */
function limitAddressAndPhone(ctx: Ctx, kind: Kind, phone: string, ip: string | null | undefined): Promise<void> {
  const { perAddress, perPhone, windowSeconds, messages } = limitsOf(kind, ctx.config);
  return hitRateLimits(
    ctx.db,
    [
      { bucket: `${kind}:address`, key: clientAddressKey(ip ?? undefined), max: perAddress, windowSeconds, message: messages.address },
      { bucket: `${kind}:phone`, key: phone, max: perPhone, windowSeconds, message: messages.phone },
    ],
    ctx.clock.now(),
  );
}

/** A sign-in attempt (pwd-login). */
export const limitSignIn = (ctx: Ctx, phone: string, ip: string | null | undefined) => limitAddressAndPhone(ctx, 'login', phone, ip);

/** A request that checks an SMS code (registration, password reset or change, account deletion): one budget for all. */
export const limitCodeCheck = (ctx: Ctx, phone: string, ip: string | null | undefined) => limitAddressAndPhone(ctx, 'verify', phone, ip);
