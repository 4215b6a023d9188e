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
