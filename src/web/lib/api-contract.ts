/**
 * The API's answers as the web reads them, derived from the server's routes (ADR 0022): each type
 * below is the JSON a route answers, read by Hono's client types from ApiType (src/server/app/api.ts),
 * so a server change that breaks a page fails `npm run typecheck` in the page that reads it.
 * Type only: nothing of the server reaches the browser (dependency-cruiser web-reads-only-the-api-type).
 * What stays hand-written (live events, request bodies, enums used on both sides) is listed in the ADR.
 */

import type { hc, InferResponseType } from "hono/client";
import type { ApiType } from "../../server/app/api";

/** The API as Hono's client sees it: Client["games"][":id"]["$get"] is GET /api/games/:id. */
type Client = ReturnType<typeof hc<ApiType>>;
/** The JSON a route answers with 200. */
type Ok<Route> = InferResponseType<Route, 200>;
/** The JSON a route answers with 201 (created). */
type Created<Route> = InferResponseType<Route, 201>;

// Session and account

/** GET /api/session */
export type SessionView = Ok<Client["session"]["$get"]>;
/** GET /api/me */
export type MeView = Ok<Client["me"]["$get"]>;
/** POST /api/me/age */
export type AgeConfirmedView = Ok<Client["me"]["age"]["$post"]>;
/** GET /api/me: the plan's counters (also in a turn's events). */
export type TokensView = NonNullable<MeView["tokens"]>;

// Games

/** GET /api/games/:id */
export type GameView = Ok<Client["games"][":id"]["$get"]>;
/** GET /api/games/:id: one message of the story. */
export type MessageView = GameView["messages"][number];
/** GET /api/games/:id: a scene picture's gallery side. */
export type MessageImageView = NonNullable<MessageView["image"]>;
/** GET /api/games/:id: who sent a player's message in a group story. */
export type MessageAuthorView = NonNullable<MessageView["author"]>;
/** GET /api/games/:id: the narration being written now. */
export type LiveNarrationView = NonNullable<GameView["liveNarration"]>;
/** POST /api/games */
export type CreatedGame = Created<Client["games"]["$post"]>;
/** DELETE /api/games/:id */
export type DeletedGameView = Ok<Client["games"][":id"]["$delete"]>;
/** GET /api/games/:id/messages?before=… */
export type MessagePageView = Ok<Client["games"][":id"]["messages"]["$get"]>;
/** PATCH /api/games/:id/messages/:messageId */
export type EditedMessageView = Ok<Client["games"][":id"]["messages"][":messageId"]["$patch"]>;
/** PUT /api/games/:id/tip */
export type MovedTipView = Ok<Client["games"][":id"]["tip"]["$put"]>;
/** PUT /api/games/:id/style: the story's 'Lunghezza' and 'Creatività' as stored (issue 38 §4). */
export type SavedStoryStyleView = Ok<Client["games"][":id"]["style"]["$put"]>;
/** POST /api/games/:id/undo */
export type UndoneView = Ok<Client["games"][":id"]["undo"]["$post"]>;
/** GET /api/games/:id/map */
export type StoryMapView = Ok<Client["games"][":id"]["map"]["$get"]>;
/** GET /api/games/:id/map: one node of the story tree. */
export type StoryMapNode = StoryMapView["nodes"][number];

// Memory ('Cosa ricorda il narratore')

/** GET /api/games/:id/memory */
export type MemoryView = Ok<Client["games"][":id"]["memory"]["$get"]>;
/** GET /api/games/:id/memory: one fact. */
export type FactView = MemoryView["facts"][number];
/** GET /api/games/:id/memory: the running summary. */
export type RecapView = NonNullable<MemoryView["recap"]>;
/** PUT /api/games/:id/memory/recap */
export type SavedRecapView = Ok<Client["games"][":id"]["memory"]["recap"]["$put"]>;
/** POST /api/games/:id/memory/facts */
export type CreatedFactView = Created<Client["games"][":id"]["memory"]["facts"]["$post"]>;
/** PATCH /api/games/:id/memory/facts/:factId */
export type PatchedFactView = Ok<Client["games"][":id"]["memory"]["facts"][":factId"]["$patch"]>;
/** GET /api/games/:id/memory/prompt */
export type PromptPreviewView = Ok<Client["games"][":id"]["memory"]["prompt"]["$get"]>;
/** GET /api/games/:id/memory/prompt: one section of the next prompt. */
export type PromptSectionView = PromptPreviewView["sections"][number];

// Group play ('Gioca insieme')

