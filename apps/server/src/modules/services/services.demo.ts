import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  membershipAllowedTreatments,
  membershipCategories,
  membershipCategoryLinks,
  memberships,
  treatmentCategories,
  treatments,
  users,
} from '../../db/schema/index';

type DemoTreatment = { name: string; minutes: number; price: string; description: string; active?: boolean };

/** A Manila day-spa menu at 2025 prices. Fixed, not random: staff learn it like a real menu. */
export const DEMO_TREATMENTS: Record<string, { description: string; items: DemoTreatment[] }> = {
  Massages: {
    description: 'Full-body and focused massages.',
    items: [
      { name: 'Swedish Massage', minutes: 60, price: '1200.00', description: 'Long, flowing strokes with light to medium pressure.' },
      { name: 'Swedish Massage (90 min)', minutes: 90, price: '1650.00', description: 'The classic Swedish, with more time for tired legs and back.' },
      { name: 'Hilot', minutes: 60, price: '1300.00', description: 'Traditional Filipino healing massage with warm banana leaves and coconut oil.' },
      { name: 'Shiatsu', minutes: 60, price: '1400.00', description: 'Finger pressure along the meridians; done dry, over loose clothing.' },
      { name: 'Deep Tissue Massage', minutes: 90, price: '1800.00', description: 'Firm, slow pressure for knots and chronic tension.' },
      { name: 'Hot Stone Massage', minutes: 90, price: '2200.00', description: 'Heated basalt stones melt tension in the back and shoulders.' },
      { name: 'Thai Massage', minutes: 90, price: '1700.00', description: 'Assisted stretches and rhythmic compression.' },
      { name: 'Ventosa Massage', minutes: 60, price: '1450.00', description: 'Swedish massage with traditional cupping.' },
      { name: 'Prenatal Massage', minutes: 60, price: '1500.00', description: 'Side-lying massage for the second and third trimester.' },
      { name: 'Foot Reflexology', minutes: 45, price: '750.00', description: 'Pressure points on the feet, with a warm foot soak.' },
      { name: 'Back and Shoulder Massage', minutes: 30, price: '600.00', description: 'A quick fix for desk-bound shoulders.' },
      { name: 'Bamboo Massage', minutes: 75, price: '1600.00', description: 'Retired from the menu; kept for past vouchers.', active: false },
    ],
  },
  Facials: {
    description: 'Cleansing and treatment facials.',
    items: [
      { name: 'Classic Facial', minutes: 60, price: '1100.00', description: 'Deep cleanse, extraction, mask and moisturiser.' },
      { name: 'Hydrating Facial', minutes: 60, price: '1500.00', description: 'Hyaluronic serum and a cooling sheet mask for dry skin.' },
      { name: 'Acne Clearing Facial', minutes: 60, price: '1350.00', description: 'Gentle extraction and a calming clay mask.' },
      { name: 'Anti-Aging Facial', minutes: 75, price: '2400.00', description: 'Collagen mask and lifting massage.' },
      { name: 'Diamond Peel', minutes: 45, price: '1800.00', description: 'Microdermabrasion for smoother, brighter skin.' },
      { name: "Gentlemen's Facial", minutes: 60, price: '1200.00', description: 'A deep cleanse made for shaving-stressed skin.' },
    ],
  },
  'Body Scrubs': {
    description: 'Exfoliating scrubs and polishes.',
    items: [
      { name: 'Coffee Body Scrub', minutes: 45, price: '950.00', description: 'Batangas barako coffee grounds with virgin coconut oil.' },
      { name: 'Salt Glow', minutes: 45, price: '1000.00', description: 'Pangasinan sea salt with calamansi and lemongrass.' },
      { name: 'Ube Milk Polish', minutes: 60, price: '1150.00', description: 'Purple yam and fresh milk for soft, even skin.' },
      { name: 'Coconut Sugar Scrub', minutes: 45, price: '950.00', description: 'Coconut sugar and oil, gentle enough for sensitive skin.' },
    ],
  },
  'Nail Care': {
    description: 'Hands and feet.',
    items: [
      { name: 'Manicure', minutes: 30, price: '250.00', description: 'Shape, cuticle care and polish.' },
      { name: 'Pedicure', minutes: 45, price: '350.00', description: 'Soak, shape, cuticle care and polish.' },
      { name: 'Foot Spa', minutes: 60, price: '650.00', description: 'Soak, scrub, callus care and a foot massage.' },
    ],
  },
  Packages: {
    description: 'Several treatments in one visit.',
    items: [
      { name: 'Ginhawa Signature Ritual', minutes: 180, price: '4500.00', description: 'Hilot, coffee scrub and classic facial, with tea.' },
      { name: 'Couples Retreat', minutes: 120, price: '5200.00', description: 'Side-by-side Swedish massage and foot spa for two.' },
      { name: 'Stress Relief Package', minutes: 120, price: '2900.00', description: 'Deep tissue massage and foot reflexology.' },
      { name: 'Bride-to-Be Package', minutes: 240, price: '6800.00', description: 'Body polish, hydrating facial, manicure and pedicure.' },
    ],
  },
};

