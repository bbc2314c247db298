import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'frontend/dist', 'cdk.out', '.local', 'screenshots', 'test-results', 'playwright-report', 'scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // `import { z }` drags every zod locale into a bundle (450 KB); the namespace import is tree-shaken.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "Write `import * as z from 'zod'` (the named `z` bundles all of zod's locales).",
        },
      ],
    },
  },
  {
    // Handlers log through the structured logger only.
    files: ['functions/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
);
