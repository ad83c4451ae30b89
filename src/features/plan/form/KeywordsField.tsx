/** Search keywords: 1 to 5, each 1 to 30 characters. */
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import SvgIcon from '@/components/SvgIcon';
import PlainButton from '@/components/PlainButton';
import TextInput from '@/components/TextInput';
import { useTranslation } from 'react-i18next';
import { KEYWORD_MAX_LENGTH, KEYWORDS_MAX } from '@common/plan-limits';

export interface KeywordsFieldProps {
  keywords: string[];
  error?: string;
  onChange: (keywords: string[]) => void;
}

export default function KeywordsField({ keywords, error, onChange }: KeywordsFieldProps) {
  const { t } = useTranslation('flow');
  const set = (index: number, value: string) => onChange(keywords.map((k, i) => (i === index ? value : k)));
  return (
    <div className="flow-keywords" data-testid="keywords">
      {keywords.map((keyword, index) => (
        <div className="flow-keyword" key={index}>
          <TextInput
            className="flow-keyword-input"
            value={keyword}
            maxLength={KEYWORD_MAX_LENGTH}
            showCount
            placeholder={t('keywords.placeholder', { n: index + 1 })}
            aria-label={t('keywords.placeholder', { n: index + 1 })}
            onChange={(value) => set(index, value)}
          />
          {keywords.length > 1 && (
            <PlainButton iconOnly aria-label={t('keywords.remove')} onClick={() => onChange(keywords.filter((_, i) => i !== index))}>
              <SvgIcon icon={DeleteOutlined} />
            </PlainButton>
          )}
        </div>
      ))}
      {keywords.length < KEYWORDS_MAX && (
        <PlainButton variant="dashed" onClick={() => onChange([...keywords, ''])}>
          <SvgIcon icon={PlusOutlined} />
          {t('keywords.add', { left: KEYWORDS_MAX - keywords.length })}
        </PlainButton>
      )}
      {error && <p className="flow-error">{t(error, { max: KEYWORDS_MAX, len: KEYWORD_MAX_LENGTH })}</p>}
    </div>
  );
}
