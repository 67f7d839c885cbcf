// The attendance forecast (docs/decisions/029-insights.md, "Attendance forecast"): pure functions,
// no database. Each registrant comes with some probability; the number of check-ins is the sum of
// those independent Bernoulli trials (a Poisson-binomial distribution, weighted by the seats each
// registration takes), and the overbooking advice reads its upper tail.

/** How long before the event someone registered. */
export const LEAD_BUCKETS = ["last_minute", "weeks", "early"] as const;
export type LeadBucket = (typeof LEAD_BUCKETS)[number];

/** Fewer than 2 days ahead is last-minute; 14 days or more is early. */
export function leadBucket(leadDays: number): LeadBucket {
  if (leadDays < 2) return "last_minute";
  if (leadDays < 14) return "weeks";
  return "early";
}

/** Going at the end of past events of one kind, and how many of those checked in. */
export type Tally = { going: number; checkedIn: number };

/** The community's history, counted by lead time and price: what the model is fitted on. */
export type CommunityHistory = { lead: LeadBucket; paid: boolean; going: number; checkedIn: number }[];

/**
 * The prior's weight in past events: a person with this many events of history counts half, the
 * community's rate the other half. Chosen by the backtest (`npm run bench -- forecast`), which
 * prints the error for each weight it tries.
 */
export const DEFAULT_PRIOR_STRENGTH = 4;
/** A community with no history starts from this rate, worth this many registrations. */
export const STARTING_RATE = 0.75;
export const STARTING_WEIGHT = 4;
/** How many registrations of a lead or price bucket it takes to trust its own rate halfway. */
export const BUCKET_SMOOTHING = 20;
/** Probabilities stay inside this margin: nobody is certain to come or certain to stay away. */
const EDGE = 0.01;

export type ForecastModel = {
  /** The community's check-in rate among those going at the end of past events. */
  rate: number;
  /** Log-odds shifts from the community's rate, by lead time and by price. */
  leadShift: Record<LeadBucket, number>;
  priceShift: { free: number; paid: number };
  priorStrength: number;
};

const logit = (p: number) => Math.log(p / (1 - p));
const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const clampProbability = (p: number) => Math.min(1 - EDGE, Math.max(EDGE, p));

/**
 * Fits the community's rate and the lead-time and price adjustments: each bucket's rate is pulled
 * toward the community's by `BUCKET_SMOOTHING` registrations, and its shift is the difference of
 * their log-odds, so a bucket with little history barely moves a forecast.
 */
export function fitForecastModel(
  history: CommunityHistory,
  priorStrength = DEFAULT_PRIOR_STRENGTH,
): ForecastModel {
  const sum = (rows: CommunityHistory): Tally =>
    rows.reduce((t, r) => ({ going: t.going + r.going, checkedIn: t.checkedIn + r.checkedIn }), {
      going: 0,
      checkedIn: 0,
    });
  const all = sum(history);
  const rate = clampProbability(
    (all.checkedIn + STARTING_RATE * STARTING_WEIGHT) / (all.going + STARTING_WEIGHT),
  );
  const shift = (t: Tally) =>
    logit(clampProbability((t.checkedIn + BUCKET_SMOOTHING * rate) / (t.going + BUCKET_SMOOTHING))) -
    logit(rate);
  const leadShift = Object.fromEntries(
    LEAD_BUCKETS.map((b) => [b, shift(sum(history.filter((r) => r.lead === b)))]),
  ) as Record<LeadBucket, number>;
  return {
    rate,
    leadShift,
    priceShift: {
      free: shift(sum(history.filter((r) => !r.paid))),
      paid: shift(sum(history.filter((r) => r.paid))),
    },
    priorStrength,
  };
}

/** One registration to forecast: the person's own history in the community (none for newcomers). */
export type Registrant = { history: Tally | null; leadDays: number; paid: boolean; seats: number };

/**
 * The chance this registration checks in: the person's own rate shrunk toward the community's (the
 * mean of a beta-binomial posterior whose prior is the community's rate with `priorStrength`
 * events' weight), then moved by the lead time's and the price's shifts in log-odds.
 */
export function checkInProbability(model: ForecastModel, registrant: Omit<Registrant, "seats">): number {
  const own = registrant.history ?? { going: 0, checkedIn: 0 };
  const posterior = clampProbability(
    (own.checkedIn + model.priorStrength * model.rate) / (own.going + model.priorStrength),
  );
  const shifted =
    logit(posterior) +
    model.leadShift[leadBucket(registrant.leadDays)] +
    (registrant.paid ? model.priceShift.paid : model.priceShift.free);
  return clampProbability(logistic(shifted));
}

/** A registration's chance of checking in and the seats it takes when it does. */
export type Trial = { probability: number; seats: number };

/**
 * Up to this many trials the distribution is computed exactly (one pass per trial over the seats
 * so far: a few million steps at most); beyond, a normal approximation, whose error is then well
 * under one check-in.
 */
export const EXACT_LIMIT = 3000;

export type CheckInDistribution = {
  method: "exact" | "normal";
  mean: number;
  variance: number;
  /** P(check-ins = x) for x = 0..seats, when exact. */
  pmf: number[] | null;
};

