import type { AppModule } from '../../lib/app-module';
import { healthRoutes } from './health.routes';

export const healthModule: AppModule = { routes: [{ prefix: '/health', plugin: healthRoutes }] };
