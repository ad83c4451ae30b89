/**
 * Product link with lookup and the item card (ItemCard). The field takes a link or the whole
 * share text an app copied; pasting it looks it up at once (also Enter and 查询). While the lookup
 * runs (at most the seed's 30 s) a pending line shows and nothing is blocked: the seller can edit
 * the link (which cancels the lookup) or fill the rest of the form. When it answers, the card
 * fills in what the platform knows; when the link is not recognised, or the lookup failed, a line
 * says what to do and the seller goes on by hand.
 */
import { useEffect, useRef, useState } from 'react';
import PlainButton from '@/components/PlainButton';
import TextInput from '@/components/TextInput';
import { useTranslation } from 'react-i18next';
import { FLOW_TYPES, type FlowType } from '@common/domain';
import { ApiError } from '@/lib/api';
import { useFlowTypeNames } from '@/lib/flow-type-names';
import { lookupItem, type ItemInfo } from './api';
import ItemCard from './ItemCard';

export interface ItemLookupProps {
  flowType: FlowType;
  itemUrl: string;
  item: ItemInfo | null;
  title: string;
  error?: string;
  onChange: (patch: { itemUrl?: string; item?: ItemInfo | null; title?: string }) => void;
}

/** Why the lookup gave no card: the kind, or the platform the link belongs to (another page's). */
type Failure = 'unrecognised' | 'timeout' | 'other' | { platform: FlowType };

function failureOf(error: unknown): Failure {
  if (error instanceof ApiError && error.status === 400) {
    // a link the server recognised, of another platform than this page's (routes.ts checkPlatform)
    const platform = (error.data as { flowType?: unknown } | undefined)?.flowType;
    return FLOW_TYPES.includes(platform as FlowType) ? { platform: platform as FlowType } : 'unrecognised';
  }
  if (error instanceof ApiError && error.status === 0 && error.data instanceof DOMException && error.data.name === 'TimeoutError')
    return 'timeout';
  return 'other';
}

export default function ItemLookup({ flowType, itemUrl, item, title, error, onChange }: ItemLookupProps) {
  const { t } = useTranslation('flow');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const running = useRef<AbortController | null>(null);
  const platformNames = useFlowTypeNames();
  const failureText = (f: Failure): string =>
    typeof f === 'object'
      ? t('item.failed.platform', { platform: platformNames[f.platform] })
      : { unrecognised: t('item.failed.unrecognised'), timeout: t('item.failed.timeout'), other: t('item.failed.other') }[f];

  useEffect(() => () => running.current?.abort(), []);

  async function lookup(text: string) {
    const url = text.trim();
    if (!url) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setPending(true);
    setFailure(null);
    try {
      const found = await lookupItem(flowType, url, controller.signal);
      if (controller.signal.aborted) return;
      onChange({ item: found, title: found.title?.trim() || '' });
    } catch (err) {
      if (controller.signal.aborted) return; // the seller changed the link: that answer is no longer wanted
      setFailure(failureOf(err));
      onChange({ item: null });
    } finally {
      if (running.current === controller) {
        running.current = null;
        setPending(false);
      }
    }
  }

  function edit(next: string) {
    running.current?.abort();
    running.current = null;
    setPending(false);
    setFailure(null);
    onChange({ itemUrl: next, item: null, title: '' });
  }

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
          aria-busy={pending || undefined}
          data-testid="item-url"
          onChange={edit}
          onPaste={(e) => {
            // a share text spans lines; a one-line field would drop the breaks and glue the words
            const pasted = e.clipboardData
              .getData('text')
              .replace(/\s*[\r\n]+\s*/g, ' ')
              .trim();
            if (!pasted) return;
            // the pasted text replaces the field (a share text is pasted whole); the lookup starts at once
            e.preventDefault();
            edit(pasted);
            void lookup(pasted);
          }}
          onEnter={() => void lookup(itemUrl)}
        />
        <PlainButton
          variant="primary"
          loading={pending}
          onClick={() => void lookup(itemUrl)}
          disabled={!itemUrl.trim()}
          data-testid="item-lookup"
        >
          {t('item.lookup')}
        </PlainButton>
      </div>
      {pending && (
        <p className="flow-hint flow-item-pending" role="status" data-testid="item-pending">
          <span className="flow-item-spinner" aria-hidden />
          {t('item.looking')}
        </p>
      )}
      {failure && !pending && (
        <p className="flow-error" role="alert" data-testid="item-failed">
          {failureText(failure)}
        </p>
      )}
      {item && (
        <ItemCard
          key={`${item.flowType ?? flowType}:${item.itemId}`}
          item={item}
          title={title}
          titleInvalid={error === 'error.titleRequired'}
          onTitle={(next) => onChange({ title: next })}
          onItem={(next) => onChange({ item: next })}
        />
      )}
      {error && <p className="flow-error">{t(error)}</p>}
    </div>
  );
}
