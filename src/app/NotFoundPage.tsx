/** Unknown path (logged-in users only; visitors are sent to /login by the guard). */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export default function NotFoundPage() {
  const { t } = useTranslation('layout');
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.text')}
      extra={
        <Link href="/">
          <Button type="primary">{t('notFound.home')}</Button>
        </Link>
      }
    />
  );
}
