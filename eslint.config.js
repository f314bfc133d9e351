// One lint config for the whole repository. Import boundaries guard the architecture:
// the web app and the email package never reach into server code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// One clock (ARCHITECTURE.md): server code reads "now" from ctx.clock, which tests move, so a rule
// never mixes the machine's time with the test's. Flat config replaces a rule per file rather than
// merging it, so the route files' own no-restricted-syntax repeats these.
const realTimeOfDay = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Read the time from ctx.clock (or a `now` passed in), not new Date().',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Read the time from ctx.clock (or a `now` passed in), not Date.now().',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', '**/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@thankly/server*'],
              message: 'The web app never imports server code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/email/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@thankly/server*', '@thankly/web*', 'react', 'react-dom'],
              message: 'packages/email is pure: no app, server or DOM code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    // time/ defines the system clock; the job queue's fallback serves tests that pass no clock (the
    // runtime passes ctx.clock). Sleeping and waiting use performance.now() or timers.
    ignores: [
      'apps/server/src/infrastructure/time/**',
      'apps/server/src/infrastructure/jobs/job-queue.ts',
      '**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...realTimeOfDay] },
  },
  {
    // Routes stay thin: they parse, call a service and answer. Queries live in the capability's
    // service modules (a route may pass `db` along to one).
    files: ['apps/server/src/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema.ts'],
              message: 'Routes do not query the database: move the query into a service module.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name=/^(select|selectDistinct|insert|update|delete|execute|transaction|query)$/][object.type='MemberExpression'][object.property.name='db']",
          message: 'Routes do not query the database: move the query into a service module.',
        },
        {
          selector:
            "MemberExpression[property.name=/^(select|selectDistinct|insert|update|delete|execute|transaction|query)$/][object.name='db']",
          message: 'Routes do not query the database: move the query into a service module.',
        },
        ...realTimeOfDay,
      ],
    },
  },
  {
    // Tests read loosely typed JSON replies on purpose: the assertions are the type check.
    files: ['**/test/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
