import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import fs from 'node:fs';

/**
 * Lint rules, part of `npm test`. The import-direction rules of
 * CONVENTIONS.md "Layout": app, server -> features -> components, lib,
 * stores; a feature never imports another feature; no cycles. The Rules of
 * Hooks and exhaustive effect dependencies on the client code, and jsx-a11y's
 * recommended set on every component.
 */
const features = fs.existsSync('features')
  ? fs.readdirSync('features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

export default tseslint.config(
  { ignores: ['node_modules/**', '.next/**', '.data/**', 'drizzle/**', 'next-env.d.ts', 'coverage/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
      'import/internal-regex': '^@/',
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import/no-restricted-paths': ['error', {
        zones: [
          // lower layers never reach up
          { target: ['./lib', './components', './stores'], from: ['./features', './app', './server'], message: 'lib, components and stores sit below features, app and server.' },
          // features never import app or server
          { target: './features', from: ['./app', './server'], message: 'features are composed by app/ and server/, never the reverse.' },
          // a feature never imports another feature
          ...features.map((f) => ({
            target: `./features/${f}`,
            from: './features',
            except: [`./${f}`],
            message: 'a feature never imports another feature; compose them in app/ or server/.',
          })),
        ],
      }],
    },
  },
  {
    // The browser's code. Test helpers are left out: Vitest's `useFakeObserver()`-style helpers register
    // lifecycle hooks at a file's top level and are not React hooks; server code has no React.
    files: ['{app,features,components,stores,lib}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'features/*/server/**', 'lib/db/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Version 7's React Compiler rules stay off: the app is not built with the compiler, they add about 70% to
      // the lint's time, and what they flag here is intended (the hydration-safe mount flag, a previous-value
      // ref, Date.now() in an event handler's closure, a media element set up in an effect).
    },
  },
  {
    files: ['{app,features,components}/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['server/**/*.ts', 'lib/**/*.ts', 'features/*/server/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // next-intl's locale is the BCP 47 tag of lib/i18n-locale.ts; `he` (Hinglish) is Hebrew to Intl, so it never formats.
    files: ['app/**/*.{ts,tsx}', 'features/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'stores/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [
        { name: 'next-intl', importNames: ['useFormatter'], message: 'Use useAppFormatter() from @/lib/use-app-formatter: it formats in the mapped locale (he -> en-IN-x-hinglish).' },
        { name: 'next-intl/server', importNames: ['getFormatter'], message: 'Use createAppFormatter(lang) from @/lib/i18n-locale: it formats in the mapped locale (he -> en-IN-x-hinglish).' },
        { name: 'next-intl', importNames: ['useLocale'], message: "Use useInterfaceLang() from @/lib/use-app-formatter: next-intl's locale is the BCP 47 tag, not the wire code (en, hi, he)." },
        { name: 'next-intl/server', importNames: ['getLocale'], message: "Use getInterfaceLang() from @/lib/interface-lang-server: next-intl's locale is the BCP 47 tag, not the wire code (en, hi, he)." },
      ] }],
    },
  },
);
