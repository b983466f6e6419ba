import useSWR from 'swr';
import type { FloorSettings, FloorSettingsBody } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { getOne, withQuery } from '../../../lib/list-query';

const SETTINGS_PATH = '/floor/settings/';

export const floorSettingsKey = (location: number) => withQuery(SETTINGS_PATH, { location: String(location) });

/** A branch's no-show rules: the grace period and a no-show's deposit (the defaults until a Manager sets them). */
export const useFloorSettings = (location: number) =>
  useSWR<FloorSettings, unknown>(floorSettingsKey(location), getOne<FloorSettings>);

/** The branch's Managers and Admins; the whole settings each time (PUT). */
export const saveFloorSettings = async (body: FloorSettingsBody): Promise<FloorSettings> =>
  (await apiClient.put<FloorSettings>(SETTINGS_PATH, body)).data;
