import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Backup, DatabaseKind } from '@ginhawa/contract';
import { AppProvider } from '../../../app/provider';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { testSwr } from '../../../test/render';
import { BackupsSection } from './backups-section';

const backup = (overrides: Partial<Backup> = {}): Backup => ({
  id: 2,
  file_name: 'ginhawa-0002-20261125-020000-auto.tar.gz',
  size: 4_830_000,
  // 02:00 on 25 Nov in Manila.
  created_at: '2026-11-24T18:00:00.000Z',
  kind: 'automatic',
  ...overrides,
});

const setup = (routes: Record<string, MockHandler>, database: DatabaseKind = 'embedded') => {
  const calls = mockApi(routes);
  render(
    <AppProvider swr={testSwr}>
      <BackupsSection database={database} />
    </AppProvider>,
  );
  return calls;
};

describe('Settings → Backups', { timeout: 20_000 }, () => {
  it('lists the backups newest first with their Manila time, size and kind, each downloadable', async () => {
    setup({
      'GET /backups/': {
        status: 200,
        data: [
          backup(),
          backup({
            id: 1,
            file_name: 'ginhawa-0001-20261124-153005-manual.tar.gz',
            size: 820,
            created_at: '2026-11-24T07:30:05.000Z',
            kind: 'manual',
          }),
        ],
      },
    });
    const list = await screen.findByRole('list', { name: 'Backups' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('25 Nov 2026, 2:00 am')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('4.8 MB · Nightly')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('24 Nov 2026, 3:30 pm')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('820 bytes · Made by hand')).toBeInTheDocument();
    const download = within(rows[0]!).getByRole('link', { name: 'Download the backup of 25 Nov 2026, 2:00 am' });
    expect(download).toHaveAttribute('href', '/api/backups/2/download/');
    expect(download).toHaveAttribute('download', 'ginhawa-0002-20261125-020000-auto.tar.gz');
    expect(
      screen.getByText(/One is made every night at 2:00 am, Manila time; the last 14 nightly ones/),
    ).toBeInTheDocument();
  });

  it('"Back up now" makes one, shows it at the top at once and says so', async () => {
    const made = backup({ id: 3, kind: 'manual', size: 5_100_000, file_name: 'ginhawa-0003-x-manual.tar.gz' });
    let listed: Backup[] = [backup()];
    const calls = setup({
      'GET /backups/': () => ({ status: 200, data: listed }),
      'POST /backups/': () => {
        listed = [made, ...listed];
        return { status: 201, data: made };
      },
    });
    await screen.findByRole('list', { name: 'Backups' });
    await userEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText('Backup made (5.1 MB).')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Backups' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('5.1 MB · Made by hand')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows the button busy while the backup is being made', async () => {
    setup({ 'GET /backups/': { status: 200, data: [] }, 'POST /backups/': 'pending' });
    await userEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    expect(screen.getByRole('button', { name: /Backing up/ })).toBeDisabled();
  });

  it("says so when there are none yet, and shows the server's refusal of a backup", async () => {
    setup({
      'GET /backups/': { status: 200, data: [] },
      'POST /backups/': {
        status: 409,
        data: { message: 'A backup is being made right now: it will be in the list in a moment.' },
      },
    });
    expect(await screen.findByText(/No backups yet\. The first nightly one is made at 2:00 am/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(
      await screen.findByText('A backup is being made right now: it will be in the list in a moment.'),
    ).toBeInTheDocument();
  });

  it('shows a loading state, then an error with a retry when the list cannot be read', async () => {
    let fail = true;
    setup({
      'GET /backups/': () =>
        fail ? { status: 500, data: { message: 'An unexpected error occurred.' } } : { status: 200, data: [backup()] },
    });
    expect(screen.getByLabelText('Loading backups')).toBeInTheDocument();
    expect(await screen.findByText('The backups could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Backups' })).toBeInTheDocument();
  });

  it("on PostgreSQL shows pg_dump's sentence instead of the button and list, without asking for the list", async () => {
    const calls = setup({}, 'postgresql');
    expect(
      await screen.findByText(
        "Backups of a PostgreSQL database are made with PostgreSQL's own tools (pg_dump); see docs/operations.md.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back up now' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
