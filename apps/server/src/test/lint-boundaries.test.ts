import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's import boundaries are lint rules (eslint.config.js, "server boundaries"), so
 * breaking one fails `npm run lint` and CI. Each probe lints one line as if it were in the named
 * file and expects the boundary rule to fire, or not.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: ROOT });

const boundaryErrors = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(`${code}\nexport const probe = [x];\n`, {
    filePath: path.join(ROOT, filePath),
  });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

const M = 'apps/server/src/modules';

describe('server boundaries', () => {
  it('refuses db/schema outside services, db/ and lib/', async () => {
    expect(
      await boundaryErrors(`${M}/banks/banks.routes.ts`, "import { banks as x } from '../../db/schema/index';"),
    ).toEqual([expect.stringContaining('Routes call services; only services touch the database')]);
    expect(
      await boundaryErrors(
        `${M}/notifications/notifications.hub.ts`,
        "import { sessions as x } from '../../db/schema/index';",
      ),
    ).toEqual([expect.stringContaining('Only *.service.ts files, db/ and lib/ read db/schema')]);
    expect(
      await boundaryErrors('apps/server/src/plugins/auth.ts', "import { users as x } from '../db/schema/users';"),
    ).toEqual([expect.stringContaining('Only *.service.ts files, db/ and lib/ read db/schema')]);
  });

  it('refuses the database in routes, drizzle included', async () => {
    expect(
      await boundaryErrors(`${M}/banks/banks.routes.ts`, "import { pingDb as x } from '../../db/client';"),
    ).toHaveLength(1);
    expect(await boundaryErrors(`${M}/banks/banks.routes.ts`, "import { sql as x } from 'drizzle-orm';")).toHaveLength(
      1,
    );
  });

  it('refuses another module’s internals, even from a service', async () => {
    expect(
      await boundaryErrors(
        `${M}/employees/employees.service.ts`,
        "import { hashPassword as x } from '../users/passwords';",
      ),
    ).toEqual([expect.stringContaining('only through its *.service.ts')]);
    expect(
      await boundaryErrors(
        `${M}/banks/banks.routes.ts`,
        "import { employeeRoutes as x } from '../employees/employees.routes';",
      ),
    ).toHaveLength(1);
  });

  it('lets the legal imports through', async () => {
    expect(
      await boundaryErrors(`${M}/banks/banks.service.ts`, "import { banks as x } from '../../db/schema/index';"),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        `${M}/employees/employees.service.ts`,
        "import { hashPassword as x } from '../users/users.service';",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(`${M}/banks/banks.routes.ts`, "import { listBanks as x } from './banks.service';"),
    ).toEqual([]);
    expect(
      await boundaryErrors('apps/server/src/lib/audit.ts', "import { auditLog as x } from '../db/schema/index';"),
    ).toEqual([]);
    expect(await boundaryErrors('apps/server/src/db/seed.ts', "import { users as x } from './schema/index';")).toEqual(
      [],
    );
  });
});
