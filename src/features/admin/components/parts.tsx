/** Small pieces every console list and editor uses the same way. */
import type { ReactNode } from 'react';
import { Button, Form, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A page title with its add button. */
export function ListHeader({ title, addLabel, onAdd }: { title: ReactNode; addLabel: ReactNode; onAdd: () => void }) {
  return (
    <>
      <Typography.Title level={3}>{title}</Typography.Title>
      <div className="admin-toolbar">
        <Button type="primary" onClick={onAdd}>
          {addLabel}
        </Button>
      </div>
    </>
  );
}

export function EnabledTag({ on }: { on: boolean }) {
  const { t } = useTranslation('admin');
  return on ? <Tag color="green">{t('prices.on')}</Tag> : <Tag>{t('prices.off')}</Tag>;
}

/** The `enabled` switch of an editor form. */
export function EnabledField() {
  const { t } = useTranslation('admin');
  return (
    <Form.Item name="enabled" label={t('prices.enabled')} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}
