/** User search by the first or last digits of the phone number; each row opens the user page. */
import { useState } from 'react';
import { Input, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { consolePagination } from '../format';
import { useRoleNames } from '../names';
import { Link } from 'wouter';
import type { ConsoleUser } from '@common/admin-types';
import { formatDateTime, formatPoints } from '@/lib/format';
import { useConsoleUsers } from '../api';

export default function UsersPage() {
  const { t } = useTranslation('admin');
  const roles = useRoleNames();
  const [q, setQ] = useState<{ phone?: string; page: number; pageSize: number }>({ page: 1, pageSize: 20 });
  const { data, isLoading } = useConsoleUsers(q);
  return (
    <>
      <Typography.Title level={3}>{t('users.title')}</Typography.Title>
      <div className="admin-toolbar">
        <Input.Search
          aria-label={t('users.search')}
          placeholder={t('users.search')}
          allowClear
          inputMode="numeric"
          style={{ width: 260 }}
          onSearch={(phone) => setQ({ phone: phone.replace(/\D/g, ''), page: 1, pageSize: q.pageSize })}
        />
      </div>
      <Table<ConsoleUser>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.list}
        pagination={consolePagination(t, data, (page, pageSize) => setQ((x) => ({ ...x, page, pageSize })))}
        columns={[
          {
            title: t('users.phone'),
            dataIndex: 'phone',
            // A deleted account's phone is a placeholder: no page to open, its id names it.
            render: (phone: string, row) =>
              row.deleted ? t('users.deletedAccount', { id: row.id }) : <Link href={`/admin/users/${phone}`}>{phone}</Link>,
          },
          { title: t('users.integral'), dataIndex: 'integral', render: (n: number) => formatPoints(n) },
          { title: t('users.member'), dataIndex: 'memberLevelDesc' },
          {
            title: t('users.role'),
            dataIndex: 'role',
            render: (role: 'operator' | 'admin' | null) => (role ? <Tag color="blue">{roles[role]}</Tag> : '--'),
          },
          {
            title: t('users.state'),
            dataIndex: 'disabled',
            render: (disabled: boolean, row) =>
              row.deleted ? (
                <Tag>{t('users.deleted')}</Tag>
              ) : disabled ? (
                <Tag color="red">{t('users.disabled')}</Tag>
              ) : (
                <Tag color="green">{t('users.active')}</Tag>
              ),
          },
          { title: t('users.createdAt'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
        ]}
      />
    </>
  );
}
