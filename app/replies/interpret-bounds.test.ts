import { MAX_WORDS_MATCHED, readerWork } from "./interpret-check-in";
import { interpretInConversation, interpretReply, type Phase } from "./interpret";

// Issue 28: one chat message of 1,600 characters to 50 goals of 500 held the event loop for seconds,
// because every word rebuilt every goal's words and was compared with all of them, in every pass.

const goals = Array.from({ length: 50 }, (_, g) =>
  `${g + 1} ${"practice scales carefully, then review yesterday's notes ".repeat(10)}`.slice(
    0,
    500,
  ),
);
const longText = "ｄｏｎｅ ".repeat(320);

beforeEach(() => {
  readerWork.goalWordsBuilt = 0;
  readerWork.wordsMatched = 0;
});

describe("the reader's work on the longest message", () => {
  it.each<Phase>(["none", "evening", "morning"])(
    "builds each goal's words once and compares a bounded number of words (%s)",
    (phase) => {
      interpretInConversation({ phase, goals, text: longText, media: 0 });
      expect(readerWork.goalWordsBuilt).toBeLessThanOrEqual(goals.length);
      // A reading passes over the text a handful of times (check-in, goal names, edits); each pass
      // compares at most MAX_WORDS_MATCHED of its words with the goals' words.
      expect(readerWork.wordsMatched).toBeLessThanOrEqual(8 * MAX_WORDS_MATCHED);
    },
  );

  it("stays within the bound with goals of every kind (v5), however many pieces the text has", () => {
    const kinds = goals.map((_, g) =>
      g % 3 === 0
        ? { unit: "km", target: 3, atMost: false, per: "day" as const }
        : g % 3 === 1
          ? ("avoid" as const)
          : null,
    );
    const pieces = [
      Array.from({ length: 400 }, (_, i) => `practice ${i % 50} - notes`).join(", "),
      Array.from({ length: 400 }, (_, i) => `ran ${i}k, ok`).join(", "),
      "ｄｏｎｅ, ".repeat(400),
    ];
    for (const text of pieces) {
      readerWork.goalWordsBuilt = 0;
      readerWork.wordsMatched = 0;
      interpretInConversation({
        phase: "evening",
        goals,
        kinds,
        text: text.slice(0, 1600),
        media: 0,
      });
      // The goals' words are built for the yes/no reading, the measured and the avoided goals.
      expect(readerWork.goalWordsBuilt).toBeLessThanOrEqual(4 * goals.length);
      expect(readerWork.wordsMatched).toBeLessThanOrEqual(8 * MAX_WORDS_MATCHED);
    }
  });

  it("reads it as it did before the bound", () => {
    expect(interpretInConversation({ phase: "none", goals, text: longText, media: 0 }).intent).toBe(
      "unknown",
    );
    expect(interpretReply({ phase: "evening", goals, text: longText, media: 0 }).intent).toBe(
      "unknown",
    );
  });

  it("still names a goal by its words, misspelt or not, within the bound", () => {
    const today = ["Run 5k", "Do laundry", "Call mom"];
    expect(
      interpretReply({ phase: "evening", goals: today, text: "did laundy", media: 0 }),
    ).toEqual({ intent: "check_in", completed: [2], skipped: [], tomorrow: [] });
    const padded = `${"and ".repeat(200)}called mom`;
    expect(interpretReply({ phase: "evening", goals: today, text: padded, media: 0 })).toEqual({
      intent: "check_in",
      completed: [3],
      skipped: [],
      tomorrow: [],
    });
  });
});
