/** Auth calls: login, registration, password reset. */
import { apiPost } from '@/lib/api';
import type { AuthResult } from '@common/api-types';

export const pwdLogin = (phone: string, password: string) => apiPost<AuthResult>('/api/user/pwd-login', { phone, password });

export interface RegisterPayload {
  phone: string;
  password: string;
  verifyCode: string;
  inviteCode?: string;
}

export const register = (payload: RegisterPayload) => apiPost<AuthResult>('/api/user/reg', payload);

export const resetPassword = (phone: string, password: string, verifyCode: string) =>
  apiPost<unknown>('/api/user/reset-pwd', { phone, password, verifyCode });
