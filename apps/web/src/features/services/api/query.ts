import { under, useRevalidate } from '../../../lib/list-query';

export const SERVICES_PREFIX = '/services/';

/** Every cached catalogue read: counts, names and member prices shown in other lists change with a write. */
export const servicesStale = under(SERVICES_PREFIX);

/** After any catalogue write every cached catalogue read is refetched. */
export const useRevalidateServices = () => useRevalidate(servicesStale);
