// @vitest-environment node
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, run on probe files that are never written to disk.
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../../..') });

/** The boundary messages (no-restricted-imports) for `source` as if it were the file at `path`. */
const boundaryErrors = async (path: string, source: string): Promise<string[]> => {
  const [result] = await eslint.lintText(`${source}\nexport const probe = [value];\n`, {
    filePath: `apps/web/src/${path}`,
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' && m.severity === 2)
    .map((m) => m.message);
};

describe('web import boundaries fail npm run lint', { timeout: 60_000 }, () => {
  it('a feature imports no other feature, however it spells the path', async () => {
    expect(
      await boundaryErrors(
        'features/banks/components/probe.tsx',
        "import { value } from '../../locations/api/get-locations';",
      ),
    ).toEqual([expect.stringContaining('A feature imports no other feature')]);
    expect(
      await boundaryErrors(
        'features/banks/api/probe.ts',
        "import { value } from '../../../features/users/api/get-users';",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'features/services/probe.ts',
        "import { value } from '../employees/components/employee-form';",
      ),
    ).toHaveLength(1);
  });

  it('a feature may import itself, lib/ and components/', async () => {
    expect(
      await boundaryErrors('features/banks/components/probe.tsx', "import { value } from '../api/get-banks';"),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'features/banks/components/probe.tsx',
        "import { value } from '../../../features/banks/api/get-banks';",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors('features/banks/components/probe.tsx', "import { value } from '../../../lib/options';"),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'features/banks/components/probe.tsx',
        "import { value } from '../../../components/list/admin-list-page';",
      ),
    ).toEqual([]);
  });

  it('lib/ and components/ import no feature; app/ composes them', async () => {
    expect(await boundaryErrors('lib/probe.ts', "import { value } from '../features/banks/api/get-banks';")).toEqual([
      expect.stringContaining('lib/ and components/ import no feature'),
    ]);
    expect(
      await boundaryErrors('components/list/probe.tsx', "import { value } from '../../features/auth/api/get-my-data';"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'app/routes/probe.tsx',
        "import { value } from '../../features/banks/components/banks-screen';",
      ),
    ).toEqual([]);
  });

  it('only features/*/api and lib/ call the API client; its error helpers are for everyone', async () => {
    const client = (levels: number) => `import { apiClient as value } from '${'../'.repeat(levels)}lib/api-client';`;
    expect(await boundaryErrors('features/banks/components/probe.tsx', client(3))).toEqual([
      expect.stringContaining('Only features/*/api (and lib/) call the API client'),
    ]);
    expect(await boundaryErrors('components/probe.tsx', client(1))).toHaveLength(1);
    expect(await boundaryErrors('app/probe.tsx', client(1))).toHaveLength(1);
    expect(await boundaryErrors('features/banks/api/probe.ts', client(3))).toEqual([]);
    expect(await boundaryErrors('lib/probe.ts', "import { apiClient as value } from './api-client';")).toEqual([]);
    expect(
      await boundaryErrors(
        'features/banks/components/probe.tsx',
        "import { getErrorMessage as value } from '../../../lib/api-client';",
      ),
    ).toEqual([]);
  });
});
