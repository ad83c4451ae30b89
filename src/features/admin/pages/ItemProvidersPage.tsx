/** 商品接口: each platform's product API, on or off, its latest success and failure (the item lookup of the publish page). */
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemProviderState } from '@common/admin-types';
import { formatDateTime } from '@/lib/format';
import { useItemProviders } from '../api';

export default function ItemProvidersPage() {
  const { t } = useTranslation('admin');
  const { data, isLoading } = useItemProviders();
  const platforms: Record<ItemProviderState['platform'], string> = {
    taobao: t('itemProviders.platforms.taobao'),
    jd: t('itemProviders.platforms.jd'),
    pdd: t('itemProviders.platforms.pdd'),
  };
  const causes: Record<string, string> = {
    throttled: t('itemProviders.causes.throttled'),
    auth: t('itemProviders.causes.auth'),
    timeout: t('itemProviders.causes.timeout'),
    network: t('itemProviders.causes.network'),
    bad_answer: t('itemProviders.causes.bad_answer'),
    refused: t('itemProviders.causes.refused'),
  };
  return (
    <>
      <Typography.Title level={3}>{t('itemProviders.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('itemProviders.hint')}</Typography.Paragraph>
      <Table<ItemProviderState>
        rowKey="platform"
        size="small"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          {
            title: t('itemProviders.platform'),
            dataIndex: 'platform',
            width: 110,
            render: (p: ItemProviderState['platform']) => platforms[p],
          },
          {
            title: t('itemProviders.state'),
            key: 'state',
            width: 190,
            render: (_: unknown, r: ItemProviderState) =>
              !r.enabled ? (
                <Tag>{t('itemProviders.off')}</Tag>
              ) : r.failingSince ? (
                <Tag color="red">{t('itemProviders.failing', { since: formatDateTime(r.failingSince) })}</Tag>
              ) : (
                <Tag color="green">{t('itemProviders.ok')}</Tag>
              ),
          },
          { title: t('itemProviders.gateway'), dataIndex: 'gateway', render: (g: string | null) => g ?? t('itemProviders.never') },
          {
            title: t('itemProviders.lastSuccess'),
            dataIndex: 'lastSuccessAt',
            width: 170,
            render: (at: string | null) => formatDateTime(at),
          },
          {
            title: t('itemProviders.lastFailure'),
            dataIndex: 'lastFailureAt',
            width: 170,
            render: (at: string | null) => formatDateTime(at),
          },
          {
            title: t('itemProviders.cause'),
            dataIndex: 'lastFailureCause',
            width: 150,
            render: (c: string | null) => (c ? (causes[c] ?? c) : t('itemProviders.never')),
          },
          { title: t('itemProviders.detail'), dataIndex: 'lastFailure', render: (m: string | null) => m ?? t('itemProviders.never') },
        ]}
      />
    </>
  );
}
