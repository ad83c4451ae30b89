/**
 * Floating right nav, on every route except /login:
 * - customer service: hover panel with avatar, nickname, QR and remark; shown by default, toggled on
 *   hover or with its collapse icon. "By default" applies where the panel fits beside the page content
 *   (viewport >= PANEL_FITS_MIN_WIDTH); narrower windows start with it collapsed so it never covers
 *   buttons of the page until the user hovers the item;
 * - member: /recharge/member when logged in, else /login;
 * - scroll to top.
 */
import { useState } from 'react';
import { CrownOutlined, CustomerServiceOutlined, RightOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useClientValue } from '@/lib/client-value';
import { useSession } from '@/lib/session';
import { useServiceInfo } from '../service-info';

/** Content is 1200px wide and centred; the open panel reaches 260px in from the right edge. */
export const PANEL_FITS_MIN_WIDTH = 1700;

const panelFits = () => typeof window !== 'undefined' && window.matchMedia?.(`(min-width: ${PANEL_FITS_MIN_WIDTH}px)`).matches === true;

export default function FloatNav() {
  const { t } = useTranslation('layout');
  const { isLogin } = useSession();
  const [, navigate] = useLocation();
  const { data } = useServiceInfo();
  // Open by default where it fits; closed in the prerendered pages (built without a window).
  const fits = useClientValue(panelFits, false);
  const [toggled, setPanelOpen] = useState<boolean | null>(null);
  const panelOpen = toggled ?? fits;

  return (
    <aside className="float-nav" aria-label={t('float.label')} data-testid="float-nav">
      <div className="float-nav-service" onMouseEnter={() => setPanelOpen(true)} onMouseLeave={() => setPanelOpen(false)}>
        {panelOpen && (
          <div className="float-nav-panel" data-testid="float-service-panel">
            <button
              type="button"
              className="float-nav-collapse"
              aria-label={t('float.collapse')}
              onClick={() => setPanelOpen(false)}
              data-testid="float-collapse"
            >
              <RightOutlined />
            </button>
            <div className="float-nav-operator">
              {data?.avatar && <img src={data.avatar} alt="" width={40} height={40} />}
              <span>{data?.nickname}</span>
            </div>
            {data?.wechatQr && <img className="float-nav-qr" src={data.wechatQr} alt={t('service.qrAlt')} width={120} height={120} />}
            {data?.remark && <p className="float-nav-remark">{data.remark}</p>}
          </div>
        )}
        <button
          type="button"
          className="float-nav-item"
          onClick={() => setPanelOpen(!panelOpen)}
          aria-expanded={panelOpen}
          data-testid="float-service"
        >
          <CustomerServiceOutlined />
          <span>{t('float.service')}</span>
        </button>
      </div>
      <button
        type="button"
        className="float-nav-item"
        onClick={() => navigate(isLogin ? '/recharge/member' : '/login')}
        data-testid="float-member"
      >
        <CrownOutlined />
        <span>{t('float.member')}</span>
      </button>
      <button type="button" className="float-nav-item" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })} data-testid="float-top">
        <VerticalAlignTopOutlined />
        <span>{t('float.top')}</span>
      </button>
    </aside>
  );
}
