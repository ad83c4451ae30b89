/** Goods (points and membership packages): price in yuan, on sale or not; orders keep the goods they were created with. */
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Switch, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGoodsTypeNames } from '../names';
import { useMemberLevelNames } from '@/lib/domain-names';
import { formatPointsAmount, formatYuan } from '@/lib/format';
import { saveGoods, useGoodsList, type GoodsRecord } from '../api';
import EditorModal from '../components/EditorModal';
import { ListHeader } from '../components/parts';

type GoodsForm = Omit<GoodsRecord, 'id' | 'price'> & { yuan: number };

export default function GoodsPage() {
  const { t } = useTranslation('admin');
  const typeNames = useGoodsTypeNames();
  const levelNames = useMemberLevelNames();
  const { data, isLoading } = useGoodsList();
  const [editing, setEditing] = useState<GoodsRecord | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;
  return (
    <>
      <ListHeader title={t('goods.title')} addLabel={t('goods.add')} onAdd={() => setEditing('new')} />
      <Table<GoodsRecord>
        rowKey="id"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        columns={[
          { title: t('goods.name'), dataIndex: 'name' },
          { title: t('goods.type'), dataIndex: 'type', render: (type: 'integral' | 'member') => typeNames[type] },
          { title: t('goods.price'), dataIndex: 'price', render: (fen: number) => t('yuan', { amount: formatYuan(fen) }) },
          {
            title: t('goods.content'),
            key: 'content',
            render: (_, g) =>
              g.type === 'integral'
                ? formatPointsAmount(g.points)
                : t('goods.memberDays', { level: levelNames[g.level as 3 | 5 | 7], days: g.days }),
          },
          {
            title: t('goods.onSale'),
            dataIndex: 'onSale',
            render: (on: boolean) => (on ? <Tag color="green">{t('goods.onSale')}</Tag> : <Tag>{t('goods.offSale')}</Tag>),
          },
          { title: t('goods.sort'), dataIndex: 'sort' },
          {
            title: t('actions'),
            key: 'edit',
            render: (_, g) => (
              <Button type="link" onClick={() => setEditing(g)}>
                {t('edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && (
        <EditorModal<GoodsForm>
          title={current ? t('goods.edit', { name: current.name }) : t('goods.add')}
          initialValues={current ? { ...current, yuan: current.price / 100 } : { type: 'integral', onSale: true, sort: 0 }}
          onClose={() => setEditing(null)}
          onSave={async ({ yuan, ...v }) => {
            const shape =
              v.type === 'integral' ? { points: v.points, level: null, days: null } : { points: null, level: v.level, days: v.days };
            await saveGoods(current?.id ?? null, { ...v, ...shape, price: Math.round(yuan * 100) });
          }}
          preview={(v) => (
            <div>
              <strong>{v.name || '--'}</strong> · {t('yuan', { amount: formatYuan(Math.round((v.yuan ?? 0) * 100)) })}
              {v.type === 'integral' && v.points && v.yuan ? ` · ${t('goods.perYuan', { rate: (v.points / v.yuan).toFixed(1) })}` : ''}
            </div>
          )}
        >
          {(form) => (
            <>
              <Form.Item name="type" label={t('goods.type')} rules={[{ required: true }]}>
                <Select options={(['integral', 'member'] as const).map((v) => ({ value: v, label: typeNames[v] }))} />
              </Form.Item>
              <Form.Item
                name="name"
                label={t('goods.name')}
                rules={[{ required: true, whitespace: true, message: t('required') }, { max: 40 }]}
              >
                <Input maxLength={40} />
              </Form.Item>
              <Form.Item name="yuan" label={t('goods.priceYuan')} rules={[{ required: true, message: t('required') }]}>
                <InputNumber min={0.01} max={1_000_000} precision={2} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item noStyle shouldUpdate={(a, b) => a.type !== b.type}>
                {() =>
                  form.getFieldValue('type') === 'integral' ? (
                    <Form.Item name="points" label={t('goods.pointsLabel')} rules={[{ required: true, message: t('required') }]}>
                      <InputNumber min={1} max={100_000_000} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  ) : (
                    <>
                      <Form.Item name="level" label={t('user.level')} rules={[{ required: true, message: t('required') }]}>
                        <Select options={([3, 5, 7] as const).map((l) => ({ value: l, label: levelNames[l] }))} />
                      </Form.Item>
                      <Form.Item name="days" label={t('goods.days')} rules={[{ required: true, message: t('required') }]}>
                        <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                    </>
                  )
                }
              </Form.Item>
              <Form.Item name="sort" label={t('goods.sort')}>
                <InputNumber min={0} max={100000} precision={0} />
              </Form.Item>
              <Form.Item name="onSale" label={t('goods.onSale')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </>
          )}
        </EditorModal>
      )}
    </>
  );
}
