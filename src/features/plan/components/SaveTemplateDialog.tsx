/** "Save as template" from the publish form: asks for a name (the item title by default), then saves. */
import { useState } from 'react';
import TextInput from '@/components/TextInput';
import { Modal } from '@/components/LazyOverlay';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/toast';
import { useSingleFlight } from '@/lib/single-flight';

export interface SaveTemplateDialogProps {
  open: boolean;
  defaultName: string;
  /** Saves the form under this name. */
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

export default function SaveTemplateDialog({ open, defaultName, onSave, onClose }: SaveTemplateDialogProps) {
  const { t } = useTranslation('flow');
  // null until the user edits the name: the item title stands in
  const [name, setName] = useState<string | null>(null);
  const [saving, runSave] = useSingleFlight();
  const shownName = name ?? defaultName;

  async function save() {
    if (!shownName.trim()) return;
    await runSave(async () => {
      try {
        await onSave(shownName.trim());
        onClose();
        toastSuccess(t('template.saved'));
      } catch {
        /* toasted by the API client */
      }
    });
  }

  return (
    <Modal
      open={open}
      title={t('template.title')}
      okText={t('template.ok')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !shownName.trim() }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <TextInput
        className="flow-template-name"
        value={shownName}
        maxLength={50}
        showCount
        placeholder={t('template.namePlaceholder')}
        aria-label={t('template.name')}
        data-testid="template-name"
        onChange={setName}
      />
    </Modal>
  );
}
