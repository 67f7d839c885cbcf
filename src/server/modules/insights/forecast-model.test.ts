import { describe, expect, it } from "vitest";
import {
  checkInDistribution,
  checkInProbability,
  EXACT_LIMIT,
  type ForecastModel,
  fitForecastModel,
  forecastAttendance,
  leadBucket,
  overbookingAdvice,
  quantile,
  STARTING_RATE,
} from "./forecast-model.ts";

/** A model without lead or price effects: the rates alone. */
const flat = (rate: number, priorStrength = 4): ForecastModel => ({
  rate,
  leadShift: { last_minute: 0, weeks: 0, early: 0 },
  priceShift: { free: 0, paid: 0 },
  priorStrength,
});

describe("fitting the community's history", () => {
  it("reads the community's rate from going and checked in, and starts from 75% with none", () => {
    expect(fitForecastModel([]).rate).toBeCloseTo(STARTING_RATE);
    // (600 + 0.75 × 4) / (1000 + 4) = 603 / 1004
    const model = fitForecastModel([{ lead: "weeks", paid: false, going: 1000, checkedIn: 600 }]);
    expect(model.rate).toBeCloseTo(603 / 1004, 10);
  });

  it("gives free events a negative shift and paid ones a positive one when the history says so", () => {
    const model = fitForecastModel([
      { lead: "weeks", paid: false, going: 500, checkedIn: 250 },
      { lead: "weeks", paid: true, going: 500, checkedIn: 450 },
    ]);
    expect(model.rate).toBeCloseTo(703 / 1004, 10);
    expect(model.priceShift.free).toBeLessThan(0);
    expect(model.priceShift.paid).toBeGreaterThan(0);
    // Every registration was in the "weeks" bucket, so its rate is the community's (less its
    // starting prior): next to no shift.
    expect(model.leadShift.weeks).toBeCloseTo(0, 2);
    // Buckets without history stay at the community's rate.
    expect(model.leadShift.early).toBeCloseTo(0, 10);
  });

  it("buckets lead times at 2 and 14 days", () => {
    expect([0, 1.99, 2, 13.9, 14, 60].map(leadBucket)).toEqual([
      "last_minute",
      "last_minute",
      "weeks",
      "weeks",
      "early",
      "early",
    ]);
  });
});

describe("a registrant's chance of checking in", () => {
  it("is the community's rate for someone without history", () => {
    expect(checkInProbability(flat(0.6), { history: null, leadDays: 5, paid: false })).toBeCloseTo(0.6, 10);
  });

  it("shrinks a person's own record toward the community's rate", () => {
    // Came to 4 of 4; prior 0.5 with the weight of 4 events: (4 + 2) / (4 + 4) = 0.75.
    const person = { history: { going: 4, checkedIn: 4 }, leadDays: 5, paid: false };
    expect(checkInProbability(flat(0.5), person)).toBeCloseTo(0.75, 10);
    // Came to 0 of 12: (0 + 2) / 16 = 0.125; more history, less shrinking.
    const absent = { history: { going: 12, checkedIn: 0 }, leadDays: 5, paid: false };
    expect(checkInProbability(flat(0.5), absent)).toBeCloseTo(0.125, 10);
  });

  it("moves by the lead time's and price's shifts in log-odds", () => {
    const model = { ...flat(0.5), priceShift: { free: -Math.log(3), paid: 0 } };
    // Odds 1 divided by 3: 1/4.
    expect(checkInProbability(model, { history: null, leadDays: 5, paid: false })).toBeCloseTo(0.25, 10);
    expect(checkInProbability(model, { history: null, leadDays: 5, paid: true })).toBeCloseTo(0.5, 10);
  });
});

describe("the number of check-ins", () => {
  it("is the exact Poisson-binomial for a few people", () => {
    const d = checkInDistribution([
      { probability: 0.5, seats: 1 },
      { probability: 0.5, seats: 1 },
    ]);
    expect(d.method).toBe("exact");
    expect(d.pmf).toEqual([0.25, 0.5, 0.25]);
    expect(d.mean).toBe(1);
  });

  it("counts a registration's seats together", () => {
    const d = checkInDistribution([
      { probability: 0.5, seats: 2 },
      { probability: 1, seats: 1 },
    ]);
    expect(d.pmf).toEqual([0, 0.5, 0, 0.5]);
    expect(d.mean).toBe(2);
  });

  it("gives the 80% range as the 10th to 90th percentile", () => {
    // 10 people at 0.5: P(X <= 2) = 56/1024 < 0.1 <= P(X <= 3) = 176/1024; symmetric above.
    const d = checkInDistribution(Array.from({ length: 10 }, () => ({ probability: 0.5, seats: 1 })));
    expect(quantile(d, 0.1)).toBe(3);
    expect(quantile(d, 0.9)).toBe(7);
  });

  it("switches to the normal approximation for large events, close to the exact answer", () => {
    const trials = Array.from({ length: EXACT_LIMIT + 1 }, () => ({ probability: 0.7, seats: 1 }));
    const normal = checkInDistribution(trials);
    const exact = checkInDistribution(trials.slice(1));
    expect(normal.method).toBe("normal");
    expect(normal.mean).toBeCloseTo(0.7 * (EXACT_LIMIT + 1), 6);
    expect(Math.abs(quantile(normal, 0.9) - quantile(exact, 0.9))).toBeLessThanOrEqual(2);
  });
});

