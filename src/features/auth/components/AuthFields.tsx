/**
 * Form fields shared by the visitor screens: phone, SMS code with the send-code button, and the
 * new password + confirmation pair. Used inside an antd Form whose instance is passed as `form`.
 */
import { Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import SmsCodeButton from '@/components/SmsCodeButton';
import { codeRules, confirmRules, newPasswordRules, phoneRules } from '../rules';

export function PhoneField({ autoComplete = 'tel' }: { autoComplete?: string }) {
  const { t } = useTranslation('auth');
  return (
    <Form.Item name="phone" label={t('phone')} rules={phoneRules(t)}>
      <Input placeholder={t('phonePlaceholder')} inputMode="numeric" maxLength={11} autoComplete={autoComplete} />
    </Form.Item>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function SmsCodeField({ form, type }: { form: FormInstance<any>; type: 1 | 3 }) {
  const { t } = useTranslation('auth');
  const phone = Form.useWatch('phone', form) as string | undefined;
  return (
    <Form.Item label={t('code')} required>
      <div className="sms-row">
        <Form.Item name="verifyCode" noStyle rules={codeRules(t)}>
          <Input placeholder={t('codePlaceholder')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
        </Form.Item>
        <SmsCodeButton phone={phone} type={type} onMissingPhone={() => void form.validateFields(['phone'])} />
      </div>
    </Form.Item>
  );
}

export function NewPasswordFields({ label }: { label: 'password' | 'newPassword' }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Form.Item name="password" label={label === 'password' ? t('password') : t('newPassword')} rules={newPasswordRules(t)} extra={t('passwordHint')}>
        <Input.Password placeholder={t('newPasswordPlaceholder')} autoComplete="new-password" maxLength={32} />
      </Form.Item>
      <Form.Item name="confirm" label={t('confirm')} dependencies={['password']} rules={confirmRules(t)}>
        <Input.Password placeholder={t('confirmPlaceholder')} autoComplete="new-password" maxLength={32} />
      </Form.Item>
    </>
  );
}
