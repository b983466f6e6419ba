import type { FastifyContextConfig, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BoardRead } from '@ginhawa/contract';
import {
  assignBodySchema,
  assignmentSchema,
  BOARD_NOW_HEADER,
  boardQuerySchema,
  boardReadSchema,
  boardSchema,
  breakBodySchema,
  FLOOR_GROUPS,
  floorSettingsBodySchema,
  floorSettingsQuerySchema,
  floorSettingsSchema,
  idParamsSchema,
  proposalSchema,
  proposeBodySchema,
  reorderBodySchema,
  rotationLogEntrySchema,
  rotationLogQuerySchema,
  roomResource,
  skipBodySchema,
} from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { idempotencyKeyOf } from '../../db/idempotency';
import { currentUser, type AuthUser } from '../../lib/actor';
import { bodyRoutes, queryRoutes } from '../../lib/actor-routes';
import { errorResponses, unprocessable } from '../../lib/error-responses';
import { boardVersionAlong, getBoard, getBoardRead } from './board-kept.service';
import { acceptedEncodings } from '../../lib/accept-encoding';
import { ifNoneMatch } from '../../lib/if-none-match';
import { reorder, rotationLog, setBreak, skip } from './rotation.service';
import { assign, finishService, propose } from './assign.service';
import { getFloorSettings, putFloorSettings } from './settings.service';
import { roomsService } from './rooms.service';

export const tags = ['floor'];
/** The board's people (issue 22): who may do what at which branch is the services' decision. */
export const floorStaff = { groups: FLOOR_GROUPS } as const;

/** /api/floor/…: the board, its rotation, "assign next", the branch's settings (docs/api.md "Floor board"). */
export const floorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const board = { 200: boardSchema, ...errorResponses };

  app.get(
    '/board/',
    {
      // The board's versions read in the session lookup's statement: one round trip (decision 0823).
      config: { ...floorStaff, alongSession: boardVersionAlong },
      schema: { tags, querystring: boardQuerySchema, response: { 200: boardReadSchema, ...errorResponses } },
    },
    // The kept board's JSON, already written as the serialiser would (decision 0904), gzipped when
    // the caller accepts it (decision 0822). Between two changes its bytes are the same: a strong
    // ETag, and `304 Not Modified` with no body to a caller that has them; `now` goes in a header
    // (decision 1060). The caller's access is checked first, whatever it sends.
    async (request, reply) => {
      const { location, date } = request.query;
      const gzip = acceptedEncodings(request.headers['accept-encoding']).has('gzip');
      const along = request.identity?.via === 'session' ? request.identity.along : undefined;
      const answer = await getBoardRead(db, currentUser(request), location, date, gzip, along);
      void reply
        .header('etag', answer.etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding')
        .header(BOARD_NOW_HEADER, answer.now);
      if (ifNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.code(304).send(undefined as never); // (no body: the type provider asks for one)
      void reply.type('application/json; charset=utf-8');
      if (gzip) void reply.header('content-encoding', 'gzip');
      // (Typed as the schema's object: the type provider does not know the JSON is already bytes.)
      return reply.send(answer.body as unknown as BoardRead);
    },
  );
  // Each rotation change posts its body and answers the board as it now stands: the desk sees the
  // result at once. Skip, reorder and break (and the next change) differ only in path, who, body and
  // service. As in lib/resource-routes.ts, a generic body schema is beyond the Zod type provider's
  // inference: the default provider, and the handler names the output the schema has validated.
  const rotationChange = <B extends z.ZodType<{ location: number }>>(
    url: string,
    config: FastifyContextConfig,
    body: B,
    change: (database: typeof db, user: AuthUser, body: z.output<B>) => Promise<unknown>,
  ) =>
    app
      .withTypeProvider<FastifyTypeProviderDefault>()
      .post(url, { config, schema: { tags, body, response: board } }, async (request) => {
        const user = currentUser(request);
        const input = request.body as z.output<B>;
        await change(db, user, input);
        return getBoard(db, user, input.location);
      });
  rotationChange('/rotation/skip/', floorStaff, skipBodySchema, skip);
  rotationChange('/rotation/reorder/', { groups: ['Manager'] }, reorderBodySchema, reorder);
  rotationChange('/rotation/break/', floorStaff, breakBodySchema, setBreak);
  queryRoutes(app, { config: floorStaff, tags })(
    '/rotation/log/',
    { querystring: rotationLogQuerySchema, response: z.array(rotationLogEntrySchema) },
    rotationLog,
  );
  bodyRoutes(app, { config: floorStaff, tags })(
    '/assign/propose/',
    { body: proposeBodySchema, status: 200, response: proposalSchema },
    propose,
  );
  app.post(
    '/assign/',
    {
      config: floorStaff,
      schema: {
        tags,
        body: assignBodySchema,
        response: { 201: assignmentSchema, ...errorResponses, ...unprocessable },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await assign(db, currentUser(request), request.body, idempotencyKeyOf(request.headers['idempotency-key'])),
        ),
  );
  app.post(
    '/services/:id/finish/',
    { config: floorStaff, schema: { tags, params: idParamsSchema, response: board } },
    async (request) => {
      const location = await finishService(db, currentUser(request), request.params.id);
      return getBoard(db, currentUser(request), location);
    },
  );
  app.get(
    '/settings/',
    {
      config: floorStaff,
      schema: {
        tags,
        querystring: floorSettingsQuerySchema,
        response: { 200: floorSettingsSchema, ...errorResponses },
      },
    },
    async (request) => getFloorSettings(db, currentUser(request), request.query.location),
  );
  app.put(
    '/settings/',
    {
      config: { groups: ['Manager'] },
      schema: { tags, body: floorSettingsBodySchema, response: { 200: floorSettingsSchema, ...errorResponses } },
    },
    async (request) => putFloorSettings(db, currentUser(request), request.body),
  );
};

/** /api/floor/rooms/: the six resource routes; the branch's Managers and Admins write (rooms.service). */
export const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  resourceRoutes(app, {
    tags,
    readers: floorStaff.groups,
    writers: ['Manager'],
    schemas: roomResource,
    service: roomsService,
  });
};
