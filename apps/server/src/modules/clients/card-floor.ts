import type { ClientArrivalInput } from '@ginhawa/contract';
import type { AuthUser } from '../../lib/actor';
import type { ArrivalExtras } from './arrivals.service';

type CardRule = (user: AuthUser, input: ClientArrivalInput) => ArrivalExtras;

/**
 * What the floor board adds to an arrival logged on the client card (`POST /clients/arrivals/`): a
 * visit now, for a therapist clocked in at the branch, takes the therapist's time as the floor's own
 * arrivals do (docs/decisions/0909-a-card-arrival-now-takes-the-therapist.md). The floor module logs
 * its arrivals through this one, so importing it here would be a cycle: it hands its rule in when it
 * is registered (floor.module.ts). Without it (a clients-only test) the card logs plain records.
 */
let floorRule: CardRule = () => ({});

export const onCardArrival = (rule: CardRule) => {
  floorRule = rule;
};

/** The extras the card's arrival is logged with (the floor's rule, or none). */
export const cardArrivalExtras: CardRule = (user, input) => floorRule(user, input);
