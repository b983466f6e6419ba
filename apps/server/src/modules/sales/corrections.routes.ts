import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  creditMemoBodySchema,
  documentVoidBodySchema,
  documentVoidRequestSchema,
  idParamsSchema,
  invoiceDocumentSchema,
  MANAGER_GROUP,
} from '@ginhawa/contract';
import { currentUser } from '../../lib/actor';
import { errorResponses } from '../../lib/error-responses';
import { issueCreditMemo, requestVoid, voidDocument } from './corrections.service';

const tags = ['invoicing'];

/**
 * /api/invoicing/documents/{id}/void/ and …/credit-memo/ (issue 33): the branch's Managers and
 * Admins (decision 1016). Reading documents is the invoicing module's (invoicing.routes.ts); these
 * are the ledger's, since both change it.
 */
export const correctionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.post(
    '/:id/void/',
    {
      config: { groups: [MANAGER_GROUP] },
      schema: {
        tags,
        description:
          'Voids an invoice the same business day, before its terminal’s Z reading: the number stays used, its sale lines and what it sold are reversed.',
        params: idParamsSchema,
        body: documentVoidBodySchema,
        response: { 200: invoiceDocumentSchema, ...errorResponses },
      },
    },
    async (request) => voidDocument(db, currentUser(request), request.params.id, request.body.reason),
  );
  app.post(
    '/:id/void-request/',
    {
      config: { groups: [MANAGER_GROUP, 'Receptionist'] },
      schema: {
        tags,
        description:
          'The desk asks the branch’s Managers and the Admins to void an invoice (the same checks as a void); their approval voids it.',
        params: idParamsSchema,
        body: documentVoidBodySchema,
        response: { 202: documentVoidRequestSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await requestVoid(db, currentUser(request), request.params.id, request.body.reason)),
  );
  app.post(
    '/:id/credit-memo/',
    {
      config: { groups: [MANAGER_GROUP] },
      schema: {
        tags,
        description:
          'Issues a credit memo against an invoice (all of it, or some of its lines), handed back today in cash or to an e-wallet.',
        params: idParamsSchema,
        body: creditMemoBodySchema,
        response: { 201: invoiceDocumentSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await issueCreditMemo(db, currentUser(request), request.params.id, request.body)),
  );
};
