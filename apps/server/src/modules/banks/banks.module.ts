import type { AppModule } from '../../lib/app-module';
import { bankConstraints } from '../../db/schema/index';
import { banksRoutes } from './banks.routes';

export const banksModule: AppModule = {
  routes: [{ prefix: '/banks', plugin: banksRoutes }],
  constraints: bankConstraints,
};
