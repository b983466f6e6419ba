import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceQuerySchema,
  attendanceSchema,
  clockInBodySchema,
  clockManyBodySchema,
  clockOutBodySchema,
  shiftListQuerySchema,
  shiftSchema,
} from '@ginhawa/contract';
import { currentUser } from '../../lib/actor';
import { bodyRoutes, pageRoute } from '../../lib/actor-routes';
import { errorResponses } from '../../lib/error-responses';
import { csvLines, sendCsv } from '../../lib/csv';
import { attendance, attendanceCsv, clockIn, clockInMany, clockOut, clockOutMany, listShifts } from './shifts.service';
import { floorStaff, tags } from './floor.routes';

/** /api/floor/shifts/: clocking in and out, the list, the cutoff's attendance (docs/api.md "Floor board"). */
export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  pageRoute(app, '/', { config: floorStaff, tags, querystring: shiftListQuerySchema, item: shiftSchema }, listShifts);
  // Clocking in makes a shift (201), clocking out closes it (200); one person, or many at once.
  const post = bodyRoutes(app, { config: floorStaff, tags });
  const shifts = z.array(shiftSchema);
  post('/clock-in/', { body: clockInBodySchema, status: 201, response: shiftSchema }, clockIn);
  post('/clock-out/', { body: clockOutBodySchema, status: 200, response: shiftSchema }, clockOut);
  post('/clock-in-many/', { body: clockManyBodySchema, status: 201, response: shifts }, clockInMany);
  post('/clock-out-many/', { body: clockManyBodySchema, status: 200, response: shifts }, clockOutMany);
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
