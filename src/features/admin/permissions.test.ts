import { describe, expect, it } from 'vitest';
import type { ConsoleRole } from '@common/admin-types';
import { mayActOn } from './permissions';

// The server's role matrix (server/src/modules/admin/role-matrix.test.ts) for the actions open to
// both roles: nobody on their own account, an operator on ordinary users only, an admin on anyone else.
const ME = '13800000001';
const TARGETS: Record<'self' | 'user' | 'operator' | 'admin', { phone: string; role: ConsoleRole | null }> = {
  self: { phone: ME, role: null },
  user: { phone: '13800000002', role: null },
  operator: { phone: '13800000003', role: 'operator' },
  admin: { phone: '13800000004', role: 'admin' },
};
const ALLOWED: Record<ConsoleRole, (keyof typeof TARGETS)[]> = { operator: ['user'], admin: ['user', 'operator', 'admin'] };

describe('mayActOn', () => {
  for (const role of ['operator', 'admin'] as const)
    for (const [name, target] of Object.entries(TARGETS))
      it(`${role} on ${name}: ${ALLOWED[role].includes(name as keyof typeof TARGETS) ? 'offered' : 'not offered'}`, () => {
        // Own account by phone, whatever role it is given here (the console's own row has the actor's role).
        const self = name === 'self' ? { ...target, role } : target;
        expect(mayActOn({ phone: ME, role }, self)).toBe(ALLOWED[role].includes(name as keyof typeof TARGETS));
      });
});
