import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  booksQuerySchema,
  documentListQuerySchema,
  idParamsSchema,
  invoiceDocumentSchema,
  invoicingProfilePatchSchema,
  invoicingProfilePutSchema,
  invoicingProfileSchema,
  journalTextQuerySchema,
  journalVerificationSchema,
  correctionsBookSchema,
  journalVerifyQuerySchema,
  readingListQuerySchema,
  readingSchema,
  readingTerminalParamsSchema,
  salesSummarySchema,
  specialDiscountBookSchema,
  terminalResource,
} from '@ginhawa/contract';
import { currentUser } from '../../lib/actor';
import { pageRoute } from '../../lib/actor-routes';
import { errorResponses } from '../../lib/error-responses';
import { resourceRoutes } from '../../lib/resource-routes';
import { getInvoicingProfile, updateInvoicingProfile } from './profile.service';
import { terminalsService } from './terminals.service';
import { journalText, verifyJournal } from './journal.service';
import { getDocument, listDocuments } from './documents-read.service';
import { getReading, listReadings, makeReading } from './readings.service';
import {
  correctionsBook,
  correctionsCsv,
  salesSummary,
  salesSummaryCsv,
  specialDiscountBook,
  specialDiscountCsv,
} from './books.service';
import { sendCsv } from '../../lib/csv';

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
  app.get(
    '/',
    {
      config: { groups: ['Admin'] },
      schema: {
        tags,
        querystring: journalTextQuerySchema,
        // One terminal's entries of the range's days as text, one per line (decision 1024).
        produces: ['text/plain'],
      },
    },
    async (request, reply) => {
      const journal = await journalText(db, request.query);
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${journal.name}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(journal.lines()));
    },
  );
};

/**
 * /api/invoicing/documents/: Admins everywhere, the branch's Managers and receptionists (decision
 * 1015). Voids and credit memos are the sales module's (they reverse the ledger): sales.module.ts.
 */
export const DOCUMENT_READERS = ['Manager', 'Receptionist'] as const;
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  pageRoute(
    app,
    '/',
    { config: { groups: DOCUMENT_READERS }, tags, querystring: documentListQuerySchema, item: invoiceDocumentSchema },
    listDocuments,
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

/**
 * /api/invoicing/readings/: X and Z readings (decision 1020). The desk and Managers of the branch
 * take X readings and read them; Z readings are a Manager's of the branch, or an Admin's.
 */
export const readingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  for (const kind of ['x', 'z'] as const)
    app.post(
      `/${kind}/:terminal/`,
      {
        config: { groups: kind === 'z' ? ['Manager'] : ['Manager', 'Receptionist'] },
        schema: {
          tags,
          params: readingTerminalParamsSchema,
          response: { 201: readingSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const reading = await makeReading(db, currentUser(request), { kind, terminalId: request.params.terminal });
        return reply.code(201).send(reading);
      },
    );
  pageRoute(
    app,
    '/',
    { config: { groups: ['Manager', 'Receptionist'] }, tags, querystring: readingListQuerySchema, item: readingSchema },
    listReadings,
  );
  app.get(
    '/:id/',
    {
      config: { groups: ['Manager', 'Receptionist'] },
      schema: { tags, params: idParamsSchema, response: { 200: readingSchema, ...errorResponses } },
    },
    async (request) => getReading(db, currentUser(request), request.params.id),
  );
};

/**
 * /api/invoicing/books/: the sales summary (E-1) and the senior citizen and PWD books (E-2, E-3),
 * JSON or `?format=csv` (decision 1022). Admins read every branch's, a branch's Managers theirs.
 */
export const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/sales-summary/',
    {
      config: { groups: ['Manager'] },
      schema: { tags, querystring: booksQuerySchema, response: { 200: salesSummarySchema, ...errorResponses } },
    },
    async (request, reply) => {
      const book = await salesSummary(db, currentUser(request), request.query);
      if (request.query.format !== 'csv') return book;
      const csv = salesSummaryCsv(book);
      return sendCsv(reply, csv.name, csv.lines);
    },
  );
  app.get(
    '/corrections/',
    {
      config: { groups: ['Manager'] },
      schema: { tags, querystring: booksQuerySchema, response: { 200: correctionsBookSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const book = await correctionsBook(db, currentUser(request), request.query);
      if (request.query.format !== 'csv') return book;
      const csv = correctionsCsv(book);
      return sendCsv(reply, csv.name, csv.lines);
    },
  );
  for (const [path, kind] of [
    ['senior-citizens', 'senior'],
    ['pwd', 'pwd'],
  ] as const)
    app.get(
      `/${path}/`,
      {
        config: { groups: ['Manager'] },
        schema: {
          tags,
          querystring: booksQuerySchema,
          response: { 200: specialDiscountBookSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const book = await specialDiscountBook(db, currentUser(request), kind, request.query);
        if (request.query.format !== 'csv') return book;
        const csv = specialDiscountCsv(book);
        return sendCsv(reply, csv.name, csv.lines);
      },
    );
};
