// @vitest-environment node
// `portal new-plugin weather --widget forecast` in a copy of the repository: the generated plugin passes
// the typecheck, the lint (zero warnings), prettier, its own test, and the manifest validation that
// now knows the widget. Slow (four tools run on the copy), so it runs once with a long timeout.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyRepository } from '../repo-copy.ts';
import { main } from './cli.ts';
import { captureIo } from './cli-testing.ts';

const root = join(import.meta.dirname, '../..');
const repository = copyRepository('portal-new-plugin-');
const copy = repository.dir;

afterAll(repository.remove);

function run(tool: string, args: string[]): string {
  try {
    return execFileSync(join(root, 'node_modules/.bin', tool), args, {
      cwd: copy,
      encoding: 'utf8',
      stdio: 'pipe',
      timeout: 240_000,
      // Plain text to read the summaries (vitest colours them otherwise).
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`${tool} ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => keysOf(child, `${prefix}${key}.`))
    : [prefix];

describe('portal new-plugin', () => {
  it('generates a widget plugin and a page plugin that pass every check', async () => {
    const io = captureIo(copy);
    expect(await main(['new-plugin', 'weather', '--widget', 'forecast'], io)).toBe(0);
    expect(io.lines).toContain('wrote plugins/weather/forecast-widget.tsx');
    const fr: unknown = JSON.parse(readFileSync(join(copy, 'locales/fr-FR/weather.json'), 'utf8'));
    const en: unknown = JSON.parse(readFileSync(join(copy, 'locales/en/weather.json'), 'utf8'));
    expect(keysOf(en)).toEqual(keysOf(fr));
    expect(await main(['new-plugin', 'weather', '--widget', 'forecast'], captureIo(copy))).toBe(1);

    // The widget is known to the manifest's lint once placed.
    const manifest = JSON.parse(readFileSync(join(copy, 'portal.config.json'), 'utf8')) as {
      homeWidgets: { sets: { widgets: { widget: string; size: number }[] }[] };
    };
    manifest.homeWidgets.sets[0]?.widgets.push({ widget: 'weather/forecast', size: 2 });
    writeFileSync(join(copy, 'placed.json'), JSON.stringify(manifest));
    expect(await main(['validate', 'placed.json'], captureIo(copy))).toBe(0);

    // A page: its route under the entity and a sidebar item, titles in both languages of the engine.
    expect(await main(['new-plugin', 'agenda', '--page', 'calendar'], captureIo(copy))).toBe(0);
    const withPage = JSON.parse(readFileSync(join(copy, 'portal.config.json'), 'utf8')) as {
      sidebar: { id: string; route: string }[];
    };
    expect(withPage.sidebar.find((item) => item.id === 'agenda')?.route).toBe('entity.agenda');
    expect(await main(['validate'], captureIo(copy))).toBe(0);

    writeFileSync(
      join(copy, 'tsconfig.weather.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        include: ['plugins/weather', 'plugins/agenda', 'src/i18n/i18next.d.ts', 'src/testing/setup.ts'],
      }),
    );
    run('tsc', ['-p', 'tsconfig.weather.json', '--noEmit']);
    run('eslint', ['--max-warnings', '0', 'plugins/weather', 'plugins/agenda']);
    run('prettier', ['--check', 'plugins', 'locales', 'portal.config.json']);
    expect(
      run('vitest', [
        'run',
        '--project',
        'unit',
        'plugins/weather',
        'plugins/agenda',
        'src/i18n/locales.test.ts',
      ]),
    ).toMatch(/Test Files +3 passed/);
  }, 600_000);

  it('refuses an id that is not kebab-case and a plugin with nothing in it', async () => {
    expect(await main(['new-plugin', 'Weather', '--widget', 'forecast'], captureIo(copy))).toBe(2);
    expect(await main(['new-plugin', 'weather2'], captureIo(copy))).toBe(2);
  });
});
