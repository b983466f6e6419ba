import { PAY_RUN_NOTIFICATION_TYPE } from '@ginhawa/contract';

/**
 * A request type whose "no" sends the work back to be corrected: a daily report or a pay run is
 * returned, as on its own screen, not declined. Any other request (a sale deletion…) is declined.
 */
const RETURNED_TYPES: readonly string[] = ['daily_report', PAY_RUN_NOTIFICATION_TYPE];

/** The button and the decided state for saying no to a request of this `type`. */
export const refusalWords = (type: string): { action: string; done: string } =>
  RETURNED_TYPES.includes(type) ? { action: 'Return', done: 'Returned' } : { action: 'Decline', done: 'Declined' };
