/**
 * /register (product §6): phone, SMS code (send-code button, type 1), password (8-32 letters and
 * digits), confirm, invite code (pre-filled from /smi|/sui), agreement checkbox. Success logs in.
 */
import { useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { peekInvite, setSession, takeInvite, takeRedirect } from '@/lib/session';
import { register } from '../api';
import { NewPasswordFields, PhoneField, SmsCodeField } from '../components/AuthFields';
import AuthCard from './AuthCard';

interface RegisterForm {
  phone: string;
  verifyCode: string;
  password: string;
  confirm: string;
  inviteCode?: string;
  agree: boolean;
}

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const [form] = Form.useForm<RegisterForm>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: RegisterForm) => {
    setSubmitting(true);
    try {
      const inviteCode = values.inviteCode?.trim();
      const { token, user } = await register({
        phone: values.phone,
        password: values.password,
        verifyCode: values.verifyCode,
        ...(inviteCode ? { inviteCode } : {}),
      });
      takeInvite();
      setSession(token, user);
      navigate(takeRedirect(), { replace: true });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title={t('register.title')}
      footer={
        <Link href="/login" data-testid="to-login">
          {t('register.toLogin')}
        </Link>
      }
    >
      <Form<RegisterForm>
        size="large"
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ inviteCode: peekInvite(), agree: false }}
        data-testid="register-form"
      >
        <PhoneField />
        <SmsCodeField form={form} type={1} />
        <NewPasswordFields label="password" />
        <Form.Item name="inviteCode" label={t('inviteCode')}>
          <Input placeholder={t('inviteCodePlaceholder')} maxLength={32} />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[{ validator: (_, value) => (value ? Promise.resolve() : Promise.reject(new Error(t('register.agreeRequired')))) }]}
        >
          <Checkbox>{t('register.agree')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('register.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
