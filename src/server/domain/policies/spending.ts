/**
 * The spending gate (issue 36 finding 3, "one spending gate in front of every provider call";
 * DESIGN §3 rule owners): the one place that decides whether a call that spends the provider's
 * tokens may start. Every path that reaches the provider (a turn's narration and its choice
 * repair, the narrator's memory, pictures and their titles, the template and /crea-gioco
 * helpers, covers) first gets a {@link SpendingPass} here; the functions that call the provider
 * take that pass, and only this module can issue one (spending-gate.test.ts walks the server's
 * source and fails on a provider call with no pass in scope).
 *
 * What the gate checks, in order, before anything is charged:
 * 1. the site's daily token budget (AI_DAILY_TOKEN_BUDGET, issue 20 §4): once today's tokens in
 *    ai_usage reach it, 503 AI_BUDGET_EXHAUSTED. The one exemption is the acting player's own
 *    role: an admin's own story turns (and their choice repair) go on, so an operator can check
 *    the narrator after the budget is spent; pictures, helpers and the memory bind admins too.
 *    The acting player is the one whose action it is, never a story's host or a template's owner;
 * 2. the acting player's bound on work in progress (issue 19: per player and per instance),
 *    when the path has one: 429 TOO_MANY_AT_ONCE / 503 SERVER_BUSY.
 * The pass names the acting player: the path charges that player's plan (quota/quota.ts).
 *
 * Work that follows an admitted call (the choice repair after the narration, the narrator's
 * memory in the background) asks again with {@link followUp} at the moment it would start, and
 * is skipped when the budget is spent by then: it never spends past the budget. A call already
 * started completes (the turn that crosses the budget, a picture's title made with its picture).
 *
 * 'Ascolta' with the server's voice (ai/speech.ts, purpose 'speech', issue 39) passes the gate
 * too: the speech endpoint bills characters, not tokens, so it adds nothing to ai_usage, but it is
 * a paid provider call the site's budget stands in front of: once the budget is spent it answers
 * 503 like the other purposes (the page says a sentence was not read). The listener is the
 * acting player.
 *
 * Screening (moderation/screening.ts, OpenAI's /moderations) does not go through the gate: it
 * spends no tokens (free at OpenAI, recorded in no ai_usage row), and refusing it would publish
 * unscreened content.
 */

import { type Kysely, sql } from "kysely";
import { romePeriods } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import type { Env } from "../../platform/env";
import { AppError } from "../../platform/errors";

type Db = Kysely<Database>;

/** What a provider call is for, as the gate tells them apart. */
export type SpendPurpose = "turn" | "choice-repair" | "memory" | "picture" | "helper" | "speech";

/** The purposes an admin may spend on past the budget: their own story turns. */
const ADMIN_EXEMPT: ReadonlySet<SpendPurpose> = new Set(["turn", "choice-repair"]);

/** Not exported: no other module can write a pass. */
declare const issued: unique symbol;

/** Proof that the gate admitted a provider call; carried to every function that calls the provider. */
export interface SpendingPass {
  readonly [issued]: true;
  /** The acting player: whose action this is, whose plan is charged. */
  readonly actorId: string;
  readonly purpose: SpendPurpose;
}

/** What the gate reads: the database (ai_usage, user_roles) and the budget. */
export interface SpendingGate {
  db: Db;
  env: Pick<Env, "AI_DAILY_TOKEN_BUDGET">;
}

/** A per-player bound on work in progress (quota/bounds.ts PlayerSlots): take a slot, get its release. */
export interface WorkSlots {
  take(playerId: string): () => void;
}

/** What the gate knows of a pass it issued: its gate, and the actor's role once it was read. */
interface PassState {
  gate: SpendingGate;
  admin?: boolean;
}

const passes = new WeakMap<SpendingPass, PassState>();

function issue(state: PassState, actorId: string, purpose: SpendPurpose): SpendingPass {
  const pass = { actorId, purpose } as SpendingPass;
  passes.set(pass, state);
  return Object.freeze(pass);
}

