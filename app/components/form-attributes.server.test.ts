import { format, resolveConfig } from "prettier";
import { formAttributes } from "./form-attributes.server";

const GENERATED = "./form-attributes.generated.ts";

async function renderModule() {
  const attributes = formAttributes();
  const source = `// Generated from the zod schemas the form actions parse (form-attributes.server.ts) by
// form-attributes.server.test.ts: after changing a form's schema, run
// \`npx vitest run app/components/form-attributes.server.test.ts --update\`. Plain data, so the
// pages get the browser's checks without shipping zod.
import type { FieldAttributes } from "~/utils/forms/field-attributes.server";

export type FormName = ${Object.keys(attributes)
    .map((name) => JSON.stringify(name))
    .join(" | ")};

export const FORM_ATTRIBUTES: Record<FormName, Record<string, FieldAttributes>> = ${JSON.stringify(attributes)};
`;
  const filepath = new URL(GENERATED, import.meta.url).pathname;
  return format(source, { ...(await resolveConfig(filepath)), filepath });
}

describe("the pages' form attributes", () => {
  it("are the ones the server's schemas give (--update writes them after a schema change)", async () => {
    await expect(await renderModule()).toMatchFileSnapshot(GENERATED);
  });
});