/** GET /api/games/:id/group */
export type GroupView = Ok<Client["games"][":id"]["group"]["$get"]>;
/** GET /api/games/:id/group: one player. */
export type GroupPlayerView = GroupView["players"][number];
/** GET /api/games/:id/group: one vote of the open vote. */
export type GroupVoteView = NonNullable<GroupView["vote"]>["votes"][number];
/** PUT /api/games/:id/group */
export type GroupSettingsResultView = Ok<Client["games"][":id"]["group"]["$put"]>;
/** POST /api/games/:id/group/skip */
export type SkippedTurnView = Ok<Client["games"][":id"]["group"]["skip"]["$post"]>;
/** POST /api/games/:id/votes */
export type VotedView = Ok<Client["games"][":id"]["votes"]["$post"]>;
/** PUT /api/games/:id/players/me */
export type CharacterResultView = Ok<Client["games"][":id"]["players"]["me"]["$put"]>;
/** POST /api/games/:id/invitations */
export type InvitationCreatedView = Created<Client["games"][":id"]["invitations"]["$post"]>;
/** GET /api/games/:id/invitations */
export type InvitationListView = Ok<Client["games"][":id"]["invitations"]["$get"]>;
/** GET /api/invitations/:token */
export type InvitationPreviewView = Ok<Client["invitations"][":token"]["$get"]>;
/** POST /api/invitations/:token/join */
export type JoinedView = Ok<Client["invitations"][":token"]["join"]["$post"]>;

// Sharing

/** GET /api/games/:id/share */
export type ShareStateView = Ok<Client["games"][":id"]["share"]["$get"]>;
/** PUT /api/games/:id/share (200 changed, 201 new link) */
export type ShareView = InferResponseType<Client["games"][":id"]["share"]["$put"], 200 | 201>;
/** GET /api/shares */
export type SharedStoryPageView = Ok<Client["shares"]["$get"]>;
/** GET /api/admin/shares */
export type AdminSharePageView = Ok<Client["admin"]["shares"]["$get"]>;
/** GET /api/admin/shares: one shared story with its state. */
export type AdminShareView = AdminSharePageView["items"][number];
/** POST /api/admin/shares/:id/takedown */
export type TakedownResultView = Ok<Client["admin"]["shares"][":id"]["takedown"]["$post"]>;

// Gallery

/** GET /api/images?cursor=… */
export type GalleryPageView = Ok<Client["images"]["$get"]>;
/** GET /api/images/:id */
export type GalleryImageView = Ok<Client["images"][":id"]["$get"]>;

// Profile, plans, notifications

/** GET /api/profile */
export type ProfileView = Ok<Client["profile"]["$get"]>;
/** PUT /api/profile */
export type UpdatedProfileView = Ok<Client["profile"]["$put"]>;
/** DELETE /api/profile */
export type ErasedAccountView = Ok<Client["profile"]["$delete"]>;
/** GET /api/profile: what erasing the account asks. */
export type ErasureProofView = ProfileView["erasure"];
/** GET /api/profile/games */
export type ProfileGamesView = Ok<Client["profile"]["games"]["$get"]>;
/** GET /api/profile/games: one of the user's games. */
export type ProfileGameView = ProfileGamesView[number];
/** GET /api/plans */
export type PlansView = Ok<Client["plans"]["$get"]>;
/** GET /api/plans: one plan of the pricing page. */
export type PlanView = PlansView[number];
/** GET /api/notifications */
export type NotificationsView = Ok<Client["notifications"]["$get"]>;
/** GET /api/notifications: one published notification. */
export type NotificationView = NotificationsView[number];
/** GET /api/admin/notifications */
export type AdminNotificationPage = Ok<Client["admin"]["notifications"]["$get"]>;
/** GET /api/admin/notifications: one notification, drafts included. */
export type AdminNotificationView = AdminNotificationPage["items"][number];
/** POST /api/admin/notifications */
export type CreatedNotificationView = Created<Client["admin"]["notifications"]["$post"]>;
/** PUT /api/admin/notifications/:id */
export type UpdatedNotificationView = Ok<Client["admin"]["notifications"][":id"]["$put"]>;
/** POST /api/admin/notifications/:id/publish */
export type PublishedNotificationView = Ok<Client["admin"]["notifications"][":id"]["publish"]["$post"]>;
/** DELETE /api/admin/notifications/:id */
export type DeletedNotificationView = Ok<Client["admin"]["notifications"][":id"]["$delete"]>;
/** POST /api/notifications/:id/read */
export type ReadNotificationView = Ok<Client["notifications"][":id"]["read"]["$post"]>;

// Templates and created games

