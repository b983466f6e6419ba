import type { AppModule } from '../../lib/app-module';
import { floorConstraints, roomConstraints } from '../../db/schema/index';
import { floorRoutes, roomRoutes } from './floor.routes';
import { shiftRoutes } from './shifts.routes';
import { reservationRoutes } from './reservations.routes';
import { onCardArrival } from '../clients/index';
import { cardArrivalOnFloor } from './card-arrival.service';

// The client card's arrivals take their therapist's time on the board (decision 0909): the clients
// module cannot import the floor (the floor logs its arrivals through it), so the floor hands its rule in.
onCardArrival(cardArrivalOnFloor);

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
