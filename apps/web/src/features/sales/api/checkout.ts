import type { Checkout, CheckoutBody, ClientServices, Tab, TabUnpaid, TabUnpaidBody } from '@ginhawa/contract';
import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { idempotent } from '../../../lib/idempotency';
import { getOne } from '../../../lib/list-query';

/**
 * Checks a visit out: add-ons, discount, service charge, tips and payments in one transaction. One
 * key per opening of the checkout dialog, so a double tap or a retry after a lost answer pays once.
 */
export const checkout = async (body: CheckoutBody, idempotencyKey: string): Promise<Checkout> =>
  (await apiClient.post<Checkout>('/sales/checkout/', body, idempotent(idempotencyKey))).data;

/** A Manager moves a tab to "unpaid" with a reason, so the day can close without it. */
export const markTabUnpaid = async (arrival: number, body: TabUnpaidBody): Promise<TabUnpaid> =>
  (await apiClient.post<TabUnpaid>(`/sales/tabs/${arrival}/unpaid/`, body)).data;

/**
 * The client's vouchers and memberships, read only to name the one a tab redeems ("Voucher
 * V-000123"): the tab carries its id. Nothing is read for a tab paid at the desk.
 */
export const useRedeemed = (tab: Pick<Tab, 'client' | 'voucher' | 'client_membership'>) => {
  const { data } = useSWR<ClientServices, unknown>(
    tab.voucher === null && tab.client_membership === null ? null : `/clients/${tab.client}/services/`,
    getOne<ClientServices>,
  );
  if (tab.voucher !== null) {
    const code = data?.vouchers.find((v) => v.id === tab.voucher)?.code;
    return code ? `Voucher ${code}` : 'Voucher';
  }
  if (tab.client_membership !== null) {
    const name = data?.memberships.find((m) => m.id === tab.client_membership)?.membership_name;
    return name ? `${name} membership` : 'Membership';
  }
  return null;
};
