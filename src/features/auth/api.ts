/** Auth calls: login, registration, password reset. */
import { apiPost } from '@/lib/api';
import * as routes from '@common/routes';

export const pwdLogin = (phone: string, password: string) => apiPost(routes.userPwdLogin, { phone, password });

export interface RegisterPayload {
  phone: string;
  password: string;
  verifyCode: string;
  inviteCode?: string;
}

export const register = (payload: RegisterPayload) => apiPost(routes.userRegister, payload);

export const resetPassword = (phone: string, password: string, verifyCode: string) =>
  apiPost(routes.userResetPwd, { phone, password, verifyCode });
