/**
 * 运营咨询 dialog: width 660; WeChat QR with "微信客服，扫码联系", operator avatar,
 * "专属运营：{nickname}", remark, "在线时间：周一至周六9:00 ~ 18:00". Opening it reloads the service info;
 * when it cannot be loaded (offline) the dialog says so instead of an empty QR and a blank operator.
 */
import { useEffect } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { refreshServiceInfo, useServiceInfo } from '../service-info';

export default function ServiceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const { data, isLoading } = useServiceInfo();
  useEffect(() => {
    if (open) void refreshServiceInfo();
  }, [open]);

  return (
    <Modal title={t('service.title')} open={open} onCancel={onClose} footer={null} width={660}>
      <div className="service-modal" data-testid="service-modal">
        {data?.wechatQr && (
          <div className="service-modal-qr">
            <img src={data.wechatQr} alt={t('service.qrAlt')} width={180} height={180} />
            <p>{t('service.scan')}</p>
          </div>
        )}
        <div className="service-modal-info">
          {data?.avatar && <img className="service-modal-avatar" src={data.avatar} alt="" width={64} height={64} />}
          {data?.nickname ? (
            <p className="service-modal-name">{t('service.operator', { nickname: data.nickname })}</p>
          ) : (
            !isLoading && (
              <p className="service-modal-unavailable" role="status">
                {t('service.unavailable')}
              </p>
            )
          )}
          {data?.remark && <p className="service-modal-remark">{data.remark}</p>}
          <p className="service-modal-hours">{t('service.hours')}</p>
        </div>
      </div>
    </Modal>
  );
}
