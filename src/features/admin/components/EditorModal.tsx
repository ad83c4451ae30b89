/** The console's editor dialog: an antd form validated before saving, with a preview of what users will see. */
import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import SubmitModal from './SubmitModal';
import { useTranslation } from 'react-i18next';

export default function EditorModal<T extends object>(props: {
  title: ReactNode;
  initialValues: Partial<T>;
  onSave: (values: T) => Promise<unknown>;
  onClose: () => void;
  children: (form: FormInstance<T>) => ReactNode;
  preview?: (values: Partial<T>) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<T>();
  const values = (Form.useWatch([], form) ?? props.initialValues) as Partial<T>;
  return (
    <SubmitModal
      title={props.title}
      okText={t('save')}
      cancelText={t('cancel')}
      onCancel={props.onClose}
      onSubmit={async () => {
        await props.onSave(await form.validateFields());
        props.onClose();
      }}
    >
      <Form form={form} layout="vertical" initialValues={props.initialValues}>
        {props.children(form)}
      </Form>
      {props.preview && (
        <div className="admin-preview" aria-label={t('preview')}>
          <div>{t('preview')}</div>
          {props.preview(values)}
        </div>
      )}
    </SubmitModal>
  );
}
