import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { addDays, todayInManila } from '@ginhawa/contract';
import {
  adminApiHeaders,
  choose,
  launchBrowser,
  openPage,
  signIn,
  terminalAt,
  type Session,
  apiCall as api,
  apiOk as ok,
} from './helpers';

// The floor board (issue 22): two front desks at one branch's board; a walk-in assigned (and paid at
// the desk) on one appears on the other without a reload (the floor_changed frame); a booking onto a
// taken therapist's time shows the server's 409 sentence; assign next redeems a voucher session; a
// reservation dragged onto another therapist's taken time is refused and returns, and one dragged a
// row down moves.

type Headers = Awaited<ReturnType<typeof adminApiHeaders>>;
type Named = { id: number; full_name: string; username: string | null; location: number };

const manilaDate = (offsetDays: number) => addDays(todayInManila(), offsetDays);

const newClient = async (headers: Headers, location: number, first: string) => {
  const national = `9${String(Date.now()).slice(-9)}`;
  return ok<{ id: number; full_name: string }>(headers, '/clients/', {
    method: 'POST',
    body: { first_name: first, last_name: `Floor ${national.slice(-4)}`, phone: `0${national}`, location },
  });
};

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The first 15-minute slot from 10:00 on `date` where the therapist is free for `minutes`: the demo
 * database books the coming days (docs/decisions/0902-floor-demo-data.md), so no time is free by rule.
 */
const hhmmToMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const freeSlot = async (
  headers: Headers,
  location: number,
  therapist: number,
  date: string,
  minutes: number,
  from = 10 * 60,
) => {
  const booked = (
    await ok<{ results: { starts_at: string; ends_at: string }[] }>(
      headers,
      `/floor/reservations/?location=${location}&therapist=${therapist}&date=${date}&status=booked&pageSize=500`,
    )
  ).results;
  // Within the demo branch's hours (10:00–22:00): a booking after closing is refused.
  for (let at = from; at + minutes <= 22 * 60; at += 15) {
    const start = Date.parse(`${date}T${hhmm(at)}:00+08:00`);
    const end = start + minutes * 60_000;
    if (!booked.some((b) => Date.parse(b.starts_at) < end && Date.parse(b.ends_at) > start)) return hhmm(at);
  }
  throw new Error(`No free time for therapist ${therapist} on ${date}.`);
};

/** Opens "Assign next" or "New reservation" and picks the client by search. */
const pickClient = async (page: Page, button: string, client: { full_name: string }) => {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('dialog').getByLabel('Find a client').fill(client.full_name);
  await page.getByRole('button', { name: `Choose for ${client.full_name}` }).click();
};

