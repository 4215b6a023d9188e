import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

// Next's own flat configs (React, hooks, a11y, import, Core Web Vitals, typescript-eslint's
// recommended set) plus a few rules that catch real bugs. `npm test` runs it with
// --max-warnings 0, so a warning fails the build just like an error.
export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    "node_modules/**",
    ".next/**",
    ".next-bench/**",
    "next-env.d.ts",
    "server/db/generated/**",
    "test-results/**",
    "playwright-report/**",
    "coverage/**",
    "bench-results/**",
    ".data*/**",
    "sdk/dist/**",
    "cli/dist/**",
    "sdk/src/generated/**",
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-implicit-coercion": ["error", { allow: ["!!"] }],
      "prefer-const": "error",
      "no-var": "error",
      "object-shorthand": "error",
    },
  },
  {
    // Code in the Next.js server bundle (issue 37 §1): the bundler rewrites these, so a file found
    // through them is found under vitest and tsx but not under `npm start` (require.resolve answers
    // a module id; __dirname becomes "/ROOT/…"). server/package-dir.ts finds a package's files.
    files: ["app/**", "components/**", "server/**", "schemas/**", "instrumentation.ts", "proxy.ts"],
    ignores: ["**/*.test.ts", "server/scripts/**", "server/test/**", "server/serve.mjs", "server/serve/**"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "__dirname", message: "Bundled code: use process.cwd() or packageDir() (server/package-dir.ts)." },
        { name: "__filename", message: "Bundled code: use process.cwd() or packageDir() (server/package-dir.ts)." },
      ],
      "no-restricted-properties": [
        "error",
        { object: "require", property: "resolve", message: "Bundled code: use packageDir() (server/package-dir.ts)." },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MetaProperty[meta.name='import']",
          message: "Bundled code: import.meta is rewritten by the bundler; use process.cwd() or packageDir().",
        },
      ],
    },
  },
  {
    // Layers (issue 37 §6): app/ (routes, pages) is the top; the dashboard's components, the domain and
    // the schemas never import from it. Server actions live in server/actions/. Tests may call routes.
    files: ["components/**", "server/**", "schemas/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "server/test/**", "server/scripts/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(@/app|(\\.\\./)+app)(/|$)",
              message: "A lower layer never imports from app/: move what is shared to server/ or components/.",
            },
          ],
        },
      ],
    },
  },
  {
    // Unhandled promises lose errors silently (background jobs, webhooks): needs type information.
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
    },
  },
]);
