import { sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '@ginhawa/contract';

/**
 * The business's time zone (the contract's BUSINESS_TIME_ZONE) as an SQL string literal, for
 * `at time zone ${BUSINESS_ZONE}`. Inlined rather than bound as a parameter: a column default
 * cannot take a parameter, and the SQL reads exactly as the migrations and query plans know it.
 */
export const BUSINESS_ZONE = sql.raw(`'${BUSINESS_TIME_ZONE.replaceAll("'", "''")}'`);
