import type { Location, LocationBody, LocationPatch } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

export const createLocation = async (body: LocationBody): Promise<Location> =>
  (await apiClient.post<Location>('/locations/', body)).data;

export const updateLocation = async (id: number, body: LocationPatch): Promise<Location> =>
  (await apiClient.patch<Location>(`/locations/${id}/`, body)).data;
