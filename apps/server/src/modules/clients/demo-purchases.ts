import { addDays } from '@ginhawa/contract';
import type { DbOrTx } from '../../db/client';
import { reserveIds } from './demo-bulk';
import type { Draws } from './demo-draws';
import type { DemoCatalogue, DemoStaff } from './demo-stock.demo';

// What the demo clients bought: memberships (with their vouchers), single vouchers, and the sale lines.

/** The demo client fields a purchase needs. */
export type DemoBuyer = { id: number; location_id: number };

export type DemoVoucher = {
  id: number;
  code: string;
  client_id: number;
  treatment_id: number;
  sessions_total: number;
  sessions_used: number;
  price_paid: string;
  salesperson_id: number;
  location_id: number;
  expires_on: string;
  client_membership_id: number | null;
  created_at: string;
  sold: string;
  /** The sold-on column: the day of its sale line (its membership's for a membership's vouchers). */
  sold_on: string;
};
export type DemoVoucherDraft = Omit<DemoVoucher, 'id' | 'code'>;

type Sale = {
  date: string;
  location_id: number;
  client_id: number;
  salesperson_id: number;
  kind: 'membership' | 'voucher';
  reference: string;
  amount: string;
  created_at: string;
};

/** One paid sale line at full price; the payment method is drawn when the line is made. */
export const saleRow = (sale: Sale, draws: Draws, actorId: number | null) => ({
  date: sale.date,
  location_id: sale.location_id,
  client_id: sale.client_id,
  salesperson_id: sale.salesperson_id,
  kind: sale.kind,
  reference: sale.reference,
  amount: sale.amount,
  discount: '0',
  net_amount: sale.amount,
  ...draws.payment(),
  created_by: actorId,
  created_at: sale.created_at,
});

/** About 15% of clients hold a membership, bought on a recent day, with a voucher per included treatment. */
export const sellMemberships = async (
  db: DbOrTx,
  buyers: DemoBuyer[],
  {
    staff,
    catalogue,
    draws,
    actorId,
  }: { staff: DemoStaff; catalogue: DemoCatalogue; draws: Draws; actorId: number | null },
) => {
  const { plans, lines } = catalogue;
  const membershipRows: Record<string, unknown>[] = [];
  const vouchers: DemoVoucherDraft[] = [];
  const saleRows: Record<string, unknown>[] = [];
  const members = plans.length ? buyers.filter(() => draws.faker.number.int(99) < 15) : [];
  const membershipIds = await reserveIds(db, 'client_memberships', members.length);
  members.forEach((c, i) => {
    const plan = draws.pick(plans);
    const id = membershipIds[i]!;
    const start = draws.recentDay();
    const end = addDays(start, plan.validityDays);
    const seller = draws.pick(staff.sellers.get(c.location_id)!);
    const createdAt = `${start}T03:00:00Z`;
    membershipRows.push({
      id,
      client_id: c.id,
      membership_id: plan.id,
      start_date: start,
      end_date: end,
      price_paid: plan.price,
      salesperson_id: seller,
      location_id: c.location_id,
      sold_on: start,
      created_by: actorId,
      updated_by: actorId,
      created_at: createdAt,
    });
    const sale = { date: start, location_id: c.location_id, client_id: c.id, salesperson_id: seller };
    saleRows.push(
      saleRow(
        { ...sale, kind: 'membership', reference: `CM-${id}`, amount: plan.price, created_at: createdAt },
        draws,
        actorId,
      ),
    );
    for (const line of lines.filter((l) => l.membershipId === plan.id)) {
      vouchers.push({
        client_id: c.id,
        treatment_id: line.treatmentId,
        sessions_total: line.sessions,
        sessions_used: 0,
        price_paid: '0.00',
        salesperson_id: seller,
        location_id: c.location_id,
        expires_on: end,
        client_membership_id: id,
        created_at: createdAt,
        sold: start,
        sold_on: start,
      });
    }
  });
  return { membershipRows, vouchers, saleRows };
};

/** About 25% of clients bought a voucher of 1, 3 or 5 sessions of one treatment, valid a year. */
export const sellVouchers = (buyers: DemoBuyer[], staff: DemoStaff, menu: DemoCatalogue['menu'], draws: Draws) => {
  const vouchers: DemoVoucherDraft[] = [];
  for (const c of buyers) {
    if (!menu.length || draws.faker.number.int(99) >= 25) continue;
    const t = draws.pick(menu);
    const sessions = draws.faker.helpers.weightedArrayElement([
      { value: 1, weight: 5 },
      { value: 3, weight: 3 },
      { value: 5, weight: 2 },
    ]);
    const sold = draws.recentDay();
    const price = ((Math.round(Number(t.price) * 100) * sessions) / 100).toFixed(2);
    const seller = draws.pick(staff.sellers.get(c.location_id)!);
    vouchers.push({
      client_id: c.id,
      treatment_id: t.id,
      sessions_total: sessions,
      sessions_used: 0,
      price_paid: price,
      salesperson_id: seller,
      location_id: c.location_id,
      expires_on: addDays(sold, 365),
      client_membership_id: null,
      created_at: `${sold}T04:00:00Z`,
      sold,
      sold_on: sold,
    });
  }
  return vouchers;
};

/** Gives the vouchers their ids and codes ahead of the insert, so arrivals and sales can name them. */
export const numberVouchers = async (db: DbOrTx, vouchers: DemoVoucherDraft[]): Promise<DemoVoucher[]> => {
  const voucherIds = await reserveIds(db, 'client_treatments', vouchers.length);
  // Codes from the same sequence the column default uses, so sales can name them before insert.
  const codeNumbers = await reserveIds(db, 'client_treatments', vouchers.length, 'client_treatments_code_seq');
  return vouchers.map((v, i) => ({
    ...v,
    id: voucherIds[i]!,
    code: `V-${String(codeNumbers[i]!).padStart(6, '0')}`,
  }));
};

/** The sale line of a voucher sold on its own (a membership's vouchers are paid by its line). */
export const voucherSale = (v: DemoVoucher, draws: Draws, actorId: number | null) =>
  saleRow(
    {
      date: v.sold,
      location_id: v.location_id,
      client_id: v.client_id,
      salesperson_id: v.salesperson_id,
      kind: 'voucher',
      reference: v.code,
      amount: v.price_paid,
      created_at: v.created_at,
    },
    draws,
    actorId,
  );
