import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One-way imports (STYLE.md habit 1): client → domain and server → domain, never client ↔ server,
// and domain imports neither. process.env is read only by src/server/env.ts (habit 7).
const clientOrServer = (side) => ({
  group: [`@/${side}/*`, `**/${side}/*`],
  message: `This file may not import from src/${side}: imports go client → domain and server → domain only.`,
});

// Client layers (STYLE.md habits 1 and 2). A feature (src/client/features/<f>) may import
// components/, lib/, api/, @/domain and itself, never another feature or a page; pages/ composes
// features. components/, lib/ and api/ sit below the features and import none of them.
const clientFeatures = ['accounts', 'badges', 'checklists', 'library', 'marketing', 'notifications', 'site', 'social'];
const otherFeatures = (feature) => ({
  group: clientFeatures
    .filter((other) => other !== feature)
    .flatMap((other) => [`@/client/features/${other}/*`, `**/features/${other}/*`, `../${other}/*`]),
  message: `A feature imports components/, lib/, api/, @/domain and itself only: compose features in src/client/pages/.`,
});
const pages = { group: ['@/client/pages/*', '**/pages/*'], message: 'Only router.tsx imports src/client/pages.' };
// Radix is wrapped once, in components/ui (our look, our accessible names); everything else uses those.
const radixOutsideKit = {
  group: ['radix-ui', 'radix-ui/*', '@radix-ui/*'],
  message: 'Use our wrapper in src/client/components/ui (add one there if it is missing).',
};
const anyFeature = {
  group: ['@/client/features/*', '**/features/*'],
  message: 'components/, lib/ and api/ sit below the features: they may not import one.',
};
// lib/ and components/ sit below api/ (api/ imports lib/): an import of api/ from them runs back up
// the layers. (lib/api.ts, the API client, is `./api` to its neighbours, not `../api/`.)
const apiLayer = {
  group: ['@/client/api/*', '**/client/api/*', '../api/*', '../../api/*'],
  message: 'lib/ and components/ sit below api/: they may not import it (a hook that needs api/ lives in api/).',
};

// Server layers: feature folders stand in tiers, and a folder imports only its own files, the
// tiers below it and the shared ground (presenters, http, visibility, security, mail, db, ...),
// never a folder of its own tier or above. A rule two features both need goes down a tier, or into
// the ground (who may see a list, a hold, a block: src/server/visibility). Entry points (main,
// cluster, http-server, app, seed) stand above every tier.
const serverTiers = [
  ['accounts', 'library', 'dashboard', 'public-face', 'dev'],
  ['checklists', 'social', 'moderation'],
  ['badges', 'discover'],
  ['notifications', 'browse'],
];
const serverGround = ['presenters.ts', 'http.ts', 'visibility', 'security', 'mail', 'cache', 'db', 'logger.ts'];
const serverFolders = (folders) => ({
  group: folders.flatMap((folder) => [`@/server/${folder}/*`, `**/server/${folder}/*`, `../${folder}/*`]),
  message: 'A server folder imports only the tiers below it (see serverTiers in eslint.config.js).',
});
const serverFeatureRules = serverTiers.flatMap((tier, index) =>
  tier.map((folder) => ({
    files: [`src/server/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            clientOrServer('client'),
            serverFolders(
              serverTiers
                .slice(0, index + 1)
                .flat()
                .filter((other) => other !== folder),
            ),
          ],
        },
      ],
    },
  })),
);
const serverGroundRule = {
  files: serverGround.map((place) => (place.endsWith('.ts') ? `src/server/${place}` : `src/server/${place}/**/*.ts`)),
  rules: {
    'no-restricted-imports': ['error', { patterns: [clientOrServer('client'), serverFolders(serverTiers.flat())] }],
  },
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type A }` still loads the module (verbatimModuleSyntax): a page that names an answer
      // schema's type would load the schema, and zod, into the browser's bundle. `import type { A }` loads nothing.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [clientOrServer('server'), radixOutsideKit] }],
    },
  },
  ...clientFeatures.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [clientOrServer('server'), otherFeatures(feature), pages, radixOutsideKit] },
      ],
    },
  })),
  {
    files: ['src/client/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [clientOrServer('server'), anyFeature, pages, radixOutsideKit] }],
    },
  },
  {
    files: ['src/client/{components,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [clientOrServer('server'), anyFeature, pages, apiLayer, radixOutsideKit] },
      ],
    },
  },
  {
    files: ['src/client/components/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [clientOrServer('server'), anyFeature, pages, apiLayer] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientOrServer('client')] }] },
  },
  ...serverFeatureRules,
  serverGroundRule,
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            clientOrServer('client'),
            clientOrServer('server'),
            {
              group: [
                'node:*',
                'fs',
                'path',
                'crypto',
                'os',
                'child_process',
                'react',
                'react-*',
                'react/*',
                'hono',
                'hono/*',
                '@hono/*',
                'drizzle-orm*',
                'pg',
                'better-auth*',
                'nodemailer',
                'pino',
              ],
              message: 'src/domain is pure TypeScript: no DOM, Node, framework or database code.',
            },
          ],
        },
      ],
    },
  },
  // No cycles (STYLE.md habit 18): two modules that import each other, directly or through others,
  // are one idea, or a third module is missing (the query keys of several resources, say). Type-only
  // imports load nothing and do not count; a lazy `import()` does. The resolver follows tsconfig's
  // `@/` paths; packages are not followed, only our own files.
  {
    files: ['{src,tests,scripts}/**/*.{ts,tsx,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // The files the rule reads to follow imports, and the parser it reads TypeScript with.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts only.' },
      ],
    },
  },
);
