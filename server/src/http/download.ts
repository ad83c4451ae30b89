/**
 * A download's Content-Disposition: an ASCII file name for old clients and the Chinese one (RFC
 * 5987), both stamped with the business day, e.g. plans-20261122.xlsx / 计划列表-20261122.xlsx.
 */
import { localDate } from '../../../common/zoned-time.ts';

export function datedAttachment(asciiName: string, name: string, extension: string, now: Date, timeZone: string): string {
  const stamp = localDate(now, timeZone).replaceAll('-', '');
  return `attachment; filename="${asciiName}-${stamp}.${extension}"; filename*=UTF-8''${encodeURIComponent(`${name}-${stamp}.${extension}`)}`;
}
