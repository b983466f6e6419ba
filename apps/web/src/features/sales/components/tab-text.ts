import { manilaDateTime, type Tab } from '@ginhawa/contract';

/** "since 14:05" in Manila time (the service's start), the desk's clock whatever the device's zone. */
export const tabSince = (tab: Pick<Tab, 'since'>): string =>
  `since ${manilaDateTime(new Date(tab.since)).time.slice(0, 5)}`;

/** "Maria Santos and Jo Reyes": who served (a tandem's two). */
export const tabTherapists = (tab: Pick<Tab, 'therapists'>): string =>
  tab.therapists.length === 0 ? 'No therapist' : tab.therapists.map((t) => t.name).join(' and ');
