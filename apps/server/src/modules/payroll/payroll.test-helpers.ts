import { todayInManila } from '@ginhawa/contract';
import { expect } from 'vitest';
import type { Agent } from '../../test/build';

/** A pay-run line as the lines endpoint answers it (the fields the payroll tests read). */
export type Line = {
  id: number;
  employee: number;
  source: string;
  source_id: number | null;
  adjusted_source: string | null;
  adjusts_line: number | null;
  requested: boolean;
  description: string;
  amount: string;
};

/** Last month in Manila: both its cutoffs are over, so both can be computed and approved. */
export const month = (() => {
  const [y, m] = todayInManila().split('-').map(Number) as [number, number];
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
})();
export const day = (d: number) => `${month.year}-${String(month.month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The agent's POST, answering its body once the status is as expected. */
export const postAs = async <T = Record<string, unknown>>(agent: Agent, url: string, payload: object, status = 201) => {
  const res = await agent.request({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T & { id: number };
};

/** The agent's GET, answering its body once the status is 200. */
export const getAs = async <T>(agent: Agent, url: string) => {
  const res = await agent.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/** A run's lines (up to 500). */
export const linesOfRun = async (agent: Agent, runId: number) =>
  (await getAs<{ results: Line[] }>(agent, `/api/payroll/runs/${runId}/lines/?pageSize=500`)).results;
