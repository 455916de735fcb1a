// Usage: npm run --silent interpret -- FILE.jsonl
// Reads one reply per line and prints one interpretation per line ({"id", "intent", ...}) on stdout.
import { readFileSync } from "node:fs";
import { interpretReply, type ReplyInput } from "../app/replies/interpret";

const file = process.argv[2];
if (!file) {
  process.stderr.write("usage: npm run --silent interpret -- FILE.jsonl\n");
  process.exit(2);
}

const numberList = (value: unknown) =>
  Array.isArray(value) && value.every((n) => typeof n === "number")
    ? (value as number[])
    : undefined;

const lines = readFileSync(file, "utf8").split("\n");
const output: string[] = [];
for (const line of lines) {
  if (!line.trim()) continue;
  const row = JSON.parse(line) as Partial<ReplyInput> & { id?: unknown };
  const result = interpretReply({
    phase: row.phase ?? "none",
    goals: Array.isArray(row.goals) ? row.goals.map(String) : [],
    ...(numberList(row.numbers) && { numbers: numberList(row.numbers) }),
    ...(numberList(row.options) && { options: numberList(row.options) }),
    ...((row.after === "evening" || row.after === "none") && { after: row.after }),
    ...(Array.isArray(row.kinds) && { kinds: row.kinds }),
    text: typeof row.text === "string" ? row.text : "",
    media: typeof row.media === "number" ? row.media : 0,
    optedOut: row.optedOut === true,
  });
  output.push(JSON.stringify({ id: row.id, ...result }));
}
process.stdout.write(output.length ? output.join("\n") + "\n" : "");
