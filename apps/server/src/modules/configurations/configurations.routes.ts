import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configurationBodySchema, configurationSchema, settingsSchema, type Configuration } from '@ginhawa/contract';
import { readImageUpload } from '../../lib/uploads';
import {
  getConfiguration,
  getSettings,
  setLogo,
  updateConfiguration,
  type StoredConfiguration,
} from './configurations.service';
import { currentUser } from '../../lib/actor';
import { errorResponses, tooLarge } from '../../lib/error-responses';

const tags = ['configurations'];

export const configurationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, database } = app.deps;
  // The Settings screen shows PostgreSQL's backup sentence without asking the backups routes for a 409.
  const kind = database.kind === 'postgres' ? 'postgresql' : 'embedded';
  const answer = async (configuration: Promise<StoredConfiguration>): Promise<Configuration> => ({
    ...(await configuration),
    database: kind,
  });

  // Public: the sign-in screen shows the company name and logo.
  app.get('/settings/', { config: { public: true }, schema: { tags, response: { 200: settingsSchema } } }, async () =>
    getSettings(db),
  );

  // Managers read everything (docs/product.md §6); only Admins change the company's identity.
  app.get(
    '/',
    { config: { groups: ['Manager'] }, schema: { tags, response: { 200: configurationSchema, ...errorResponses } } },
    async () => answer(getConfiguration(db)),
  );

  // Every field is optional, so PUT and PATCH change what is given (the name, the logo's removal, feature flags).
  for (const method of ['put', 'patch'] as const)
    app[method](
      '/',
      {
        config: { groups: ['Admin'] },
        schema: { tags, body: configurationBodySchema, response: { 200: configurationSchema, ...errorResponses } },
      },
      async (request) => answer(updateConfiguration(db, currentUser(request).id, request.body)),
    );

  app.post(
    '/update-logo/',
    {
      config: { groups: ['Admin'] },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: configurationSchema, ...errorResponses, ...tooLarge },
      },
    },
    async (request) => answer(setLogo(db, currentUser(request).id, await readImageUpload(request))),
  );
};