/** GET /api/templates */
export type TemplatePageView = Ok<Client["templates"]["$get"]>;
/** GET /api/templates: one card of /scopri. */
export type TemplateCardView = TemplatePageView["items"][number];
/** GET /api/templates/saved */
export type SavedTemplatePageView = Ok<Client["templates"]["saved"]["$get"]>;
/** GET /api/templates/:id */
export type TemplateDetailView = Ok<Client["templates"][":id"]["$get"]>;
/** POST /api/templates/:id/like */
export type LikeResultView = Ok<Client["templates"][":id"]["like"]["$post"]>;
/** POST /api/templates/:id/favorite */
export type FavoriteResultView = Ok<Client["templates"][":id"]["favorite"]["$post"]>;
/** POST /api/templates/:id/play */
export type CreatedGameView = Created<Client["templates"][":id"]["play"]["$post"]>;
/** POST /api/scenarios (issue 40 §1): the new draft's id. */
export type CreatedScenarioView = Created<Client["scenarios"]["$post"]>;
/** POST /api/scenarios/:id/publish */
export type PublishedScenarioView = Ok<Client["scenarios"][":id"]["publish"]["$post"]>;
/** POST /api/scenarios/:id/remix */
export type RemixedScenarioView = Created<Client["scenarios"][":id"]["remix"]["$post"]>;
/** GET /api/scenarios/:id: the caller's draft as 'Modifica bozza' fills its form. */
export type ScenarioEditView = Ok<Client["scenarios"][":id"]["$get"]>;
/** PUT /api/scenarios/:id → {id}. */
export type SavedScenarioView = Ok<Client["scenarios"][":id"]["$put"]>;
/** POST /api/scenarios/:id/cover and /cover/ai → {url}. */
export type DraftCoverView = Ok<Client["scenarios"][":id"]["cover"]["$post"]>;
/** GET /api/authors/:nickname: the creator page. */
export type CreatorPageView = Ok<Client["authors"][":nickname"]["$get"]>;
/** POST /api/custom-games */
export type CreatedCustomGameView = Created<Client["custom-games"]["$post"]>;
/** POST /api/custom-games/generate */
export type GenerateResultView = Ok<Client["custom-games"]["generate"]["$post"]>;

// Trust and safety

/** GET /api/reports/target/:kind/:id */
export type ReportTargetView = Ok<Client["reports"]["target"][":kind"][":id"]["$get"]>;
/** POST /api/reports (200 merged, 201 new) */
export type ReportReceiptView = InferResponseType<Client["reports"]["$post"], 200 | 201>;
/** GET /api/decisions/:id */
export type DecisionView = Ok<Client["decisions"][":id"]["$get"]>;
/** POST /api/decisions/:id/appeal */
export type AppealedDecisionView = Created<Client["decisions"][":id"]["appeal"]["$post"]>;
/** GET /api/moderation/access */
export type ModerationAccessView = Ok<Client["moderation"]["access"]["$get"]>;
/** GET /api/moderation/queue */
export type QueueView = Ok<Client["moderation"]["queue"]["$get"]>;
/** GET /api/moderation/queue: one item with its open reports. */
export type QueueItemView = QueueView["items"][number];
/** GET /api/moderation/queue: the item as the queue shows it. */
export type QueueContentView = NonNullable<QueueItemView["content"]>;
/** GET /api/moderation/appeals */
export type AppealQueueView = Ok<Client["moderation"]["appeals"]["$get"]>;
/** GET /api/moderation/appeals: one open appeal. */
export type AppealQueueItemView = AppealQueueView[number];
/** GET /api/moderation/appeals: why the viewer may not decide ('author' or 'decided'). */
export type DecisionConflict = NonNullable<AppealQueueItemView["conflict"]>;
/** GET /api/moderation/stats */
export type ModerationStatsView = Ok<Client["moderation"]["stats"]["$get"]>;
/** POST /api/moderation/items/:kind/:id/decision */
export type ItemDecidedView = Ok<Client["moderation"]["items"][":kind"][":id"]["decision"]["$post"]>;
/** POST /api/moderation/appeals/:id/decision */
export type AppealDecidedView = Ok<Client["moderation"]["appeals"][":id"]["decision"]["$post"]>;

// Admin console

