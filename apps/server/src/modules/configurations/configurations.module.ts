import type { AppModule } from '../../lib/app-module';
import { configurationsRoutes } from './configurations.routes';

export const configurationsModule: AppModule = {
  routes: [{ prefix: '/configurations', plugin: configurationsRoutes }],
};
