import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import globals from 'globals'
import prettier from 'eslint-config-prettier'

/**
 * The web app's areas (house style 4): each may use the shared rooms (`ui`, `layout`, `dataProvider`,
 * `authProvider`, `i18n`, `contracts`) but never another area, so that each can be split, loaded lazily
 * or rewritten alone. What two areas need goes to `src/ui/`.
 */
const AREAS = ['account', 'learner', 'resources', 'builder', 'insights', 'experimental']
const areaBoundaries = AREAS.map((area) => ({
  files: [`src/${area}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: AREAS.filter((other) => other !== area).map((other) => ({
          regex: `^(\\.\\./)+${other}(/|$)`,
          message: `The ${area} area may not import the ${other} area: move what both need to src/ui/.`,
        })),
      },
    ],
  },
}))

/** An import of server/routes/ from outside it. */
const ROUTES_IMPORT = { regex: '^(\\./|(\\.\\./)+)routes(/|$)', message: 'Only server/app.ts mounts routes: move what others need out of server/routes/.' }

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', 'coverage', '.dist-build-*', 'dist.old-*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  // The shared rooms serve every area and so may import none of them.
  {
    files: ['src/{ui,layout,dataProvider,authProvider,i18n}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: `^(\\.\\./)+(${AREAS.join('|')})(/|$)`, message: 'Shared rooms may not import an area.' }] }],
    },
  },
  ...areaBoundaries,
  // The server's layers: routes are HTTP only, so nothing but the app that mounts them imports from
  // server/routes/. What routes and other modules share (the course domain in server/courses/, the
  // certificates, the seed's building blocks) lives outside it.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/routes/**', 'server/app.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [ROUTES_IMPORT] }],
    },
  },
  // The app mounts the routes through their index and takes nothing else from them.
  {
    files: ['server/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^\\./routes/(?!index\\.js$)', message: 'server/app.ts mounts routes/index.js only: move what it needs out of server/routes/.' }],
        },
      ],
    },
  },
  // The identity service stands on its own: no API plugin or route (shared HTTP helpers are in server/http/).
  {
    files: ['server/identity/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ROUTES_IMPORT,
            { regex: '^(\\.\\./)+plugins(/|$)', message: 'The identity service may not import an API plugin: move what both need to server/http/.' },
          ],
        },
      ],
    },
  },
  // Layout is Prettier's (`npm run format`); no lint rule argues with it.
  prettier,
)
