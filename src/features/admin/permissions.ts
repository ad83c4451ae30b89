/**
 * The server's role matrix (server/src/modules/admin/permissions.ts) as the console offers it:
 * nobody acts on their own account, an operator only on ordinary users. The console shows no
 * action the server would always refuse; the server still decides (and audits a refusal).
 */
import type { ConsoleMe, ConsoleRole } from '@common/admin-types';

export const mayActOn = (me: ConsoleMe, target: { phone: string; role: ConsoleRole | null }): boolean =>
  target.phone !== me.phone && (me.role === 'admin' || target.role === null);
