import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const DIR = "docs/decisions";

describe("the decision records", () => {
  const records = readdirSync(DIR).filter((name) => /^\d{4}-.+\.md$/.test(name));
  const index = readFileSync(path.join(DIR, "README.md"), "utf8");

  it("are numbered one after another", () => {
    expect(records.map((name) => Number(name.slice(0, 4)))).toEqual(records.map((_, i) => i + 1));
  });

  it.each(records)("%s is on the index with its title", (name) => {
    const title = readFileSync(path.join(DIR, name), "utf8")
      .split("\n")[0]!
      .replace(/^# \d+\. /, "");
    expect(index).toContain(`[${title}](${name})`);
  });
});
