import { PAY_RUN_STATUSES, type PayRunStatus } from '@ginhawa/contract';

/** The screen's place in the URL, so a notification, a reload or a shared link opens the same view. */
export type PayrollTab = 'runs' | 'rules';

const positive = (params: URLSearchParams, name: string): number | null => {
  const value = params.get(name);
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
};

export type PayrollParams = {
  tab: PayrollTab;
  run: number | null;
  employee: number | null;
  location: number | null;
  year: number | null;
  status: PayRunStatus | null;
  page: number;
};

/** Anything malformed is left out rather than sent for a 400. */
export const readPayrollParams = (params: URLSearchParams): PayrollParams => ({
  tab: params.get('tab') === 'rules' ? 'rules' : 'runs',
  run: positive(params, 'run'),
  employee: positive(params, 'employee'),
  location: positive(params, 'location'),
  year: positive(params, 'year'),
  status: PAY_RUN_STATUSES.find((s) => s === params.get('status')) ?? null,
  page: positive(params, 'page') ?? 1,
});

export type PayrollChange = Partial<Record<keyof PayrollParams, string | number | null>>;

/** The params with `change` applied (null or '' removes one). */
export const withChange = (current: URLSearchParams, change: PayrollChange) => {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined || value === null || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  return next;
};
