/** Filters and paging shared by the ledger and order-record tables. */
import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListFilters } from '../api';
import type { ListFilter } from './DateRangeFilter';

export function useListFilters() {
  const { t } = useTranslation('recharge');
  const [filters, setFilters] = useState<ListFilters>({ page: 1, pageSize: 10 });
  /** A new search starts again on page 1. */
  const search = (filter: ListFilter) => setFilters({ ...filter, page: 1, pageSize: filters.pageSize });
  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: filters.page,
    pageSize: filters.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: (n) => t('total', { total: n }),
    onChange: (page, pageSize) => setFilters({ ...filters, page: pageSize === filters.pageSize ? page : 1, pageSize }),
  });
  return { filters, search, pagination };
}
