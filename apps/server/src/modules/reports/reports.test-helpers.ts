import { expect } from 'vitest';
import type { DailyReport } from '@ginhawa/contract';
import type { Agent } from '../../test/build';

/**
 * Opens a daily report with no cash on hand for `location` on `date` and submits it for a
 * Manager's decision, insisting that both steps succeed. Today's is closed early on purpose
 * (decision 0521), whatever the hour the suite runs at.
 */
export const submitEmptyReport = async (agent: Agent, location: number, date: string) => {
  const created = await agent.request({
    method: 'POST',
    url: '/api/reports/',
    payload: { location, date, cash_on_hand: '0.00' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const report = created.json<DailyReport>();
  const submitted = await agent.request({
    method: 'POST',
    url: `/api/reports/${report.id}/submit/`,
    payload: { close_early: true },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return report;
};
