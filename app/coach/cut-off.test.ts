import { completeSentences } from "./fact-check";

describe("completeSentences", () => {
  it("keeps the complete sentences and drops the unfinished tail", () => {
    expect(completeSentences("Great work on your run today! Your streak is 3 days. Keep")).toBe(
      "Great work on your run today! Your streak is 3 days.",
    );
    expect(completeSentences("Nice job walking the dog today. Tomorrow you can call")).toBe(
      "Nice job walking the dog today.",
    );
    expect(completeSentences("Is this your best week yet? It could be, if you")).toBe(
      "Is this your best week yet?",
    );
  });

  it("keeps a closing quote or bracket with its sentence", () => {
    expect(completeSentences('You said "one more page." And you read it, which')).toBe(
      'You said "one more page."',
    );
  });

  it("is null when no complete sentence of a few words is left", () => {
    expect(completeSentences("Great work today! You are")).toBeNull();
    expect(completeSentences("Great work on your run today, and your")).toBeNull();
    expect(completeSentences("Yes. Keep going with")).toBeNull();
    expect(completeSentences("")).toBeNull();
  });

  it("does not end a sentence at a decimal, an abbreviation, an ellipsis or a list number", () => {
    expect(completeSentences("You ran 3.5 km today and that is")).toBeNull();
    expect(completeSentences("Dr. Smith would be proud of your")).toBeNull();
    expect(completeSentences("Well, what a day it was... and then")).toBeNull();
    expect(completeSentences("Today's goals:\n1. Drink 8 glasses of water\n2. Done")).toBeNull();
  });

  it("a number at the end of a sentence still ends it", () => {
    expect(completeSentences("You finished 2 of 2. Your streak grows to")).toBe(
      "You finished 2 of 2.",
    );
  });

  it("drops an opening quote whose closing quote was cut off", () => {
    expect(completeSentences('"You moved your streak forward today. Keep')).toBe(
      "You moved your streak forward today.",
    );
    expect(completeSentences("\u201cYou moved your streak forward today. Keep")).toBe(
      "You moved your streak forward today.",
    );
  });

  it("keeps as many sentences from the start as fit", () => {
    const text = "You did it today. Your streak is growing. Tomorrow is a new day. And";
    const short = (kept: string) => kept.length <= 45;
    expect(completeSentences(text, short)).toBe("You did it today. Your streak is growing.");
    expect(completeSentences(text, () => false)).toBeNull();
  });

  it("keeps an answer that was complete all along", () => {
    expect(completeSentences("Lovely work on both goals today!")).toBe(
      "Lovely work on both goals today!",
    );
  });
});
