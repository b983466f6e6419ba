import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Board } from '@ginhawa/contract';
import {
  assignBodySchema,
  assignmentSchema,
  boardQuerySchema,
  boardSchema,
  breakBodySchema,
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
import { errorResponses, unprocessable } from '../../lib/error-responses';
import { getBoard, getBoardJson } from './board-kept.service';
import { reorder, rotationLog, setBreak, skip } from './rotation.service';
import { assign, finishService, propose } from './assign.service';
import { getFloorSettings, putFloorSettings } from './settings.service';
import { roomsService } from './rooms.service';

export const tags = ['floor'];
/** The board's people (issue 22): who may do what at which branch is the services' decision. */
export const floorStaff = { groups: ['Manager', 'Receptionist', 'Therapist'] } as const;

/** /api/floor/…: the board, its rotation, "assign next", the branch's settings (docs/api.md "Floor board"). */
export const floorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const board = { 200: boardSchema, ...errorResponses };

  app.get(
    '/board/',
    { config: floorStaff, schema: { tags, querystring: boardQuerySchema, response: board } },
    // The kept board's JSON, already written as the serialiser would (decision 0904): bytes go
    // out as they are, so 200 KB are not checked and written again per request.
    async (request, reply) => {
      const json = await getBoardJson(db, currentUser(request), request.query.location, request.query.date);
      // (Typed as the schema's object: the type provider does not know the JSON is already text.)
      return reply.type('application/json; charset=utf-8').send(json as unknown as Board);
    },
  );
  // Each rotation change answers the board as it now stands: the desk sees the result at once.
  const boardAfter = async <B extends { location: number }>(
    change: (database: typeof db, user: AuthUser, body: B) => Promise<unknown>,
    user: AuthUser,
    body: B,
  ) => {
    await change(db, user, body);
    return getBoard(db, user, body.location);
  };
  app.post(
    '/rotation/skip/',
    { config: floorStaff, schema: { tags, body: skipBodySchema, response: board } },
    async (request) => boardAfter(skip, currentUser(request), request.body),
  );
  app.post(
    '/rotation/reorder/',
    { config: { groups: ['Manager'] }, schema: { tags, body: reorderBodySchema, response: board } },
    async (request) => boardAfter(reorder, currentUser(request), request.body),
  );
  app.post(
    '/rotation/break/',
    { config: floorStaff, schema: { tags, body: breakBodySchema, response: board } },
    async (request) => boardAfter(setBreak, currentUser(request), request.body),
  );
  app.get(
    '/rotation/log/',
    {
      config: floorStaff,
      schema: {
        tags,
        querystring: rotationLogQuerySchema,
        response: { 200: z.array(rotationLogEntrySchema), ...errorResponses },
      },
    },
    async (request) => rotationLog(db, currentUser(request), request.query),
  );
  app.post(
    '/assign/propose/',
    {
      config: floorStaff,
      schema: { tags, body: proposeBodySchema, response: { 200: proposalSchema, ...errorResponses } },
    },
    async (request) => propose(db, currentUser(request), request.body),
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
