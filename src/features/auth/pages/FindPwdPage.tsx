/** /find-pwd (product §6): phone, SMS code (type 3), new password, confirm; then back to /login. */
import { useState } from 'react';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/toast';
import { Link, useLocation } from 'wouter';
import { resetPassword } from '../api';
import { NewPasswordFields, PhoneField, SmsCodeField } from '../components/AuthFields';
import AuthCard from './AuthCard';

interface FindPwdForm {
  phone: string;
  verifyCode: string;
  password: string;
  confirm: string;
}

export default function FindPwdPage() {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const [form] = Form.useForm<FindPwdForm>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: FindPwdForm) => {
    setSubmitting(true);
    try {
      await resetPassword(values.phone, values.password, values.verifyCode);
      toastSuccess(t('findPwd.success'));
      navigate('/login', { replace: true });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title={t('findPwd.title')}
      footer={
        <Link href="/login" data-testid="to-login">
          {t('findPwd.toLogin')}
        </Link>
      }
    >
      <Form<FindPwdForm> size="large" form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="find-pwd-form">
        <PhoneField />
        <SmsCodeField form={form} type={3} />
        <NewPasswordFields label="newPassword" />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('findPwd.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
