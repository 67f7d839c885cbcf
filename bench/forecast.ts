// The attendance forecast's backtest: a generated community whose people have different habits
// (some always come, some rarely), free and paid events, people registering early or at the last
// minute, and new members arriving throughout. Each event is forecast from the history before it,
// with the same pure model the server uses, and compared with what happened: the model's mean
// absolute error beside the "community average" forecast's, and the share of events whose
// check-ins fell inside the 80% range. Runs in process, no database; the seed is fixed.
import {
  type CommunityHistory,
  DEFAULT_PRIOR_STRENGTH,
  fitForecastModel,
  forecastAttendance,
  LEAD_BUCKETS,
  type LeadBucket,
  leadBucket,
  type Registrant,
  type Tally,
} from "#server/modules/insights/forecast-model.ts";
import type { Benchmark } from "./types.ts";

const SEED = 20_261_128;
const EVENTS = 400;
/** Events before the first forecast: the community needs some history to speak of. */
const WARMUP_EVENTS = 20;
const PRIOR_STRENGTHS = [1, 2, 4, 8, 16, 32];

/** mulberry32: small, fast and the same on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const HABITS = [
  { share: 0.25, rate: 0.97 },
  { share: 0.35, rate: 0.82 },
  { share: 0.25, rate: 0.55 },
  { share: 0.15, rate: 0.15 },
];
/** Log-odds the generator moves a habit by: free events lose people, paid ones keep them. */
const PRICE_EFFECT = { free: -0.5, paid: 0.9 };
const LEAD_EFFECT: Record<LeadBucket, number> = { last_minute: 0.5, weeks: 0, early: -0.5 };

type Person = { id: number; habit: number };
type Outcome = { person: Person; leadDays: number; paid: boolean; seats: number; came: boolean };

function generate(seed: number) {
  const next = random(seed);
  const people: Person[] = [];
  const newPerson = (): Person => {
    const r = next();
    let below = 0;
    const habit = HABITS.find((h) => {
      below += h.share;
      return r < below;
    });
    const person = { id: people.length, habit: habit?.rate ?? 0.15 };
    people.push(person);
    return person;
  };
  for (let i = 0; i < 150; i++) newPerson();
  const events: Outcome[][] = [];
  for (let e = 0; e < EVENTS; e++) {
    // New members join between events; some registrants are guests never seen before.
    for (let i = 0; i < 3; i++) newPerson();
    const paid = next() < 0.35;
    const size = 15 + Math.floor(next() * 90);
    const chosen = new Set<Person>();
    while (chosen.size < size) {
      const person = next() < 0.1 ? newPerson() : people[Math.floor(next() * people.length)];
      if (person) chosen.add(person);
    }
    const logit = (p: number) => Math.log(p / (1 - p));
    events.push(
      [...chosen].map((person) => {
        const leadDays = next() < 0.3 ? next() * 2 : next() < 0.6 ? 2 + next() * 12 : 14 + next() * 40;
        const shifted =
          logit(person.habit) +
          (paid ? PRICE_EFFECT.paid : PRICE_EFFECT.free) +
          LEAD_EFFECT[leadBucket(leadDays)];
        const seats = paid && next() < 0.1 ? 2 : 1;
        return { person, leadDays, paid, seats, came: next() < 1 / (1 + Math.exp(-shifted)) };
      }),
    );
  }
  return events;
}

type Score = { priorStrength: number; mae: number; averageMae: number; inside: number; forecasts: number };

function backtest(events: Outcome[][], priorStrength: number): Score {
  const people = new Map<number, Tally>();
  const buckets = new Map<string, CommunityHistory[number]>();
  for (const lead of LEAD_BUCKETS)
    for (const paid of [false, true]) buckets.set(`${lead}:${paid}`, { lead, paid, going: 0, checkedIn: 0 });
  let modelError = 0;
  let averageError = 0;
  let inside = 0;
  let forecasts = 0;
  for (const [index, outcomes] of events.entries()) {
    const actual = outcomes.reduce((total, o) => total + (o.came ? o.seats : 0), 0);
    if (index >= WARMUP_EVENTS) {
      const history = [...buckets.values()];
      const model = fitForecastModel(history, priorStrength);
      const registrants: Registrant[] = outcomes.map((o) => ({
        history: people.get(o.person.id) ?? null,
        leadDays: o.leadDays,
        paid: o.paid,
        seats: o.seats,
      }));
      const forecast = forecastAttendance(model, { registrants, waitlist: [], capacity: null });
      const seats = registrants.reduce((total, r) => total + r.seats, 0);
      const going = history.reduce((t, h) => t + h.going, 0);
      const checkedIn = history.reduce((t, h) => t + h.checkedIn, 0);
      modelError += Math.abs(forecast.expected - actual);
      averageError += Math.abs((seats * checkedIn) / going - actual);
      if (actual >= forecast.low && actual <= forecast.high) inside += 1;
      forecasts += 1;
    }
    for (const o of outcomes) {
      const own = people.get(o.person.id) ?? { going: 0, checkedIn: 0 };
      people.set(o.person.id, { going: own.going + 1, checkedIn: own.checkedIn + (o.came ? 1 : 0) });
      const bucket = buckets.get(`${leadBucket(o.leadDays)}:${o.paid}`);
      if (bucket) {
        bucket.going += o.seats;
        bucket.checkedIn += o.came ? o.seats : 0;
      }
    }
  }
  return {
    priorStrength,
    mae: modelError / forecasts,
    averageMae: averageError / forecasts,
    inside: inside / forecasts,
    forecasts,
  };
}

export const forecastBench: Benchmark = {
  name: "forecast",
  description: "attendance forecast backtest on generated history (in process, fixed seed)",
  run: async () => {
    const events = generate(SEED);
    const scores = PRIOR_STRENGTHS.map((strength) => backtest(events, strength));
    console.log("prior strength   model MAE   community average MAE   inside 80% range");
    for (const s of scores) {
      console.log(
        `${String(s.priorStrength).padStart(14)}   ${s.mae.toFixed(2).padStart(9)}   ${s.averageMae
          .toFixed(2)
          .padStart(21)}   ${`${(s.inside * 100).toFixed(1)}%`.padStart(16)}${
          s.priorStrength === DEFAULT_PRIOR_STRENGTH ? "  <- the model's" : ""
        }`,
      );
    }
    const chosen = scores.find((s) => s.priorStrength === DEFAULT_PRIOR_STRENGTH) ?? scores[0];
    if (!chosen) throw new Error("no backtest ran");
    const best = scores.reduce((a, b) => (b.mae < a.mae ? b : a));
    const beats = chosen.mae < chosen.averageMae;
    const calibrated = chosen.inside >= 0.75 && chosen.inside <= 0.85;
    console.log(
      `\n${chosen.forecasts} events forecast; lowest error at prior strength ${best.priorStrength}; ` +
        `the model ${beats ? "beats" : "does NOT beat"} the community average; ` +
        `its 80% range is ${calibrated ? "" : "NOT "}calibrated (75–85%).`,
    );
    return {
      withinBudget: beats && calibrated,
      summary: `MAE ${chosen.mae.toFixed(2)} vs community average ${chosen.averageMae.toFixed(2)}, ${(
        chosen.inside * 100
      ).toFixed(1)}% inside the 80% range`,
      data: { seed: SEED, events: EVENTS, scores },
    };
  },
};
