import { dueTimeInText } from "./interpret-due-time";

describe("dueTimeInText", () => {
  it.each([
    ["Finish report by 3pm", "15:00"],
    ["call the bank before 11 am", "11:00"],
    ["gym at 6:30pm", "18:30"],
    ["dentist at 3:30pm", "15:30"],
    ["submit form by 17:45", "17:45"],
    ["finish slides by 17:00", "17:00"],
    ["submit report by noon", "12:00"],
    ["gym before 7am", "07:00"],
    ["study until 9 p.m.", "21:00"],
    ["lunch with Sam at 12pm", "12:00"],
    ["night shift prep by 12 a.m.", "00:00"],
    ["Call Ana at 9.15am", "09:15"],
  ])("reads %s as %s", (text, time) => {
    expect(dueTimeInText(text)).toBe(time);
  });

  it.each([
    "Run 5k",
    "read 30 pages",
    "be at 5",
    "by 13pm",
    "at 25:00",
    "meet at 5 guys burgers",
    "lunch at noonday cafe",
    "read 3pm articles",
  ])("finds no time in %s", (text) => {
    expect(dueTimeInText(text)).toBeNull();
  });
});
