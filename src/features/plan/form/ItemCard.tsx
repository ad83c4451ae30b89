/**
 * The item card of the plan form: what the lookup found (main image, title, shop, price), every
 * field editable, and a line saying how the platform's lookup went (found, unknown, provider
 * off, failed) so the seller knows to type the rest. What the card shows when publishing is what
 * the plan keeps (form.ts toPlanForm).
 */
import { useState } from 'react';
import TextInput from '@/components/TextInput';
import { useTranslation } from 'react-i18next';
import type { ItemInfo } from './api';

export interface ItemCardProps {
  item: ItemInfo;
  title: string;
  titleInvalid?: boolean;
  onTitle: (title: string) => void;
  onItem: (item: ItemInfo) => void;
}

/** Fen as the yuan the seller reads and types ("39.9"); '' for none. */
export const fenToYuanText = (fen: number | null | undefined) => (fen === null || fen === undefined ? '' : String(fen / 100));

/** The largest price the plan keeps (fen): the server's integer column. */
const PRICE_MAX_FEN = 2_147_483_647;

/** What the seller typed as yuan, in fen; null when empty, undefined when not a price (or above PRICE_MAX_FEN). */
export function yuanTextToFen(text: string): number | null | undefined {
  const t = text.trim();
  if (!t) return null;
  if (!/^\d{1,8}(\.\d{0,2})?$/.test(t)) return undefined;
  const fen = Math.round(Number(t) * 100);
  return fen <= PRICE_MAX_FEN ? fen : undefined;
}

export default function ItemCard({ item, title, titleInvalid, onTitle, onItem }: ItemCardProps) {
  const { t } = useTranslation('flow');
  const status = item.lookup;
  const statusText: Record<NonNullable<ItemInfo['lookup']>, string> = {
    found: t('item.status.found'),
    unknown: t('item.status.unknown'),
    off: t('item.status.off'),
    failed: t('item.status.failed'),
  };
  return (
    <div className="flow-item-card" data-testid="item-card" role="group" aria-label={t('item.cardLabel')}>
      <div className="flow-item-media">
        {item.image ? (
          <>
            <img src={item.image} alt="" width={72} height={72} referrerPolicy="no-referrer" data-testid="item-image" />
            <button type="button" className="flow-item-noimage" onClick={() => onItem({ ...item, image: null })}>
              {t('item.removeImage')}
            </button>
          </>
        ) : (
          <div className="flow-item-noimg" aria-hidden />
        )}
      </div>
      <div className="flow-item-info">
        <TextInput
          value={title}
          maxLength={100}
          placeholder={t('item.titlePlaceholder')}
          aria-label={t('item.title')}
          data-testid="item-title"
          invalid={titleInvalid}
          onChange={onTitle}
        />
        <TextInput
          value={item.shopName ?? ''}
          maxLength={100}
          placeholder={t('item.shopPlaceholder')}
          aria-label={t('item.shop')}
          data-testid="item-shop"
          onChange={(shopName) => onItem({ ...item, shopName })}
        />
        <ItemPrice item={item} onItem={onItem} />
        <span className="flow-item-meta">
          {t('item.id')}
          {item.itemId}
        </span>
        {status && (
          <p className={status === 'found' ? 'flow-hint' : 'flow-item-notice'} data-testid="item-status" role="status">
            {statusText[status]}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The price field: the seller's text as typed. The item holds its fen value, or NaN while the text
 * does not read as a price: the form then refuses to publish (form.ts), rather than keeping an
 * older price than the one shown.
 */
function ItemPrice({ item, onItem }: Pick<ItemCardProps, 'item' | 'onItem'>) {
  const { t } = useTranslation('flow');
  const [text, setText] = useState(() => fenToYuanText(item.price));
  return (
    <label className="flow-item-price">
      <span>{t('item.price')}</span>
      <TextInput
        inputMode="decimal"
        value={text}
        maxLength={11}
        placeholder={t('item.pricePlaceholder')}
        data-testid="item-price"
        invalid={yuanTextToFen(text) === undefined}
        onChange={(next) => {
          setText(next);
          const fen = yuanTextToFen(next);
          onItem({ ...item, price: fen === undefined ? Number.NaN : fen });
        }}
      />
      <span>{t('item.priceUnit')}</span>
    </label>
  );
}
