import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, adminApiHeaders, launchBrowser, openPage, signIn } from './helpers';

// The floor board's Manager screens (issue 22, decision 0903): from the board, a Manager changes the
// branch's no-show grace period, then opens attendance and downloads the cutoff's CSV.

type Headers = Awaited<ReturnType<typeof adminApiHeaders>>;
type Named = { id: number; full_name: string; username: string | null; location: number };

const call = async <T>(headers: Headers, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = JSON.parse((await res.text()) || 'null') as T;
  assert.ok(res.status < 300 || res.status === 409, `${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
};

describe('floor board, a Manager’s settings and attendance', () => {
  let browser: Browser;
  let headers: Headers;
  let home: number;
  let desk: Named;
  let branch: string;
  before(async () => {
    browser = await launchBrowser();
    headers = await adminApiHeaders();
    const receptionists = await call<{ results: Named[] }>(headers, '/receptionists/?pageSize=500');
    desk = receptionists.results.find((r) => r.username === 'receptionist')!;
    home = desk.location;
    branch = (await call<{ name: string }>(headers, `/locations/${home}/`)).name;
    // A shift in this cutoff (a receptionist: not in the rotation the other floor journey uses).
    await call(headers, '/floor/shifts/clock-in/', { employee: desk.id, location: home });
    await call(headers, '/floor/shifts/clock-out/', { employee: desk.id });
  });
  after(async () => {
    await browser.close();
  });

  it('a Manager changes the grace period from the board and downloads the cutoff’s attendance CSV', async () => {
    const before = await call<{ grace_minutes: number }>(headers, `/floor/settings/?location=${home}`);
    const grace = before.grace_minutes === 25 ? 30 : 25;
    const { context, page, errors } = await openPage(browser);
    await signIn(page, 'manager');
    await page.goto('/floor');
    // The demo Manager works at several branches: the board opens on the first, so choose the desk's.
    await page.getByRole('combobox', { name: 'Branch' }).click();
    await page.getByRole('option', { name: branch }).click();
    await page.getByText(`${branch}, `).waitFor();
    const rooms = page.getByRole('region', { name: 'Rooms' });
    await rooms.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: `Floor settings, ${branch}` });
    const field = dialog.getByRole('textbox', { name: 'No-show grace period' });
    await field.fill(String(grace));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Floor settings of ${branch} saved.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const after = await call<{ grace_minutes: number }>(headers, `/floor/settings/?location=${home}`);
    assert.equal(after.grace_minutes, grace);

    await page.getByRole('link', { name: 'Attendance' }).click();
    await page.waitForURL('**/floor/attendance');
    const table = page.getByRole('table', { name: 'Attendance' });
    await table.getByRole('cell', { name: desk.full_name }).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^attendance-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    assert.equal(lines[0], 'employee,kind,location,days,hours');
    assert.ok(
      lines.some((line) => line.startsWith(`${desk.full_name},receptionist,`)),
      `no line for ${desk.full_name} in ${lines.join(' | ')}`,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });
});
