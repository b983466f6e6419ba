import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankResource } from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { banksService } from './banks.service';

/** /api/banks/: every signed-in person reads (choosing the account a card or transfer went to); only Admin writes. */
export const banksRoutes: FastifyPluginAsyncZod = async (app) => {
  resourceRoutes(app, {
    tags: ['banks'],
    writers: ['Admin'],
    schemas: bankResource,
    service: banksService,
  });
};
