import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type {
  InvoicingProfile,
  InvoicingProfileChanges,
  InvoicingProfileInput,
  SoftwareBlock,
} from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { invoicingProfile, locations, terminals } from '../../db/schema/index';
import { auditTrail } from '../../db/audit';
import { touched } from '../../lib/tracked';
import { iso } from '../../lib/iso';
import { fieldError } from '../../lib/http-error';

const profileAudit = auditTrail('invoicing_profile');

/** The one row of the seller's facts (a check constraint keeps it one). */
export const PROFILE_ID = 1;

type Row = typeof invoicingProfile.$inferSelect;

/**
 * What is still missing before a document could carry every fact RR 7-2024 asks of a
 * machine-issued invoice (docs/decisions/1000): the seller's, the software's, and an active
 * terminal and a branch code at every active branch. An empty list means complete.
 */
const missingFacts = async (db: DbOrTx, row: Row | undefined): Promise<string[]> => {
  const missing: string[] = [];
  if (!row?.registeredName) missing.push('The registered name.');
  if (!row?.tin) missing.push('The TIN.');
  if (!row?.registeredAddress) missing.push('The registered address.');
  if (!row?.supplierName) missing.push("The software supplier's name.");
  if (!row?.supplierTin) missing.push("The software supplier's TIN.");
  if (!row?.accreditationNo) missing.push("The software's accreditation number.");
  const branches = await db
    .select({
      name: locations.name,
      branchCode: locations.branchCode,
      registeredAddress: locations.registeredAddress,
      noTerminal: notExists(
        db
          .select({ one: sql`1` })
          .from(terminals)
          .where(and(eq(terminals.locationId, locations.id), eq(terminals.isActive, true))),
      ).mapWith(Boolean),
    })
    .from(locations)
    .where(eq(locations.isActive, true))
    .orderBy(asc(sql`lower(${locations.name})`));
  for (const branch of branches) {
    if (!branch.branchCode) missing.push(`${branch.name}: its BIR branch code.`);
    if (!branch.registeredAddress) missing.push(`${branch.name}: its registered address.`);
    if (branch.noTerminal) missing.push(`${branch.name}: an active terminal.`);
  }
  return missing;
};

const softwareOf = (row: Row | undefined): SoftwareBlock => ({
  supplier_name: row?.supplierName ?? '',
  supplier_address: row?.supplierAddress ?? '',
  supplier_tin: row?.supplierTin ?? '',
  accreditation_no: row?.accreditationNo ?? '',
  date_issued: row?.accreditationDateIssued ?? null,
  valid_until: row?.accreditationValidUntil ?? null,
});

/** Whether documents are issued: `on` in the profile (a missing profile is `off`). */
export const invoicingOn = async (db: DbOrTx) => {
  const [row] = await db
    .select({ invoicing: invoicingProfile.invoicing })
    .from(invoicingProfile)
    .where(eq(invoicingProfile.id, PROFILE_ID));
  return row?.invoicing === 'on';
};

const toProfile = async (db: DbOrTx, row: Row | undefined): Promise<InvoicingProfile> => ({
  registered_name: row?.registeredName ?? '',
  business_style: row?.businessStyle ?? '',
  tin: row?.tin ?? '',
  branch_code: row?.branchCode ?? '00000',
  registered_address: row?.registeredAddress ?? '',
  vat_status: (row?.vatStatus ?? 'vat') as InvoicingProfile['vat_status'],
  vat_rate: row?.vatRate ?? '12.00',
  software: softwareOf(row),
  invoicing: (row?.invoicing ?? 'off') as InvoicingProfile['invoicing'],
  missing: await missingFacts(db, row),
  updated_at: row ? iso(row.updatedAt) : null,
});

export const getInvoicingProfile = async (db: DbOrTx): Promise<InvoicingProfile> => {
  const [row] = await db.select().from(invoicingProfile).where(eq(invoicingProfile.id, PROFILE_ID));
  return toProfile(db, row);
};

/** The columns a change writes: the software block's fields flattened, absent ones left as they are. */
const columnsOf = (changes: InvoicingProfileChanges) => ({
  registeredName: changes.registered_name,
  businessStyle: changes.business_style,
  tin: changes.tin,
  branchCode: changes.branch_code,
  registeredAddress: changes.registered_address,
  vatStatus: changes.vat_status,
  vatRate: changes.vat_rate,
  supplierName: changes.software?.supplier_name,
  supplierAddress: changes.software?.supplier_address,
  supplierTin: changes.software?.supplier_tin,
  accreditationNo: changes.software?.accreditation_no,
  accreditationDateIssued: changes.software?.date_issued,
  accreditationValidUntil: changes.software?.valid_until,
  invoicing: changes.invoicing,
});

/** PUT (every field) and PATCH (those given) of the seller's facts; Admin only (the routes). */
export const updateInvoicingProfile = async (
  db: Db,
  actorId: number,
  changes: InvoicingProfileInput | InvoicingProfileChanges,
): Promise<InvoicingProfile> =>
  db.transaction(async (tx) => {
    await tx.insert(invoicingProfile).values({ id: PROFILE_ID }).onConflictDoNothing();
    const [locked] = await tx.select().from(invoicingProfile).where(eq(invoicingProfile.id, PROFILE_ID)).for('update');
    const before = await toProfile(tx, locked);
    const [row] = await tx
      .update(invoicingProfile)
      .set({ ...columnsOf(changes), ...touched(actorId) })
      .where(eq(invoicingProfile.id, PROFILE_ID))
      .returning();
    const after = await toProfile(tx, row);
    // Invoices are only issued from a complete profile, from a terminal at each active branch.
    if (after.invoicing === 'on' && after.missing.length)
      throw fieldError('invoicing', `Invoicing cannot be on yet. Still missing: ${after.missing.join(' ')}`);
    return profileAudit.changed(tx, actorId, PROFILE_ID, before, after);
  });
