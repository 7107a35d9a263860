/**
 * The account rows rule (issue 36 "one account-move list"; DESIGN §3 rule owners, §5 "Deleting an
 * account removes every row and file of that user; the export holds all of them; records others
 * rely on are anonymised"). ACCOUNT_ROWS names every column that names a user, and says for each:
 * - guest: what linking a guest to the account it registers as does (auth/account-rows.ts
 *   transferGuestData, through {@link moveGuestRows});
 * - erase: what erasure does (accounts/erase-account.ts, through {@link eraseAccountRows});
 * - export: whether the export holds the rows, or why not (accounts/export-account.ts).
 * policies/account-rows.test.ts walks the real schema of a migrated database (SQLite and
 * PostgreSQL) and fails when a column naming a user is in no entry, and when a foreign key to
 * user.id cascades into rows this list keeps for others ({@link mayCascade}).
 */

import { type Kysely, sql } from "kysely";
import type { Database } from "../../platform/db/schema";

/** What linking a guest to an account does to the guest's rows of one column. */
export type GuestRule =
  /** The column is set to the account. */
  | "move"
  /** Moved, except a row whose `merge` columns equal a row the account already has: that one is dropped. */
  | { merge: readonly string[] }
  /** Deleted: the account keeps its own (profile, roles, counters once merged, open tabs). */
  | "drop"
  /** Better Auth's own rows of the guest (user, sessions, login methods): it deletes them right after the linking. */
  | "auth";

/** What erasing an account does to the rows that still name the person. */
export type EraseRule =
  /** The rows go. `keepIf`: a 0/1 column; rows where it is 1 stay, anonymised (e.g. templates, the site's). */
  | { action: "delete"; keepIf?: string }
  /** The rows stay for others, the column set to NULL (and `alsoClear`, other personal columns of the row). */
  | { action: "anonymise"; alsoClear?: readonly string[] }
  /**
   * Story membership (seat, turn, votes, side notes): the membership ledger decides
   * (policies/membership.ts, issue 36 finding 0, teammate A); what it leaves goes with the user row.
   */
  | { action: "membership" };

/** A column that names a user, and what guest linking, erasure and the export do with its rows. */
export interface AccountRow {
  table: keyof Database;
  column: string;
  guest: GuestRule;
  erase: EraseRule;
  /** true: the export holds the rows naming the person (accounts/export-account.ts); else why not. */
  export: true | string;
  /** Each row counts once in saved_games.<column> of the row named by `key` (a template's likes). */
  counts?: { column: "likes_count"; key: string };
}

const DELETE: EraseRule = { action: "delete" };
const ANONYMISE: EraseRule = { action: "anonymise" };
const MEMBERSHIP: EraseRule = { action: "membership" };
const OTHERS_DECISION = "a decision on someone else's content or account: the site's record, not the person's data";

/**
 * Every column naming a user, in the order erasure applies them: story membership (the ledger's),
 * the person's own stories, what they left in others' stories and records, the account, the user
 * row last.
 */
