import { locationListQuerySchema, type Location } from '@ginhawa/contract';
import { under, useRevalidate, withQuery, type ListResource } from '../../../lib/list-query';
import { LOCATIONS_PATH } from '../../../lib/options';
import { deleteLocation } from './delete-location';

const stale = under(LOCATIONS_PATH);

/** Locations, searched, filtered and ordered on the server. */
export const locationsResource: ListResource<Location, typeof locationListQuerySchema> = {
  schema: locationListQuerySchema,
  key: (query) => withQuery(LOCATIONS_PATH, query),
  stale,
  remove: (location) => deleteLocation(location.id),
};

/** After a write every cached location read is refetched (counts and names show elsewhere too). */
export const useRevalidateLocations = () => useRevalidate(stale);
