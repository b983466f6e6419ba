import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankBodySchema, bankListQuerySchema, bankPatchSchema, bankSchema, deleteResultSchema, errorBodySchema, idParamsSchema, pageSchema } from '@ginhawa/contract';
import { currentUser } from '../../plugins/auth';
import { createBank, deleteBank, getBank, listBanks, updateBank } from './banks.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['banks'];

/** /api/banks/: every signed-in person reads (choosing the account a card or transfer went to); only Admin writes. */
export const banksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/', { schema: { tags, querystring: bankListQuerySchema, response: { 200: pageSchema(bankSchema), ...errors } } }, async (request) =>
    listBanks(db, request.query, request.url),
  );

  app.post('/', { config: { groups: ['Admin'] }, schema: { tags, body: bankBodySchema, response: { 201: bankSchema, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await createBank(db, currentUser(request).id, request.body)),
  );

  app.get('/:id/', { schema: { tags, params: idParamsSchema, response: { 200: bankSchema, ...errors } } }, async (request) => getBank(db, request.params.id));

  app.put(
    '/:id/',
    { config: { groups: ['Admin'] }, schema: { tags, params: idParamsSchema, body: bankPatchSchema, response: { 200: bankSchema, ...errors } } },
    async (request) => updateBank(db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id/',
    { config: { groups: ['Admin'] }, schema: { tags, params: idParamsSchema, response: { 200: deleteResultSchema, ...errors } } },
    async (request) => deleteBank(db, currentUser(request).id, request.params.id),
  );
};