export const ACCOUNT_ROWS: readonly AccountRow[] = [
  // Story membership (issue 24 'Gioca insieme').
  { table: "game_players", column: "user_id", guest: { merge: ["game_id"] }, erase: MEMBERSHIP, export: true },
  { table: "turn_votes", column: "user_id", guest: { merge: ["game_id", "tip_message_id"] }, erase: MEMBERSHIP, export: true },
  { table: "side_notes", column: "user_id", guest: "move", erase: MEMBERSHIP, export: true },
  // A removal is remembered for the person, whatever account they come back as (issue 36 finding 8).
  { table: "game_removals", column: "user_id", guest: { merge: ["game_id"] }, erase: MEMBERSHIP, export: true },
  { table: "game_removals", column: "removed_by", guest: "move", erase: ANONYMISE, export: "a host's decision about another player" },
  {
    table: "saved_games",
    column: "turn_user_id",
    guest: "move",
    erase: MEMBERSHIP,
    export: "whose turn it is: a marker on the story row, exported with the person's own stories",
  },
  {
    table: "game_invitations",
    column: "created_by",
    guest: "move",
    erase: ANONYMISE,
    export: "an invitation belongs to its story; its token is a secret",
  },
  // The person's own stories go first, with every message, fact, link and seat in them (foreign
  // keys to saved_games cascade); templates are the site's and stay. Group stories the person
  // hosts were handed over by the membership ledger before.
  { table: "saved_games", column: "user_id", guest: "move", erase: { action: "delete", keepIf: "is_template" }, export: true },
  // What the person wrote in other players' stories stays there without them (finding 0).
  { table: "chat_messages", column: "user_id", guest: "move", erase: ANONYMISE, export: true },
  { table: "chat_messages", column: "author_id", guest: "move", erase: ANONYMISE, export: true },
  { table: "generated_images", column: "user_id", guest: "move", erase: DELETE, export: true },
  { table: "template_likes", column: "user_id", guest: { merge: ["template_id"] }, erase: DELETE, export: true, counts: { column: "likes_count", key: "template_id" } },
  { table: "user_favorites", column: "user_id", guest: { merge: ["template_id"] }, erase: DELETE, export: true },
  // The admins who wrote a template (issue 36 finding 5): guests never are; the template stays the site's.
  { table: "template_authors", column: "user_id", guest: "move", erase: DELETE, export: true },
  { table: "notification_reads", column: "user_id", guest: { merge: ["notification_id"] }, erase: DELETE, export: true },
  { table: "notifications", column: "user_id", guest: "move", erase: DELETE, export: true },
  // Moderation (issue 23): the records stay for the transparency report, without the person.
  { table: "content_reports", column: "reporter_user_id", guest: "move", erase: { action: "anonymise", alsoClear: ["reporter_email", "reporter_ip"] }, export: true },
  { table: "moderation_decisions", column: "author_user_id", guest: "move", erase: ANONYMISE, export: true },
  { table: "moderation_decisions", column: "moderator_id", guest: "move", erase: ANONYMISE, export: OTHERS_DECISION },
  { table: "moderation_appeals", column: "author_user_id", guest: "move", erase: ANONYMISE, export: true },
  { table: "moderation_appeals", column: "decided_by", guest: "move", erase: ANONYMISE, export: OTHERS_DECISION },
  { table: "story_shares", column: "taken_down_by", guest: "move", erase: ANONYMISE, export: OTHERS_DECISION },
  // Who published a link (issue 36 finding 12): a link kept as a moderation record stays without them.
  { table: "story_shares", column: "shared_by", guest: "move", erase: ANONYMISE, export: true },
  { table: "publishing_suspensions", column: "user_id", guest: "move", erase: DELETE, export: true },
  { table: "user_deactivations", column: "deactivated_by", guest: "move", erase: ANONYMISE, export: OTHERS_DECISION },
  { table: "user_deactivations", column: "user_id", guest: "drop", erase: DELETE, export: "a deactivated account cannot sign in to export" },
  // Records others rely on (issue 9 findings 8, 9; issue 20 §4): kept, no longer tied to anyone.
  { table: "subscription_orders", column: "user_id", guest: "move", erase: ANONYMISE, export: true },
  { table: "audit_log", column: "user_id", guest: "move", erase: ANONYMISE, export: true },
  { table: "ai_usage", column: "user_id", guest: "move", erase: ANONYMISE, export: true },
  // Stripe (issue 41): the account's customer and subscription; erasure first cancels the
  // subscription and deletes the Stripe customer (domain/accounts/erase-account.ts). Guests never pay.
  { table: "billing_customers", column: "user_id", guest: "drop", erase: DELETE, export: true },
  // Push notifications (issue 39): the browsers that receive them, and which kinds.
  { table: "push_subscriptions", column: "user_id", guest: "move", erase: DELETE, export: true },
  { table: "push_preferences", column: "user_id", guest: "drop", erase: DELETE, export: true },
  { table: "presence", column: "user_id", guest: "drop", erase: DELETE, export: "open tabs, kept for seconds: the state of a connection" },
  // The account itself.
  { table: "user_tokens", column: "user_id", guest: "drop", erase: DELETE, export: true },
  { table: "user_roles", column: "user_id", guest: "drop", erase: DELETE, export: true },
  { table: "profiles", column: "id", guest: "drop", erase: DELETE, export: true },
  { table: "twoFactor", column: "userId", guest: "drop", erase: DELETE, export: "the authenticator's secret and backup codes are credentials" },
  { table: "session", column: "userId", guest: "auth", erase: DELETE, export: "in the export's sessions, without their tokens" },
  { table: "account", column: "userId", guest: "auth", erase: DELETE, export: "in the export's account.loginMethods, without passwords or tokens" },
  { table: "user", column: "id", guest: "auth", erase: DELETE, export: "in the export's account" },
];

