/** Announcements: the top banner users see (the latest enabled one inside its time window). */
import { useState } from 'react';
import { Button, DatePicker, Form, Input, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { saveAnnouncement, useAnnouncements, type Announcement } from '../api';
import EditorModal from '../components/EditorModal';
import { EnabledField, EnabledTag, ListHeader } from '../components/parts';

interface AnnouncementForm {
  content: string;
  enabled: boolean;
  window?: [Dayjs | null, Dayjs | null] | null;
}

export default function AnnouncementsPage() {
  const { t } = useTranslation('admin');
  const { data, isLoading } = useAnnouncements();
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  const current = editing === 'new' ? null : editing;
  return (
    <>
      <ListHeader title={t('announcements.title')} addLabel={t('announcements.add')} onAdd={() => setEditing('new')} />
      <Table<Announcement>
        rowKey="id"
        loading={isLoading}
        dataSource={data}
        columns={[
          { title: t('announcements.content'), dataIndex: 'content' },
          {
            title: t('announcements.window'),
            key: 'window',
            render: (_, a) => `${formatDateTime(a.startsAt)} ~ ${formatDateTime(a.endsAt)}`,
          },
          { title: t('prices.enabled'), dataIndex: 'enabled', render: (on: boolean) => <EnabledTag on={on} /> },
          { title: t('announcements.createdAt'), dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
          {
            title: t('actions'),
            key: 'edit',
            render: (_, a) => (
              <Button type="link" onClick={() => setEditing(a)}>
                {t('edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && (
        <EditorModal<AnnouncementForm>
          title={current ? t('edit') : t('announcements.add')}
          initialValues={
            current
              ? {
                  content: current.content,
                  enabled: current.enabled,
                  window: [current.startsAt ? dayjs(current.startsAt) : null, current.endsAt ? dayjs(current.endsAt) : null],
                }
              : { enabled: true }
          }
          onClose={() => setEditing(null)}
          onSave={({ window, ...v }) =>
            saveAnnouncement(current?.id ?? null, {
              ...v,
              startsAt: window?.[0]?.toISOString() ?? null,
              endsAt: window?.[1]?.toISOString() ?? null,
            })
          }
          preview={(v) => <div className="announcement-banner">{v.content}</div>}
        >
          {() => (
            <>
              <Form.Item
                name="content"
                label={t('announcements.content')}
                rules={[{ required: true, whitespace: true, message: t('required') }, { max: 500 }]}
              >
                <Input.TextArea maxLength={500} showCount />
              </Form.Item>
              <Form.Item name="window" label={t('announcements.window')}>
                <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
              </Form.Item>
              <EnabledField />
            </>
          )}
        </EditorModal>
      )}
    </>
  );
}
