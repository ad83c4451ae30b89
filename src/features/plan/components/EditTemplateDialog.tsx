/** Edit a template: its name and the plan form (the same fields as /flow/:type, without a start date). */
import { useState } from 'react';
import { Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BaseService, TemplateRow } from '@common/api-types';
import { fromTemplateForm, PlanFormFields, toPlanForm, validateFlowForm, type FlowFormState } from '../form';
import { revalidateTemplates, updateTemplate } from '../api';
import { useRunAction } from './useRunAction';

export interface EditTemplateDialogProps {
  template: TemplateRow;
  /** The base services of the template's platform. */
  services: BaseService[];
  timeZone: string;
  onClose: () => void;
}

export default function EditTemplateDialog({ template, services, timeZone, onClose }: EditTemplateDialogProps) {
  const { t } = useTranslation('plan');
  const [name, setName] = useState(template.name);
  const [form, setForm] = useState<FlowFormState>(() =>
    fromTemplateForm(
      template.form,
      services.find((c) => c.id === template.form.configId),
    ),
  );
  const [submitted, setSubmitted] = useState(false);
  const { busy, run } = useRunAction();
  const service = services.find((c) => c.id === form.configId);
  const errors = validateFlowForm(form, service, { requireStartDate: false, timeZone });

  function save() {
    setSubmitted(true);
    if (!service || !name.trim() || Object.keys(errors).length) return;
    const { startDate: _unused, ...templateForm } = toPlanForm(form, template.form.flowType, service);
    void run(
      () => updateTemplate(template.id, name.trim(), templateForm),
      t('template.saved'),
      () => {
        onClose();
        void revalidateTemplates();
      },
    );
  }

  return (
    <Modal
      open
      title={t('template.editTitle')}
      okText={t('template.save')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      width={960}
      onOk={save}
      onCancel={onClose}
    >
      <div className="plan-template-edit" data-testid="template-edit">
        <label className="plan-publish-date">
          <span>{t('template.name')}</span>
          <Input
            value={name}
            maxLength={50}
            showCount
            onChange={(e) => setName(e.target.value)}
            status={submitted && !name.trim() ? 'error' : undefined}
            data-testid="template-edit-name"
          />
        </label>
        <PlanFormFields
          flowType={template.form.flowType}
          configs={services}
          value={form}
          onChange={setForm}
          errors={submitted ? errors : {}}
          withStartDate={false}
          timeZone={timeZone}
        />
      </div>
    </Modal>
  );
}
