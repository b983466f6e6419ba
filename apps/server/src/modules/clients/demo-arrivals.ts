import { addDays } from '@ginhawa/contract';
import type { Draws } from './demo-draws';
import type { DemoBuyer, DemoVoucher } from './demo-purchases';
import type { DemoCatalogue, DemoStaff } from './demo-stock.demo';

// The demo clients' visits: voucher sessions redeemed after the sale, and walk-ins.

const SLOT_TIMES = Array.from(
  { length: 48 },
  (_, i) => `${String(10 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);

/** `now` is the Manila time of the seeding ("14:05"): a visit of today took a slot that has come already. */
export const createArrivals = (staff: DemoStaff, draws: Draws, actorId: number | null, now: string) => {
  const rows: Record<string, unknown>[] = [];
  const pastSlots = SLOT_TIMES.filter((t) => t <= now);
  const slotOf = (date: string) => {
    const slot = draws.pick(date === draws.today && pastSlots.length ? pastSlots : SLOT_TIMES);
    // Before the day's first slot, today's visits keep that slot: there is no earlier one to give them.
    return date === draws.today && !pastSlots.length ? SLOT_TIMES[0]! : slot;
  };
  const arrive = (
    clientId: number,
    locationId: number,
    date: string,
    treatmentId: number | null,
    voucherId: number | null,
    membershipId: number | null,
  ) => {
    const rcs = staff.receptionists.get(locationId)!;
    const row = {
      client_id: clientId,
      location_id: locationId,
      date,
      time: slotOf(date),
      therapist_id: draws.pick(staff.therapists.get(locationId)!),
      receptionist_id: rcs.length ? draws.pick(rcs) : null,
      treatment_id: treatmentId,
      voucher_id: voucherId,
      client_membership_id: membershipId,
      status: draws.faker.number.int(49) === 0 ? 'cancelled' : 'arrived',
      created_by: actorId,
      updated_by: actorId,
      created_at: `${date}T05:00:00Z`,
    };
    rows.push(row);
    return row;
  };

  /** Some of the voucher's sessions, on days between its sale and today; each one attended counts as used. */
  const redeem = (v: DemoVoucher) => {
    const used = draws.faker.number.int({ min: 0, max: v.sessions_total });
    for (let s = 0; s < used; s += 1) {
      const gap = Math.max(0, Math.round((Date.parse(draws.today) - Date.parse(v.sold)) / 86_400_000));
      const date = addDays(v.sold, draws.faker.number.int({ min: 0, max: gap }));
      const row = arrive(v.client_id, v.location_id, date, v.treatment_id, v.id, v.client_membership_id);
      if (row.status === 'arrived') v.sessions_used += 1;
    }
  };

  /** About 30% of clients walked in once for a treatment off the menu. */
  const walkIns = (clients: DemoBuyer[], menu: DemoCatalogue['menu']) => {
    for (const c of clients) {
      if (menu.length && draws.faker.number.int(99) < 30)
        arrive(c.id, c.location_id, draws.recentDay(), draws.pick(menu).id, null, null);
    }
  };

  return { rows, redeem, walkIns };
};
