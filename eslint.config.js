// ESLint flat config: typescript-eslint strict + stylistic (type-checked), React hooks, and the
// import-boundary zones of CONVENTIONS.md. `npm run lint` runs it with --max-warnings 0.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/** `*` is one path segment, `**` any depth, `{plugin}` the linted file's own plugin folder name. */
function globToRegExp(glob, pluginId) {
  const source = glob
    .replaceAll('{plugin}', pluginId ?? '\u0000')
    .split(/(\*\*\/?|\*)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

function matchesAny(globs, target, pluginId) {
  return (globs ?? []).some((glob) => globToRegExp(glob, pluginId).test(target));
}

/**
 * Import zones by *resolved* path, so `../other/x`, `../../other/x` and `../../../plugins/other/x` are
 * all caught the same way (string patterns cannot tell a plugin's own `../` from another plugin's).
 * Options: `{ allow?: string[], deny?: string[], message: string }` with repo-relative globs.
 * With `deny`: a target matching `deny` and not `allow` is an error. Without `deny`: any repo file
 * not matching `allow` is an error (an allow-list). Bare specifiers are npm packages and always pass.
 */
const importZonesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the folder import boundaries of CONVENTIONS.md' },
    schema: [
      {
        type: 'object',
        properties: {
          allow: { type: 'array', items: { type: 'string' } },
          deny: { type: 'array', items: { type: 'string' } },
          message: { type: 'string' },
        },
        required: ['message'],
        additionalProperties: false,
      },
    ],
    messages: { forbidden: "'{{source}}' resolves to {{target}}: {{message}}" },
  },
  create(context) {
    const { allow, deny, message } = context.options[0];
    const fromFile = path.relative(repoRoot, context.filename).split(path.sep).join('/');
    const pluginId = /^plugins\/([^/]+)\//.exec(fromFile)?.[1];

    function check(node, source) {
      if (typeof source !== 'string' || !(source.startsWith('.') || source.startsWith('/'))) return;
      const absolute = path.resolve(path.dirname(context.filename), source);
      const target = path.relative(repoRoot, absolute).split(path.sep).join('/');
      if (target.startsWith('..')) return;
      const forbidden = deny
        ? matchesAny(deny, target, pluginId) && !matchesAny(allow, target, pluginId)
        : !matchesAny(allow, target, pluginId);
      if (forbidden) context.report({ node, messageId: 'forbidden', data: { source, target, message } });
    }

    const fromSource = (node) => {
      if (node.source) check(node.source, node.source.value);
    };
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => {
        if (node.source.type === 'Literal') check(node.source, node.source.value);
      },
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(node, literal.value);
      },
    };
  },
};

/** The folders of src/, lowest layer first (scripts/check-cycles.ts also proves there is no folder cycle). */
const srcLayers = [
  'ui',
  'logging',
  'manifest',
  'session',
  'api',
  'i18n',
  'store',
  'plugin-host',
  'analytics',
  'auth',
  'routing',
  'grid',
  'shell',
  'plugin-api',
  'app',
  'testing',
];
const pureLayers = ['logging', 'manifest', 'session'];

/**
 * The folders of gateway/src/ (gateway/README.md "Source layout"), lowest layer first: each imports only the
 * layers before it. The feature folders sit above the kernel and never import each other; cli/ (the
 * commands) is above them all. The root-level files wire the folders together (gateway.ts, main.ts,
 * options.ts, database.ts, seed-modules.ts): no folder but cli/ imports them, except the two leaves
 * events.ts and permissions.ts, which import no folder (scripts/check-cycles.ts also proves no cycle).
 */
const gatewayLayers = ['http', 'db', 'auth', 'kernel'];
const gatewayFeatures = [
  'accounting-sync',
  'analytics',
  'documents',
  'finance',
  'notifications',
  'oidc',
  'payroll',
  'people',
  'portfolio',
  'routes',
  'studio',
];
const gatewayLeaves = ['gateway/src/events.ts', 'gateway/src/permissions.ts'];
const gatewayFolder = (folder) => `gateway/src/${folder}/**`;

/** A gateway/src/ folder's import zones (its tests may import what they need). */
const gatewayZone = (folder, zone) => ({
  files: [gatewayFolder(folder)],
  ignores: ['**/*.test.ts'],
  rules: { 'portal/import-zones': ['error', zone] },
});
const gatewayLayering = `${gatewayLayers.join(' → ')} → features (${gatewayFeatures.join(', ')}) → cli`;

// `import-sides` is the same rule under a second name: which side of the house a file may reach (kernel,
// portal, gateway) is checked on top of the layers inside each side, whose `import-zones` options a file's
// last matching block sets.
const portalPlugin = {
  meta: { name: 'portal-local' },
  rules: { 'import-zones': importZonesRule, 'import-sides': importZonesRule },
};

