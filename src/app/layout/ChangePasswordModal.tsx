/**
 * 修改密码 dialog: new password ("请输入新密码", required "请输入密码"), SMS code ("请输入验证码",
 * required "请输入短信验证码") with the send-code button (type 3, phone from the session), submit
 * "确认修改" resets the password through the auth feature's call. Success: toast "密码已修改成功" and
 * close; failure: the API client shows the server's message as an error toast.
 */
import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/toast';
import SmsCodeButton from '@/components/SmsCodeButton';
import { useSession } from '@/lib/session';
import { isValidPassword } from '@/lib/validators';
import { resetPassword } from '@/features/auth/api';

interface ChangePasswordForm {
  password: string;
  verifyCode: string;
}

export default function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const { userPhone } = useSession();
  const [form] = Form.useForm<ChangePasswordForm>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: ChangePasswordForm) => {
    setSubmitting(true);
    try {
      await resetPassword(userPhone, values.password, values.verifyCode);
      toastSuccess(t('password.success'));
      form.resetFields();
      onClose();
    } catch {
      /* the API client already showed the server's message */
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal title={t('password.title')} open={open} onCancel={onClose} footer={null} forceRender>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="change-password-form" requiredMark={false}>
        {/* the rule stated before any refusal, and checked here as the server checks it */}
        <Form.Item
          name="password"
          label={t('password.password')}
          extra={<span data-testid="password-rule">{t('password.rule')}</span>}
          rules={[
            { required: true, message: t('password.passwordRequired') },
            {
              validator: (_, v: string) =>
                !v || isValidPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('password.ruleBroken'))),
            },
          ]}
        >
          <Input.Password placeholder={t('password.passwordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('password.code')} required>
          <div className="sms-row">
            <Form.Item name="verifyCode" noStyle rules={[{ required: true, message: t('password.codeRequired') }]}>
              <Input placeholder={t('password.codePlaceholder')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
            </Form.Item>
            <SmsCodeButton phone={userPhone} type={3} />
          </div>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('password.submit')}
        </Button>
      </Form>
    </Modal>
  );
}
