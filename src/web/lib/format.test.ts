import { describe, expect, it } from "vitest";
import { formatCount, formatDecimal, italianDate } from "./format";

describe("italianDate", () => {
  it("gives the day in Italy, whatever the time zone the page is rendered in (server or browser)", () => {
    // 23:30 UTC is already the next day in Rome: 00:30 in winter (UTC+1), 01:30 in summer (UTC+2).
    expect(italianDate("2026-03-04T23:30:00.000Z")).toBe("5 marzo 2026");
    expect(italianDate("2026-07-31T22:30:00.000Z")).toBe("1 agosto 2026");
    expect(italianDate("2026-12-31T22:59:00.000Z")).toBe("31 dicembre 2026");
    expect(italianDate("non una data")).toBe("");
  });
});

describe("formatCount", () => {
  it("writes every whole number under 1,000 exactly as Italian's digit grouping would (none to place), larger ones grouped", () => {
    const italian = new Intl.NumberFormat("it-IT");
    for (let value = -999; value <= 999; value += 1) expect(formatCount(value)).toBe(italian.format(value));
    expect(formatCount(1234)).toBe(italian.format(1234));
    expect(formatCount(12_345)).toBe("12.345");
    expect(formatCount(2.5)).toBe("2,5");
  });
});

describe("formatDecimal", () => {
  it("shows a value as stored, in Italian, never rounded (issue 39: a genre's temperature)", () => {
    expect(formatDecimal(0.75)).toBe("0,75");
    expect(formatDecimal(0.7)).toBe("0,7");
    expect(formatDecimal(1)).toBe("1");
    expect(formatDecimal(0.1 + 0.2)).toBe("0,3");
  });
});
