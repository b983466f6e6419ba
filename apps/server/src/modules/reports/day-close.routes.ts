import { dayStatusQuerySchema, dayStatusSchema, endOfDaySchema } from '@ginhawa/contract';
import { currentUser } from '../../lib/actor';
import { errorResponses } from '../../lib/error-responses';
import { dayStatus, endOfDay } from './day-close.service';
import { tags, type ReportsApp } from './route-options';

/**
 * A branch's today: whether its books are closed (the floor board and the desk's dialogs ask before
 * a form is filled) and the desk's end of day. Anyone who works at the branch, and Admins.
 */
export const dayCloseRoutes = (app: ReportsApp) => {
  const { db } = app.deps;
  app.get(
    '/day-status/',
    { schema: { tags, querystring: dayStatusQuerySchema, response: { 200: dayStatusSchema, ...errorResponses } } },
    async (request) => dayStatus(db, currentUser(request), request.query.location),
  );
  app.get(
    '/end-of-day/',
    { schema: { tags, querystring: dayStatusQuerySchema, response: { 200: endOfDaySchema, ...errorResponses } } },
    async (request) => endOfDay(db, currentUser(request), request.query.location),
  );
};
