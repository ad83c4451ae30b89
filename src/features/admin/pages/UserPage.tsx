/** One user: balance, membership, ledger, orders, plans, sessions, and the console's actions on them. */
import { useState } from 'react';
import {
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
  message,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useRoleNames } from '../names';
import { useMemberLevelNames } from '@/lib/domain-names';
import { MEMBER_LEVELS } from '@common/domain';
import type { LedgerRow, OrderRow, PlanRow } from '@common/api-types';
import type { ConsoleMe } from '@common/admin-types';
import { formatDateTime, formatPoints, formatYuan } from '@/lib/format';
import {
  adjustPoints,
  assignContact,
  deleteUser,
  disableUser,
  enableUser,
  logoutAll,
  setMember,
  setRole,
  useContacts,
  useConsoleUser,
} from '../api';
import RemarkConfirm from '../components/RemarkConfirm';
import SubmitModal from '../components/SubmitModal';
import { orderGoodsText } from '../format';
import { mayActOn } from '../permissions';

function PointsDialog({ phone, balance, onClose }: { phone: string; balance: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ delta: number; remark: string }>();
  const delta = Form.useWatch('delta', form) ?? 0;
  return (
    <SubmitModal
      title={t('user.adjustPoints')}
      okText={t('ok')}
      cancelText={t('cancel')}
      onCancel={onClose}
      onSubmit={async () => {
        const values = await form.validateFields();
        const { after } = await adjustPoints(phone, values.delta, values.remark.trim());
        message.success(t('user.pointsDone', { after: formatPoints(after) }));
        onClose();
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="delta"
          label={t('user.delta')}
          rules={[
            { required: true, message: t('user.deltaRequired') },
            {
              validator: (_, v: number) =>
                v === 0
                  ? Promise.reject(new Error(t('user.deltaRequired')))
                  : v < 0 && -v > balance
                    ? Promise.reject(new Error(t('user.deltaTooLow', { balance: formatPoints(balance) })))
                    : Promise.resolve(),
            },
          ]}
        >
          <InputNumber precision={0} min={-100_000_000} max={100_000_000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('remark')}
          extra={
            <span className="admin-remark-warning" data-testid="remark-shown-to-user">
              {t('user.remarkShownToUser')}
            </span>
          }
          rules={[{ required: true, whitespace: true, message: t('remarkRequired') }, { max: 200 }]}
        >
          <Input.TextArea maxLength={200} />
        </Form.Item>
      </Form>
      <div className="admin-preview">
        {t('user.pointsPreview', { before: formatPoints(balance), after: formatPoints(balance + (delta || 0)) })}
      </div>
    </SubmitModal>
  );
}

function MemberDialog({ phone, onClose }: { phone: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const levelNames = useMemberLevelNames();
  const [form] = Form.useForm<{ level: number; deadline?: Dayjs }>();
  const level = Form.useWatch('level', form);
  return (
    <SubmitModal
      title={t('user.setMember')}
      okText={t('ok')}
      cancelText={t('cancel')}
      onCancel={onClose}
      onSubmit={async () => {
        const v = await form.validateFields();
        await setMember(phone, v.level, v.level > 1 && v.deadline ? v.deadline.toISOString() : null);
        message.success(t('saved'));
        onClose();
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ level: 1 }}>
        <Form.Item name="level" label={t('user.level')} rules={[{ required: true }]}>
          <Select options={MEMBER_LEVELS.map((l) => ({ value: l, label: levelNames[l] }))} />
        </Form.Item>
        {level > 1 && (
          <Form.Item name="deadline" label={t('user.deadline')} rules={[{ required: true, message: t('user.deadlineRequired') }]}>
            <DatePicker showTime disabledDate={(d) => d.isBefore(dayjs(), 'day')} style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Form>
    </SubmitModal>
  );
}

export default function UserPage({ phone, me }: { phone: string; me: ConsoleMe }) {
  const isAdmin = me.role === 'admin';
  const { t } = useTranslation('admin');
  const roles = useRoleNames();
  const { data } = useConsoleUser(phone);
  const { data: contacts } = useContacts(isAdmin);
  const [dialog, setDialog] = useState<'points' | 'member' | null>(null);
  const [, navigate] = useLocation();
  if (!data) return null;
  const { user } = data;
  const mayAct = mayActOn(me, { phone, role: user.role });
  return (
    <>
      <Typography.Title level={3}>
        {t('user.title', { phone })} {user.disabled && <Tag color="red">{t('users.disabled')}</Tag>}
      </Typography.Title>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('users.integral')}>
          <span data-testid="admin-balance">{formatPoints(user.integral)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('users.member')}>
          {user.memberLevelDesc}
          {user.memberDeadline ? t('user.until', { at: formatDateTime(user.memberDeadline) }) : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('users.role')}>{user.role ? roles[user.role] : '--'}</Descriptions.Item>
        <Descriptions.Item label={t('user.sessions')}>
          {t('user.sessionsText', { live: data.sessions.live, at: formatDateTime(data.sessions.lastLoginAt) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('users.createdAt')}>{formatDateTime(user.createdAt)}</Descriptions.Item>
      </Descriptions>
      {!mayAct && (
        <Typography.Paragraph type="secondary">{phone === me.phone ? t('user.notOnSelf') : t('user.notOnStaff')}</Typography.Paragraph>
      )}
      {mayAct && (
        <Space wrap className="admin-toolbar" style={{ marginTop: 16 }}>
          <Button type="primary" onClick={() => setDialog('points')}>
            {t('user.adjustPoints')}
          </Button>
          <Button onClick={() => setDialog('member')}>{t('user.setMember')}</Button>
          {user.disabled ? (
            <RemarkConfirm
              type="default"
              label={t('user.enable')}
              title={t('user.enableTitle')}
              remarkRequired={false}
              onConfirm={(r) => enableUser(phone, r)}
            />
          ) : (
            <RemarkConfirm
              type="default"
              danger
              label={t('user.disable')}
              title={t('user.disableTitle')}
              onConfirm={(r) => disableUser(phone, r)}
            />
          )}
          {isAdmin && (
            <RemarkConfirm
              type="default"
              danger
              label={t('user.delete')}
              title={t('user.deleteTitle')}
              onConfirm={async (r) => {
                await deleteUser(phone, r);
                message.success(t('user.deleted'));
                // The phone is erased with the account: the list shows it as deleted.
                navigate('/admin/users', { replace: true });
              }}
            />
          )}
          <Popconfirm
            title={t('user.logoutAllTitle')}
            okText={t('ok')}
            cancelText={t('cancel')}
            onConfirm={async () => message.success(t('user.loggedOut', { n: (await logoutAll(phone)).ended }))}
          >
            <Button>{t('user.logoutAll')}</Button>
          </Popconfirm>
          {isAdmin && (
            <Select
              aria-label={t('users.role')}
              style={{ width: 140 }}
              value={user.role ?? 'none'}
              onChange={(role) => setRole(phone, role === 'none' ? null : (role as 'operator' | 'admin'))}
              options={(['none', 'operator', 'admin'] as const).map((r) => ({ value: r, label: roles[r] }))}
            />
          )}
          {isAdmin && contacts && (
            <Select
              aria-label={t('user.contact')}
              style={{ width: 180 }}
              value={user.operatorId ?? undefined}
              placeholder={t('user.contact')}
              onChange={(id: number) => assignContact(phone, id)}
              options={contacts.map((c) => ({ value: c.id, label: c.nickname }))}
            />
          )}
        </Space>
      )}
      <Tabs
        items={[
          {
            key: 'ledger',
            label: t('user.ledger'),
            children: (
              <Table<LedgerRow>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={data.ledger.list}
                columns={[
                  { title: t('user.time'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
                  { title: t('user.kind'), dataIndex: 'kindText' },
                  { title: t('user.delta'), dataIndex: 'delta', render: (n: number) => (n > 0 ? `+${formatPoints(n)}` : formatPoints(n)) },
                  { title: t('user.balanceAfter'), dataIndex: 'balanceAfter', render: (n: number) => formatPoints(n) },
                  { title: t('remark'), dataIndex: 'remark' },
                ]}
              />
            ),
          },
          {
            key: 'orders',
            label: t('user.orders'),
            children: (
              <Table<OrderRow>
                rowKey="orderNo"
                size="small"
                pagination={false}
                dataSource={data.orders}
                columns={[
                  { title: t('orders.orderNo'), dataIndex: 'orderNo' },
                  { title: t('orders.status'), dataIndex: 'statusText' },
                  { title: t('orders.goods'), key: 'goods', render: (_, o) => orderGoodsText(o) },
                  { title: t('orders.amount'), dataIndex: 'amount', render: (fen: number) => t('yuan', { amount: formatYuan(fen) }) },
                  { title: t('orders.payType'), dataIndex: 'payTypeText' },
                  { title: t('orders.createdAt'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
                ]}
              />
            ),
          },
          {
            key: 'plans',
            label: t('user.plans'),
            children: (
              <Table<PlanRow>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={data.plans}
                columns={[
                  { title: t('user.planTitle'), dataIndex: 'title' },
                  { title: t('user.planStatus'), dataIndex: 'statusText' },
                  { title: t('user.planCost'), dataIndex: 'totalCost', render: (n: number) => formatPoints(n) },
                  { title: t('user.time'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
                ]}
              />
            ),
          },
        ]}
      />
      {dialog === 'points' && <PointsDialog phone={phone} balance={user.integral} onClose={() => setDialog(null)} />}
      {dialog === 'member' && <MemberDialog phone={phone} onClose={() => setDialog(null)} />}
    </>
  );
}
