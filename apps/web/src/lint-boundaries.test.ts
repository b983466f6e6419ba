// @vitest-environment node
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, run on probe files that are never written to disk
// (docs/architecture.md "Boundaries"). Each probe expects one named rule to fire, or nothing to.
const ROOT = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

const ZONES = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';
const RESTRICTED = 'no-restricted-imports';

/** The boundary findings for `source` as if it were the file at `path`, as `rule: message`. */
const findings = async (path: string, source: string): Promise<string[]> => {
  const [result] = await eslint.lintText(`${source}\nexport const probe = [value];\n`, {
    filePath: resolve(ROOT, 'apps/web/src', path),
  });
  return (result?.messages ?? [])
    .filter((m) => m.severity === 2 && [ZONES, CYCLE, RESTRICTED].includes(m.ruleId ?? ''))
    .map((m) => `${m.ruleId}: ${m.message}`);
};

const otherFeature = /^import-x\/no-restricted-paths: .*A feature imports no other feature/;

describe('web boundaries fail npm run lint', { timeout: 120_000 }, () => {
  it('a formatting slip fails prettier --check', async () => {
    const file = resolve(ROOT, 'apps/web/src/lib/probe.ts');
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    expect(await prettier.check("export const probe = ['a' ,'b'];\n", options)).toBe(false);
    expect(await prettier.check("export const probe = ['a', 'b'];\n", options)).toBe(true);
  });

  it('a feature imports no other feature, however it spells the path', async () => {
    expect(
      await findings(
        'features/users/components/probe.tsx',
        "import { value } from '../../locations/api/get-locations';",
      ),
    ).toEqual([expect.stringMatching(otherFeature)]);
    expect(
      await findings(
        'features/locations/api/probe.ts',
        "import { value } from '../../../features/users/api/get-users';",
      ),
    ).toEqual([expect.stringMatching(otherFeature)]);
    expect(
      await findings('features/services/probe.ts', "import { value } from '../employees/components/employee-form';"),
    ).toEqual([expect.stringMatching(otherFeature)]);
  });

  it('a feature may import itself, lib/ and components/', async () => {
    expect(
      await findings('features/locations/components/probe.tsx', "import { value } from '../api/get-locations';"),
    ).toEqual([]);
    expect(
      await findings(
        'features/locations/components/probe.tsx',
        "import { value } from '../../../features/locations/api/get-locations';",
      ),
    ).toEqual([]);
    expect(
      await findings('features/users/components/probe.tsx', "import { value } from '../../../lib/options';"),
    ).toEqual([]);
    expect(
      await findings(
        'features/users/components/probe.tsx',
        "import { value } from '../../../components/list/admin-list-page';",
      ),
    ).toEqual([]);
  });

  it('an upward import: lib/ and components/ import no feature and nothing from app/; features nothing from app/', async () => {
    const upward =
      /^import-x\/no-restricted-paths: .*lib\/, config\/ and components\/ import no feature and nothing from app\//;
    expect(await findings('lib/probe.ts', "import { value } from '../features/locations/api/get-locations';")).toEqual([
      expect.stringMatching(upward),
    ]);
    expect(
      await findings('components/list/probe.tsx', "import { value } from '../../features/auth/api/get-my-data';"),
    ).toEqual([expect.stringMatching(upward)]);
    expect(await findings('components/probe.tsx', "import { value } from '../app/screens';")).toEqual([
      expect.stringMatching(upward),
    ]);
    expect(
      await findings('features/users/components/probe.tsx', "import { value } from '../../../app/screens';"),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*A feature imports nothing from app\//)]);
    expect(
      await findings(
        'app/routes/probe.tsx',
        "import { value } from '../../features/locations/components/location-list';",
      ),
    ).toEqual([]);
  });

  it('an import cycle', async () => {
    // app/screens.ts loads the admin menu on demand; the menu importing the manifest back is a cycle.
    expect(await findings('app/routes/admin/menu.tsx', "import { SCREENS as value } from '../../screens';")).toEqual([
      expect.stringContaining(`${CYCLE}: Dependency cycle`),
    ]);
  });

  it('only features/*/api and lib/ call the API client; its error helpers are for everyone', async () => {
    const client = (levels: number) => `import { apiClient as value } from '${'../'.repeat(levels)}lib/api-client';`;
    const onlyApi = /^no-restricted-imports: .*Only features\/\*\/api \(and lib\/\) call the API client/;
    expect(await findings('features/users/components/probe.tsx', client(3))).toEqual([expect.stringMatching(onlyApi)]);
    expect(await findings('components/probe.tsx', client(1))).toEqual([expect.stringMatching(onlyApi)]);
    expect(await findings('app/probe.tsx', client(1))).toEqual([expect.stringMatching(onlyApi)]);
    expect(await findings('features/locations/api/probe.ts', client(3))).toEqual([]);
    expect(await findings('lib/probe.ts', "import { apiClient as value } from './api-client';")).toEqual([]);
    expect(
      await findings(
        'features/users/components/probe.tsx',
        "import { getErrorMessage as value } from '../../../lib/api-client';",
      ),
    ).toEqual([]);
  });

  it('a Typography colour is a palette name: MUI 9 ignores a theme path there without a word', async () => {
    const colourFindings = async (colour: string) => {
      const [result] = await eslint.lintText(
        `import Typography from '@mui/material/Typography';\nexport const probe = <Typography color="${colour}">x</Typography>;\n`,
        { filePath: resolve(ROOT, 'apps/web/src/components/probe.tsx') },
      );
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    };
    expect(await colourFindings('text.secondary')).toEqual([expect.stringMatching(/takes a palette name/)]);
    expect(await colourFindings('error.main')).toEqual([expect.stringMatching(/takes a palette name/)]);
    expect(await colourFindings('textSecondary')).toEqual([]);
    expect(await colourFindings('error')).toEqual([]);
  });
});