/** Tokens (input + output) every call of the Rome day of `at` used, all players and models together. */
export async function tokensUsedOn(db: Db, at: Date = new Date()): Promise<number> {
  const row = await db
    .selectFrom("ai_usage")
    .select(sql<string | number | null>`sum(input_tokens + output_tokens)`.as("tokens"))
    .where("day", "=", romePeriods(at).day)
    .executeTakeFirst();
  return Number(row?.tokens ?? 0);
}

/** The state of the daily budget: its limit (0 = none), the tokens used today, and whether it is spent. */
export interface BudgetState {
  limit: number;
  used: number;
  exhausted: boolean;
}

/**
 * Reads today's budget. Input: the database and AI_DAILY_TOKEN_BUDGET (0 = no budget: nothing is
 * read). Output: {@link BudgetState}; exhausted once the day's tokens reach the limit.
 */
export async function dailyBudget(db: Db, limit: number, at: Date = new Date()): Promise<BudgetState> {
  return budgetState(limit, limit > 0 ? await tokensUsedOn(db, at) : 0);
}

/** The budget of `limit` tokens (0 = none) once `used` tokens are spent: exhausted when they reach it. */
export function budgetState(limit: number, used: number): BudgetState {
  return limit > 0 ? { limit, used, exhausted: used >= limit } : { limit: 0, used, exhausted: false };
}

/**
 * True when `purpose` may start now for `actorId`: the budget is open, or the actor is an admin
 * and `purpose` is exempt (the role is read once per pass, only when the budget is spent).
 */
async function mayStart(state: PassState, actorId: string, purpose: SpendPurpose): Promise<boolean> {
  if (!(await dailyBudget(state.gate.db, state.gate.env.AI_DAILY_TOKEN_BUDGET)).exhausted) return true;
  if (!ADMIN_EXEMPT.has(purpose)) return false;
  state.admin ??= await actsAsAdmin(state.gate.db, actorId);
  return state.admin;
}

/** True when the user holds an admin row in user_roles (the acting player's role, read now). */
async function actsAsAdmin(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("user_roles").select("id").where("user_id", "=", userId).where("role", "=", "admin").executeTakeFirst();
  return row !== undefined;
}

/** An admitted call: its pass, and the release of its work slot (does nothing without one; idempotent). */
export interface Admission {
  pass: SpendingPass;
  release: () => void;
}

/**
 * Admits a call of `actorId` for `purpose` (see the file's doc for the rules). Input: the gate,
 * the acting player, the purpose and, when the path has one, the player's work slots. Output:
 * the pass and the release of the slot taken. Throws 503 AI_BUDGET_EXHAUSTED (nothing taken),
 * or the slots' 429 TOO_MANY_AT_ONCE / 503 SERVER_BUSY.
 */
export async function admitSpending(gate: SpendingGate, request: { actorId: string; purpose: SpendPurpose; slots?: WorkSlots }): Promise<Admission> {
  const state: PassState = { gate };
  if (!(await mayStart(state, request.actorId, request.purpose))) throw AppError.of("AI_BUDGET_EXHAUSTED", 503);
  const release = request.slots ? request.slots.take(request.actorId) : () => {};
  return { pass: issue(state, request.actorId, request.purpose), release };
}

/**
 * Runs `work` with a pass of {@link admitSpending}, giving its work slot back when `work` settles.
 * Output: what `work` resolves to. Throws what admitSpending throws (before `work` starts) and
 * what `work` throws.
 */
export async function withSpending<T>(gate: SpendingGate, request: Parameters<typeof admitSpending>[1], work: (pass: SpendingPass) => Promise<T>): Promise<T> {
  const { pass, release } = await admitSpending(gate, request);
  try {
    return await work(pass);
  } finally {
    release();
  }
}

/**
 * Asks again for work that follows an admitted call (the choice repair, the narrator's memory),
 * at the moment it would start. Input: the pass of the call it follows and its own purpose.
 * Output: a pass for that work, or null when it must be skipped (budget spent, and the actor is
 * not exempt for `purpose`). Throws when `pass` was not issued by this module.
 */
export async function followUp(pass: SpendingPass, purpose: SpendPurpose): Promise<SpendingPass | null> {
  const state = passes.get(pass);
  if (!state) throw new Error("Spending pass not issued by the spending gate");
  return (await mayStart(state, pass.actorId, purpose)) ? issue(state, pass.actorId, purpose) : null;
}
