import { manilaDateTime } from '@ginhawa/contract';
import type { Faker } from '@faker-js/faker';
import type { DbOrTx } from '../../db/client';
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES } from '../../db/demo-data';
import { CLIENT_COLUMNS, bulkInsert, insertDemoActivity, reserveIds } from './demo-bulk';
import { createDraws, type Draws } from './demo-draws';
import { loadDemoCatalogue, loadDemoStaff } from './demo-stock.demo';
import { numberVouchers, sellMemberships, sellVouchers, voucherSale } from './demo-purchases';
import { createArrivals } from './demo-arrivals';

/** Filipino given names, old and new, so search is tried on names people really have. */
const FIRST_NAMES = [
  ...DEMO_FIRST_NAMES,
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
  ...DEMO_LAST_NAMES,
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
export type DemoClientsOptions = { count: number; faker: Faker; days?: number; actorId?: number | null };
export type DemoClientsResult = {
  clients: number;
  memberships: number;
  vouchers: number;
  arrivals: number;
  sales: number;
};

/** The demo clients themselves, each at one of the usable branches. */
const clientRowsOf = (ids: number[], usable: number[], { faker, pick }: Draws, actorId: number | null) =>
  ids.map((id) => {
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

/**
 * Demo clients with memberships, vouchers, arrivals and sales over the last `days` (90) days, in
 * bulk. Needs the demo branches, staff and catalogue. Deterministic for a seeded `faker`.
 */
export const seedDemoClients = async (
  db: DbOrTx,
  { count, faker, days = 90, actorId = null }: DemoClientsOptions,
): Promise<DemoClientsResult> => {
  const { date: today, time: now } = manilaDateTime(new Date());
  const staff = await loadDemoStaff(db);
  if (staff.usable.length === 0 || count <= 0)
    return { clients: 0, memberships: 0, vouchers: 0, arrivals: 0, sales: 0 };
  const catalogue = await loadDemoCatalogue(db);
  // The order of the steps below is the order of the faker draws: changing it changes the demo data.
  const draws = createDraws(faker, today, days, catalogue.bankIds);

  const clientRows = clientRowsOf(await reserveIds(db, 'clients', count), staff.usable, draws, actorId);
  await bulkInsert(db, 'clients', CLIENT_COLUMNS, clientRows);

  const bought = await sellMemberships(db, clientRows, { staff, catalogue, draws, actorId });
  const singles = sellVouchers(clientRows, staff, catalogue.menu, draws);
  const voucherRows = await numberVouchers(db, [...bought.vouchers, ...singles]);
  const saleRows = bought.saleRows;
  const arrivals = createArrivals(staff, draws, actorId, now);
  for (const v of voucherRows) {
    arrivals.redeem(v);
    if (v.client_membership_id === null) saleRows.push(voucherSale(v, draws, actorId));
  }
  arrivals.walkIns(clientRows, catalogue.menu);

  await insertDemoActivity(db, {
    memberships: bought.membershipRows,
    vouchers: voucherRows,
    arrivals: arrivals.rows,
    sales: saleRows,
  });
  return {
    clients: clientRows.length,
    memberships: bought.membershipRows.length,
    vouchers: voucherRows.length,
    arrivals: arrivals.rows.length,
    sales: saleRows.length,
  };
};
