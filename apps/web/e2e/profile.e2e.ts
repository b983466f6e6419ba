import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, fillSignIn, launchBrowser, openPage, signIn } from './helpers';

/** A real 8×8 PNG, built here so the test needs no fixture file. */
const tinyPng = () => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: 8 }, () => Buffer.from([0, ...Array.from({ length: 8 }, () => [47, 111, 94]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

describe('profile', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('uploads a profile photo that then shows in the drawer', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(page, 'salesperson');
    await page.goto('/profile');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
    await page.getByRole('alert').filter({ hasText: 'Profile photo updated.' }).waitFor();
    const drawerAvatar = page.getByRole('navigation', { name: 'Side navigation' }).locator('img.MuiAvatar-img');
    await drawerAvatar.waitFor();
    assert.match((await drawerAvatar.getAttribute('src')) ?? '', /^\/api\/files\/\d+\/$/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('changes the password, showing field errors first', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, 'salesperson');
    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password').fill('a-brand-new-passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('The current password is not correct.').waitFor();

    await form.getByLabel('Current password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Password changed.' }).waitFor();

    // Still signed in after the change; the new password works next time.
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Side navigation' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await fillSignIn(page, 'salesperson', 'a-brand-new-passphrase');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
