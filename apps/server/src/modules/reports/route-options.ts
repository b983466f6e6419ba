import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_GROUP, MANAGER_GROUP } from '@ginhawa/contract';

/** The Fastify instance the reports' route files add their routes to (reports.routes.ts passes its own). */
export type ReportsApp = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['reports'];
/** Location-wide figures: Managers (their locations) and Admins. */
export const managers = { groups: [MANAGER_GROUP] } as const;
/** Business-wide money owed (decision 0601): Admins only. */
export const admins = { groups: [ADMIN_GROUP] } as const;
