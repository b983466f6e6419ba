import type { AppModule } from '../../lib/app-module';
import { filesRoutes } from './files.routes';

export const filesModule: AppModule = { routes: [{ prefix: '/files', plugin: filesRoutes }] };
