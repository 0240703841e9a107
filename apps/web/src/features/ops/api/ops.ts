import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZMessageResponse } from '@nirmaan/shared/auth';
import {
  ZOperatorMe, ZOpsAuditPage, ZOpsCustomer, ZOpsCustomerDetail, ZOpsCustomerList, ZOpsDashboard, ZOpsLoggedIn, ZOpsOperator, ZOpsOperatorList, ZOpsReview, ZOpsReviewList,
  ZOpsVendor, ZOpsVendorList, type OpsOperatorRoleBody, type OpsReview, type VendorStatus,
} from '@nirmaan/shared/ops';
import { api, ApiError } from '../../../lib/api.ts';

/** The operator console's calls (`/api/ops/...`); the ops cookie goes along like the session cookie. */

export const OPS_ME_KEY = ['ops-me'] as const;

export const startOpsLogin = (email: string, password: string) =>
  api('/api/ops/login', { method: 'POST', json: { email, password } }, ZMessageResponse);
export const finishOpsLogin = (email: string, otp: string) =>
  api('/api/ops/login/verify', { method: 'POST', json: { email, otp } }, ZOpsLoggedIn);

/** The logged-in operator, or null without a live console session. */
export function useOperator() {
  return useQuery({
    queryKey: OPS_ME_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await api('/api/ops/me', { cache: 'no-store', signal }, ZOperatorMe);
      } catch (err) {
        if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
        throw err;
      }
    },
    staleTime: 60_000,
  });
}

export function useOpsLogout() {
  const client = useQueryClient();
  return async () => {
    await api('/api/ops/logout', { method: 'POST' }, ZMessageResponse).catch(() => undefined);
    client.setQueryData(OPS_ME_KEY, null);
  };
}

export const useDashboard = () => useQuery({ queryKey: ['ops', 'dashboard'], queryFn: ({ signal }) => api('/api/ops/dashboard', { signal }, ZOpsDashboard) });

const qs = (params: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();
  return s ? `?${s}` : '';
};

export const useVendors = (status: VendorStatus | undefined, q: string, page: number) => useQuery({
  queryKey: ['ops', 'vendors', status, q, page],
  queryFn: ({ signal }) => api(`/api/ops/vendors${qs({ status, q, page })}`, { signal }, ZOpsVendorList),
});

export type VendorAction = 'approve' | 'reject' | 'suspend' | 'unsuspend';
export const decideVendor = (id: string, action: VendorAction, reason?: string) =>
  api(`/api/ops/vendors/${id}/${action}`, { method: 'POST', json: reason ? { reason } : {} }, ZOpsVendor);

export const useCustomers = (q: string, page: number) => useQuery({
  queryKey: ['ops', 'customers', q, page],
  queryFn: ({ signal }) => api(`/api/ops/customers${qs({ q, page })}`, { signal }, ZOpsCustomerList),
});

export const useCustomer = (id: string | null) => useQuery({
  queryKey: ['ops', 'customer', id],
  queryFn: ({ signal }) => api(`/api/ops/customers/${id}`, { signal }, ZOpsCustomerDetail),
  enabled: id !== null,
});

export const setBlocked = (id: string, blocked: boolean, reason?: string) =>
  api(`/api/ops/customers/${id}/${blocked ? 'block' : 'unblock'}`, { method: 'POST', json: reason ? { reason } : {} }, ZOpsCustomer);

export const useAudit = (filter: { action: string; subjectId: string; actor: string }, before: number | undefined) => useQuery({
  queryKey: ['ops', 'audit', filter, before],
  queryFn: ({ signal }) => api(`/api/ops/audit${qs({ ...filter, before })}`, { signal }, ZOpsAuditPage),
});

export const useReviews = (filter: { reported: boolean; vendorId: string; productId: string }, page: number) => useQuery({
  queryKey: ['ops', 'reviews', filter, page],
  queryFn: ({ signal }) => api(`/api/ops/reviews${qs({ reported: filter.reported ? 'true' : undefined, vendorId: filter.vendorId, productId: filter.productId, page })}`, { signal }, ZOpsReviewList),
});

export const setReviewHidden = (review: Pick<OpsReview, 'id' | 'kind'>, hidden: boolean, reason: string) =>
  api(`/api/ops/reviews/${review.id}/${hidden ? 'hide' : 'unhide'}`, { method: 'POST', json: { kind: review.kind, reason } }, ZOpsReview);

/** The operators (admins only): another operator's role, and disabling or enabling them, each with a reason. */
export const useOperators = () => useQuery({ queryKey: ['ops', 'operators'], queryFn: ({ signal }) => api('/api/ops/operators', { signal }, ZOpsOperatorList) });
export const changeOperatorRole = (id: string, body: OpsOperatorRoleBody) => api(`/api/ops/operators/${id}/role`, { method: 'POST', json: body }, ZOpsOperator);
export const setOperatorDisabled = (id: string, disabled: boolean, reason: string) =>
  api(`/api/ops/operators/${id}/${disabled ? 'disable' : 'enable'}`, { method: 'POST', json: disabled || reason ? { reason } : {} }, ZOpsOperator);
