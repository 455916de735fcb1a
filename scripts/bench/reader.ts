import { interpretInConversation, type Phase } from "../../app/replies/interpret";

// Usage: npm run bench:reader
//
// How long the reply reader holds the event loop: the longest message a chat allows (1,600
// characters, every word a reference, a verdict or a number) to 50 goals of 500 characters in each
// phase, and the typical evening check-in to four goals. Figures are in milliseconds per reading;
// compare a change with the tree before it, run alternately in one session (docs/performance.md).

const goals50 = Array.from({ length: 50 }, (_, g) =>
  `${g + 1} ${"practice scales carefully, then review yesterday's notes ".repeat(10)}`.slice(
    0,
    500,
  ),
);
const words = "did the practice and skipped review then notes done not yesterday 3 tomorrow".split(
  " ",
);
const longest = Array.from({ length: 320 }, (_, i) => words[i % words.length])
  .join(" ")
  .slice(0, 1600);
const goals4 = ["Run 5k 🏃", "Read 30 pages 📚", "Call mom", "Finish the report"];
const typical = [
  "did 1 and 3 skipped 2",
  "ran, read and called mom, report tmrw",
  "yes to the first one no to the second",
  "couldnt do the run 💀 read and called mom tho",
];

function msPerRun(run: () => void, runs: number) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) run();
  return Number(process.hrtime.bigint() - start) / 1e6 / runs;
}

const phases: Phase[] = ["evening", "none", "morning"];
const readLongest = (phase: Phase) =>
  interpretInConversation({ phase, goals: goals50, text: longest, media: 0 });
for (const phase of phases) msPerRun(() => readLongest(phase), 2); // warm-up
for (const phase of phases) {
  console.log(`longest message, ${phase}: ${msPerRun(() => readLongest(phase), 10).toFixed(1)} ms`);
}
const readTypical = () => {
  for (const text of typical)
    interpretInConversation({ phase: "evening", goals: goals4, text, media: 0 });
};
msPerRun(readTypical, 50);
console.log(`typical check-in: ${(msPerRun(readTypical, 500) / typical.length).toFixed(3)} ms`);