describe("overbooking advice", () => {
  it("lets in waitlisted people while the chance of going over stays within the risk", () => {
    // Capacity 2, two going at 0.5. Over capacity only if all come.
    const going = checkInDistribution([
      { probability: 0.5, seats: 1 },
      { probability: 0.5, seats: 1 },
    ]);
    const waitlist = [
      { probability: 0.5, seats: 1 },
      { probability: 0.5, seats: 1 },
    ];
    // One more: P(3 of 3) = 1/8 = 12.5%. Two more: P(>= 3 of 4) = 5/16 = 31.25%.
    expect(overbookingAdvice(going, waitlist, 2, 0.05)).toEqual({
      extraSeats: 0,
      admitted: 0,
      risk: 0.05,
      probabilityOver: 0,
    });
    expect(overbookingAdvice(going, waitlist, 2, 0.2)).toEqual({
      extraSeats: 1,
      admitted: 1,
      risk: 0.2,
      probabilityOver: 0.125,
    });
  });

  it("stops at the first waitlisted registration that would break the risk, in waitlist order", () => {
    const going = checkInDistribution([{ probability: 1, seats: 1 }]);
    // Someone who never comes first, then a pair that always does: only the first fits capacity 2.
    const waitlist = [
      { probability: 0.01, seats: 1 },
      { probability: 0.99, seats: 2 },
      { probability: 0.01, seats: 1 },
    ];
    const advice = overbookingAdvice(going, waitlist, 2, 0.05);
    expect(advice.admitted).toBe(1);
    expect(advice.extraSeats).toBe(1);
    expect(advice.probabilityOver).toBe(0);
  });
});

describe("an event's forecast", () => {
  it("adds up its registrants and says how many have history of their own", () => {
    const forecast = forecastAttendance(flat(0.5), {
      registrants: [
        { history: { going: 4, checkedIn: 4 }, leadDays: 3, paid: false, seats: 1 },
        { history: null, leadDays: 3, paid: false, seats: 1 },
      ],
      waitlist: [],
      capacity: 2,
    });
    // 0.75 + 0.5
    expect(forecast.expected).toBeCloseTo(1.25, 10);
    expect(forecast.going).toBe(2);
    expect(forecast.basis).toBe(1);
    expect(forecast.method).toBe("exact");
    expect(forecast.overbooking).toBeNull();
  });
});

describe("a forecast at the edges", () => {
  it("expects nobody for an event nobody registered for, in a community without history", () => {
    const forecast = forecastAttendance(fitForecastModel([]), {
      registrants: [],
      waitlist: [],
      capacity: 10,
    });
    expect(forecast).toMatchObject({ expected: 0, low: 0, high: 0, going: 0, basis: 0, overbooking: null });
  });

  it("gives no advice without a capacity, however long the waitlist", () => {
    const someone = { history: null, leadDays: 3, paid: false, seats: 1 };
    const forecast = forecastAttendance(fitForecastModel([]), {
      registrants: [someone],
      waitlist: [someone, someone],
      capacity: null,
    });
    expect(forecast.overbooking).toBeNull();
    expect(forecast.expected).toBeCloseTo(STARTING_RATE, 10);
  });

  it("admits nobody from the waitlist when those going may already fill the room", () => {
    const sure = { history: { going: 20, checkedIn: 20 }, leadDays: 3, paid: false, seats: 1 };
    const forecast = forecastAttendance(flat(0.9), {
      registrants: [sure, sure, sure],
      waitlist: [sure],
      capacity: 2,
    });
    expect(forecast.overbooking).toMatchObject({ extraSeats: 0, admitted: 0 });
    expect(forecast.overbooking?.probabilityOver).toBeGreaterThan(0.5);
  });

  it("lets an empty event's whole waitlist in up to the room's size", () => {
    const never = { history: { going: 20, checkedIn: 0 }, leadDays: 3, paid: false, seats: 1 };
    const forecast = forecastAttendance(flat(0.1), {
      registrants: [],
      waitlist: [never, never, never],
      capacity: 5,
    });
    expect(forecast.overbooking).toMatchObject({ extraSeats: 3, admitted: 3, probabilityOver: 0 });
  });
});
