import type { ReactNode } from 'react';
import type { ClientArrivalBody } from '@ginhawa/contract';
import type { FieldErrors } from '../../../lib/api-client';

/** What the client uses for the visit, as the arrival's body names it: a voucher session, a membership, or the desk's payment. */
export type VisitUse = Pick<ClientArrivalBody, 'voucher' | 'client_membership' | 'payment'>;

/**
 * The arrival card's "What the client uses" and desk payment, composed in by the app from the
 * clients feature (features do not import each other; decision 0901): Assign next and a
 * reservation's "Client arrived" send what it reports with the arrival, in one transaction.
 */
export type VisitUseSlot = (props: {
  client: number;
  location: number;
  treatment: number | null;
  /** A reservation's held deposit: the desk payment shows what is left to collect. */
  deposit?: { amount: string; payment_method: string };
  onChange: (use: VisitUse) => void;
  errors: FieldErrors;
  disabled: boolean;
  /**
   * How many sends this dialog had refused: after each, a voucher or membership chosen is read again
   * (used up meanwhile at another desk?), and the choice moves off it if it is, as on the arrival card.
   */
  refused: number;
}) => ReactNode;

/** The message a saved visit's toast adds: the voucher session used, or the payment recorded. */
export const visitUseSaid = (use: VisitUse | null) =>
  use?.voucher ? ' One voucher session used.' : use?.payment ? ' Payment recorded.' : '';