/** GET /api/admin/stats */
export type AdminStatsView = Ok<Client["admin"]["stats"]["$get"]>;
/** GET /api/admin/audit */
export type AuditPage = Ok<Client["admin"]["audit"]["$get"]>;
/** GET /api/admin/audit: one entry. */
export type AuditEntryView = AuditPage["items"][number];
/** GET /api/admin/users */
export type AdminUserPage = Ok<Client["admin"]["users"]["$get"]>;
/** GET /api/admin/users: one row. */
export type AdminUserView = AdminUserPage["items"][number];
/** POST /api/admin/users */
export type CreatedUserView = Created<Client["admin"]["users"]["$post"]>;
/** PUT /api/admin/users/:id */
export type UpdatedUserView = Ok<Client["admin"]["users"][":id"]["$put"]>;
/** POST /api/admin/users/:id/restore */
export type RestoredUserView = Ok<Client["admin"]["users"][":id"]["restore"]["$post"]>;
/** DELETE /api/admin/users/:id */
export type DeletedUserView = Ok<Client["admin"]["users"][":id"]["$delete"]>;
/** POST /api/admin/users/:id/invitation */
export type InvitationView = Ok<Client["admin"]["users"][":id"]["invitation"]["$post"]>;
/** POST /api/admin/users/:id/invitation-link */
export type InvitationLinkView = Ok<Client["admin"]["users"][":id"]["invitation-link"]["$post"]>;
/** GET /api/admin/users/:id */
export type AdminUserDetailView = Ok<Client["admin"]["users"][":id"]["$get"]>;
/** GET /api/admin/users/:id/factors: one second factor. */
export type AdminFactorView = Ok<Client["admin"]["users"][":id"]["factors"]["$get"]>[number];
/** DELETE /api/admin/users/:id/factors */
export type RemovedFactorsView = Ok<Client["admin"]["users"][":id"]["factors"]["$delete"]>;
/** GET /api/admin/games */
export type AdminGamePage = Ok<Client["admin"]["games"]["$get"]>;
/** GET /api/admin/games: one row. */
export type AdminGameView = AdminGamePage["items"][number];
/** GET /api/admin/games/:id/messages */
export type AdminChatHistoryView = Ok<Client["admin"]["games"][":id"]["messages"]["$get"]>;
/** GET /api/admin/games/:id/messages: one node of the story tree. */
export type AdminChatMessageView = AdminChatHistoryView["messages"][number];
/** GET /api/admin/orders */
export type AdminOrderPage = Ok<Client["admin"]["orders"]["$get"]>;
/** GET /api/admin/orders: one row. */
export type AdminOrderView = AdminOrderPage["items"][number];
/** POST /api/admin/orders */
export type CreatedOrderView = Created<Client["admin"]["orders"]["$post"]>;
/** PATCH /api/admin/orders/:id */
export type OrderStatusResultView = Ok<Client["admin"]["orders"][":id"]["$patch"]>;
/** GET /api/admin/genres */
export type GenrePromptsView = Ok<Client["admin"]["genres"]["$get"]>;
/** GET /api/admin/genres: one stored prompt. */
export type GenrePromptView = GenrePromptsView["prompts"][number];
/** PUT /api/admin/genres/:id */
export type SavedGenrePromptView = Ok<Client["admin"]["genres"][":id"]["$put"]>;
/** POST /api/admin/genres/sync */
export type GenreSyncView = Ok<Client["admin"]["genres"]["sync"]["$post"]>;
/** GET /api/admin/templates */
export type AdminTemplatePage = Ok<Client["admin"]["templates"]["$get"]>;
/** GET /api/admin/templates: one template with every field of the form. */
export type AdminTemplateView = AdminTemplatePage["items"][number];
/** POST /api/admin/templates */
export type CreatedTemplateView = Created<Client["admin"]["templates"]["$post"]>;
/** PUT /api/admin/templates/:id */
export type UpdatedTemplateView = Ok<Client["admin"]["templates"][":id"]["$put"]>;
/** DELETE /api/admin/templates/:id */
export type DeletedTemplateView = Ok<Client["admin"]["templates"][":id"]["$delete"]>;
/** POST /api/admin/templates/ai/improve */
export type ImproveResultView = Ok<Client["admin"]["templates"]["ai"]["improve"]["$post"]>;
/** POST /api/admin/templates/ai/generate */
export type AdminGenerateResultView = Ok<Client["admin"]["templates"]["ai"]["generate"]["$post"]>;
/** POST /api/admin/templates/ai/cover */
export type CoverResultView = Ok<Client["admin"]["templates"]["ai"]["cover"]["$post"]>;
/** GET /api/admin/usage */
export type AiUsageView = Ok<Client["admin"]["usage"]["$get"]>;
/** GET /api/admin/usage: the figures of a day, a purpose, a player or the whole range. */
export type UsageTotals = AiUsageView["total"];

/** GET /api/push/key (issue 39). */
export type PushKeyView = Ok<Client["push"]["key"]["$get"]>;
/** GET/PUT /api/push/preferences (issue 39). */
export type PushPreferencesView = Ok<Client["push"]["preferences"]["$get"]>;
/** GET /api/billing/subscription (issue 41): Profilo → 'Abbonamento'. */
export type SubscriptionView = Ok<Client["billing"]["subscription"]["$get"]>;
