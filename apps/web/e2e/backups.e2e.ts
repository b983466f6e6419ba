import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, signIn } from './helpers';

// Settings → Backups on the embedded database the e2e server runs on (docs/decisions/0700-backups-and-one-writer.md).

type Backup = { id: number; file_name: string; size: number; created_at: string; kind: string };

describe('backups', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('an admin backs up from Settings on a phone and downloads the file the server lists', async () => {
    const { page, errors } = await openPage(browser, 390, 844);
    await signIn(page, 'admin');
    await page.goto('/admin/settings');
    const section = page.getByRole('region', { name: 'Backups' });
    await section.getByRole('button', { name: 'Back up now' }).click();
    await page.getByText(/^Backup made \(.+\)\.$/).waitFor({ timeout: 60_000 });

    const listed = (await page.evaluate(async () =>
      (await fetch('/api/backups/', { credentials: 'include' })).json(),
    )) as Backup[];
    const newest = listed[0]!;
    assert.equal(newest.kind, 'manual');
    const rows = section.getByRole('list', { name: 'Backups' }).getByRole('listitem');
    assert.equal(await rows.count(), listed.length);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows
        .first()
        .getByRole('link', { name: /^Download the backup of / })
        .click(),
    ]);
    assert.equal(download.suggestedFilename(), newest.file_name);
    assert.equal(fs.statSync(await download.path()).size, newest.size);
    // Nothing spills past a phone's width.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    assert.deepEqual(errors, []);
  });
});
