import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsSchema } from '@ginhawa/contract';
import { getSettings } from './configurations.service';

export const configurationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the sign-in screen shows the company name and logo.
  app.get('/settings/', { config: { public: true }, schema: { tags: ['configurations'], response: { 200: settingsSchema } } }, async () =>
    getSettings(app.deps.db),
  );
};
