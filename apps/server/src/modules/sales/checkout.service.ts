import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  formatPeso,
  fromCentavos,
  invoiceFigures,
  toCentavos,
  type Checkout,
  type CheckoutInput,
  type PaymentMethod,
  type TaxableLine,
} from '@ginhawa/contract';
import type { Db, Tx } from '../../db/client';
import {
  banks,
  clientArrivals,
  clients,
  employees,
  floorReservations,
  invoices,
  locations,
  tabs,
  tips,
  treatments,
} from '../../db/schema/index';
import { audit } from '../../db/audit';
import { idempotent } from '../../db/idempotency';
import { conflict, fieldError, fieldsError } from '../../lib/http-error';
import { iso } from '../../lib/iso';
import { displayName, type AuthUser } from '../../lib/actor';
import { issueDocument, sellerTerms, terminalForSale } from '../invoicing/index';
import { assertDateAllowed } from './dating.service';
import { SPECIAL_NEEDS_INVOICE, checkAccount, checkSalesperson } from './desk-sales.service';
import { recordSale, type SaleLineInput } from './record-sale.service';
import { toSale } from './sale-lines.service';
import { SOLD, tellCreditedSalesperson } from './sale-notice.service';
import { earningsChanged } from './sale-watch';
import { assertTill, lockTab, tabLocation } from './tabs.service';
import { rowsOf } from './shared';

/**
 * Checkout (issue 32): a visit's tab is paid after the service, in one transaction: add-ons and an
 * upgrade at catalogue price, the discount, the service charge, tips to the therapists who served,
 * and one or more payments that add up to what is due plus the tips, to the centavo. The sale is
 * one sale of several lines sharing the visit's key A-<arrival> (docs/decisions/0511-split-payments.md):
 * a held deposit's line first, then one per payment; tips are rows of `tips`, not sales (0512).
 */

// Exact centavos for sharing amounts out (never a float): the contract's, as the invoice's tax.
const cents = toCentavos;
const pesos = fromCentavos;

type Portion = { method: PaymentMethod; bank: number | null; referenceNo: string; amount: bigint };
type TipShare = { employee: number; method: PaymentMethod; bank: number | null; amount: bigint };

/**
 * Shares the payments out (decision 0511): tips are taken from the cash payments first (a tip is
 * handed over in cash, and a cash tip is in the drawer), then from the other payments in the order
 * given; what each payment has left pays the bill. The held deposit pays the bill first and never a tip.
 */
export const shareOut = (
  deposit: Portion | null,
  payments: Portion[],
  tipsDue: { employee: number; amount: bigint }[],
) => {
  const left = payments.map((p) => ({ ...p }));
  const order = [...left.filter((p) => p.method === 'cash'), ...left.filter((p) => p.method !== 'cash')];
  const shares: TipShare[] = [];
  for (const tip of tipsDue) {
    let owed = tip.amount;
    for (const p of order) {
      if (owed === 0n) break;
      const take = p.amount < owed ? p.amount : owed;
      if (take === 0n) continue;
      p.amount -= take;
      owed -= take;
      const same = shares.find((s) => s.employee === tip.employee && s.method === p.method && s.bank === p.bank);
      if (same) same.amount += take;
      else shares.push({ employee: tip.employee, method: p.method, bank: p.bank, amount: take });
    }
  }
  return { bill: [...(deposit && deposit.amount > 0n ? [deposit] : []), ...left.filter((p) => p.amount > 0n)], shares };
};

/**
 * The bill's lines from what pays it: each portion pays the net first, then the service charge; the
 * whole discount sits on the first line (its amount = its net + the discount), so the lines add up
 * to the bill's amount, discount, net and service charge exactly.
 */
export const billLines = (bill: Portion[], total: { net: bigint; discount: bigint }) => {
  let netLeft = total.net;
  return bill.map((p, i) => {
    const net = p.amount < netLeft ? p.amount : netLeft;
    netLeft -= net;
    const discount = i === 0 ? total.discount : 0n;
    return { ...p, amount: net + discount, discount, serviceCharge: p.amount - net };
  });
};

