import { asc, eq } from 'drizzle-orm';
import { invoicingProfile, terminals, userLocations } from '../../db/schema/index';
import type { TestContext } from '../../test/build';

/**
 * Turns invoicing on for the run's database (it carries the demo's BIR facts and a terminal per
 * branch) and answers the demo manager's first branch and that branch's first terminal.
 */
export const invoicingOnAtManagersBranch = async (ctx: TestContext) => {
  const db = ctx.database.db;
  await db.update(invoicingProfile).set({ invoicing: 'on' });
  const [place] = await db
    .select({ id: userLocations.locationId })
    .from(userLocations)
    .where(eq(userLocations.userId, ctx.userIds.manager!))
    .orderBy(asc(userLocations.locationId));
  const [desk] = await db
    .select({ id: terminals.id })
    .from(terminals)
    .where(eq(terminals.locationId, place!.id))
    .orderBy(asc(terminals.id));
  return { home: place!.id, terminal: desk!.id };
};
