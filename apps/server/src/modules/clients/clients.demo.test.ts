import { addDays, manilaDateTime, todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/build';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => {
  const result = (await ctx.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
};

describe('demo clients (200 in the test database)', () => {
  it('are realistic and consistent: +63 mobiles, sessions used = redeeming arrivals, sales name their vouchers', async () => {
    const counts = await one<{
      clients: number;
      memberships: number;
      vouchers: number;
      arrivals: number;
      sales: number;
    }>(sql`select
      (select count(*)::int from clients) as clients, (select count(*)::int from client_memberships) as memberships,
      (select count(*)::int from client_treatments) as vouchers, (select count(*)::int from client_arrivals) as arrivals,
      (select count(*)::int from sales) as sales`);
    expect(counts.clients).toBe(200);
    expect(counts.memberships).toBeGreaterThan(5);
    expect(counts.vouchers).toBeGreaterThan(20);
    expect(counts.arrivals).toBeGreaterThan(50);
    const bad = await one<{
      phones: number;
      sessions: number;
      references: number;
      dates: number;
      future: number;
      codes: number;
    }>(sql`select
      (select count(*)::int from clients where phone is not null and phone !~ '^[+]639[0-9]{9}$') as phones,
      (select count(*)::int from client_treatments v where v.sessions_used <> (select count(*) from client_arrivals a where a.voucher_id = v.id and a.status = 'arrived')) as sessions,
      (select count(*)::int from sales s where s.kind = 'voucher' and not exists (select 1 from client_treatments v where v.code = s.reference and v.client_id = s.client_id)) as "references",
      (select count(*)::int from client_arrivals where date < ${addDays(todayInManila(), -89)} or date > ${todayInManila()}) as dates,
      (select count(*)::int from client_arrivals where date = ${todayInManila()} and time > greatest(${manilaDateTime(new Date()).time}, '10:00')) as future,
      (select count(*)::int from client_treatments where code !~ '^V-[0-9]{6}$') as codes`);
    // "future": a visit of today has happened already (at the day's first slot when seeded before it).
    expect(bad).toEqual({ phones: 0, sessions: 0, references: 0, dates: 0, future: 0, codes: 0 });
    const net = await one<{ ok: boolean }>(sql`select bool_and(net_amount = amount - discount) as ok from sales`);
    expect(net.ok).toBe(true);
  });

  it('a voucher sold after the demo gets the next code from the same sequence', async () => {
    const row = await one<{ next: string; max: string }>(
      sql`select ('V-' || lpad(nextval('client_treatments_code_seq')::text, 6, '0')) as next, max(code) as max from client_treatments`,
    );
    expect(row.next > row.max).toBe(true);
  });
});
