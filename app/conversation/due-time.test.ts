import { dueTimeInText } from "./due-time";

describe("dueTimeInText", () => {
  it.each([
    ["Finish report by 3pm", "15:00"],
    ["call the bank before 11 am", "11:00"],
    ["gym at 6:30pm", "18:30"],
    ["submit form by 17:45", "17:45"],
    ["lunch with Sam at 12pm", "12:00"],
    ["night shift prep by 12 a.m.", "00:00"],
  ])("reads %s as %s", (text, time) => {
    expect(dueTimeInText(text)).toBe(time);
  });

  it.each(["Run 5k", "read 30 pages", "be at 5", "by 13pm", "at 25:00", "meet at 5 guys burgers"])(
    "finds no time in %s",
    (text) => {
      expect(dueTimeInText(text)).toBeNull();
    },
  );
});
