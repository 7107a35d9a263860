/**
 * The story as a tree of turns (issue 11; docs/decisions/0008-story-tree.md, DESIGN §7): every
 * message follows a parent, the game points at the tip of the branch being played, and "the
 * story" is the current path from the tip back to the first message. Writers add nodes with
 * appendMessage; readers take the current path with currentPath.
 */

import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { ChatMessagesTable, Database, SavedGamesTable } from "../../platform/db/schema";
import { lockedForUpdate } from "../../platform/db/row-lock";

type Db = Kysely<Database>;

/** A message of the current path, as readers need it (user_id null: its player's account is erased, issue 36 finding 0). */
export type PathMessage = Pick<Selectable<ChatMessagesTable>, "id" | "parent_id" | "role" | "content" | "image_url" | "created_at" | "depth" | "edited_at" | "author_id" | "user_id">;

/** The columns a {@link PathMessage} is read with. */
const PATH_COLUMNS = ["m.id", "m.parent_id", "m.role", "m.content", "m.image_url", "m.created_at", "m.depth", "m.edited_at", "m.author_id", "m.user_id"] as const;

/** What a writer gives for a new node: the tree fields are filled in by appendMessage. */
export type NewMessage = Pick<ChatMessagesTable, "game_id" | "user_id" | "role" | "content" | "image_url" | "created_at"> & {
  /** Who sent a player's message in a group story (issue 24); absent: the owner. */
  author_id?: string | null;
};

/** Where appendMessage puts the new message and whether it becomes the tip. */
export interface AppendOptions {
  /** The parent: undefined for the current tip (the end of the branch being played), null for a first message. */
  parentId?: string | null;
  /**
   * 'always' (default): the message becomes the tip. 'if-parent-is-tip': only while the tip is
   * still its parent, so a narration that answers a message the player has already followed with
   * another (parallel sends) stays a side branch instead of cutting the newer message off the path.
   */
  tip?: "always" | "if-parent-is-tip";
  /** Other changes to the game's row, made in the same update (last_played, progress…). */
  gameChanges?: Updateable<SavedGamesTable>;
}

/** Depth of a message of the game; throws Kysely's NoResultError when the game has no such message. */
async function depthOf(trx: Transaction<Database>, gameId: string, messageId: string): Promise<number> {
  return (await trx.selectFrom("chat_messages").select("depth").where("id", "=", messageId).where("game_id", "=", gameId).executeTakeFirstOrThrow()).depth;
}

/**
 * Adds a message to a game's tree, in the caller's transaction (ADR 0008). The game row is
 * locked on PostgreSQL so two appends to one game never read the same tip; SQLite runs one write
 * transaction at a time. The tip and the parent's depth are read in one query (issue 12 Server).
 * Input: the transaction, the message and {@link AppendOptions}. Output: the stored row (id,
 * parent and depth included).
 * Throws when the game or the parent is not in the database (callers checked ownership before).
 */
export async function appendMessage(trx: Transaction<Database>, message: NewMessage, options: AppendOptions = {}): Promise<Selectable<ChatMessagesTable>> {
  const { parentId } = options;
  const game = await lockedForUpdate(
    trx,
    trx
      .selectFrom("saved_games as g")
      .select((eb) => [
        "g.tip_message_id",
        eb
          .selectFrom("chat_messages as p")
          .select("p.depth")
          .whereRef("p.game_id", "=", "g.id")
          .where((inner) => (parentId === undefined ? inner("p.id", "=", inner.ref("g.tip_message_id")) : inner("p.id", "=", parentId)))
          .as("parent_depth"),
      ])
      .where("g.id", "=", message.game_id),
  ).executeTakeFirstOrThrow();
  const parent = parentId === undefined ? game.tip_message_id : parentId;
  // The subquery reads the statement's snapshot: on PostgreSQL a tip that a concurrent append
  // committed while this one waited for the lock is not in it, so that parent is read again.
  const depth = parent ? (game.parent_depth ?? (await depthOf(trx, message.game_id, parent))) + 1 : 0;
  const row = { ...message, author_id: message.author_id ?? null, id: randomUUID(), parent_id: parent, depth, edited_at: null };
  await trx.insertInto("chat_messages").values(row).execute();
  const becomesTip = options.tip !== "if-parent-is-tip" || game.tip_message_id === parent;
  const changes = { ...options.gameChanges, ...(becomesTip ? { tip_message_id: row.id } : {}) };
  if (Object.keys(changes).length > 0) await trx.updateTable("saved_games").set(changes).where("id", "=", message.game_id).execute();
  return row;
}

/**
 * The ids on the current path from `tipId` back towards the first message: a recursive query
 * along parent_id (the same SQL on SQLite and PostgreSQL; one primary-key lookup per step) that
 * carries only ids, so callers join the columns they need. At most `limit` steps when given.
 */
function pathIds(db: Db | Transaction<Database>, gameId: string, tipId: string, limit?: number) {
  return db.withRecursive("path(id, parent_id, steps)", (qb) =>
    qb
      .selectFrom("chat_messages")
      .select(["id", "parent_id", (eb) => eb.lit(1).as("steps")])
      .where("id", "=", tipId)
      .where("game_id", "=", gameId)
      .unionAll((union) => {
        const step = union
          .selectFrom("chat_messages as m")
          .innerJoin("path", "path.parent_id", "m.id")
          .select(["m.id", "m.parent_id", (eb) => eb(eb.ref("path.steps"), "+", 1).as("steps")]);
        return limit === undefined ? step : step.where("path.steps", "<", limit);
      }),
  );
}

