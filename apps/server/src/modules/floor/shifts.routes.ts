import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceQuerySchema,
  attendanceSchema,
  clockInBodySchema,
  clockManyBodySchema,
  clockOutBodySchema,
  pageSchema,
  shiftListQuerySchema,
  shiftSchema,
} from '@ginhawa/contract';
import { currentUser } from '../../lib/actor';
import { errorResponses } from '../../lib/error-responses';
import { csvLines, sendCsv } from '../../lib/csv';
import { attendance, attendanceCsv, clockIn, clockInMany, clockOut, clockOutMany, listShifts } from './shifts.service';
import { floorStaff, tags } from './floor.routes';

/** /api/floor/shifts/: clocking in and out, the list, the cutoff's attendance (docs/api.md "Floor board"). */
export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/',
    {
      config: floorStaff,
      schema: {
        tags,
        querystring: shiftListQuerySchema,
        response: { 200: pageSchema(shiftSchema), ...errorResponses },
      },
    },
    async (request) => listShifts(db, currentUser(request), request.query, request.url),
  );
  app.post(
    '/clock-in/',
    {
      config: floorStaff,
      schema: { tags, body: clockInBodySchema, response: { 201: shiftSchema, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await clockIn(db, currentUser(request), request.body)),
  );
  app.post(
    '/clock-out/',
    {
      config: floorStaff,
      schema: { tags, body: clockOutBodySchema, response: { 200: shiftSchema, ...errorResponses } },
    },
    async (request) => clockOut(db, currentUser(request), request.body),
  );
  app.post(
    '/clock-in-many/',
    {
      config: floorStaff,
      schema: { tags, body: clockManyBodySchema, response: { 201: z.array(shiftSchema), ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(await clockInMany(db, currentUser(request), request.body)),
  );
  app.post(
    '/clock-out-many/',
    {
      config: floorStaff,
      schema: { tags, body: clockManyBodySchema, response: { 200: z.array(shiftSchema), ...errorResponses } },
    },
    async (request) => clockOutMany(db, currentUser(request), request.body),
  );
  app.get(
    '/attendance/',
    {
      config: floorStaff,
      schema: { tags, querystring: attendanceQuerySchema, response: { 200: attendanceSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const data = await attendance(db, currentUser(request), request.query);
      if (request.query.format !== 'csv') return data;
      const { header, rows } = attendanceCsv(data);
      return sendCsv(reply, `attendance-${data.date_from}-${data.date_to}`, csvLines(header, rows));
    },
  );
};
