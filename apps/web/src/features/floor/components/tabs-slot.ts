import type { ReactNode } from 'react';

/**
 * The till's open tabs and checkout, composed in by the app from the sales feature (features do
 * not import each other; decision 0530): the board lists the branch's open tabs beside the
 * rotation, and "Service finished" opens that visit's checkout.
 */
export type TabsSlot = {
  /** The branch's open tabs, each row opening its checkout (a Manager may mark one unpaid). */
  list: (props: { location: number; manages: boolean }) => ReactNode;
  /** The checkout of one visit, opened when its service is marked finished. */
  checkout: (props: { location: number; arrival: number; onClose: () => void }) => ReactNode;
};
