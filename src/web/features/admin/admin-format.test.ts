import { describe, expect, it } from "vitest";
import { quotaLeft } from "./admin-format";

describe("quotaLeft", () => {
  it("writes what is left of a quota over its limit, the same on every admin page", () => {
    expect(quotaLeft(15, 15)).toBe("15 / 15");
    expect(quotaLeft(0, 15)).toBe("0 / 15");
    expect(quotaLeft(-2, 15)).toBe("0 / 15");
    expect(quotaLeft(10000, 10000)).toBe("10.000 / 10.000");
  });
  it("is the infinity sign for an unlimited plan", () => {
    expect(quotaLeft(null, 100)).toBe("∞");
    expect(quotaLeft(3, -1)).toBe("∞");
  });
});
