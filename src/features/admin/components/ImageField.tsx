/** An image address field with an upload button (PNG/JPEG up to 1 MB, checked here and on the server). */
import { Button, Input, Space, Upload, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../api';

const MAX_BYTES = 1024 * 1024;

export default function ImageField({ value, onChange, label }: { value?: string; onChange?: (v: string) => void; label: string }) {
  const { t } = useTranslation('admin');
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input aria-label={label} value={value} onChange={(e) => onChange?.(e.target.value)} />
      <Upload
        accept="image/png,image/jpeg"
        showUploadList={false}
        beforeUpload={async (file) => {
          if (!['image/png', 'image/jpeg'].includes(file.type)) message.error(t('upload.type'));
          else if (file.size > MAX_BYTES) message.error(t('upload.size'));
          else onChange?.((await uploadImage(file)).url);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button>{t('upload.button')}</Button>
      </Upload>
    </Space.Compact>
  );
}
