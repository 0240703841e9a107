import { useQuery } from '@tanstack/react-query';
import { ZGstr8Report, ZOpsInvoiceList, type OpsInvoiceListQuery } from '@nirmaan/shared/ops-finance';
import { api } from '../../../lib/api.ts';

/** The finance screen's calls: the GSTR-8 summary of a month and the filtered list of invoices and credit notes. */

const qs = (params: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();
  return s ? `?${s}` : '';
};

export const gstr8CsvUrl = (month: string) => `/api/ops/reports/gstr8.csv${qs({ month })}`;

export const useGstr8 = (month: string) => useQuery({
  queryKey: ['ops', 'gstr8', month],
  queryFn: ({ signal }) => api(`/api/ops/reports/gstr8${qs({ month })}`, { signal }, ZGstr8Report),
  enabled: month !== '',
});

export const useOpsInvoices = (filter: OpsInvoiceListQuery) => useQuery({
  queryKey: ['ops', 'invoices', filter],
  queryFn: ({ signal }) => api(`/api/ops/invoices${qs(filter)}`, { signal }, ZOpsInvoiceList),
});
