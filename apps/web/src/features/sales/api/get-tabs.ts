import useSWR from 'swr';
import type { Page, Tab, TabListQuery } from '@ginhawa/contract';
import { getPage, under, useRevalidate, withQuery } from '../../../lib/list-query';
import type { Prefetch } from '../../../lib/swr';

export const TABS_PATH = '/sales/tabs/';

/**
 * Every open-tabs read starts with /sales/tabs/: a checkout or an unpaid mark makes them all stale,
 * and the live channel reads them again on `floor_changed` (an assignment opens a tab, Service
 * finished ends its service) and `leaderboard_changed` (a checkout elsewhere closed one).
 */
const stale = under(TABS_PATH);

export const tabsKey = (location: number) =>
  withQuery(TABS_PATH, { location: String(location) } satisfies TabListQuery);

/**
 * One branch's open tabs (visits served and not yet paid), oldest first as the server sends them:
 * one page holding them all (a branch has a few open at once; docs/api.md).
 */
export const useTabs = (location: number | null) =>
  useSWR<Page<Tab>, unknown>(location === null ? null : tabsKey(location), getPage<Tab>);

/** Started by the dashboard's and the floor's routes before their code has arrived (decision 1050). */
export const prefetchTabs = (prefetch: Prefetch, location: number) => prefetch(tabsKey(location), getPage<Tab>);

export const useRevalidateTabs = () => useRevalidate(stale);