describe('floor board', () => {
  let browser: Browser;
  let headers: Headers;
  let home: number;
  let therapists: Named[];
  let salesperson: Named;
  let treatment: { id: number; name: string; duration_minutes: number };
  before(async () => {
    browser = await launchBrowser();
    headers = await adminApiHeaders();
    const receptionists = await ok<{ results: Named[] }>(headers, '/receptionists/?pageSize=500');
    home = receptionists.results.find((r) => r.username === 'receptionist')!.location;
    // The demo's own, the first day view columns: other journeys hire therapists here today (aFreeTherapist).
    therapists = (
      await ok<{ results: (Named & { hire_date: string })[] }>(
        headers,
        `/therapists/?pageSize=500&is_active=true&location=${home}`,
      )
    ).results.filter((t) => t.hire_date < todayInManila());
    assert.ok(therapists.length >= 2, 'the demo branch has two therapists');
    salesperson = (
      await ok<{ results: Named[] }>(headers, `/salespersons/?pageSize=500&is_active=true&location=${home}`)
    ).results[0]!;
    treatment = (
      await ok<{ results: { id: number; name: string; duration_minutes: number }[] }>(
        headers,
        '/services/treatments/?pageSize=500&is_active=true&ordering=name',
      )
    ).results[0]!;
    await ok(headers, '/floor/rooms/', {
      method: 'POST',
      body: { location: home, name: `Narra ${Date.now() % 100000}`, kind: 'single', beds: 2, rule: 'any' },
    });
    // Clocked in (a rerun against the same database finds them clocked in already: 409).
    for (const t of therapists) {
      const res = await api(headers, '/floor/shifts/clock-in/', {
        method: 'POST',
        body: { employee: t.id, location: home },
      });
      assert.ok(res.status === 201 || res.status === 409, `clock-in: ${res.status}`);
    }
  });
  after(async () => {
    await browser.close();
  });

  const desk = async (): Promise<Session> => {
    const session = await openPage(browser);
    await signIn(session.page, 'receptionist');
    await session.page.goto('/floor');
    await session.page.getByRole('heading', { name: 'Rotation' }).waitFor();
    return session;
  };

  it('a walk-in assigned at one desk appears on the other desk without a reload', async () => {
    const client = await newClient(headers, home, 'Walkin');
    const [a, b] = [await desk(), await desk()];
    await pickClient(a.page, 'Assign next', client);
    await choose(a.page, /^Treatment/, treatment.name);
    await a.page
      .getByRole('status')
      .filter({ hasText: /^Proposed: / })
      .waitFor();
    // No voucher: nothing is paid before the service; the visit is paid at checkout (decision 0910).
    assert.ok(await a.page.getByRole('radio', { name: /No voucher or membership/ }).isChecked());
    await a.page.getByRole('dialog').getByText('Paid at checkout, after the service.').waitFor();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Log arrival' }).click();
    await a.page.getByRole('dialog').waitFor({ state: 'detached' });
    await a.page.getByText(`${client.full_name} is with`).waitFor();
    const arrivals = await ok<{ results: { client: number; sale: { payment_method: string } | null }[] }>(
      headers,
      `/clients/arrivals/?client=${client.id}`,
    );
    assert.equal(arrivals.results[0]?.client, client.id);
    assert.equal(arrivals.results[0]?.sale, null);
    // Desk B never reloads: the floor_changed frame makes its board read itself again.
    await b.page
      .getByRole('list', { name: 'Rotation' })
      .getByText(new RegExp(`^${client.full_name}`))
      .waitFor();
    assert.deepEqual([...a.errors, ...b.errors], []);
    await a.context.close();
    await b.context.close();
  });

  it('a board read again with nothing changed is a 304: the browser keeps the body, `now` comes in its header', async () => {
    const a = await desk();
    const url = `/api/floor/board/?location=${home}`;
    // As the panel's transport reads it (fetch, the default cache mode), twice in a row.
    // (No named functions inside: the page has none of the bundler's helpers.)
    const reads = await a.page.evaluate(async (path) => {
      const got: { status: number; etag: string | null; now: string | null; body: Record<string, unknown> }[] = [];
      for (let i = 0; i < 2; i += 1) {
        const res = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
        const body = (await res.json()) as Record<string, unknown>;
        got.push({ status: res.status, etag: res.headers.get('etag'), now: res.headers.get('board-now'), body });
      }
      const timing = performance
        .getEntriesByName(new URL(path, location.href).href)
        .at(-1) as PerformanceResourceTiming;
      return { first: got[0]!, second: got[1]!, transferred: timing.transferSize, body: timing.encodedBodySize };
    }, url);
    // The browser hands the code a 200 with the cached body after the server's 304 (decision 1060).
    assert.equal(reads.first.status, 200);
    assert.equal(reads.second.status, 200);
    assert.ok(reads.first.etag, 'an ETag');
    assert.equal(reads.second.etag, reads.first.etag);
    assert.deepEqual(reads.second.body, reads.first.body);
    assert.equal('now' in reads.first.body, false);
    assert.ok(Date.parse(reads.second.now ?? '') >= Date.parse(reads.first.now ?? ''), 'Board-Now on both');
    // Revalidated, not sent again: the second read's bytes on the wire are its headers, not the body.
    assert.ok(reads.transferred > 0, `revalidated with the server (transferSize ${reads.transferred})`);
    assert.ok(reads.transferred < reads.body, `no body sent (${reads.transferred} < ${reads.body})`);
    assert.deepEqual(a.errors, []);
    await a.context.close();
  });

  it("a booking onto a therapist's taken time shows the server's conflict sentence", async () => {
    const therapist = therapists[0]!;
    const tomorrow = manilaDate(1);
    const time = await freeSlot(headers, home, therapist.id, tomorrow, treatment.duration_minutes);
    const first = await newClient(headers, home, 'Booked');
    const second = await newClient(headers, home, 'Second');
    await ok(headers, '/floor/reservations/', {
      method: 'POST',
      body: {
        client: first.id,
        location: home,
        date: tomorrow,
        time,
        treatment: treatment.id,
        therapist: therapist.id,
      },
    });
    const a = await desk();
    await pickClient(a.page, 'New reservation', second);
    const dialog = a.page.getByRole('dialog');
    await dialog.getByLabel(/^Date/).fill(tomorrow);
    await choose(a.page, /^Time/, time);
    await choose(a.page, /^Treatment/, treatment.name);
    await choose(a.page, /^Therapist/, therapist.full_name);
    await dialog.getByRole('button', { name: 'Book' }).click();
    const sentence = await dialog.getByText(new RegExp(`${therapist.full_name}.*(booked|serving)`)).textContent();
    assert.match(sentence ?? '', new RegExp(time));
    assert.deepEqual(a.errors, []);
    await a.context.close();
  });

  it('assign next redeems one session of the client’s voucher for the treatment', async () => {
    const client = await newClient(headers, home, 'Voucher');
    const voucher = await ok<{ id: number; code: string }>(headers, '/clients/treatments/', {
      method: 'POST',
      body: {
        client: client.id,
        treatment: treatment.id,
        sessions: 3,
        location: home,
        salesperson: salesperson.id,
        payment_method: 'cash',
        terminal: await terminalAt(headers, home),
      },
    });
    const a = await desk();
    await pickClient(a.page, 'Assign next', client);
    await choose(a.page, /^Treatment/, treatment.name);
    const option = a.page.getByRole('radio', { name: new RegExp(`Voucher ${voucher.code}`) });
    await option.waitFor();
    assert.ok(await option.isChecked(), 'the voucher for the treatment is chosen by default');
    await a.page
      .getByRole('status')
      .filter({ hasText: /^Proposed: / })
      .waitFor();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Log arrival' }).click();
    await a.page.getByText(/One voucher session used\.$/).waitFor();
    const read = await ok<{ sessions_used: number }>(headers, `/clients/treatments/${voucher.id}/`);
    assert.equal(read.sessions_used, 1);
    assert.deepEqual(a.errors, []);
    await a.context.close();
  });

  it('dragging a reservation onto a taken time is refused and it returns; a row down moves it', async () => {
    // Tomorrow (the board's Next day), so a time is free whatever the hour the suite runs at. The demo
    // books the coming days (decision 0902): the first time from 10:00 both are free, the dragged one a row longer.
    const [first, second] = [await newClient(headers, home, 'Dragged'), await newClient(headers, home, 'Holding')];
    const [t0, t1] = [therapists[0]!, therapists[1]!];
    const tomorrow = manilaDate(1);
    let start = 10 * 60;
    for (let tries = 0; tries < 60; tries += 1) {
      const a0 = hhmmToMinutes(await freeSlot(headers, home, t0.id, tomorrow, treatment.duration_minutes + 15, start));
      const a1 = hhmmToMinutes(await freeSlot(headers, home, t1.id, tomorrow, treatment.duration_minutes, a0));
      start = a1;
      if (a0 === a1) break;
    }
    const book = (client: number, therapist: number) =>
      ok<{ id: number }>(headers, '/floor/reservations/', {
        method: 'POST',
        body: { client, location: home, date: tomorrow, time: hhmm(start), treatment: treatment.id, therapist },
      });
    const dragged = await book(first.id, t0.id);
    const holding = await book(second.id, t1.id);
    const a = await desk();
    await a.page.getByRole('button', { name: 'Next day' }).click();
    await a.page.waitForURL(`**/floor?date=${tomorrow}`);
    const day = a.page.getByRole('region', { name: `Day view, ${tomorrow}` });
    const block = () => day.getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d ${first.full_name}`) });
    const dragTo = async (x: number, dy: number) => {
      await block().scrollIntoViewIfNeeded();
      const box = (await block().boundingBox())!;
      await a.page.mouse.move(box.x + box.width / 2, box.y + 8);
      await a.page.mouse.down();
      await a.page.mouse.move(x, box.y + 8 + dy / 2, { steps: 5 });
      await a.page.mouse.move(x, box.y + 8 + dy, { steps: 5 });
      await a.page.mouse.up();
    };
    const columnX = async (name: string) => {
      const header = (await day.getByText(name, { exact: true }).boundingBox())!;
      return header.x + header.width / 2;
    };
    await block().waitFor();
    await dragTo(await columnX(t1.full_name), 0);
    await a.page
      .getByRole('alert')
      .filter({ hasText: `${t1.full_name} is already serving or booked` })
      .waitFor();
    await day.getByRole('button', { name: new RegExp(`^${hhmm(start)} ${first.full_name}`) }).waitFor();
    assert.equal((await ok<{ therapist: number }>(headers, `/floor/reservations/${dragged.id}/`)).therapist, t0.id);
    await dragTo(await columnX(t0.full_name), 22);
    await a.page.getByText(`Moved ${first.full_name} to ${hhmm(start + 15)}, ${t0.full_name}.`).waitFor();
    await day.getByRole('button', { name: new RegExp(`^${hhmm(start + 15)} ${first.full_name}`) }).waitFor();
    const moved = await ok<{ date: string; time: string; therapist: number }>(
      headers,
      `/floor/reservations/${dragged.id}/`,
    );
    assert.deepEqual([moved.date, moved.time, moved.therapist], [tomorrow, hhmm(start + 15), t0.id]);
    assert.equal(await a.page.getByRole('dialog').count(), 0, 'a drag does not open the actions');
    assert.deepEqual(a.errors, []);
    await a.context.close();
    // Their time back, so a rerun against the same database books again.
    for (const id of [dragged.id, holding.id])
      await ok(headers, `/floor/reservations/${id}/cancel/`, { method: 'POST', body: { reason: 'e2e done' } });
  });
});
