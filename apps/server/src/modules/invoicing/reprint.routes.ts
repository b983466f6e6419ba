import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, reprintSchema } from '@ginhawa/contract';
import { currentUser } from '../../lib/actor';
import { errorResponses } from '../../lib/error-responses';
import { reprintDocument } from './desk.service';

const tags = ['invoicing'];

/**
 * POST /api/invoicing/documents/{id}/reprint/ (decision 1013): a document printed again is marked
 * "REPRINT" and counted in its terminal's journal. Whoever works at its branch may reprint (the
 * desk hands the client a copy); the documents' other routes live in documents.routes.ts.
 */
export const reprintRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.post(
    '/:id/reprint/',
    {
      schema: { tags, params: idParamsSchema, response: { 200: reprintSchema, ...errorResponses } },
    },
    async (request) => reprintDocument(db, currentUser(request), Number(request.params.id)),
  );
};
