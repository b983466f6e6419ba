import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Configuration } from '@ginhawa/contract';
import { AppProvider } from '../../provider';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { testSwr } from '../../../test/render';
import { SettingsScreen } from './settings';

const config = (overrides: Partial<Configuration> = {}): Configuration => ({
  company_name: 'Ginhawa Spa',
  logoUrl: null,
  updated_at: '2025-06-01T02:00:00.000Z',
  updated_by: 1,
  updated_by_name: 'Site Administrator',
  features: {},
  sole_admin_approves_own_pay_runs: true,
  database: 'embedded',
  ...overrides,
});

const setup = (routes: Record<string, MockHandler>) => {
  const calls = mockApi(routes);
  render(
    <AppProvider swr={testSwr}>
      <SettingsScreen />
    </AppProvider>,
  );
  return calls;
};

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', { type: 'image/png' });

describe('settings screen', { timeout: 20_000 }, () => {
  it('shows the name and the built-in logo, and saves a new name', async () => {
    const calls = setup({
      'GET /configurations/': { status: 200, data: config() },
      'PATCH /configurations/': { status: 200, data: config({ company_name: 'Ginhawa Wellness' }) },
    });
    const name = await screen.findByLabelText('Company name');
    expect(name).toHaveValue('Ginhawa Spa');
    expect(screen.getByRole('img', { name: 'Built-in logo' })).toBeInTheDocument();
    expect(screen.getByText(/Last changed by Site Administrator/)).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.click(name);
    await userEvent.paste('Ginhawa Wellness');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Company name set to Ginhawa Wellness.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.data))).toEqual({
      company_name: 'Ginhawa Wellness',
    });
  });

  it('refuses a name that is too long before sending', async () => {
    const calls = setup({ 'GET /configurations/': { status: 200, data: config() } });
    const name = await screen.findByLabelText('Company name');
    await userEvent.clear(name);
    await userEvent.type(name, 'x'.repeat(121));
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(screen.getByText('At most 120 characters.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('uploads a logo and previews it; refuses other file types before sending', async () => {
    const calls = setup({
      'GET /configurations/': { status: 200, data: config() },
      'POST /configurations/update-logo/': { status: 200, data: config({ logoUrl: '/api/files/12/' }) },
    });
    const input = await screen.findByLabelText('Logo file');
    await userEvent.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }), { applyAccept: false });
    expect(screen.getByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.upload(input, png());
    expect(await screen.findByText('Logo updated.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', '/api/files/12/');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.data).toBeInstanceOf(FormData);
    expect((post?.data as FormData).get('file')).toBeInstanceOf(File);
  });

  it("shows the server's refusal of an upload", async () => {
    setup({
      'GET /configurations/': { status: 200, data: config() },
      'POST /configurations/update-logo/': {
        status: 413,
        data: { message: 'The image is larger than 2 MB.', errors: { file: ['Choose an image of at most 2 MB.'] } },
      },
    });
    await userEvent.upload(await screen.findByLabelText('Logo file'), png());
    expect(await screen.findByText('Choose an image of at most 2 MB.')).toBeInTheDocument();
  });

  it('asks before removing the logo', async () => {
    const calls = setup({
      'GET /configurations/': { status: 200, data: config({ logoUrl: '/api/files/12/' }) },
      'PATCH /configurations/': { status: 200, data: config({ logoUrl: null }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove logo' }));
    expect(screen.getByRole('dialog', { name: 'Remove the logo?' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Logo removed; the built-in one shows again.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.data))).toEqual({ remove_logo: true });
  });

  it('reads the backups on the embedded database; on PostgreSQL says pg_dump makes them and asks nothing', async () => {
    const embedded = setup({
      'GET /configurations/': { status: 200, data: config() },
      'GET /backups/': { status: 200, data: [] },
    });
    expect(await screen.findByText(/No backups yet/)).toBeInTheDocument();
    expect(embedded.map((c) => c.url)).toEqual(['/configurations/', '/backups/']);
    cleanup();
    const postgresql = setup({ 'GET /configurations/': { status: 200, data: config({ database: 'postgresql' }) } });
    expect(
      await screen.findByText(
        "Backups of a PostgreSQL database are made with PostgreSQL's own tools (pg_dump); see docs/operations.md.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back up now' })).not.toBeInTheDocument();
    expect(postgresql.map((c) => c.url)).toEqual(['/configurations/']);
  });

  it('shows an error with a retry when the settings cannot be read', async () => {
    setup({ 'GET /configurations/': { status: 403, data: { message: 'You do not have permission to do this.' } } });
    expect(await screen.findByText('The settings could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('switches a feature on for everyone; a flag never switched says it follows the build', async () => {
    const calls = setup({
      'GET /configurations/': { status: 200, data: config({ features: { banks: true } }) },
      'PATCH /configurations/': { status: 200, data: config({ features: { banks: true, reports: true } }) },
    });
    const features = await screen.findByRole('list', { name: 'Features' });
    expect(within(features).getByRole('switch', { name: 'Banks' })).toBeChecked();
    const reports = within(features).getByRole('switch', { name: 'Reports' });
    // The test build sets no VITE_FEATURE_* value, so every default is off (admin dashboard, users, reports, pay runs).
    expect(reports).not.toBeChecked();
    expect(within(features).getAllByText(/Not switched yet: off as built\./)).toHaveLength(4);
    await userEvent.click(reports);
    expect(await screen.findByText('Reports switched on for everyone.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.data))).toEqual({ features: { reports: true } });
    expect(within(features).getByRole('switch', { name: 'Reports' })).toBeChecked();
    expect(within(features).getAllByText(/Not switched yet/)).toHaveLength(3);
  });

  it('shows the four-eyes rule on pay runs and switches its one exception off', async () => {
    const calls = setup({
      'GET /configurations/': { status: 200, data: config() },
      'PATCH /configurations/': { status: 200, data: config({ sole_admin_approves_own_pay_runs: false }) },
    });
    const section = await screen.findByRole('region', { name: 'Pay run approval' });
    expect(within(section).getByText(/Whoever submits a pay run never approves it/)).toBeInTheDocument();
    const exception = within(section).getByRole('switch', {
      name: 'A business with one administrator: they approve their own pay runs',
    });
    expect(exception).toBeChecked();
    await userEvent.click(exception);
    expect(await screen.findByText('Pay runs now always wait for a second administrator.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.data))).toEqual({
      sole_admin_approves_own_pay_runs: false,
    });
    expect(exception).not.toBeChecked();
    expect(within(section).getByText(/Off: a run submitted by the only administrator waits/)).toBeInTheDocument();
  });
});
