/**
 * /recharge/member: current level and deadline, levels side by side with their discount and
 * packages, each package with its break-even (the plan spending whose member saving pays its fee
 * back, in points), buy.
 */
import { useState } from 'react';
import { Alert, Button, Skeleton, Tag } from 'antd';
import { Modal } from '@/components/LazyOverlay';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPoints, formatYuan } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import type { Goods } from '@common/api-types';
import { useGoods, useMemberLevels } from '../api';
import { bestRate, breakEvenPoints, discountTenths, memberPurchase } from '../membership';
import Checkout from './Checkout';

export default function MemberPanel() {
  const { t } = useTranslation('recharge');
  const { user } = useCurrentUser();
  const { data: levels, isLoading } = useMemberLevels();
  const { data: goods } = useGoods('member');
  const { data: pointPackages } = useGoods('integral');
  const rate = bestRate(pointPackages ?? []);
  const [buying, setBuying] = useState<Goods | null>(null);
  const currentLevel = user?.memberLevel ?? 1;

  return (
    <div className="recharge-panel" data-testid="recharge-member">
      <dl className="recharge-member-status">
        <div>
          <dt>{t('member.current')}</dt>
          <dd data-testid="member-current">{user?.memberLevelDesc ?? '--'}</dd>
        </div>
        <div>
          <dt>{t('member.deadline')}</dt>
          <dd data-testid="member-current-deadline" className="nowrap">
            {formatDateTime(user?.memberDeadline)}
          </dd>
        </div>
      </dl>
      <h2 className="section-title">{t('member.levels')}</h2>
      {isLoading && <Skeleton active />}
      <div className="recharge-levels">
        {levels?.map((level) => {
          const tenths = discountTenths(level.discount);
          const packages = goods?.filter((g) => g.level === level.level) ?? [];
          const purchase = memberPurchase(level.level, currentLevel);
          return (
            <section
              key={level.level}
              className={level.level === currentLevel ? 'recharge-level current' : 'recharge-level'}
              data-testid={`level-${level.level}`}
            >
              <header className="recharge-level-head">
                <h3>{level.name}</h3>
                {level.level === currentLevel && <Tag color="gold">{t('member.currentTag')}</Tag>}
              </header>
              <p className="recharge-level-benefit">{tenths ? t('member.discount', { value: tenths }) : t('member.noDiscount')}</p>
              <ul className="recharge-level-packages">
                {packages.map((g) => {
                  const breakEven = breakEvenPoints(g.price, level.discount, rate);
                  return (
                    <li key={g.id}>
                      <span className="recharge-level-package">
                        <span>{t('member.days', { n: g.days })}</span>
                        <span className="recharge-price">{t('yuan', { amount: formatYuan(g.price) })}</span>
                        <Button
                          type={purchase === 'lower' ? 'default' : 'primary'}
                          size="small"
                          disabled={purchase === 'lower'}
                          title={purchase === 'lower' ? t('member.lower') : undefined}
                          onClick={() => setBuying(g)}
                          data-testid={`buy-${g.id}`}
                        >
                          {purchase === 'renew' ? t('member.renew') : t('member.buy')}
                        </Button>
                      </span>
                      {breakEven !== null && (
                        <p className="recharge-break-even" data-testid={`break-even-${g.id}`}>
                          {t('member.breakEven', { days: g.days, points: formatPoints(breakEven) })}
                        </p>
                      )}
                    </li>
                  );
                })}
              </ul>
              {purchase === 'lower' && packages.length > 0 && <p className="recharge-hint">{t('member.lower')}</p>}
            </section>
          );
        })}
      </div>
      {goods && goods.length === 0 && <p className="recharge-hint">{t('member.empty')}</p>}
      {rate > 0 && <p className="recharge-hint">{t('member.breakEvenNote', { rate: Math.round(rate * 100) / 100 })}</p>}
      <Alert type="info" showIcon title={t('member.rule')} className="recharge-rule" />
      <Modal
        open={buying !== null}
        title={buying ? t('member.checkoutTitle', { name: buying.name }) : ''}
        footer={null}
        width={620}
        destroyOnHidden
        onCancel={() => setBuying(null)}
      >
        <Checkout goods={buying} />
      </Modal>
    </div>
  );
}