/**
 * The current path of a game, oldest first: the tip and its ancestors.
 * Input: the game id, its tip (null: no message yet) and at most how many messages from the tip
 * (undefined: the whole path). Output: the messages, oldest first.
 */
export async function currentPath(db: Db | Transaction<Database>, gameId: string, tipId: string | null, limit?: number): Promise<PathMessage[]> {
  if (tipId === null || limit === 0) return [];
  return pathIds(db, gameId, tipId, limit)
    .selectFrom("path")
    .innerJoin("chat_messages as m", "m.id", "path.id")
    .select(PATH_COLUMNS)
    .orderBy("m.depth", "asc")
    .execute();
}

/**
 * The ids of the current path ending at `tipId`, oldest first, and nothing else: the spine a
 * reader of a whole story walks page by page (the book of issue 13 reads 5,000 messages in pages
 * without holding their texts). Output: the ids, oldest first ([] without a tip).
 */
export async function currentPathIdList(db: Db, gameId: string, tipId: string | null): Promise<string[]> {
  if (tipId === null) return [];
  const rows = await pathIds(db, gameId, tipId).selectFrom("path").select(["path.id", "path.steps"]).orderBy("path.steps", "desc").execute();
  return rows.map((r) => r.id);
}

/**
 * Which of `messageIds` are on the current path ending at `tipId` (ADR 0008: the narrator's memory
 * follows the branch being played). Walks the path from the tip only down to the shallowest of
 * the messages, carrying ids. Input: the game, its tip (null: none), message ids of the game.
 * Output: the ids on the path.
 */
export async function onCurrentPath(db: Db, gameId: string, tipId: string | null, messageIds: readonly string[]): Promise<Set<string>> {
  if (tipId === null || messageIds.length === 0) return new Set();
  const [tip, shallowest] = await Promise.all([
    db.selectFrom("chat_messages").select("depth").where("id", "=", tipId).where("game_id", "=", gameId).executeTakeFirst(),
    db.selectFrom("chat_messages").select((eb) => eb.fn.min<number>("depth").as("depth")).where("id", "in", messageIds).where("game_id", "=", gameId).executeTakeFirst(),
  ]);
  if (!tip || shallowest?.depth == null || Number(shallowest.depth) > tip.depth) return new Set();
  const rows = await pathIds(db, gameId, tipId, tip.depth - Number(shallowest.depth) + 1).selectFrom("path").select("path.id").where("path.id", "in", messageIds).execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * The latest player's message on the path ending at `tipId` (undefined: none, or no tip): what
 * 'Annulla' takes back (issue 11 §2), and whether the game has started on that path (spec §4).
 */
export function latestPlayerMessage(db: Db, gameId: string, tipId: string | null): Promise<PathMessage | undefined> {
  return latestOnPath(db, gameId, tipId, (m) => m.role === "user");
}

/**
 * The newest end of the branch below a message (ADR 0008, swipe ‹ 2/3 › and the map): from
 * `messageId`, follow at each level the most recently created child (created_at, then id) until a
 * message has none. Reads the game's (id, parent, created_at) in one indexed query and walks in
 * memory, whatever the depth. Output: the leaf's id (`messageId` itself when it has no child).
 */
export async function latestLeaf(db: Db, gameId: string, messageId: string): Promise<string> {
  const rows = await db
    .selectFrom("chat_messages")
    .select(["id", "parent_id", "created_at"])
    .where("game_id", "=", gameId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  // Rows come oldest first, so the last child seen for a parent is its newest.
  const newestChild = new Map(rows.filter((r) => r.parent_id !== null).map((r) => [r.parent_id, r.id]));
  let leaf = messageId;
  for (let next = newestChild.get(leaf); next !== undefined; next = newestChild.get(leaf)) leaf = next;
  return leaf;
}

/** How many messages back latestOnPath looks before reading the whole path. */
const LOOKBACK = 20;

/**
 * The latest message of the current path that `wanted` accepts, or undefined. Reads the last
 * LOOKBACK messages first and the whole path only when none of them is wanted, so the usual
 * case costs a few steps whatever the story's length.
 */
async function latestOnPath(db: Db, gameId: string, tipId: string | null, wanted: (m: PathMessage) => boolean): Promise<PathMessage | undefined> {
  const recent = await currentPath(db, gameId, tipId, LOOKBACK);
  const found = recent.findLast(wanted);
  if (found || recent.length < LOOKBACK) return found;
  return (await currentPath(db, gameId, tipId)).findLast(wanted);
}

/**
 * The latest narration (an assistant message that is not a picture) on the current path, or
 * undefined when there is none (spec §4 '/visualizza' draws the latest scene).
 */
export function latestNarration(db: Db, gameId: string, tipId: string | null): Promise<PathMessage | undefined> {
  return latestOnPath(db, gameId, tipId, (m) => m.role === "assistant" && m.image_url === null);
}

/**
 * How many narrations (assistant messages that are not pictures) already answer a player's
 * message: 0 for its first answer, 1 when 'Rigenera' asks for a second version, and so on.
 */
export async function narrationsAnswering(db: Db, messageId: string): Promise<number> {
  const row = await db
    .selectFrom("chat_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("parent_id", "=", messageId)
    .where("role", "=", "assistant")
    .where("image_url", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
