/** Product link with lookup (30 s timeout) and the item card; the title is editable when the provider knows none. */
import { useState } from 'react';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowType } from '@common/domain';
import { lookupItem, type ItemInfo } from './api';

export interface ItemLookupProps {
  flowType: FlowType;
  itemUrl: string;
  item: ItemInfo | null;
  title: string;
  error?: string;
  onChange: (patch: { itemUrl?: string; item?: ItemInfo | null; title?: string }) => void;
}

export default function ItemLookup({ flowType, itemUrl, item, title, error, onChange }: ItemLookupProps) {
  const { t } = useTranslation('flow');
  const [loading, setLoading] = useState(false);

  async function lookup() {
    const url = itemUrl.trim();
    if (!url) return;
    setLoading(true);
    try {
      const found = await lookupItem(flowType, url);
      onChange({ item: found, title: found.title?.trim() || '' });
    } catch {
      onChange({ item: null }); // the API client already toasted the reason
    } finally {
      setLoading(false);
    }
  }

  const providerTitle = Boolean(item?.title);
  return (
    <div className="flow-item">
      <div className="flow-item-lookup">
        <Input
          value={itemUrl}
          placeholder={t('item.placeholder')}
          aria-label={t('item.label')}
          data-testid="item-url"
          onChange={(e) => onChange({ itemUrl: e.target.value, item: null, title: '' })}
          onPressEnter={() => void lookup()}
          allowClear
        />
        <Button type="primary" loading={loading} onClick={() => void lookup()} disabled={!itemUrl.trim()} data-testid="item-lookup">
          {t('item.lookup')}
        </Button>
      </div>
      {loading && <p className="flow-hint">{t('item.looking')}</p>}
      {item && (
        <div className="flow-item-card" data-testid="item-card">
          {item.image ? <img src={item.image} alt="" width={72} height={72} /> : <div className="flow-item-noimg" aria-hidden />}
          <div className="flow-item-info">
            {providerTitle ? (
              <strong className="flow-item-title">{title}</strong>
            ) : (
              <Input
                value={title}
                maxLength={100}
                placeholder={t('item.titlePlaceholder')}
                aria-label={t('item.title')}
                data-testid="item-title"
                status={error === 'error.titleRequired' ? 'error' : undefined}
                onChange={(e) => onChange({ title: e.target.value })}
              />
            )}
            <span className="flow-item-meta">
              {t('item.id')}
              {item.itemId}
              {item.shopName ? ` · ${t('item.shop')}${item.shopName}` : ''}
            </span>
          </div>
        </div>
      )}
      {error && <p className="flow-error">{t(error)}</p>}
    </div>
  );
}