export const DEMO_MEMBERSHIP_CATEGORIES = ['Annual', 'Half-Year', 'Couples', 'Wellness'] as const;
type DemoMembershipCategory = (typeof DEMO_MEMBERSHIP_CATEGORIES)[number];

type DemoMembership = {
  name: string;
  price: string;
  validityDays: number;
  description: string;
  active?: boolean;
  categories: DemoMembershipCategory[];
  /** [treatment name, sessions included, discount percent] */
  includes: [string, number, string][];
};

export const DEMO_MEMBERSHIPS: DemoMembership[] = [
  {
    name: 'Silver',
    price: '12000.00',
    validityDays: 180,
    description: 'Six months of regular massages and a facial.',
    categories: ['Half-Year', 'Wellness'],
    includes: [
      ['Swedish Massage', 4, '10'],
      ['Foot Reflexology', 4, '10'],
      ['Classic Facial', 2, '10'],
      ['Coffee Body Scrub', 0, '10'],
    ],
  },
  {
    name: 'Gold',
    price: '25000.00',
    validityDays: 365,
    description: 'A year of massages, facials and scrubs at 15% off.',
    categories: ['Annual', 'Wellness'],
    includes: [
      ['Swedish Massage', 6, '15'],
      ['Hilot', 6, '15'],
      ['Hydrating Facial', 4, '15'],
      ['Hot Stone Massage', 2, '15'],
      ['Salt Glow', 2, '15'],
      ['Foot Reflexology', 0, '15'],
    ],
  },
  {
    name: 'Platinum',
    price: '45000.00',
    validityDays: 365,
    description: 'Our fullest year: signature rituals, deep tissue and anti-aging facials.',
    categories: ['Annual'],
    includes: [
      ['Ginhawa Signature Ritual', 4, '20'],
      ['Deep Tissue Massage', 8, '20'],
      ['Anti-Aging Facial', 6, '20'],
      ['Hot Stone Massage', 4, '20'],
      ['Foot Spa', 6, '20'],
      ['Diamond Peel', 0, '20'],
    ],
  },
  {
    name: 'Couples Bliss',
    price: '18000.00',
    validityDays: 365,
    description: 'Three couples retreats a year and 15% off massages for two.',
    categories: ['Couples', 'Annual'],
    includes: [
      ['Couples Retreat', 3, '15'],
      ['Swedish Massage', 0, '15'],
      ['Hilot', 0, '15'],
    ],
  },
  {
    name: 'Glow Club',
    price: '8500.00',
    validityDays: 180,
    description: 'Facials every month for six months.',
    categories: ['Half-Year', 'Wellness'],
    includes: [
      ['Classic Facial', 3, '12.5'],
      ['Hydrating Facial', 3, '12.5'],
      ['Acne Clearing Facial', 0, '12.5'],
    ],
  },
  {
    name: 'Bronze',
    price: '6000.00',
    validityDays: 90,
    description: 'No longer sold; kept for members who still hold it.',
    active: false,
    categories: ['Wellness'],
    includes: [['Swedish Massage', 2, '5']],
  },
];

/** Adds the demo catalogue (called by the seed when demo data is on, in its transaction). */
export const seedDemoServices = async (db: DbOrTx) => {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const by = { createdBy: admin?.id ?? null, updatedBy: admin?.id ?? null };

  const treatmentIds = new Map<string, number>();
  for (const [category, { description, items }] of Object.entries(DEMO_TREATMENTS)) {
    const [row] = await db.insert(treatmentCategories).values({ name: category, description, ...by }).returning({ id: treatmentCategories.id });
    const inserted = await db
      .insert(treatments)
      .values(
        items.map((t) => ({
          name: t.name,
          categoryId: row!.id,
          durationMinutes: t.minutes,
          price: t.price,
          description: t.description,
          isActive: t.active ?? true,
          ...by,
        })),
      )
      .returning({ id: treatments.id, name: treatments.name });
    for (const t of inserted) treatmentIds.set(t.name, t.id);
  }

  const categoryRows = await db
    .insert(membershipCategories)
    .values(DEMO_MEMBERSHIP_CATEGORIES.map((name) => ({ name, ...by })))
    .returning({ id: membershipCategories.id, name: membershipCategories.name });
  const categoryIds = new Map(categoryRows.map((c) => [c.name, c.id]));

  for (const m of DEMO_MEMBERSHIPS) {
    const [row] = await db
      .insert(memberships)
      .values({ name: m.name, price: m.price, validityDays: m.validityDays, description: m.description, isActive: m.active ?? true, ...by })
      .returning({ id: memberships.id });
    await db.insert(membershipCategoryLinks).values(m.categories.map((c) => ({ membershipId: row!.id, categoryId: categoryIds.get(c)! })));
    await db.insert(membershipAllowedTreatments).values(
      m.includes.map(([name, sessions, discount]) => {
        const treatmentId = treatmentIds.get(name);
        if (!treatmentId) throw new Error(`Demo membership ${m.name} includes unknown treatment ${name}`);
        return { membershipId: row!.id, treatmentId, sessionsIncluded: sessions, discountPercent: discount, ...by };
      }),
    );
  }
};
