/** The audit log: who changed what, from where, with the state before and after; filtered by actor, action and days. */
import { useState } from 'react';
import { DatePicker, Input, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { consolePagination } from '../format';
import type { AuditEntry } from '@common/admin-types';
import { DATE_FORMAT, formatDateTime } from '@/lib/format';
import { useAudit } from '../api';

const json = (v: unknown) => (v === null || v === undefined ? '--' : JSON.stringify(v));

export default function AuditPage() {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState<Record<string, string | number | undefined>>({ page: 1, pageSize: 20 });
  const { data, isLoading } = useAudit(q);
  const set = (patch: Record<string, string | undefined>) => setQ((x) => ({ ...x, page: 1, ...patch }));
  return (
    <>
      <Typography.Title level={3}>{t('audit.title')}</Typography.Title>
      <div className="admin-toolbar">
        <Input.Search
          aria-label={t('audit.actor')}
          placeholder={t('audit.actor')}
          allowClear
          style={{ width: 180 }}
          onSearch={(actor) => set({ actor })}
        />
        <Input.Search
          aria-label={t('audit.action')}
          placeholder={t('audit.action')}
          allowClear
          style={{ width: 200 }}
          onSearch={(action) => set({ action })}
        />
        <DatePicker.RangePicker onChange={(range) => set({ from: range?.[0]?.format(DATE_FORMAT), to: range?.[1]?.format(DATE_FORMAT) })} />
      </div>
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data?.list}
        scroll={{ x: 1100 }}
        pagination={consolePagination(t, data, (page, pageSize) => setQ((x) => ({ ...x, page, pageSize })))}
        columns={[
          { title: t('audit.time'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at), width: 170 },
          { title: t('audit.actor'), dataIndex: 'actor', width: 130 },
          { title: t('audit.action'), dataIndex: 'action', width: 160 },
          { title: t('audit.target'), dataIndex: 'target', width: 200 },
          { title: t('audit.before'), dataIndex: 'before', render: json },
          { title: t('audit.after'), dataIndex: 'after', render: json },
          { title: t('audit.address'), dataIndex: 'clientAddress', width: 130, render: (a: string | null) => a ?? '--' },
        ]}
      />
    </>
  );
}
