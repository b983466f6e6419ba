import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  documentListQuerySchema,
  idParamsSchema,
  invoiceDocumentSchema,
  invoicingProfilePatchSchema,
  invoicingProfilePutSchema,
  invoicingProfileSchema,
  journalVerificationSchema,
  journalVerifyQuerySchema,
  pageSchema,
  terminalResource,
} from '@ginhawa/contract';
import { currentUser } from '../../lib/actor';
import { errorResponses } from '../../lib/error-responses';
import { resourceRoutes } from '../../lib/resource-routes';
import { getInvoicingProfile, updateInvoicingProfile } from './profile.service';
import { terminalsService } from './terminals.service';
import { verifyJournal } from './journal.service';
import { getDocument, listDocuments } from './documents-read.service';

const tags = ['invoicing'];

/** /api/invoicing/profile/: who the seller is. Managers read (everything, docs/product.md §6); Admins change it. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/',
    { config: { groups: ['Manager'] }, schema: { tags, response: { 200: invoicingProfileSchema, ...errorResponses } } },
    async () => getInvoicingProfile(db),
  );
  app.put(
    '/',
    {
      config: { groups: ['Admin'] },
      schema: { tags, body: invoicingProfilePutSchema, response: { 200: invoicingProfileSchema, ...errorResponses } },
    },
    async (request) => updateInvoicingProfile(db, currentUser(request).id, request.body),
  );
  app.patch(
    '/',
    {
      config: { groups: ['Admin'] },
      schema: { tags, body: invoicingProfilePatchSchema, response: { 200: invoicingProfileSchema, ...errorResponses } },
    },
    async (request) => updateInvoicingProfile(db, currentUser(request).id, request.body),
  );
};

/** /api/invoicing/terminals/: every signed-in person reads (the desk picks its terminal); Admins write. */
export const terminalsRoutes: FastifyPluginAsyncZod = async (app) => {
  resourceRoutes(app, { tags, writers: ['Admin'], schemas: terminalResource, service: terminalsService });
};

/** /api/invoicing/journal/: the electronic journal (decision 1001); an Admin may verify its chain at any time. */
export const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/verify/',
    {
      config: { groups: ['Admin'] },
      schema: {
        tags,
        querystring: journalVerifyQuerySchema,
        response: { 200: journalVerificationSchema, ...errorResponses },
      },
    },
    async (request) => verifyJournal(db, request.query.terminal),
  );
};

/**
 * /api/invoicing/documents/: Admins everywhere, the branch's Managers and receptionists (decision
 * 1015). Voids and credit memos are the sales module's (they reverse the ledger): sales.module.ts.
 */
export const DOCUMENT_READERS = ['Manager', 'Receptionist'] as const;
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/',
    {
      config: { groups: DOCUMENT_READERS },
      schema: {
        tags,
        querystring: documentListQuerySchema,
        response: { 200: pageSchema(invoiceDocumentSchema), ...errorResponses },
      },
    },
    async (request) => listDocuments(db, currentUser(request), request.query, request.url),
  );
  app.get(
    '/:id/',
    {
      config: { groups: DOCUMENT_READERS },
      schema: { tags, params: idParamsSchema, response: { 200: invoiceDocumentSchema, ...errorResponses } },
    },
    async (request) => getDocument(db, currentUser(request), request.params.id),
  );
};
