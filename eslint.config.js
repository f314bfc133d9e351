// One lint config for the whole repository. Import boundaries guard the architecture:
// the web app and the email package never reach into server code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

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
