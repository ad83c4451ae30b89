/** The users one invited (GET /api/user/recommend/list, paged): masked phone, registration time, member level. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberLevelNames } from '@/lib/domain-names';
import { formatDateTime, maskPhone } from '@/lib/format';
import type { InvitedUser } from '@common/api-types';
import { RECOMMEND_PAGE_SIZE as PAGE_SIZE, useRecommendList } from '../api';
import ResponsiveTable from '@/components/ResponsiveTable';

export default function RecommendList() {
  const { t } = useTranslation('user');
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useRecommendList(page);
  const levelNames: Record<number, string> = useMemberLevelNames();
  return (
    <ResponsiveTable<InvitedUser>
      data-testid="recommend-list"
      size="middle"
      rowKey={(record) => String(record.id ?? `${record.phone}-${record.createdAt}`)}
      loading={isLoading}
      loadError={error}
      dataSource={data?.list ?? []}
      locale={{ emptyText: t('recommend.empty') }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
        hideOnSinglePage: true,
      }}
      columns={[
        { title: t('recommend.phone'), dataIndex: 'phone', render: (phone: string) => maskPhone(phone) },
        {
          title: t('recommend.createdAt'),
          dataIndex: 'createdAt',
          render: (value: string) => <span className="nowrap">{formatDateTime(value)}</span>,
        },
        {
          title: t('recommend.memberLevel'),
          dataIndex: 'memberLevel',
          render: (level: number, record) => record.memberLevelDesc ?? levelNames[level] ?? '--',
        },
      ]}
    />
  );
}
