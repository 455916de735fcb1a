import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "node_modules/**",
      "db/migrations/**",
      "test-results/**",
      // Verbatim copies of ../shared/replies (see app/replies/interpret.test.ts).
      "app/replies/fixtures/replies/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read configuration from ~/utils/env/env.server",
        },
      ],
    },
  },
  {
    files: [
      "app/utils/env/env.server.ts",
      "tests/**",
      "playwright.config.ts",
      "vitest.config.ts",
      "drizzle.config.ts",
      "scripts/**",
      "db/**",
    ],
    rules: { "no-restricted-properties": "off" },
  },
);
