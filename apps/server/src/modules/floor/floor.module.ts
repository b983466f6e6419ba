import type { AppModule } from '../../lib/app-module';
import { floorConstraints, roomConstraints } from '../../db/schema/index';
import { floorRoutes, roomRoutes } from './floor.routes';
import { shiftRoutes } from './shifts.routes';
import { reservationRoutes } from './reservations.routes';

/** The floor board (issue 22; decision 0900): shifts, rooms, the rotation, assign next, reservations. */
export const floorModule: AppModule = {
  routes: [
    { prefix: '/floor', plugin: floorRoutes },
    { prefix: '/floor/rooms', plugin: roomRoutes },
    { prefix: '/floor/shifts', plugin: shiftRoutes },
    { prefix: '/floor/reservations', plugin: reservationRoutes },
  ],
  constraints: { ...floorConstraints, ...roomConstraints },
};
