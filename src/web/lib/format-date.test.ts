import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDayMonthTime, formatDayMonthYear, timeAgo } from "./format-date";

describe("Italian dates and times through Intl (issue 21: the same on the server and in the browser)", () => {
  it("writes them in Italy's time zone whatever the machine's", () => {
    // 23:30 UTC on 4 March is 00:30 on 5 March in Rome (UTC+1); in July Rome is UTC+2.
    expect(formatDate("2026-03-04T23:30:00.000Z")).toBe("05/03/2026");
    expect(formatDateTime("2026-03-04T23:30:00.000Z")).toBe("05/03/2026 00:30");
    expect(formatDayMonthTime("2026-06-14T16:05:00.000Z")).toBe("14 giu, 18:05");
    expect(formatDayMonthYear("2026-07-31T22:30:00.000Z")).toBe("1 ago 2026");
  });

  it("answers a missing or invalid date as before", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDateTime(undefined)).toBe("N/A");
    expect(formatDayMonthTime("non una data")).toBe("");
    expect(timeAgo("")).toBe("");
  });

  it("says how long ago in Italian words", () => {
    const now = Date.parse("2026-11-25T12:00:00.000Z");
    const ago = (seconds: number) => timeAgo(new Date(now - seconds * 1000).toISOString(), now);
    expect(ago(10)).toBe("meno di un minuto fa");
    expect(ago(5 * 60)).toBe("5 minuti fa");
    expect(ago(2 * 3600 + 59)).toBe("2 ore fa");
    expect(ago(86_400)).toBe("ieri");
    expect(ago(3 * 86_400)).toBe("3 giorni fa");
    expect(ago(400 * 86_400)).toBe("anno scorso");
    // A clock a little ahead of the server's never says "tra …".
    expect(ago(-30)).toBe("meno di un minuto fa");
  });
});
