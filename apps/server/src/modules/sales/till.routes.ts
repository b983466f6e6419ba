import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pageSchema,
  checkoutBodySchema,
  checkoutSchema,
  idString,
  tabListQuerySchema,
  tabSchema,
  tabUnpaidBodySchema,
  tabUnpaidSchema,
} from '@ginhawa/contract';
import { idempotencyKeyOf } from '../../db/idempotency';
import { currentUser } from '../../lib/actor';
import { errorResponses, unprocessable } from '../../lib/error-responses';
import { checkout } from './checkout.service';
import { listTabs, markTabUnpaid } from './tabs.service';

const tags = ['sales'];

/**
 * /api/sales/…: the till (issue 32): open tabs, checkout, a tab closed as unpaid. Who may, where, is
 * the service's decision (tabs.service.ts assertTill), so each refusal names what was refused.
 */
export const tillRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/tabs/',
    {
      schema: {
        tags,
        description: 'Open tabs (visits served and not yet checked out) of a branch the caller works the till at.',
        querystring: tabListQuerySchema,
        response: { 200: pageSchema(tabSchema), ...errorResponses },
      },
    },
    // A branch's open tabs are few (its rooms' worth): one page, in the list shape every list has.
    async (request) => {
      const results = await listTabs(db, currentUser(request), request.query);
      return { count: results.length, next: null, previous: null, results };
    },
  );
  app.post(
    '/checkout/',
    {
      schema: {
        tags,
        description:
          'Pays a visit’s tab: add-ons, discount, service charge, tips and one or more payments summing to what is due plus the tips. Takes `Idempotency-Key`.',
        body: checkoutBodySchema,
        response: { 201: checkoutSchema, ...errorResponses, ...unprocessable },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      return reply.code(201).send(await checkout(db, currentUser(request), request.body, key));
    },
  );
  app.post(
    '/tabs/:arrival/unpaid/',
    {
      schema: {
        tags,
        description: 'A Manager of the branch (or an Admin) closes a visit’s tab as unpaid, saying why.',
        params: z.object({ arrival: idString() }),
        body: tabUnpaidBodySchema,
        response: { 200: tabUnpaidSchema, ...errorResponses },
      },
    },
    async (request) => markTabUnpaid(db, currentUser(request), request.params.arrival, request.body.reason),
  );
};
