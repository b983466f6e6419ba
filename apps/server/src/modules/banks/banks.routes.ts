import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankBodySchema, bankListQuerySchema, bankPatchSchema, bankPutSchema, bankSchema } from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { createBank, deleteBank, getBank, listBanks, updateBank } from './banks.service';

/** /api/banks/: every signed-in person reads (choosing the account a card or transfer went to); only Admin writes. */
export const banksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  resourceRoutes(app, {
    tags: ['banks'],
    writers: ['Admin'],
    item: bankSchema,
    listQuery: bankListQuerySchema,
    createBody: bankBodySchema,
    putBody: bankPutSchema,
    patchBody: bankPatchSchema,
    list: (query, url) => listBanks(db, query, url),
    get: (id) => getBank(db, id),
    create: (actorId, body) => createBank(db, actorId, body),
    update: (actorId, id, body) => updateBank(db, actorId, id, body),
    remove: (actorId, id) => deleteBank(db, actorId, id),
  });
};