const emptyDistribution = (method: "exact" | "normal"): CheckInDistribution => ({
  method,
  mean: 0,
  variance: 0,
  pmf: method === "exact" ? [1] : null,
});

/** Adds one trial: the distribution of the sum with it (a new object; the argument is kept). */
export function addTrial(d: CheckInDistribution, trial: Trial): CheckInDistribution {
  const { probability: p, seats } = trial;
  const mean = d.mean + p * seats;
  const variance = d.variance + p * (1 - p) * seats * seats;
  if (!d.pmf) return { method: "normal", mean, variance, pmf: null };
  const next = new Array<number>(d.pmf.length + seats).fill(0);
  for (let x = 0; x < d.pmf.length; x++) {
    const q = d.pmf[x] as number;
    next[x] = (next[x] as number) + q * (1 - p);
    next[x + seats] = (next[x + seats] as number) + q * p;
  }
  return { method: "exact", mean, variance, pmf: next };
}

export function checkInDistribution(trials: readonly Trial[]): CheckInDistribution {
  let d = emptyDistribution(trials.length <= EXACT_LIMIT ? "exact" : "normal");
  for (const trial of trials) d = addTrial(d, trial);
  return d;
}

/** The standard normal's cumulative distribution (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(z) / Math.SQRT2));
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** P(check-ins <= x); the normal approximation uses a continuity correction. */
export function cdf(d: CheckInDistribution, x: number): number {
  if (d.pmf) {
    let total = 0;
    for (let i = 0; i <= Math.min(x, d.pmf.length - 1); i++) total += d.pmf[i] as number;
    return Math.min(1, total);
  }
  if (d.variance === 0) return x >= d.mean ? 1 : 0;
  return normalCdf((x + 0.5 - d.mean) / Math.sqrt(d.variance));
}

/** The smallest whole number of check-ins x with P(check-ins <= x) >= q. */
export function quantile(d: CheckInDistribution, q: number): number {
  if (d.pmf) {
    let total = 0;
    for (let x = 0; x < d.pmf.length; x++) {
      total += d.pmf[x] as number;
      if (total >= q - 1e-12) return x;
    }
    return d.pmf.length - 1;
  }
  let x = Math.max(0, Math.floor(d.mean - 10 * Math.sqrt(d.variance)));
  while (cdf(d, x) < q) x++;
  return x;
}

/** The 80% range: between the 10th and the 90th percentile, both included. */
export const RANGE_LOW = 0.1;
export const RANGE_HIGH = 0.9;

export type OverbookingAdvice = {
  /** Seats to add to the capacity: the next waitlisted registrations, in their order, that fit the risk. */
  extraSeats: number;
  /** How many waitlisted registrations those seats admit. */
  admitted: number;
  risk: number;
  /** P(check-ins > capacity) with them admitted. */
  probabilityOver: number;
};

export const DEFAULT_RISK = 0.05;
export const MIN_RISK = 0.01;
export const MAX_RISK = 0.2;

/**
 * How many of the waitlist, taken in order, can be let in while P(check-ins > capacity) stays at or
 * under `risk`. Letting one more in never lowers that chance, so the first one that would push it
 * over ends the count.
 */
export function overbookingAdvice(
  going: CheckInDistribution,
  waitlist: readonly Trial[],
  capacity: number,
  risk: number,
): OverbookingAdvice {
  const over = (d: CheckInDistribution) => 1 - cdf(d, capacity);
  let current = going;
  let extraSeats = 0;
  let admitted = 0;
  for (const trial of waitlist) {
    const next = addTrial(current, trial);
    if (over(next) > risk) break;
    current = next;
    extraSeats += trial.seats;
    admitted += 1;
  }
  return { extraSeats, admitted, risk, probabilityOver: over(current) };
}

export type AttendanceForecast = {
  expected: number;
  low: number;
  high: number;
  method: "exact" | "normal";
  /** Seats going (and held for buyers paying). */
  going: number;
  /** Registrations whose person has history of their own in the community. */
  basis: number;
  overbooking: OverbookingAdvice | null;
};

/** The forecast for one event: its registrants, its waitlist in order, its capacity. */
export function forecastAttendance(
  model: ForecastModel,
  input: { registrants: readonly Registrant[]; waitlist: readonly Registrant[]; capacity: number | null },
  risk = DEFAULT_RISK,
): AttendanceForecast {
  const trial = (r: Registrant): Trial => ({ probability: checkInProbability(model, r), seats: r.seats });
  const trials = input.registrants.map(trial);
  const distribution = checkInDistribution(trials);
  const overbooking =
    input.capacity === null || input.waitlist.length === 0
      ? null
      : overbookingAdvice(
          trials.length + input.waitlist.length <= EXACT_LIMIT
            ? distribution
            : { ...distribution, method: "normal", pmf: null },
          input.waitlist.map(trial),
          input.capacity,
          risk,
        );
  return {
    // Rounded past any floating-point residue, so ten people at 75% expect 7.5, not 7.4999…
    expected: Number(distribution.mean.toFixed(9)),
    low: quantile(distribution, RANGE_LOW),
    high: quantile(distribution, RANGE_HIGH),
    method: distribution.method,
    going: input.registrants.reduce((total, r) => total + r.seats, 0),
    basis: input.registrants.filter((r) => r.history !== null && r.history.going > 0).length,
    overbooking,
  };
}