type Figures = {
  service: string;
  items: string;
  subtotal: string;
  total_due: string;
  net: string;
  deposit_applied: string;
  tips_total: string;
  paid: string;
  owed: string;
  discount_over: boolean;
  charge_over: boolean;
};

/** The invoice's lines: the visit's service (none on a voucher or membership) and the add-ons, at menu price. */
export const invoiceLinesOf = async (
  tx: Tx,
  bill: { service: number | null; items: { treatment: number; quantity: number }[] },
): Promise<TaxableLine[]> => {
  const ids = [...new Set([...(bill.service === null ? [] : [bill.service]), ...bill.items.map((i) => i.treatment)])];
  if (!ids.length) return [];
  const rows = await tx
    .select({
      id: treatments.id,
      name: treatments.name,
      price: treatments.price,
      taxClass: treatments.taxClass,
      eligible: treatments.seniorPwdEligible,
    })
    .from(treatments)
    .where(inArray(treatments.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lineOf = (id: number, quantity: number): TaxableLine => {
    const row = byId.get(id)!;
    return {
      description: row.name,
      quantity,
      unit_price: row.price,
      tax_class: row.taxClass as TaxableLine['tax_class'],
      senior_pwd_eligible: row.eligible,
    };
  };
  return [
    ...(bill.service === null ? [] : [lineOf(bill.service, 1)]),
    ...bill.items.map((i) => lineOf(i.treatment, i.quantity)),
  ];
};

/** The acknowledgement receipt a visit's deposit was taken against (its reservation's), if one was issued. */
const acknowledgementOf = async (tx: Tx, arrivalId: number) => {
  const [row] = await tx
    .select({ documentNo: invoices.documentNo })
    .from(invoices)
    .innerJoin(floorReservations, sql`${invoices.saleReference} = 'R-' || ${floorReservations.id}`)
    .where(and(eq(floorReservations.arrivalId, arrivalId), eq(invoices.kind, 'acknowledgement')))
    .limit(1);
  return row?.documentNo ?? null;
};

/** Who may check this visit out: the desk of its branch, its Managers, Admins (asked before a replay too). */
const authorize = async (tx: Tx, user: AuthUser, arrivalId: number) => {
  const locationId = await tabLocation(tx, arrivalId);
  await assertTill(tx, user, locationId, 'check out a visit');
  return locationId;
};

export const checkout = (db: Db, user: AuthUser, input: CheckoutInput, idempotencyKey: string | null) =>
  idempotent(
    db,
    { userId: user.id, route: 'POST /sales/checkout/', key: idempotencyKey, body: input },
    (tx) => authorize(tx, user, input.arrival),
    async (tx, locationId): Promise<Checkout> => {
      const tab = await lockTab(tx, input.arrival);
      const [visit] = await tx
        .select({
          id: clientArrivals.id,
          status: clientArrivals.status,
          clientId: clientArrivals.clientId,
          clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
          locationName: locations.name,
          locationActive: locations.isActive,
          treatmentId: clientArrivals.treatmentId,
          prepaid: sql<boolean>`${clientArrivals.voucherId} is not null or ${clientArrivals.clientMembershipId} is not null`,
          therapistId: clientArrivals.therapistId,
          secondTherapistId: clientArrivals.secondTherapistId,
        })
        .from(clientArrivals)
        .innerJoin(clients, eq(clients.id, clientArrivals.clientId))
        .innerJoin(locations, eq(locations.id, clientArrivals.locationId))
        .where(eq(clientArrivals.id, input.arrival));
      if (!visit || visit.status === 'cancelled')
        throw conflict('This visit was cancelled; there is nothing to check out.');
      if (!visit.locationActive) throw fieldError('arrival', `${visit.locationName} is closed (inactive).`);
      await assertDateAllowed(tx, user, { locationId, date: tab.date, what: 'sale', field: 'arrival' });

      // Items: active treatments; at most one replaces the visit's treatment (quantity 1, not on a voucher or membership).
      const replacing = input.items.filter((item) => item.replaces_service);
      if (replacing.length > 1) throw fieldError('items', 'Only one item can replace the visit’s treatment.');
      if (replacing.length && replacing[0]!.quantity !== 1)
        throw fieldError('items', 'An item that replaces the treatment is one treatment (quantity 1).');
      if (replacing.length && visit.prepaid)
        throw fieldError('items', 'A voucher or membership visit keeps its treatment; add the other one as an add-on.');
      const ids = [...new Set(input.items.map((item) => item.treatment))];
      const found = ids.length
        ? await tx
            .select({ id: treatments.id, name: treatments.name, isActive: treatments.isActive })
            .from(treatments)
            .where(inArray(treatments.id, ids))
        : [];
      const errors: Record<string, string[]> = {};
      input.items.forEach((item, i) => {
        const row = found.find((t) => t.id === item.treatment);
        if (!row) errors[`items.${i}.treatment`] = ['No such treatment.'];
        else if (!row.isActive) errors[`items.${i}.treatment`] = [`${row.name} is no longer offered.`];
      });
      if (Object.keys(errors).length) throw fieldsError(errors);

      // Tips go to the therapists who served, one tip each.
      const served = [visit.therapistId, visit.secondTherapistId].filter((id): id is number => id !== null);
      const tipped = new Set<number>();
      for (const tip of input.tips) {
        if (!served.includes(tip.employee)) {
          const [person] = await tx
            .select({ name: sql<string>`${employees.firstName} || ' ' || ${employees.lastName}` })
            .from(employees)
            .where(eq(employees.id, tip.employee));
          throw fieldError(
            'tips',
            `${person?.name ?? 'This person'} did not serve this visit: a tip goes to the therapist who served.`,
          );
        }
        if (tipped.has(tip.employee)) throw fieldError('tips', 'One tip per therapist: add the amounts together.');
        tipped.add(tip.employee);
      }
      for (const [i, payment] of input.payments.entries()) await checkAccount(tx, payment, `payments.${i}.`);

      // The bill, in SQL on numeric: the service (nothing on a voucher or membership; the replacing
      // item's price when the client changed treatment), the add-ons, the discount, the service
      // charge, the deposit applied first, the tips, and what the payments leave owed (+) or over (−).
      const replaced = replacing[0]?.treatment ?? null;
      const itemRows = input.items.filter((item) => !item.replaces_service);
      const values = itemRows.length
        ? sql.join(
            itemRows.map((item) => sql`(${item.treatment}::int, ${item.quantity}::int)`),
            sql`, `,
          )
        : sql`(0, 0)`;
      const money = (list: { amount: string }[]) =>
        list.length
          ? sql`(${sql.join(
              list.map((x) => sql`${x.amount}::numeric`),
              sql` + `,
            )})`
          : sql`0::numeric`;
      const [figures] = await rowsOf<Figures>(
        tx,
        sql`with f as (
          select
            (case when ${visit.prepaid}::boolean then 0
              else coalesce((select price from treatments where id = coalesce(${replaced}::int, ${visit.treatmentId}::int)), 0) end)::numeric(12,2) as service,
            (select coalesce(sum(t.price * v.qty), 0) from (values ${values}) v(treatment_id, qty)
              join treatments t on t.id = v.treatment_id)::numeric(12,2) as items,
            ${input.discount}::numeric as discount, ${input.service_charge}::numeric as charge,
            coalesce(${tab.depositAmount}::numeric, 0) as deposit,
            ${money(input.tips)} as tips, ${money(input.payments)} as paid
        ), g as (select f.*, service + items as subtotal from f),
        h as (select g.*, greatest(subtotal - discount, 0) + charge as due from g),
        k as (select h.*, least(deposit, due) as applied from h)
        select service::text, items::text, subtotal::text, due::numeric(12,2)::text as total_due,
          greatest(subtotal - discount, 0)::numeric(12,2)::text as net, applied::numeric(12,2)::text as deposit_applied,
          tips::numeric(12,2)::text as tips_total, paid::numeric(12,2)::text as paid,
          (due - applied + tips - paid)::numeric(12,2)::text as owed,
          discount > subtotal as discount_over, charge > subtotal as charge_over
        from k`,
      );
      const f = figures!;
      if (f.discount_over)
        throw fieldError('discount', `The discount cannot exceed the bill (${formatPeso(f.subtotal)}).`);
      if (f.charge_over)
        throw fieldError('service_charge', `The service charge cannot exceed the bill (${formatPeso(f.subtotal)}).`);

      // The invoice (issue 33): its lines and tax box; with a senior/PWD discount its total is what is due.
      const terminalId = await terminalForSale(tx, input.terminal, locationId);
      if (input.special_discount && terminalId === null) throw fieldError('special_discount', SPECIAL_NEEDS_INVOICE);
      const invoiceLines = await invoiceLinesOf(tx, {
        service: visit.prepaid ? null : (replaced ?? visit.treatmentId),
        items: itemRows,
      });
      const invoice =
        terminalId === null
          ? null
          : invoiceFigures({
              lines: invoiceLines,
              ...(await sellerTerms(tx)),
              discount: input.discount,
              service_charge: input.service_charge,
              special: input.special_discount?.kind ?? null,
            });
      const dueCents = invoice ? cents(invoice.total_due) : cents(f.total_due);
      const chargeCents = cents(input.service_charge);
      const netCents = dueCents - chargeCents;
      const discountCents = cents(f.subtotal) - netCents;
      const depositHeld = tab.depositAmount === null ? 0n : cents(tab.depositAmount);
      const appliedCents = depositHeld < dueCents ? depositHeld : dueCents;
      const owed = dueCents - appliedCents + cents(f.tips_total) - cents(f.paid);
      if (owed > 0n) throw fieldError('payments', `${formatPeso(pesos(owed))} is still to be paid.`);
      if (owed < 0n)
        throw fieldError(
          'payments',
          `${formatPeso(pesos(-owed))} too much: the bill and tips come to ${formatPeso(
            pesos(dueCents - appliedCents + cents(f.tips_total)),
          )}${appliedCents > 0n ? ` after the ${formatPeso(pesos(appliedCents))} deposit` : ''}.`,
        );
      const due = dueCents;
      if (due > 0n && input.salesperson === null)
        throw fieldError('salesperson', 'Choose the salesperson credited with this sale.');
      if (input.salesperson !== null) await checkSalesperson(tx, input.salesperson, locationId);

      const deposit: Portion | null =
        tab.depositAmount === null
          ? null
          : {
              method: tab.depositMethod as PaymentMethod,
              bank: tab.depositBankId,
              referenceNo: tab.depositReference,
              amount: appliedCents,
            };
      const { bill, shares } = shareOut(
        deposit,
        input.payments.map((p) => ({
          method: p.payment_method,
          bank: p.bank,
          referenceNo: p.reference_no,
          amount: cents(p.amount),
        })),
        input.tips.map((t) => ({ employee: t.employee, amount: cents(t.amount) })),
      );
      const reference = `A-${visit.id}`;
      const document =
        invoice && terminalId !== null && due > 0n
          ? await issueDocument(tx, {
              kind: 'invoice',
              terminalId,
              locationId,
              businessDate: tab.date,
              cashier: { id: user.id, name: displayName(user) },
              clientId: visit.clientId,
              clientName: visit.clientName,
              buyer: input.buyer,
              saleReference: reference,
              lines: invoiceLines,
              discount: input.discount,
              serviceCharge: input.service_charge,
              special: input.special_discount,
              figures: invoice,
              payments: bill
                .filter((p) => p !== deposit)
                .map((p) => ({
                  method: p.method,
                  bankId: p.bank,
                  referenceNo: p.referenceNo,
                  amount: pesos(p.amount),
                })),
              deposit:
                appliedCents > 0n
                  ? { documentNo: await acknowledgementOf(tx, visit.id), amount: pesos(appliedCents) }
                  : null,
            })
          : null;
      const lines: SaleLineInput[] =
        due > 0n
          ? billLines(bill, { net: netCents, discount: discountCents }).map((line) => ({
              invoiceId: document?.id ?? null,
              kind: 'walk_in',
              clientId: visit.clientId,
              salespersonId: input.salesperson,
              reference,
              amount: pesos(line.amount),
              discount: pesos(line.discount),
              serviceCharge: pesos(line.serviceCharge),
              paymentMethod: line.method,
              bankId: line.bank,
              referenceNo: line.referenceNo,
            }))
          : [];
      const sold = lines.length ? await recordSale(tx, user, { date: tab.date, locationId, lines }) : [];
      if (shares.length)
        await tx.insert(tips).values(
          shares.map((s) => ({
            arrivalId: visit.id,
            locationId,
            date: tab.date,
            employeeId: s.employee,
            clientId: visit.clientId,
            amount: pesos(s.amount),
            paymentMethod: s.method,
            bankId: s.bank,
            createdBy: user.id,
          })),
        );
      if (replaced !== null)
        await tx.update(clientArrivals).set({ treatmentId: replaced }).where(eq(clientArrivals.id, visit.id));
      const [closed] = await tx
        .update(tabs)
        .set({ status: 'paid', closedAt: sql`now()`, closedBy: user.id })
        .where(eq(tabs.arrivalId, visit.id))
        .returning({ closedAt: tabs.closedAt });
      if (sold.length && input.salesperson !== null)
        await tellCreditedSalesperson(tx, user, input.salesperson, SOLD.walk_in, pesos(netCents));
      // The therapists' commission follows the visit's net, and their tips are theirs: their earnings moved.
      await earningsChanged(tx, served, tab.date);

      const names = new Map(
        (
          await tx
            .select({ id: employees.id, name: sql<string>`${employees.firstName} || ' ' || ${employees.lastName}` })
            .from(employees)
            .where(inArray(employees.id, served))
        ).map((e) => [e.id, e.name]),
      );
      const bankIds = [...new Set(input.payments.flatMap((p) => (p.bank === null ? [] : [p.bank])))];
      const bankNames = new Map(
        bankIds.length
          ? (await tx.select({ id: banks.id, name: banks.name }).from(banks).where(inArray(banks.id, bankIds))).map(
              (b) => [b.id, b.name],
            )
          : [],
      );
      const result: Checkout = {
        arrival: visit.id,
        client: visit.clientId,
        client_name: visit.clientName,
        location: locationId,
        location_name: visit.locationName,
        date: tab.date,
        sale_key: sold.length ? reference : null,
        lines: sold.map(toSale),
        subtotal: f.subtotal,
        discount: pesos(cents(input.discount)),
        service_charge: pesos(chargeCents),
        total_due: pesos(dueCents),
        deposit_applied: pesos(appliedCents),
        tips: input.tips.map((t) => ({
          employee: t.employee,
          employee_name: names.get(t.employee) ?? '',
          amount: pesos(cents(t.amount)),
        })),
        tips_total: f.tips_total,
        payments: input.payments.map((p) => ({
          payment_method: p.payment_method,
          amount: pesos(cents(p.amount)),
          bank: p.bank,
          bank_name: p.bank === null ? null : (bankNames.get(p.bank) ?? null),
          reference_no: p.reference_no,
        })),
        checked_out_at: iso(closed!.closedAt!),
        document,
      };
      await audit(tx, { actorId: user.id, action: 'checkout', tableName: 'tabs', rowId: visit.id, after: result });
      return result;
    },
  );
