/** Product link with lookup (30 s timeout) and the item card; the title is editable when the provider knows none. */
import { useState } from 'react';
import PlainButton from '@/components/PlainButton';
import TextInput from '@/components/TextInput';
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
        {/* A search field: the browser's own clear button, as antd's allowClear. */}
        <TextInput
          type="search"
          inputMode="url"
          className="flow-item-url"
          value={itemUrl}
          placeholder={t('item.placeholder')}
          aria-label={t('item.label')}
          data-testid="item-url"
          onChange={(itemUrl) => onChange({ itemUrl, item: null, title: '' })}
          onEnter={() => void lookup()}
        />
        <PlainButton variant="primary" loading={loading} onClick={() => void lookup()} disabled={!itemUrl.trim()} data-testid="item-lookup">
          {t('item.lookup')}
        </PlainButton>
      </div>
      {loading && <p className="flow-hint">{t('item.looking')}</p>}
      {item && (
        <div className="flow-item-card" data-testid="item-card">
          {item.image ? <img src={item.image} alt="" width={72} height={72} /> : <div className="flow-item-noimg" aria-hidden />}
          <div className="flow-item-info">
            {providerTitle ? (
              <strong className="flow-item-title">{title}</strong>
            ) : (
              <TextInput
                value={title}
                maxLength={100}
                placeholder={t('item.titlePlaceholder')}
                aria-label={t('item.title')}
                data-testid="item-title"
                invalid={error === 'error.titleRequired'}
                onChange={(title) => onChange({ title })}
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