/**
 * Whether a foreign key from the row's column to user.id may be ON DELETE CASCADE: only where
 * erasure deletes every row naming the person anyway. A cascade on rows kept for others
 * (anonymised, templates) would delete other players' stories or records whenever a user row
 * goes without this list (Better Auth deleting a linked guest, a raw delete).
 */
export function mayCascade(row: AccountRow): boolean {
  return row.erase.action === "membership" || (row.erase.action === "delete" && row.erase.keepIf === undefined);
}

type Db = Kysely<Database>;

/** Takes the rows of `row` naming `userId` whose key matches `where` off the templates' like counts. */
async function uncount(trx: Db, row: AccountRow, userId: string, where = sql`true`): Promise<void> {
  if (!row.counts) return;
  const { column, key } = row.counts;
  const named = sql`select ${sql.ref(key)} from ${sql.table(row.table)} as r where ${sql.ref(`r.${row.column}`)} = ${userId} and ${where}`;
  await sql`update saved_games set ${sql.ref(column)} = case when ${sql.ref(column)} > 0 then ${sql.ref(column)} - 1 else 0 end where id in (${named})`.execute(trx);
}

/**
 * Guest linking (issue 22 §1, issue 36 finding 10): moves every row naming `guestId` to `userId`
 * as ACCOUNT_ROWS says, inside the caller's transaction. A row unique per user and key that the
 * account already has is not doubled (the guest's copy is dropped, and a like leaves its count);
 * rows the account keeps its own of are dropped; Better Auth's rows are left to Better Auth.
 * Input: the transaction, the guest's and the account's user ids.
 */
export async function moveGuestRows(trx: Db, guestId: string, userId: string): Promise<void> {
  for (const row of ACCOUNT_ROWS) {
    const { table, column, guest } = row;
    if (guest === "auth") continue;
    if (guest === "drop") {
      await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${guestId}`.execute(trx);
      continue;
    }
    if (guest !== "move") {
      const same = sql.join(guest.merge.map((key) => sql`mine.${sql.ref(key)} = r.${sql.ref(key)}`), sql` and `);
      const taken = sql`exists (select 1 from ${sql.table(table)} as mine where mine.${sql.ref(column)} = ${userId} and ${same})`;
      await uncount(trx, row, guestId, taken);
      await sql`delete from ${sql.table(table)} as r where r.${sql.ref(column)} = ${guestId} and ${taken}`.execute(trx);
    }
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${userId} where ${sql.ref(column)} = ${guestId}`.execute(trx);
  }
}

/**
 * Erasure (issue 36; DESIGN §5): applies ACCOUNT_ROWS to every row still naming `userId`, in
 * order, inside the caller's transaction: rows kept for others are anonymised, the person's are
 * deleted (a like first leaves its template's count), the user row last. Membership rows are the
 * membership ledger's, which runs before this (accounts/erase-account.ts); whatever it leaves
 * goes with the user row. Input: the transaction and the user id.
 */
export async function eraseAccountRows(trx: Db, userId: string): Promise<void> {
  for (const row of ACCOUNT_ROWS) {
    const { table, column, erase } = row;
    const naming = sql`${sql.ref(column)} = ${userId}`;
    if (erase.action === "anonymise") {
      const cleared = [column, ...(erase.alsoClear ?? [])].map((c) => sql`${sql.ref(c)} = null`);
      await sql`update ${sql.table(table)} set ${sql.join(cleared)} where ${naming}`.execute(trx);
    } else if (erase.action === "delete") {
      if (erase.keepIf) await sql`update ${sql.table(table)} set ${sql.ref(column)} = null where ${naming} and ${sql.ref(erase.keepIf)} = 1`.execute(trx);
      await uncount(trx, row, userId);
      await sql`delete from ${sql.table(table)} where ${naming}`.execute(trx);
    }
  }
}
