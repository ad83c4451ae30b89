/** Date range (YYYY-MM-DD, inclusive days) and, for orders, an order number: the list filters. */
import { useState } from 'react';
import { Button, Input } from 'antd';
import { RangePicker } from '@/components/LazyDatePicker';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '@/lib/format';

export interface ListFilter {
  startDate?: string;
  endDate?: string;
  orderNo?: string;
}

type Range = [Dayjs | null, Dayjs | null] | null;

export default function DateRangeFilter({ onSearch, withOrderNo }: { onSearch: (filter: ListFilter) => void; withOrderNo?: boolean }) {
  const { t } = useTranslation('recharge');
  const [range, setRange] = useState<Range>(null);
  const [orderNo, setOrderNo] = useState('');

  const search = () =>
    onSearch({
      startDate: range?.[0]?.format(DATE_FORMAT),
      endDate: range?.[1]?.format(DATE_FORMAT),
      orderNo: orderNo.trim() || undefined,
    });

  return (
    <form
      className="recharge-filter"
      data-testid="list-filter"
      onSubmit={(e) => {
        e.preventDefault();
        search();
      }}
    >
      <RangePicker
        value={range}
        onChange={(value) => setRange(value)}
        format={DATE_FORMAT}
        allowEmpty={[true, true]}
        placeholder={[t('filter.startDate'), t('filter.endDate')]}
        data-testid="filter-dates"
      />
      {withOrderNo && (
        <Input
          className="recharge-filter-order"
          value={orderNo}
          onChange={(e) => setOrderNo(e.target.value)}
          placeholder={t('filter.orderNoPlaceholder')}
          aria-label={t('filter.orderNo')}
          allowClear
          maxLength={40}
          data-testid="filter-order-no"
        />
      )}
      <Button type="primary" htmlType="submit" data-testid="filter-search">
        {t('filter.search')}
      </Button>
      <Button
        onClick={() => {
          setRange(null);
          setOrderNo('');
          onSearch({});
        }}
      >
        {t('filter.reset')}
      </Button>
    </form>
  );
}
