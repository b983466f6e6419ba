import type { AppModule } from '../../lib/app-module';
import { userConstraints } from '../../db/schema/index';
import { authRoutes } from './auth.routes';
import { usersRoutes } from './users.routes';

/** Sign-in, sessions and tokens (auth.routes) and the accounts themselves (users.routes), both under /users. */
export const usersModule: AppModule = {
  routes: [
    { prefix: '/users', plugin: authRoutes },
    { prefix: '/users', plugin: usersRoutes },
  ],
  constraints: userConstraints,
};