const pluginAllowed = [
  'plugins/{plugin}',
  'plugins/{plugin}/**',
  // A plugin's own translation namespace (CONVENTIONS: one namespace per plugin).
  'locales/*/{plugin}.json',
];
const pluginMessage =
  'a plugin may import only @portal/plugin-api, @portal/ui, its own folder, its own locales and npm packages (never another plugin or a file of the engine)';

const reduxHooks = {
  name: 'react-redux',
  importNames: ['useSelector', 'useDispatch', 'useStore'],
  message: 'Use useAppSelector / useAppDispatch from src/store/hooks.ts.',
};
/** The engine's public entries are the only `@portal/*` specifiers (scripts/aliases.ts). */
const portalEntries = (allowed) => ({
  paths: [reduxHooks],
  patterns: [
    {
      regex: `^@portal/(?!(?:${allowed.join('|')})$)`,
      message: `a plugin imports only ${allowed.map((entry) => `@portal/${entry}`).join(', ')}`,
    },
  ],
});

export default defineConfig(
  globalIgnores([
    'dist/',
    'dist-bench/',
    'coverage/',
    '**/node_modules/',
    'kernel/schemas/generated/',
    '.data/',
    'test-results/',
    'playwright-report/',
    '**/*.d.ts',
  ]),

  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: repoRoot },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `type` over `interface` (CONVENTIONS 7) and `import type` for types.
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Same convention as TypeScript's noUnusedParameters: a leading underscore marks "unused on purpose".
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
      // Template literals with numbers are everyday code; other types still need an explicit String().
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `record['key']` on index signatures stays allowed (it reads as "may be missing").
      '@typescript-eslint/dot-notation': ['error', { allowIndexSignaturePropertyAccess: true }],
      // `() => doSomething()` callbacks are idiomatic; the rule still flags void in other positions.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // RTK Query's documented way to type an endpoint without (or with an optional) argument is `void`.
      '@typescript-eslint/no-invalid-void-type': 'off',
    },
  },
  {
    // Tests stub interfaces with empty or synchronous async methods and assert on unbound mocks.
    files: ['**/*.test.{ts,tsx}', 'src/testing/**', 'tests/**', 'gateway/test/**'],
    rules: {
      '@typescript-eslint/no-empty-function': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Testing Library's rules for the component tests (jsdom): queries by role, awaited async queries, no
    // container traversal, no side effects in waitFor.
    files: ['src/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
    rules: {
      ...testingLibrary.configs['flat/react'].rules,
      // Vitest runs without globals, so Testing Library cannot register its own afterEach: each file
      // cleans up itself (afterEach(cleanup)).
      'testing-library/no-manual-cleanup': 'off',
      // The render helpers return the mounted portal (router, store, recorded requests) besides the
      // queries; a test names it for what it holds (portal, on/off), not `view`.
      'testing-library/render-result-naming-convention': 'off',
    },
  },
  {
    // These assert what no role or text shows: that sanitised HTML left no <img> or handler attribute,
    // the home grid's structure and data attributes (static grid vs the grid library), where the focus went.
    files: [
      'plugins/news/lazy-sanitizer.test.tsx',
      'plugins/news/rss-widget.test.tsx',
      'src/grid/static-grid.test.tsx',
      'src/shell/navigation.test.tsx',
      'tests/contract/home-page.test.tsx',
    ],
    rules: { 'testing-library/no-node-access': 'off' },
  },

  {
    files: ['src/**/*.{ts,tsx}', 'plugins/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: [
      'gateway/**',
      'scripts/**',
      'bench/**',
      'tests/e2e/**',
      '*.config.{js,mjs,ts}',
      'playwright.shared.ts',
    ],
    languageOptions: { globals: globals.node },
  },

  // Plain JS/MJS (this file, scripts) and the Playwright configs (not in any tsconfig): no type-aware rules.
  {
    files: [
      '**/*.{js,mjs,cjs}',
      'playwright.config.ts',
      'playwright.instances.config.ts',
      'playwright.shared.ts',
    ],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },

  // Static scripts served as-is to the browser (e.g. the OIDC silent-renew page).
  { files: ['public/**/*.js'], languageOptions: { globals: globals.browser } },

  // The raw react-redux hooks: only the typed wrappers in src/store/hooks.ts may import them.
  {
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [reduxHooks],
        },
      ],
    },
  },
  { files: ['src/store/hooks.ts'], rules: { 'no-restricted-imports': 'off' } },

  // Import-boundary zones (CONVENTIONS.md "Layout").
  { plugins: { portal: portalPlugin } },
  {
    files: ['plugins/**'],
    rules: {
      'portal/import-zones': ['error', { allow: pluginAllowed, message: pluginMessage }],
      'no-restricted-imports': ['error', portalEntries(['plugin-api', 'plugin-api/studio', 'ui'])],
    },
  },
  {
    // A plugin's tests may also mount the real engine with @portal/plugin-api/testing and use shared fixtures.
    files: ['plugins/**/*.test.{ts,tsx}'],
    rules: {
      'portal/import-zones': [
        'error',
        { allow: [...pluginAllowed, 'tests/fixtures/**'], message: pluginMessage },
      ],
      'no-restricted-imports': [
        'error',
        portalEntries(['plugin-api', 'plugin-api/studio', 'plugin-api/testing', 'ui']),
      ],
    },
  },
  // The shared kernel (kernel/: the manifest schema, the condition language, the manifest validator and
  // lint, the gateway contract, the password rule) is imported by both sides and imports neither.
  {
    files: ['kernel/**'],
    rules: {
      'portal/import-sides': [
        'error',
        {
          deny: ['src/**', 'plugins/**', 'gateway/**', 'scripts/**', 'tests/**'],
          message:
            'kernel/ is shared by the portal and the gateway: it imports neither src/, plugins/ nor gateway/',
        },
      ],
    },
  },
  // The portal and the gateway meet only in the kernel.
  {
    files: ['src/**', 'plugins/**'],
    rules: {
      'portal/import-sides': [
        'error',
        {
          deny: ['gateway/**'],
          // The test kit signs in the gateway's demo personas (its seed file is the one list of them).
          allow: ['gateway/seed/personas.json'],
          message: 'the portal reaches the gateway through kernel/contract only',
        },
      ],
    },
  },
  {
    files: ['gateway/**'],
    rules: {
      'portal/import-sides': [
        'error',
        {
          deny: ['src/**', 'plugins/**'],
          message: 'the gateway shares with the portal only kernel/ (conditions, manifest, contract)',
        },
      ],
    },
  },
  // One-way layers of src/ (CONVENTIONS.md "Layout"): a folder imports only the folders listed before it,
  // never a plugin (the engine finds them with import.meta.glob). Tests may also use the test kit.
  ...srcLayers.map((folder, index) => ({
    files: [`src/${folder}/**`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'portal/import-zones': [
        'error',
        {
          deny: [
            ...srcLayers.slice(index + 1).map((above) => `src/${above}/**`),
            ...(folder === 'testing' ? [] : ['plugins/**']),
          ],
          message: `layers run one way (${srcLayers.join(' → ')}): src/${folder} imports only the folders before it${folder === 'testing' ? '' : ', and never a plugin'}`,
        },
      ],
    },
  })),
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'portal/import-zones': [
        'error',
        {
          deny: ['plugins/**'],
          allow: ['plugins/*/index.ts', 'plugins/*/*.tsx'],
          message: 'a test of the engine mounts a plugin through its index or page',
        },
      ],
    },
  },
  // One-way layers of gateway/src/ (gatewayLayers above). Tests may import what they need.
  ...gatewayLayers.map((folder, index) =>
    gatewayZone(folder, {
      deny: [
        ...[...gatewayLayers.slice(index + 1), ...gatewayFeatures, 'cli'].map(gatewayFolder),
        'gateway/src/*',
      ],
      allow: index === 0 ? [] : gatewayLeaves,
      message: `gateway layers run one way (${gatewayLayering}): gateway/src/${folder} imports only ${index === 0 ? 'no other folder' : `gateway/src/${gatewayLayers.slice(0, index).join(', gateway/src/')}`}, never a root-level wiring file`,
    }),
  ),
  ...gatewayFeatures.map((folder) =>
    gatewayZone(folder, {
      deny: [
        ...[...gatewayFeatures.filter((other) => other !== folder), 'cli'].map(gatewayFolder),
        'gateway/src/*',
      ],
      allow: gatewayLeaves,
      message: `gateway layers run one way (${gatewayLayering}): the feature gateway/src/${folder} imports the layers below it (gateway/src/${gatewayLayers.join(', gateway/src/')}), never another feature, cli/ or a root-level wiring file (pass what it needs in from gateway.ts, or move it down to kernel/)`,
    }),
  ),
  {
    files: [gatewayFolder('cli')],
    ignores: ['**/*.test.ts'],
    rules: {
      'portal/import-zones': [
        'error',
        {
          deny: ['gateway/src/gateway.ts', 'gateway/src/main.ts'],
          message: `gateway layers run one way (${gatewayLayering}): main.ts starts gateway/src/cli, which never imports main.ts or gateway.ts`,
        },
      ],
    },
  },
  {
    files: gatewayLeaves,
    rules: {
      'portal/import-zones': [
        'error',
        {
          deny: ['gateway/src/**'],
          message: `gateway/src/events.ts and permissions.ts are leaves every folder may import: they import no other file of gateway/src`,
        },
      ],
    },
  },
  // The pure layers hold rules and data only: no React, no UI kit.
  {
    files: [...pureLayers.map((folder) => `src/${folder}/**`), 'kernel/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [reduxHooks],
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                'react-dom/*',
                'react/*',
                'react-*',
                '@mantine/*',
                '@reduxjs/toolkit/query/react',
              ],
              message: `kernel/ and src/${pureLayers.join(', src/')} are pure (no React): move UI code to a layer above`,
            },
          ],
        },
      ],
    },
  },
);
