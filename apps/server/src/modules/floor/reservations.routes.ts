import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  depositCreditQuerySchema,
  depositCreditSchema,
  idParamsSchema,
  reservationArriveBodySchema,
  reservationBodySchema,
  reservationCreatedSchema,
  reservationCancelBodySchema,
  reservationListQuerySchema,
  reservationPatchSchema,
  reservationSchema,
} from '@ginhawa/contract';
import { idempotencyKeyOf } from '../../db/idempotency';
import { currentUser } from '../../lib/actor';
import { bodyRoutes, pageRoute, queryRoutes } from '../../lib/actor-routes';
import { errorResponses } from '../../lib/error-responses';
import { getReservation, listReservations } from './reservations-read.service';
import {
  arriveReservation,
  cancelReservation,
  createReservation,
  noShowReservation,
  updateReservation,
} from './reservations.service';
import { depositCredits } from './deposits.service';
import { floorStaff, tags } from './floor.routes';

/** /api/floor/reservations/: booked → arrived / no-show / cancelled, never double-booked (docs/api.md "Floor board"). */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const one = { 200: reservationSchema, ...errorResponses };
  pageRoute(
    app,
    '/',
    { config: floorStaff, tags, querystring: reservationListQuerySchema, item: reservationSchema },
    listReservations,
  );
  bodyRoutes(app, { config: floorStaff, tags })(
    '/',
    { body: reservationBodySchema, status: 201, response: reservationCreatedSchema },
    createReservation,
  );
  // The client's credited deposits at the branch, for the booking dialog to carry (decision 0900).
  queryRoutes(app, { config: floorStaff, tags })(
    '/deposit-credits/',
    { querystring: depositCreditQuerySchema, response: z.array(depositCreditSchema) },
    depositCredits,
  );
  app.get('/:id/', { config: floorStaff, schema: { tags, params: idParamsSchema, response: one } }, async (request) =>
    getReservation(db, currentUser(request), request.params.id),
  );
  app.patch(
    '/:id/',
    { config: floorStaff, schema: { tags, params: idParamsSchema, body: reservationPatchSchema, response: one } },
    async (request) => updateReservation(db, currentUser(request), request.params.id, request.body),
  );
  app.post(
    '/:id/arrive/',
    { config: floorStaff, schema: { tags, params: idParamsSchema, body: reservationArriveBodySchema, response: one } },
    // An Idempotency-Key makes a retried arrival (a lost answer) one arrival, one voucher session, one sale.
    async (request) =>
      arriveReservation(
        db,
        currentUser(request),
        request.params.id,
        request.body,
        idempotencyKeyOf(request.headers['idempotency-key']),
      ),
  );
  app.post(
    '/:id/no-show/',
    { config: floorStaff, schema: { tags, params: idParamsSchema, response: one } },
    async (request) => noShowReservation(db, currentUser(request), request.params.id),
  );
  app.post(
    '/:id/cancel/',
    { config: floorStaff, schema: { tags, params: idParamsSchema, body: reservationCancelBodySchema, response: one } },
    async (request) => cancelReservation(db, currentUser(request), request.params.id, request.body),
  );
};
