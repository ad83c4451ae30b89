/**
 * Floating right nav, on every route except /login:
 * - customer service: panel with avatar, nickname, QR and remark. Pinned open by default where the
 *   page makes room for it (see ./float-panel.ts; the layout narrows the content so the panel covers
 *   no control), collapsed with its icon (remembered), shown on hover while collapsed. On phones the
 *   nav sits in the page flow below the content and the item opens the 运营咨询 dialog;
 * - member: /recharge/member when logged in, else /login;
 * - scroll to top.
 */
import { useState } from 'react';
import CrownOutlined from '@ant-design/icons-svg/es/asn/CrownOutlined';
import CustomerServiceOutlined from '@ant-design/icons-svg/es/asn/CustomerServiceOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import VerticalAlignTopOutlined from '@ant-design/icons-svg/es/asn/VerticalAlignTopOutlined';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useIsLogin } from '@/lib/session';
import { openServiceModal } from '@/lib/ui-events';
import SvgIcon from '@/components/SvgIcon';
import { useServiceInfo } from '../service-info';
import { isPhoneWidth } from '@/lib/viewport';
import { setServicePanelPinned, useServicePanelPinned } from './float-panel';

export default function FloatNav() {
  const { t } = useTranslation('layout');
  const isLogin = useIsLogin();
  const [, navigate] = useLocation();
  const { data } = useServiceInfo();
  const pinned = useServicePanelPinned();
  const [hovered, setHovered] = useState(false);
  const panelOpen = pinned || hovered;

  function toggleService() {
    if (isPhoneWidth()) openServiceModal();
    else setServicePanelPinned(!pinned);
  }

  return (
    <aside className="float-nav" aria-label={t('float.label')} data-testid="float-nav">
      <div className="float-nav-service" onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
        {panelOpen && (
          <div className="float-nav-panel" data-testid="float-service-panel">
            <button
              type="button"
              className="float-nav-collapse"
              aria-label={t('float.collapse')}
              onClick={() => {
                setHovered(false);
                setServicePanelPinned(false);
              }}
              data-testid="float-collapse"
            >
              <SvgIcon icon={RightOutlined} />
            </button>
            {data?.nickname && (
              <div className="float-nav-operator">
                {data.avatar && <img src={data.avatar} alt="" width={40} height={40} />}
                <span>{data.nickname}</span>
              </div>
            )}
            {data?.wechatQr && <img className="float-nav-qr" src={data.wechatQr} alt={t('service.qrAlt')} width={120} height={120} />}
            {data?.remark && <p className="float-nav-remark">{data.remark}</p>}
            {!data && <p className="float-nav-remark">{t('service.unavailable')}</p>}
          </div>
        )}
        <button type="button" className="float-nav-item" onClick={toggleService} aria-expanded={panelOpen} data-testid="float-service">
          <SvgIcon icon={CustomerServiceOutlined} />
          <span>{t('float.service')}</span>
        </button>
      </div>
      <button
        type="button"
        className="float-nav-item"
        onClick={() => navigate(isLogin ? '/recharge/member' : '/login')}
        data-testid="float-member"
      >
        <SvgIcon icon={CrownOutlined} />
        <span>{t('float.member')}</span>
      </button>
      <button
        type="button"
        className="float-nav-item"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        data-testid="float-top"
      >
        <SvgIcon icon={VerticalAlignTopOutlined} />
        <span>{t('float.top')}</span>
      </button>
    </aside>
  );
}
