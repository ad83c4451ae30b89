/** Service contacts (the operator card users see, with its WeChat QR) and the collect accounts transfers go to. */
import { useState } from 'react';
import { Button, Form, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveCollectAccounts, saveContact, useContacts, type Contact } from '../api';
import EditorModal from '../components/EditorModal';
import { EnabledField, EnabledTag, ListHeader } from '../components/parts';
import ImageField from '../components/ImageField';

const imageRule = (t: (k: string) => string, required: boolean) => ({
  required,
  pattern: required ? /^(\/\S*|https?:\/\/\S+)$/ : /^(|\/\S*|https?:\/\/\S+)$/,
  message: t('admin:imageUrl'),
});

export default function ContactsPage() {
  const { t } = useTranslation('admin');
  const { data, isLoading } = useContacts();
  const [editing, setEditing] = useState<{ contact: Contact | null; part: 'contact' | 'collect' } | null>(null);
  const contact = editing?.contact ?? null;
  return (
    <>
      <ListHeader title={t('contacts.title')} addLabel={t('contacts.add')} onAdd={() => setEditing({ contact: null, part: 'contact' })} />
      <Table<Contact>
        rowKey="id"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        columns={[
          {
            title: t('contacts.nickname'),
            dataIndex: 'nickname',
            render: (n: string, c) => (
              <>
                {n} {c.isDefault && <Tag color="blue">{t('contacts.default')}</Tag>}
              </>
            ),
          },
          { title: t('contacts.wechatQr'), dataIndex: 'wechatQr', render: (src: string) => <img className="admin-qr" src={src} alt="" /> },
          {
            title: t('contacts.alipayCollectQr'),
            dataIndex: 'alipayCollectQr',
            render: (src: string) => (src ? <img className="admin-qr" src={src} alt="" /> : '--'),
          },
          {
            title: t('contacts.wxpayCollectQr'),
            dataIndex: 'wxpayCollectQr',
            render: (src: string) => (src ? <img className="admin-qr" src={src} alt="" /> : '--'),
          },
          { title: t('contacts.bankAccount'), dataIndex: 'bankAccount' },
          { title: t('contacts.collectPayee'), dataIndex: 'collectPayee', render: (v: string) => v || '--' },
          {
            title: t('contacts.phoneContact'),
            key: 'phoneContact',
            render: (_, c) => [c.wechatId, c.phone].filter(Boolean).join(' / ') || '--',
          },
          { title: t('prices.enabled'), dataIndex: 'enabled', render: (on: boolean) => <EnabledTag on={on} /> },
          {
            title: t('actions'),
            key: 'edit',
            render: (_, c) => (
              <>
                <Button type="link" onClick={() => setEditing({ contact: c, part: 'contact' })}>
                  {t('contacts.editContact')}
                </Button>
                <Button type="link" onClick={() => setEditing({ contact: c, part: 'collect' })}>
                  {t('contacts.editCollect')}
                </Button>
              </>
            ),
          },
        ]}
      />
      {editing?.part === 'contact' && (
        <EditorModal<Partial<Contact>>
          title={contact ? t('contacts.editContact') : t('contacts.add')}
          initialValues={contact ?? { enabled: true, remark: '' }}
          onClose={() => setEditing(null)}
          onSave={(v) => saveContact(contact?.id ?? null, v)}
          preview={(v) => (
            <div>
              <img className="admin-qr" src={v.wechatQr} alt="" /> <strong>{v.nickname}</strong>
              <div>{v.remark}</div>
            </div>
          )}
        >
          {() => (
            <>
              <Form.Item
                name="nickname"
                label={t('contacts.nickname')}
                rules={[{ required: true, whitespace: true, message: t('required') }, { max: 20 }]}
              >
                <Input maxLength={20} />
              </Form.Item>
              <Form.Item name="avatar" label={t('contacts.avatar')} rules={[imageRule(t, true)]}>
                <ImageField label={t('contacts.avatar')} />
              </Form.Item>
              <Form.Item name="wechatQr" label={t('contacts.wechatQr')} rules={[imageRule(t, true)]}>
                <ImageField label={t('contacts.wechatQr')} />
              </Form.Item>
              <Form.Item
                name="wechatId"
                label={t('contacts.wechatId')}
                extra={t('contacts.wechatIdHint')}
                rules={[{ pattern: /^([a-zA-Z][-_a-zA-Z0-9]{5,19})?$/, message: t('contacts.wechatIdInvalid') }]}
              >
                <Input maxLength={20} />
              </Form.Item>
              <Form.Item
                name="phone"
                label={t('contacts.phone')}
                extra={t('contacts.phoneHint')}
                rules={[{ pattern: /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|400-?\d{3}-?\d{4})?$/, message: t('contacts.phoneInvalid') }]}
              >
                <Input maxLength={20} inputMode="tel" />
              </Form.Item>
              <Form.Item name="remark" label={t('contacts.remark')} extra={t('contacts.remarkShown')} rules={[{ max: 200 }]}>
                <Input.TextArea maxLength={200} />
              </Form.Item>
              <EnabledField />
            </>
          )}
        </EditorModal>
      )}
      {editing?.part === 'collect' && contact && (
        <EditorModal<Pick<Contact, 'alipayCollectQr' | 'wxpayCollectQr' | 'bankAccount' | 'collectPayee'>>
          title={t('contacts.editCollect')}
          initialValues={contact}
          onClose={() => setEditing(null)}
          onSave={(v) => saveCollectAccounts(contact.id, v)}
          preview={(v) => (
            <div>
              {v.alipayCollectQr && <img className="admin-qr" src={v.alipayCollectQr} alt="" />}{' '}
              {v.wxpayCollectQr && <img className="admin-qr" src={v.wxpayCollectQr} alt="" />}
              <div>{v.bankAccount}</div>
              {v.collectPayee && <div>{t('contacts.payeePreview', { payee: v.collectPayee })}</div>}
            </div>
          )}
        >
          {() => (
            <>
              <Form.Item name="alipayCollectQr" label={t('contacts.alipayCollectQr')} rules={[imageRule(t, false)]}>
                <ImageField label={t('contacts.alipayCollectQr')} />
              </Form.Item>
              <Form.Item name="wxpayCollectQr" label={t('contacts.wxpayCollectQr')} rules={[imageRule(t, false)]}>
                <ImageField label={t('contacts.wxpayCollectQr')} />
              </Form.Item>
              <Form.Item name="bankAccount" label={t('contacts.bankAccount')} rules={[{ max: 200 }]}>
                <Input.TextArea maxLength={200} />
              </Form.Item>
              <Form.Item
                name="collectPayee"
                label={t('contacts.collectPayee')}
                extra={t('contacts.collectPayeeHint')}
                rules={[{ max: 50 }]}
              >
                <Input maxLength={50} />
              </Form.Item>
            </>
          )}
        </EditorModal>
      )}
    </>
  );
}
