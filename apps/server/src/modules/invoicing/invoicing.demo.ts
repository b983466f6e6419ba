import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoicingProfile, locations, terminals } from '../../db/schema/index';
import { PROFILE_ID } from './profile.service';

/**
 * The demo business's BIR facts (issue 33; decision 1000): a VAT-registered seller, a branch code
 * and registered address for each branch (the first is the head office, 00000), and one front-desk
 * terminal per branch with its own series, so the demo shows what a registered business keeps.
 * The numbers are made up in the BIR's formats; none is a real registration. The demo issues
 * invoices (decision 1014); the test template seeds it off, and a test about invoicing turns it on.
 */
export const seedDemoInvoicing = async (tx: Tx, { invoicing }: { invoicing: 'on' | 'off' }) => {
  await tx.insert(invoicingProfile).values({
    id: PROFILE_ID,
    invoicing,
    registeredName: 'Ginhawa Wellness Corporation',
    businessStyle: 'Ginhawa Spa',
    tin: '009-123-456',
    branchCode: '00000',
    registeredAddress: '88 Salcedo Street, Legaspi Village, Makati City 1229',
    vatStatus: 'vat',
    vatRate: '12.00',
    supplierName: 'Ginhawa Software',
    supplierAddress: 'Makati City',
    supplierTin: '010-987-654',
    accreditationNo: 'DEMO-AC-0001',
    accreditationDateIssued: '2026-01-05',
    accreditationValidUntil: '2031-01-04',
  });
  const branches = await tx
    .select({ id: locations.id, address: locations.address })
    .from(locations)
    .orderBy(asc(locations.id));
  for (const [index, branch] of branches.entries()) {
    const code = String(index).padStart(5, '0');
    await tx
      .update(locations)
      .set({ branchCode: code, registeredAddress: branch.address })
      .where(eq(locations.id, branch.id));
    await tx.insert(terminals).values({
      locationId: branch.id,
      name: 'Front desk 1',
      min: `2611${String(branch.id).padStart(13, '0')}`,
      serialNumber: `GNH-${code}-01`,
      permitNumber: `FP112026-DEMO-${code}-01`,
      permitDate: '2026-01-10',
      invoicePrefix: `${code}-SI-`,
      creditMemoPrefix: `${code}-CM-`,
      acknowledgementPrefix: `${code}-AR-`,
    });
  }
};
