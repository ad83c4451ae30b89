/**
 * PlainAlert: antd's warning Alert with its icon (PlainAlert.css) in plain markup, for
 * screens that load no antd up front (the home page's expiry warning, the top-up checkout).
 */
import type { ReactNode } from 'react';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import SvgIcon from './SvgIcon';
import './PlainAlert.css';

export interface PlainAlertProps {
  children: ReactNode;
  /** shown at the end, e.g. a link */
  action?: ReactNode;
  'data-testid'?: string;
}

export default function PlainAlert({ children, action, 'data-testid': testId }: PlainAlertProps) {
  return (
    <div role="alert" className="plain-alert plain-alert-warning" data-testid={testId}>
      <span className="plain-alert-icon">
        <SvgIcon icon={ExclamationCircleFilled} />
      </span>
      <span className="plain-alert-message">{children}</span>
      {action}
    </div>
  );
}
