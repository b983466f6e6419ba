import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configurationBodySchema, configurationSchema, settingsSchema } from '@ginhawa/contract';
import { readImageUpload } from '../../lib/uploads';
import { getConfiguration, getSettings, setLogo, updateConfiguration } from './configurations.service';
import { currentUser } from '../../lib/actor';
import { errorResponses, tooLarge } from '../../lib/error-responses';

const tags = ['configurations'];

export const configurationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // Public: the sign-in screen shows the company name and logo.
  app.get('/settings/', { config: { public: true }, schema: { tags, response: { 200: settingsSchema } } }, async () =>
    getSettings(db),
  );

  // Managers read everything (docs/product.md §6); only Admins change the company's identity.
  app.get(
    '/',
    { config: { groups: ['Manager'] }, schema: { tags, response: { 200: configurationSchema, ...errorResponses } } },
    async () => getConfiguration(db),
  );

  // Every field is optional, so PUT and PATCH change what is given (the name, the logo's removal, feature flags).
  for (const method of ['put', 'patch'] as const)
    app[method](
      '/',
      {
        config: { groups: ['Admin'] },
        schema: { tags, body: configurationBodySchema, response: { 200: configurationSchema, ...errorResponses } },
      },
      async (request) => updateConfiguration(db, currentUser(request).id, request.body),
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
    async (request) => setLogo(db, currentUser(request).id, await readImageUpload(request)),
  );
};
