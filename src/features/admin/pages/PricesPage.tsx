/**
 * The price table per platform: base services, their deep-visit conditions and options. A change
 * applies to plans created afterwards; existing plans keep the prices they were created with.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FLOW_TYPES } from '@common/domain';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import { formatPointsAmount } from '@/lib/format';
import { savePriceRow, usePriceTable, type PriceTableTree } from '../api';
import EditorModal from '../components/EditorModal';
import { EnabledField, EnabledTag } from '../components/parts';

type Service = PriceTableTree['services'][number];
type Option = PriceTableTree['options'][number];
type Editing =
  | { kind: 'services'; row: Partial<Service> }
  | { kind: 'conditions'; row: { id?: number; configId: number; label?: string; sort?: number } }
  | { kind: 'options'; row: Partial<Option> & { conditionId: number } };

export default function PricesPage() {
  const { t } = useTranslation('admin');
  const flowNames = useFlowTypeNames();
  const { data } = usePriceTable();
  const [editing, setEditing] = useState<Editing | null>(null);
  if (!data) return null;

  const serviceTable = (flowType: string) => (
    <Table<Service>
      rowKey="id"
      pagination={false}
      dataSource={data.services.filter((s) => s.flowType === flowType)}
      expandable={{
        defaultExpandAllRows: true,
        expandedRowRender: (service) => (
          <>
            {data.conditions
              .filter((c) => c.configId === service.id)
              .map((condition) => (
                <div key={condition.id} style={{ marginBottom: 12 }}>
                  <strong>{condition.label}</strong>{' '}
                  <Button type="link" size="small" onClick={() => setEditing({ kind: 'conditions', row: condition })}>
                    {t('edit')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing({ kind: 'options', row: { conditionId: condition.id, integral: 0, sort: 0 } })}
                  >
                    {t('prices.addOption')}
                  </Button>
                  <div>
                    {data.options
                      .filter((o) => o.conditionId === condition.id)
                      .map((o) => (
                        <Tag key={o.id} style={{ cursor: 'pointer' }} onClick={() => setEditing({ kind: 'options', row: o })}>
                          {o.label}：{formatPointsAmount(o.integral)}
                        </Tag>
                      ))}
                  </div>
                </div>
              ))}
            <Button size="small" onClick={() => setEditing({ kind: 'conditions', row: { configId: service.id, sort: 0 } })}>
              {t('prices.addCondition')}
            </Button>
          </>
        ),
      }}
      columns={[
        { title: t('prices.service'), dataIndex: 'name' },
        { title: t('prices.integral'), dataIndex: 'integral', render: (n: number) => formatPointsAmount(n) },
        { title: t('goods.sort'), dataIndex: 'sort' },
        { title: t('prices.enabled'), dataIndex: 'enabled', render: (on: boolean) => <EnabledTag on={on} /> },
        {
          title: t('actions'),
          key: 'edit',
          render: (_, s) => (
            <Button
              type="link"
              aria-label={t('prices.editService', { name: s.name })}
              onClick={() => setEditing({ kind: 'services', row: s })}
            >
              {t('edit')}
            </Button>
          ),
        },
      ]}
    />
  );

  const label = editing?.kind === 'services' ? 'name' : 'label';
  return (
    <>
      <Typography.Title level={3}>{t('prices.title')}</Typography.Title>
      <Alert type="info" showIcon message={t('prices.snapshotNote')} style={{ marginBottom: 16 }} />
      <Tabs
        items={FLOW_TYPES.map((flowType) => ({
          key: flowType,
          label: flowNames[flowType],
          children: (
            <>
              <div className="admin-toolbar">
                <Button onClick={() => setEditing({ kind: 'services', row: { flowType, integral: 0, sort: 0, enabled: true } })}>
                  {t('prices.addService')}
                </Button>
              </div>
              {serviceTable(flowType)}
            </>
          ),
        }))}
      />
      {editing && (
        <EditorModal<Record<string, unknown>>
          title={
            {
              services: t('prices.editTitle.services'),
              conditions: t('prices.editTitle.conditions'),
              options: t('prices.editTitle.options'),
            }[editing.kind]
          }
          initialValues={editing.row}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            const { id, ...rest } = editing.row as { id?: number };
            // On update only the editable fields are sent; the parent (platform, service, condition) is fixed.
            const body = id ? values : { ...rest, ...values };
            await savePriceRow(editing.kind, id ?? null, body);
          }}
          preview={(v) =>
            editing.kind === 'conditions' ? (
              <div>{String(v.label ?? '')}</div>
            ) : (
              <div>
                {String(v[label] ?? '')}：{formatPointsAmount(Number(v.integral ?? 0))}
              </div>
            )
          }
        >
          {() => (
            <>
              <Form.Item
                name={label}
                label={t('prices.name')}
                rules={[{ required: true, whitespace: true, message: t('required') }, { max: 40 }]}
              >
                <Input maxLength={40} />
              </Form.Item>
              {editing.kind !== 'conditions' && (
                <Form.Item name="integral" label={t('prices.integral')} rules={[{ required: true, message: t('required') }]}>
                  <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              )}
              <Form.Item name="sort" label={t('goods.sort')}>
                <InputNumber min={0} max={100000} precision={0} />
              </Form.Item>
              {editing.kind === 'services' && <EnabledField />}
            </>
          )}
        </EditorModal>
      )}
    </>
  );
}
