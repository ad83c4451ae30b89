/** The console's dialog with a submit: its OK button shows loading and a second click while the write runs sends nothing. */
import { Modal, type ModalProps } from 'antd';
import { useSingleFlight } from '@/lib/single-flight';

export default function SubmitModal({
  onSubmit,
  ...props
}: Omit<ModalProps, 'open' | 'onOk' | 'confirmLoading'> & { onSubmit: () => Promise<unknown> }) {
  const [submitting, runSubmit] = useSingleFlight();
  return <Modal open {...props} confirmLoading={submitting} onOk={() => runSubmit(onSubmit)} />;
}
