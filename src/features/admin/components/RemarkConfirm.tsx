/** A button whose action runs on the second click, after a remark is written in its confirm bubble. */
import { useState, type ReactNode } from 'react';
import { Button, Input, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSingleFlight } from '@/lib/single-flight';

export default function RemarkConfirm(props: {
  label: ReactNode;
  title: ReactNode;
  onConfirm: (remark: string) => Promise<unknown>;
  danger?: boolean;
  type?: 'primary' | 'default' | 'link';
  remarkRequired?: boolean;
  /** Compact, for a table's action column. */
  inTable?: boolean;
}) {
  const { t } = useTranslation('admin');
  const [remark, setRemark] = useState('');
  const [busy, runConfirm] = useSingleFlight();
  const required = props.remarkRequired ?? true;
  return (
    <Popconfirm
      title={props.title}
      description={
        <Input.TextArea
          aria-label={t('remark')}
          placeholder={required ? t('remarkRequired') : t('remarkOptional')}
          value={remark}
          maxLength={200}
          onChange={(e) => setRemark(e.target.value)}
          autoSize={{ minRows: 2 }}
        />
      }
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: required && !remark.trim(), loading: busy }}
      onOpenChange={(open) => open && setRemark('')}
      onConfirm={() => runConfirm(() => props.onConfirm(remark.trim()))}
    >
      <Button size={props.inTable ? 'small' : 'middle'} danger={props.danger} type={props.type ?? 'link'}>
        {props.label}
      </Button>
    </Popconfirm>
  );
}
