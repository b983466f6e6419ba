import { eq } from 'drizzle-orm';
import type { Settings } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { configurations } from '../../db/schema/index';

export const CONFIGURATION_ID = 1;

export const getSettings = async (db: Db): Promise<Settings> => {
  const [row] = await db.select().from(configurations).where(eq(configurations.id, CONFIGURATION_ID));
  return {
    company_name: row?.companyName ?? null,
    logoUrl: row?.logoPath ? `/api/configurations/logo/?v=${row.updatedAt.getTime()}` : null,
  };
};
