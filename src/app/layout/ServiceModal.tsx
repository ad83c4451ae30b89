/**
 * 运营咨询 dialog: width 660; WeChat QR with "微信客服，扫码联系", operator avatar,
 * "专属运营：{nickname}", remark, "在线时间：周一至周六9:00 ~ 18:00". Opening it reloads the service info;
 * when it cannot be loaded (offline) the dialog says so instead of an empty QR and a blank operator.
 * A phone cannot scan its own screen: the QR can be saved (a download, or a long press on the
 * image), the WeChat ID copied, and the operator's phone number, where set, called.
 */
import { useEffect } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';
import { toastError, toastSuccess } from '@/lib/toast';
import { refreshServiceInfo, useServiceInfo } from '../service-info';
import './ServiceModal.css';

export default function ServiceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const { data, isLoading } = useServiceInfo();
  useEffect(() => {
    if (open) void refreshServiceInfo();
  }, [open]);

  async function copyWechatId(id: string) {
    try {
      await copyText(id);
      toastSuccess(t('service.wechatIdCopied'));
    } catch {
      toastError(t('service.wechatId', { id }));
    }
  }

  return (
    <Modal title={t('service.title')} open={open} onCancel={onClose} footer={null} width={660}>
      <div className="service-modal" data-testid="service-modal">
        {data?.wechatQr && (
          <div className="service-modal-qr">
            <img src={data.wechatQr} alt={t('service.qrAlt')} width={180} height={180} />
            <p>{t('service.scan')}</p>
            <Button href={data.wechatQr} download="运营微信二维码" target="_blank" rel="noopener" size="small" data-testid="save-qr">
              {t('service.saveQr')}
            </Button>
            <p className="service-modal-tip">{t('service.saveQrHint')}</p>
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
          {data?.wechatId && (
            <p className="service-modal-line" data-testid="service-wechat-id">
              <span>{t('service.wechatId', { id: data.wechatId })}</span>
              <Button size="small" onClick={() => void copyWechatId(data.wechatId!)} data-testid="copy-wechat-id">
                {t('service.copyWechatId')}
              </Button>
            </p>
          )}
          {data?.phone && (
            <p className="service-modal-line" data-testid="service-phone">
              <span>{t('service.phone', { phone: data.phone })}</span>
              <Button size="small" href={`tel:${data.phone.replace(/[^\d+]/g, '')}`}>
                {t('service.call')}
              </Button>
            </p>
          )}
          {data?.remark && <p className="service-modal-remark">{data.remark}</p>}
          <p className="service-modal-hours">{t('service.hours')}</p>
        </div>
      </div>
    </Modal>
  );
}
