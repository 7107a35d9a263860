/** Views of the trust and safety API (issue 23), as the server builds them; the web reads them from the routes (src/web/lib/api-contract.ts, ADR 0022). */

import type { AppealInput, ContentKindName, DecisionAction } from "./schemas/moderation";

export type ModerationStateName = "visible" | "held" | "restricted" | "removed";

/**
 * Why the viewer may not decide an item or an appeal (issue 36 finding 5): 'author' — they wrote
 * it; 'decided' — they made the contested decision.
 */
export type DecisionConflict = "author" | "decided";

/** GET /api/reports/target/:kind/:id: what the report page names (anyone). */
export interface ReportTargetView {
  kind: ContentKindName;
  id: string;
  title: string;
  /** The item's public page. */
  path: string;
}

/** POST /api/reports: the acknowledgement. */
export interface ReportReceiptView {
  /** Short reference the reporter can quote (first 8 characters of the report id). */
  reference: string;
  /** True when it was merged into the same person's open report of the same item. */
  merged: boolean;
  /** Whether an acknowledgement e-mail was sent (not for a merged report, nor twice to one address within a few minutes). */
  mailed: boolean;
  /** Whether the outcome will be e-mailed: the report has an address (the one given, else the account's). */
  outcomeByEmail: boolean;
}

/** The item as the queue shows it in place. */
export type QueueContentView =
  | { kind: "image"; title: string; path: string; imageUrl: string; width: number | null; height: number | null }
  | { kind: "story"; title: string; path: string; paragraphs: string[]; truncated: boolean }
  | { kind: "template"; title: string; path: string; description: string; initialPrompt: string; coverImageUrl: string | null };

/** One report as moderators see it: never who sent it. */
export interface QueueReportView {
  id: string;
  source: "utente" | "screening";
  reason: string;
  reasonLabel: string;
  explanation: string | null;
  repeats: number;
  createdAt: string;
}

export interface EarlierDecisionView {
  id: string;
  action: DecisionAction;
  suspendAuthor: boolean;
  contentKind: ContentKindName;
  contentTitle: string;
  ground: string | null;
  createdAt: string;
}

/** One item of 'Segnalazioni' with its open reports (oldest first). */
export interface QueueItemView {
  kind: ContentKindName;
  id: string;
  state: ModerationStateName;
  /** null when the item no longer exists (its owner deleted it). */
  content: QueueContentView | null;
  author: {
    nickname: string | null;
    /** Admins only: the account's e-mail (null for a guest) and its user page (issue 22 §10); null for moderators. */
    email: string | null;
    accountPath: string | null;
    suspended: boolean;
  } | null;
  earlierDecisions: EarlierDecisionView[];
  reports: QueueReportView[];
  firstReportAt: string;
  /** False when the viewer wrote it ('author'): another moderator must decide. */
  canDecide: boolean;
  conflict: Extract<DecisionConflict, "author"> | null;
}

export interface QueueView {
  items: QueueItemView[];
  /** Open items beyond those listed. */
  more: number;
}

/** The statement of reasons as its author reads it (GET /api/decisions/:id). */
export interface DecisionView {
  id: string;
  contentKind: ContentKindName;
  contentTitle: string;
  action: DecisionAction;
  actionLabel: string;
  suspendAuthor: boolean;
  groundType: "legge" | "termini" | null;
  ground: string | null;
  facts: string | null;
  automatedDetection: boolean;
  automatedDecision: boolean;
  createdAt: string;
  appeal: { text: string; status: "open" | "upheld" | "reversed"; outcomeReasons: string | null; createdAt: string; decidedAt: string | null } | null;
  /** True while 'Contesta la decisione' is offered. */
  canAppeal: boolean;
}

/** An open appeal in the queue. */
export interface AppealQueueItemView {
  id: string;
  text: AppealInput["text"];
  createdAt: string;
  decision: Omit<DecisionView, "appeal" | "canAppeal" | "actionLabel"> & { moderatorNickname: string | null };
  content: QueueContentView | null;
  /** False when the caller wrote the item or made the decision (conflict says which): a different moderator must decide. */
  canDecide: boolean;
  conflict: DecisionConflict | null;
}

/** GET /api/moderation/stats (dashboard). */
export interface ModerationStatsView {
  openReports: number;
  openItems: number;
  openAppeals: number;
  /** Median hours (2 decimals) from the first report to the decision, over the last 90 days; null without decisions. */
  medianDecisionHours: number | null;
  decisionsLast30Days: number;
}

/** GET /api/moderation/access: who opens the moderation area. */
export interface ModerationAccessView {
  role: "admin" | "moderator";
}
