import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { bankDirectorySchema, bankResource, type Bank, type BankView } from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { createBank, deleteBank, getBank, listBanks, updateBank } from './banks.service';
import { currentUser, isAdmin } from '../../lib/actor';

/**
 * What this caller may read of a bank account (docs/decisions/0011): Admins the whole record,
 * everyone else the name and the masked number. Parsing through the directory schema drops every
 * key it does not declare, the full number among them.
 */
export const bankViewFor =
  (request: FastifyRequest) =>
  (bank: Bank): BankView =>
    isAdmin(currentUser(request)) ? bank : bankDirectorySchema.parse(bank);

/** /api/banks/: every signed-in person reads (choosing the account a card or transfer went to); only Admin writes. */
export const banksRoutes: FastifyPluginAsyncZod = async (app) => {
  resourceRoutes(app, {
    tags: ['banks'],
    writers: ['Admin'],
    schemas: bankResource,
    service: {
      list: async (db, query, url, request) => {
        const page = await listBanks(db, query, url, { admin: isAdmin(currentUser(request)) });
        return { ...page, results: page.results.map(bankViewFor(request)) };
      },
      get: async (db, id, request) => bankViewFor(request)(await getBank(db, id)),
      create: createBank,
      update: updateBank,
      remove: deleteBank,
    },
  });
};
