import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

/**
 * The server's boundaries are lint rules (eslint.config.js; docs/architecture.md "Boundaries"), so
 * breaking one fails `npm run lint` and CI. Each probe lints a few lines as if they were the named
 * file (never written to disk) and expects one named rule to fire, or nothing to.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: ROOT });

const ZONES = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';
const RESTRICTED = 'no-restricted-imports';
const TS_RESTRICTED = '@typescript-eslint/no-restricted-imports';
const BOUNDARY_RULES = [ZONES, CYCLE, RESTRICTED, TS_RESTRICTED];

/** The boundary findings for `code` as if it were the file at `filePath`, as `rule: message`. */
const findings = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(`${code}\nexport const probe = [x];\n`, {
    filePath: path.join(ROOT, filePath),
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId && BOUNDARY_RULES.includes(m.ruleId))
    .map((m) => `${m.ruleId}: ${m.message}`);
};

const S = 'apps/server/src';
const M = `${S}/modules`;

describe('server boundaries', { timeout: 120_000 }, () => {
  it('refuses a formatting slip (prettier --check, part of npm run lint)', async () => {
    const file = path.join(ROOT, S, 'lib/probe.ts');
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    expect(await prettier.check('export const probe = { a: 1 , b:2 };\n', options)).toBe(false);
    expect(await prettier.check('export const probe = { a: 1, b: 2 };\n', options)).toBe(true);
  });

  it('refuses an upward import: lib/ below db/, plugins/ and modules/', async () => {
    expect(await findings(`${S}/lib/probe.ts`, "import { hashPassword as x } from '../modules/users/index';")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*lib\/ is the bottom layer/),
    ]);
    expect(await findings(`${S}/lib/probe.ts`, "import { SESSION_COOKIE as x } from '../plugins/auth';")).toEqual([
      expect.stringContaining(`${ZONES}: `),
    ]);
    // lib/ may name db/'s types, never use db/ at run time.
    expect(await findings(`${S}/lib/probe.ts`, "import { audit as x } from '../db/audit';")).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*lib\/ sits below db\//),
    ]);
    expect(await findings(`${S}/lib/probe.ts`, "import type { Db as x } from '../db/client';")).toEqual([]);
  });

  it('refuses an upward import: plugins/ and db/ below modules/', async () => {
    expect(
      await findings(`${S}/plugins/probe.ts`, "import { resolveIdentity as x } from '../modules/users/index';"),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*plugins\/ sit below modules\//)]);
    expect(await findings(`${S}/db/client.ts`, "import { hashPassword as x } from '../modules/users/index';")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*db\/ sits below modules\//),
    ]);
    // db/seed.ts composes the demo seeds, through each module's public entry only.
    expect(
      await findings(`${S}/db/seed.ts`, "import { hashPassword as x } from '../modules/users/passwords';"),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*only through its public entry/)]);
    expect(await findings(`${S}/db/seed.ts`, "import { hashPassword as x } from '../modules/users/index';")).toEqual(
      [],
    );
  });

  it('refuses another module’s internals, however many ../ the path climbs', async () => {
    const internals = /^import-x\/no-restricted-paths: .*only through its public entry, modules\/<area>\/index\.ts/;
    expect(
      await findings(`${M}/employees/employees.service.ts`, "import { hashPassword as x } from '../users/passwords';"),
    ).toEqual([expect.stringMatching(internals)]);
    expect(
      await findings(
        `${M}/employees/employees.service.ts`,
        "import { hashPassword as x } from '../../modules/users/passwords';",
      ),
    ).toEqual([expect.stringMatching(internals)]);
    expect(
      await findings(
        `${M}/locations/locations.routes.ts`,
        "import { employeeRoutes as x } from '../employees/employees.routes';",
      ),
    ).toEqual([expect.stringMatching(internals)]);
    expect(
      await findings(`${S}/app.ts`, "import { createTokenSigner as x } from './modules/users/auth.service';"),
    ).toEqual([expect.stringContaining(`${ZONES}: `)]);
  });

  it('keeps the sales ledger below the modules that sell, serve and read it (issue 32)', async () => {
    const below = /^import-x\/no-restricted-paths: .*The sales module sits below clients, floor, reports and payroll/;
    for (const area of ['clients', 'floor', 'payroll'])
      expect(await findings(`${M}/sales/probe.service.ts`, `import * as x from '../${area}/index';`)).toEqual([
        expect.stringMatching(below),
      ]);
    expect(
      await findings(
        `${M}/sales/probe.service.ts`,
        "import { leaderboard as x } from '../reports/leaderboard.service';",
      ),
    ).toEqual(expect.arrayContaining([expect.stringMatching(below)]));
    expect(
      await findings(`${M}/sales/probe.service.ts`, "import { notify as x } from '../notifications/index';"),
    ).toEqual([]);
    expect(await findings(`${M}/reports/probe.service.ts`, "import { rowsOf as x } from '../sales/index';")).toEqual(
      [],
    );
  });

  it('refuses db/schema outside services and db/, and the database in routes', async () => {
    expect(
      await findings(`${M}/locations/locations.routes.ts`, "import { banks as x } from '../../db/schema/index';"),
    ).toEqual([expect.stringContaining(`${RESTRICTED}: `)]);
    expect(
      await findings(
        `${M}/notifications/notifications.hub.ts`,
        "import { sessions as x } from '../../db/schema/index';",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*Only \*\.service\.ts files and db\/ read db\/schema/)]);
    expect(await findings(`${M}/locations/locations.routes.ts`, "import { sql as x } from 'drizzle-orm';")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Routes call services/),
    ]);
  });

  it('refuses an import from apps/ in the contract', async () => {
    expect(
      await findings('packages/contract/src/probe.ts', "import { iso as x } from '../../../apps/server/src/lib/iso';"),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*The contract .* imports nothing from apps\//)]);
  });

  it('refuses an import cycle', async () => {
    // arrivals.service.ts imports ./scope; scope importing it back closes a cycle.
    expect(await findings(`${M}/clients/scope.ts`, "import { listArrivals as x } from './arrivals.service';")).toEqual([
      expect.stringContaining(`${CYCLE}: Dependency cycle`),
    ]);
  });

  it('lets the legal imports through', async () => {
    expect(
      await findings(`${M}/locations/locations.service.ts`, "import { banks as x } from '../../db/schema/index';"),
    ).toEqual([]);
    expect(
      await findings(`${M}/employees/employees.service.ts`, "import { hashPassword as x } from '../users/index';"),
    ).toEqual([]);
    expect(
      await findings(`${M}/locations/locations.routes.ts`, "import { listLocations as x } from './locations.service';"),
    ).toEqual([]);
    expect(await findings(`${S}/db/audit.ts`, "import { auditLog as x } from './schema/index';")).toEqual([]);
    expect(await findings(`${S}/plugins/probe.ts`, "import { currentUser as x } from '../lib/actor';")).toEqual([]);
  });
});
