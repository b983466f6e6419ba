import { addDays, todayInManila } from '@ginhawa/contract';
import { and, count as countRows, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Faker } from '@faker-js/faker';
import type { DbOrTx } from '../../db/client';
import {
  banks,
  clients,
  employees,
  locations,
  membershipAllowedTreatments,
  memberships,
  treatments,
} from '../../db/schema/index';

/** Filipino given names, old and new, so search is tried on names people really have. */
const FIRST_NAMES = [
  'Maria',
  'Jose',
  'Juan',
  'Ana',
  'Angelica',
  'Mark',
  'John Paul',
  'Kristine',
  'Jerome',
  'Patricia',
  'Carlo',
  'Camille',
  'Rafael',
  'Bea',
  'Miguel',
  'Jasmine',
  'Paolo',
  'Nicole',
  'Gabriel',
  'Andrea',
  'Christian',
  'Joy',
  'Ramon',
  'Liza',
  'Enrique',
  'Marites',
  'Rogelio',
  'Rowena',
  'Danilo',
  'Lourdes',
  'Jericho',
  'Aileen',
  'Rosa',
  'Teresita',
  'Ernesto',
  'Cristina',
  'Ricardo',
  'Imelda',
  'Eduardo',
  'Corazon',
  'Antonio',
  'Divina',
  'Fernando',
  'Gloria',
  'Jaime',
  'Josefina',
  'Leonardo',
  'Luzviminda',
  'Manuel',
  'Milagros',
  'Noel',
  'Perla',
  'Reynaldo',
  'Remedios',
  'Rodrigo',
  'Socorro',
  'Vicente',
  'Zenaida',
  'Aljur',
  'Bianca',
  'Carmela',
  'Daniel',
  'Erika',
  'Francis',
  'Georgina',
  'Hannah',
  'Isabel',
  'Jessa',
  'Kathryn',
  'Lorenzo',
  'Mikaela',
  'Nathaniel',
  'Pia',
  'Queenie',
  'Ronald',
  'Sofia',
  'Trisha',
  'Vhong',
  'Wilma',
  'Ysabel',
  'Zaldy',
  'Mary Grace',
  'Ma. Theresa',
  'Jan Carlo',
  'Kimberly',
  'Rhea',
  'Arnel',
] as const;
const LAST_NAMES = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Ocampo',
  'Garcia',
  'Mendoza',
  'Torres',
  'Tomas',
  'Andrada',
  'Castillo',
  'Flores',
  'Villanueva',
  'Ramos',
  'Castro',
  'Rivera',
  'Aquino',
  'Navarro',
  'Salazar',
  'Mercado',
  'Dela Cruz',
  'De Leon',
  'Gonzales',
  'Lim',
  'Tan',
  'Aguilar',
  'Soriano',
  'Pascual',
  'Manalo',
  'Domingo',
  'Del Rosario',
  'De Guzman',
  'Delos Santos',
  'San Jose',
  'Macaraeg',
  'Dimaculangan',
  'Panganiban',
  'Magbanua',
  'Batungbakal',
  'Dizon',
  'Lacson',
  'Cojuangco',
  'Estrada',
  'Marcos',
  'Roxas',
  'Laurel',
  'Quezon',
  'Osmeña',
  'Magsaysay',
  'Agbayani',
  'Buenaventura',
  'Cabrera',
  'Dantes',
  'Evangelista',
  'Fernandez',
  'Gatchalian',
  'Hernandez',
  'Ilagan',
  'Javier',
  'Katigbak',
  'Lopez',
  'Malabanan',
  'Nepomuceno',
  'Olivares',
  'Pangilinan',
  'Quiambao',
  'Robles',
  'Sy',
  'Tiongson',
  'Umali',
  'Valdez',
  'Wenceslao',
  'Yap',
  'Zamora',
  'Co',
  'Go',
  'Ong',
  'Chua',
  'Uy',
  'Mangubat',
] as const;
const EMAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'gmail.com', 'outlook.com', 'icloud.com', 'yahoo.com.ph'] as const;
/** Globe, Smart, DITO prefixes (not 917/918/966, which the API tests use for their own clients). */
const MOBILE_PREFIXES = [
  '905',
  '906',
  '915',
  '916',
  '926',
  '927',
  '935',
  '936',
  '939',
  '945',
  '947',
  '956',
  '977',
  '995',
  '998',
  '999',
] as const;
const SLOT_TIMES = Array.from(
  { length: 48 },
  (_, i) => `${String(10 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);

export type DemoClientsOptions = { count: number; faker: Faker; days?: number; actorId?: number | null };
export type DemoClientsResult = {
  clients: number;
  memberships: number;
  vouchers: number;
  arrivals: number;
  sales: number;
};

const CHUNK = 5_000;

/** Bulk insert through one JSON parameter per chunk (jsonb_to_recordset): the same on PGlite and PostgreSQL, no per-row round trips. */
const bulkInsert = async (db: DbOrTx, table: string, columns: [string, string][], rows: Record<string, unknown>[]) => {
  const names = sql.raw(columns.map(([c]) => `"${c}"`).join(', '));
  const shape = sql.raw(columns.map(([c, type]) => `"${c}" ${type}`).join(', '));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    await db.execute(
      sql`insert into ${sql.raw(`"${table}"`)} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as x(${shape})`,
    );
  }
};

/** Ids drawn from a serial column's own sequence, so rows can point at each other before they are inserted. */
const reserveIds = async (db: DbOrTx, table: string, n: number, sequence?: string): Promise<number[]> => {
  if (n === 0) return [];
  const seq: SQL = sequence ? sql`${sequence}` : sql`pg_get_serial_sequence(${table}, 'id')`;
  const rows = await db
    .select({ id: sql<number>`nextval(${seq})`.mapWith(Number) })
    .from(sql`generate_series(1, ${n})`);
  return rows.map((r) => r.id);
};

/** How many clients the database holds: each bulk-seed run seeds its faker with it, so reruns add new people. */
export const countClients = async (db: DbOrTx) => (await db.select({ n: countRows() }).from(clients))[0]?.n ?? 0;

/**
 * Demo clients with memberships, vouchers, arrivals and sales over the last `days` (90) days, in
 * bulk. Needs the demo branches, staff and catalogue. Deterministic for a seeded `faker`.
 */
export const seedDemoClients = async (
  db: DbOrTx,
  { count, faker, days = 90, actorId = null }: DemoClientsOptions,
): Promise<DemoClientsResult> => {
  const today = todayInManila();
  const branchIds = (await db.select({ id: locations.id }).from(locations).where(eq(locations.isActive, true))).map(
    (l) => l.id,
  );
  const staff = await db
    .select({ id: employees.id, kind: employees.kind, locationId: employees.locationId })
    .from(employees)
    .where(eq(employees.isActive, true));
  const byKind = (kind: string, locationId: number) =>
    staff.filter((s) => s.kind === kind && s.locationId === locationId).map((s) => s.id);
  const sellers = new Map(branchIds.map((id) => [id, byKind('salesperson', id)]));
  const therapists = new Map(branchIds.map((id) => [id, byKind('therapist', id)]));
  const receptionists = new Map(branchIds.map((id) => [id, byKind('receptionist', id)]));
  const usable = branchIds.filter((id) => sellers.get(id)!.length && therapists.get(id)!.length);
  if (usable.length === 0 || count <= 0) return { clients: 0, memberships: 0, vouchers: 0, arrivals: 0, sales: 0 };
  const menu = await db
    .select({ id: treatments.id, price: treatments.price })
    .from(treatments)
    .where(eq(treatments.isActive, true));
  const plans = await db
    .select({ id: memberships.id, price: memberships.price, validityDays: memberships.validityDays })
    .from(memberships)
    .where(eq(memberships.isActive, true));
  const lines = await db
    .select({
      membershipId: membershipAllowedTreatments.membershipId,
      treatmentId: membershipAllowedTreatments.treatmentId,
      sessions: membershipAllowedTreatments.sessionsIncluded,
    })
    .from(membershipAllowedTreatments)
    .where(gt(membershipAllowedTreatments.sessionsIncluded, 0));
  const bankIds = (
    await db
      .select({ id: banks.id })
      .from(banks)
      .where(and(eq(banks.isActive, true)))
  ).map((b) => b.id);

  const pick = <T>(list: readonly T[]) => faker.helpers.arrayElement(list);
  const recentDay = () => addDays(today, -faker.number.int({ min: 0, max: days - 1 }));
  const payment = () => {
    const method = bankIds.length
      ? faker.helpers.weightedArrayElement([
          { value: 'cash', weight: 5 },
          { value: 'card', weight: 3 },
          { value: 'e_wallet', weight: 3 },
          { value: 'bank_transfer', weight: 1 },
        ])
      : 'cash';
    return { payment_method: method, bank_id: method === 'card' || method === 'bank_transfer' ? pick(bankIds) : null };
  };

  const clientIds = await reserveIds(db, 'clients', count);
  const clientRows = clientIds.map((id) => {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    return {
      id,
      first_name: first,
      last_name: last,
      phone: faker.number.int(9) ? `+63${pick(MOBILE_PREFIXES)}${faker.string.numeric(7)}` : null,
      email: faker.number.int(9) < 6 ? `${handle}${faker.number.int(999)}@${pick(EMAIL_DOMAINS)}` : '',
      birthdate:
        faker.number.int(9) < 7
          ? faker.date.birthdate({ min: 18, max: 75, mode: 'age' }).toISOString().slice(0, 10)
          : null,
      gender: faker.helpers.weightedArrayElement([
        { value: 'female', weight: 7 },
        { value: 'male', weight: 3 },
      ]),
      location_id: pick(usable),
      created_by: actorId,
      updated_by: actorId,
      created_at: faker.date.recent({ days: 730 }).toISOString(),
    };
  });
  await bulkInsert(
    db,
    'clients',
    [
      ['id', 'int'],
      ['first_name', 'text'],
      ['last_name', 'text'],
      ['phone', 'text'],
      ['email', 'text'],
      ['birthdate', 'date'],
      ['gender', 'text'],
      ['location_id', 'int'],
      ['created_by', 'int'],
      ['updated_by', 'int'],
      ['created_at', 'timestamptz'],
    ],
    clientRows,
  );

  type Voucher = {
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
  const membershipRows: Record<string, unknown>[] = [];
  const vouchers: Omit<Voucher, 'id' | 'code'>[] = [];
  const saleRows: Record<string, unknown>[] = [];
  const members = plans.length ? clientRows.filter(() => faker.number.int(99) < 15) : [];
  const membershipIds = await reserveIds(db, 'client_memberships', members.length);
  members.forEach((c, i) => {
    const plan = pick(plans);
    const id = membershipIds[i]!;
    const start = recentDay();
    const end = addDays(start, plan.validityDays);
    const seller = pick(sellers.get(c.location_id)!);
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
      created_at: `${start}T03:00:00Z`,
    });
    saleRows.push({
      date: start,
      location_id: c.location_id,
      client_id: c.id,
      salesperson_id: seller,
      kind: 'membership',
      reference: `CM-${id}`,
      amount: plan.price,
      discount: '0',
      net_amount: plan.price,
      ...payment(),
      created_by: actorId,
      created_at: `${start}T03:00:00Z`,
    });
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
        created_at: `${start}T03:00:00Z`,
        sold: start,
        sold_on: start,
      });
    }
  });
  for (const c of clientRows) {
    if (!menu.length || faker.number.int(99) >= 25) continue;
    const t = pick(menu);
    const sessions = faker.helpers.weightedArrayElement([
      { value: 1, weight: 5 },
      { value: 3, weight: 3 },
      { value: 5, weight: 2 },
    ]);
    const sold = recentDay();
    const price = ((Math.round(Number(t.price) * 100) * sessions) / 100).toFixed(2);
    const seller = pick(sellers.get(c.location_id)!);
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
  const voucherIds = await reserveIds(db, 'client_treatments', vouchers.length);
  // Codes from the same sequence the column default uses, so sales can name them before insert.
  const codeNumbers = await reserveIds(db, 'client_treatments', vouchers.length, 'client_treatments_code_seq');
  const voucherRows: Voucher[] = vouchers.map((v, i) => ({
    ...v,
    id: voucherIds[i]!,
    code: `V-${String(codeNumbers[i]!).padStart(6, '0')}`,
  }));

  // Arrivals: some voucher sessions redeemed after the sale, and walk-ins.
  const arrivalRows: Record<string, unknown>[] = [];
  const arrive = (
    clientId: number,
    locationId: number,
    date: string,
    treatmentId: number | null,
    voucherId: number | null,
    membershipId: number | null,
  ) => {
    const rcs = receptionists.get(locationId)!;
    arrivalRows.push({
      client_id: clientId,
      location_id: locationId,
      date,
      time: pick(SLOT_TIMES),
      therapist_id: pick(therapists.get(locationId)!),
      receptionist_id: rcs.length ? pick(rcs) : null,
      treatment_id: treatmentId,
      voucher_id: voucherId,
      client_membership_id: membershipId,
      status: faker.number.int(49) === 0 ? 'cancelled' : 'arrived',
      created_by: actorId,
      updated_by: actorId,
      created_at: `${date}T05:00:00Z`,
    });
  };
  for (const v of voucherRows) {
    const used = faker.number.int({ min: 0, max: v.sessions_total });
    for (let s = 0; s < used; s += 1) {
      const gap = Math.max(0, Math.round((Date.parse(today) - Date.parse(v.sold)) / 86_400_000));
      const date = addDays(v.sold, faker.number.int({ min: 0, max: gap }));
      arrive(v.client_id, v.location_id, date, v.treatment_id, v.id, v.client_membership_id);
      if (arrivalRows[arrivalRows.length - 1]!.status === 'arrived') v.sessions_used += 1;
    }
    if (v.client_membership_id === null) {
      saleRows.push({
        date: v.sold,
        location_id: v.location_id,
        client_id: v.client_id,
        salesperson_id: v.salesperson_id,
        kind: 'voucher',
        reference: v.code,
        amount: v.price_paid,
        discount: '0',
        net_amount: v.price_paid,
        ...payment(),
        created_by: actorId,
        created_at: v.created_at,
      });
    }
  }
  for (const c of clientRows) {
    if (menu.length && faker.number.int(99) < 30) arrive(c.id, c.location_id, recentDay(), pick(menu).id, null, null);
  }

  await bulkInsert(
    db,
    'client_memberships',
    [
      ['id', 'int'],
      ['client_id', 'int'],
      ['membership_id', 'int'],
      ['start_date', 'date'],
      ['end_date', 'date'],
      ['price_paid', 'numeric'],
      ['salesperson_id', 'int'],
      ['location_id', 'int'],
      ['sold_on', 'date'],
      ['created_by', 'int'],
      ['updated_by', 'int'],
      ['created_at', 'timestamptz'],
    ],
    membershipRows,
  );
  await bulkInsert(
    db,
    'client_treatments',
    [
      ['id', 'int'],
      ['code', 'text'],
      ['client_id', 'int'],
      ['treatment_id', 'int'],
      ['sessions_total', 'int'],
      ['sessions_used', 'int'],
      ['price_paid', 'numeric'],
      ['salesperson_id', 'int'],
      ['location_id', 'int'],
      ['expires_on', 'date'],
      ['client_membership_id', 'int'],
      ['sold_on', 'date'],
      ['created_at', 'timestamptz'],
    ],
    voucherRows,
  );
  await bulkInsert(
    db,
    'client_arrivals',
    [
      ['client_id', 'int'],
      ['location_id', 'int'],
      ['date', 'date'],
      ['time', 'text'],
      ['therapist_id', 'int'],
      ['receptionist_id', 'int'],
      ['treatment_id', 'int'],
      ['voucher_id', 'int'],
      ['client_membership_id', 'int'],
      ['status', 'text'],
      ['created_by', 'int'],
      ['updated_by', 'int'],
      ['created_at', 'timestamptz'],
    ],
    arrivalRows,
  );
  await bulkInsert(
    db,
    'sales',
    [
      ['date', 'date'],
      ['location_id', 'int'],
      ['client_id', 'int'],
      ['salesperson_id', 'int'],
      ['kind', 'text'],
      ['reference', 'text'],
      ['amount', 'numeric'],
      ['discount', 'numeric'],
      ['net_amount', 'numeric'],
      ['payment_method', 'text'],
      ['bank_id', 'int'],
      ['created_by', 'int'],
      ['created_at', 'timestamptz'],
    ],
    saleRows,
  );
  return {
    clients: clientRows.length,
    memberships: membershipRows.length,
    vouchers: voucherRows.length,
    arrivals: arrivalRows.length,
    sales: saleRows.length,
  };
};
