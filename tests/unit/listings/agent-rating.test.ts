import { describe, expect, it } from "vitest";
import { bayesianRating, rankByBayesianRating, siteMeanRating } from "#domain/listings/agent-rating";

describe("bayesianRating", () => {
  it("is (m*C + sum) / (m + n)", () => {
    // m = 5, C = 4: (5*4 + 5) / (5 + 1)
    expect(bayesianRating({ sum: 5, count: 1 }, 4)).toBeCloseTo(25 / 6);
    expect(bayesianRating({ sum: 30, count: 10 }, 4, 10)).toBeCloseTo(70 / 20);
  });

  it("is the site mean for an agent without reviews", () => {
    expect(bayesianRating({ sum: 0, count: 0 }, 3.7)).toBe(3.7);
  });

  it("moves towards the agent's own average as reviews accumulate", () => {
    const few = bayesianRating({ sum: 5 * 2, count: 2 }, 4);
    const many = bayesianRating({ sum: 5 * 200, count: 200 }, 4);
    expect(few).toBeLessThan(many);
    expect(many).toBeLessThan(5);
    expect(many).toBeGreaterThan(4.97);
  });
});

describe("siteMeanRating", () => {
  it("weights every review equally, not every agent", () => {
    expect(
      siteMeanRating([
        { sum: 5, count: 1 },
        { sum: 30, count: 10 },
      ]),
    ).toBeCloseTo(35 / 11);
  });
  it("is null without any review", () => {
    expect(siteMeanRating([{ sum: 0, count: 0 }])).toBeNull();
  });
});

describe("rankByBayesianRating", () => {
  it("does not let one 5-star review beat a long record of 4.8s", () => {
    const agents = [
      { name: "Lucky", sum: 5, count: 1 },
      { name: "Steady", sum: 4.8 * 40, count: 40 },
      { name: "Typical", sum: 3.8 * 60, count: 60 },
      { name: "Nobody", sum: 0, count: 0 },
    ];
    // Site mean about 4.2: Lucky scores (5*4.2 + 5)/6 ≈ 4.34, Steady (5*4.2 + 192)/45 ≈ 4.73.
    const ranked = rankByBayesianRating(agents, siteMeanRating(agents)!);
    expect(ranked.map((a) => a.name)).toEqual(["Steady", "Lucky", "Typical"]);
  });

  it("breaks ties by review count, then by name", () => {
    const ranked = rankByBayesianRating(
      [
        { name: "B", sum: 4, count: 1 },
        { name: "A", sum: 4, count: 1 },
        { name: "C", sum: 8, count: 2 },
      ],
      4,
    );
    expect(ranked.map((a) => a.name)).toEqual(["C", "A", "B"]);
  });
});
