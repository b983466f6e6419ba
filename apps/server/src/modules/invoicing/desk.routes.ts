import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deskInvoicingSchema, terminalChoiceBodySchema } from '@ginhawa/contract';
import { currentUser } from '../../lib/actor';
import { errorResponses } from '../../lib/error-responses';
import { invoicingOn } from './profile.service';
import { chooseTerminal } from './desk.service';
import { sellerTerms } from './documents.service';

const tags = ['invoicing'];

/**
 * /api/invoicing/desk/ (decision 1010): what the desk needs and may not read from the profile
 * (Managers only): whether invoicing is on; and the journal entry of a desk choosing its terminal.
 * Every signed-in person.
 */
export const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get('/', { schema: { tags, response: { 200: deskInvoicingSchema, ...errorResponses } } }, async () => ({
    invoicing: (await invoicingOn(db)) ? ('on' as const) : ('off' as const),
    ...(await sellerTerms(db)),
  }));
  app.post(
    '/terminal/',
    {
      schema: {
        tags,
        body: terminalChoiceBodySchema,
        response: { 200: terminalChoiceBodySchema, ...errorResponses },
      },
    },
    async (request) => chooseTerminal(db, currentUser(request), request.body.terminal),
  );
};
