/**
 * One lint configuration for the whole repository (flat config).
 * - JavaScript and TypeScript recommended rules everywhere, Node globals for the Node packages.
 * - The web console: React hooks rules, browser globals, and no hard-coded user-visible text in JSX.
 * - Package boundaries (ARCHITECTURE.md): packages depend on protocol only, never on one another.
 * - No import cycles: a module graph with cycles cannot be read (or split) one file at a time.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { defineConfig } from 'eslint/config';

const noImportOf = (...packages) => [
  'error',
  {
    patterns: packages.map((name) => ({
      group: [name, `${name}/*`],
      message: 'Packages depend on @edge/protocol only (ARCHITECTURE.md, package boundaries).',
    })),
  },
];

/** JSX attributes whose string values are never read by the user. */
const NON_TEXT_ATTRIBUTES = [
  'className',
  'style',
  'styleName',
  'type',
  'key',
  'id',
  'width',
  'height',
  'data-testid',
  'data-.*',
  'htmlFor',
  'htmlType',
  'name',
  'role',
  'autoComplete',
  'href',
  'to',
  'path',
  'rel',
  'target',
  'lang',
  'dir',
  'mode',
  'layout',
  'size',
  'shape',
  'variant',
  'status',
  'placement',
  'trigger',
  'align',
  'justify',
  'theme',
  'color',
  'rowKey',
  'dataIndex',
  'direction',
  'breakpoint',
  'method',
  'encType',
  'accept',
  'inputMode',
  'src',
  'aria-hidden',
  'aria-current',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'validateStatus',
  'dependencies',
  'valuePropName',
  'picker',
  'format',
];

/** Object keys (inside JSX props) whose string values are identifiers, not text. */
const NON_TEXT_KEYS = [
  '[A-Z_-]+',
  'key',
  'type',
  'data-testid',
  'status',
  'placement',
  'trigger',
  'mode',
  'dataIndex',
  'rowKey',
];

/**
 * Object keys whose values reach the screen outside JSX (chart options, antd column and menu definitions,
 * sort options): a literal word there escapes the JSX-only i18next rule, so it is caught here. Lower-case
 * identifiers (message codes such as 'confirmEdit', catalogue keys such as 'inventory.name') are not text.
 */
const SCREEN_TEXT_KEYS =
  'name|title|text|subtext|label|placeholder|description|content|okText|cancelText|emptyText|unit';
const SCREEN_TEXT = String.raw`/^(?![a-z][A-Za-z0-9_.-]*$).*[A-Za-z\u00C0-\uFFFF]/`;
const SCREEN_TEXT_SELECTORS = [
  `Property[key.name=/^(${SCREEN_TEXT_KEYS})$/][value.type='Literal'][value.value=${SCREEN_TEXT}]`,
  `Property[key.name=/^(${SCREEN_TEXT_KEYS})$/] > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z\\u00C0-\\uFFFF]/]`,
].map((selector) => ({
  selector,
  message: 'Text shown on screen goes through i18n (t(...)), also outside JSX, e.g. in chart options.',
}));

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.tsbuild/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/coverage/**',
      '**/data/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}', 'bench/src/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'packages/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    extends: [reactHooks.configs.flat['recommended-latest']],
  },
  {
    files: ['packages/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { exclude: NON_TEXT_ATTRIBUTES },
          'object-properties': { exclude: NON_TEXT_KEYS },
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'require',
              'addEventListener',
              'removeEventListener',
              'getElementById',
              'navigate',
              'useNavigate',
              // A rule dialog's row (ruleTable/RuleForm.tsx): a field name and a catalogue key, typed as one.
              'field',
            ],
          },
        },
      ],
      'no-restricted-syntax': ['error', ...SCREEN_TEXT_SELECTORS],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits or catches fails silently (an unhandled rejection kills
    // the console process; in the browser a failed call shows no toast), so each one is handled or marked
    // `void` where dropping it is meant.
    files: ['packages/*/src/**/*.{ts,tsx}', 'packages/agent/dev/**/*.ts', 'bench/src/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['packages/web/**'],
    rules: { 'no-restricted-imports': noImportOf('@edge/server', '@edge/agent') },
  },
  {
    files: ['packages/server/**'],
    rules: { 'no-restricted-imports': noImportOf('@edge/web', '@edge/agent') },
  },
  {
    files: ['packages/agent/**'],
    rules: { 'no-restricted-imports': noImportOf('@edge/server', '@edge/web') },
  },
  {
    files: ['packages/protocol/**'],
    rules: { 'no-restricted-imports': noImportOf('@edge/server', '@edge/web', '@edge/agent') },
  },
);
