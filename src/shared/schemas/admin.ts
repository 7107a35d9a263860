/**
 * Admin console inputs (spec §2 Admin users, Admin activity, Admin orders; §6 roles and plans;
 * §9 page sizes): one schema per form or list query, shared by the web forms and the server
 * routes, with Italian messages.
 */

import { z } from "zod";
import { ROLES } from "../roles";
import { queryInteger } from "./query-number";


/** Plans of spec §6 / §9. */
export const PLAN_IDS = ["base", "premium", "pro", "admin"] as const;
export type PlanName = (typeof PLAN_IDS)[number];
export const PLAN_LABELS: Record<PlanName, string> = { base: "Base", premium: "Premium", pro: "Pro", admin: "Admin" };

/** Order statuses seen in spec §4 (completed green, failed red, refunded orange, any other blue). */
export const ORDER_STATUSES = ["completed", "pending", "failed", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  completed: "Completato",
  pending: "In attesa",
  failed: "Fallito",
  refunded: "Rimborsato",
};
/** Plans that can be bought (the subscription types of an order). */
export const ORDER_PLANS = ["premium", "pro"] as const;

/** Admin activity page sizes (spec §9): 10, 20, 50 or 100; default 20. */
export const ACTIVITY_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

const email = z.string({ error: "Inserisci un'email valida." }).trim().toLowerCase().pipe(z.email({ message: "Inserisci un'email valida." }).max(254));
const role = z.enum(ROLES, { error: "Scegli un ruolo valido." });
const plan = z.enum(PLAN_IDS, { error: "Scegli un piano valido." });

/** 'Nuovo Utente' form: e-mail, role and plan of the new account. */
export const adminCreateUserSchema = z.object({ email, role, plan });
export type AdminCreateUserInput = z.infer<typeof adminCreateUserSchema>;

/** User edit form: e-mail, role and plan (spec §2 Admin users, §6). */
export const adminUpdateUserSchema = z.object({ email, role, plan });
export type AdminUpdateUserInput = z.infer<typeof adminUpdateUserSchema>;

/** Paged list query: ?page (1-based) &pageSize (1–100) &search (part of an e-mail). */
export const adminListQuerySchema = z.object({
  page: queryInteger("page", 1, 100_000, 1),
  pageSize: queryInteger("pageSize", 1, 100, DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(254).optional(),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/**
 * Keyset list query of the admin lists (issue 22 §11): ?cursor (from the previous page) &limit
 * (1–100, default 20) &search (part of a title, e-mail or nickname, as the list says).
 */
export const adminKeysetQuerySchema = z.object({
  cursor: z.string().max(1000, "Pagina non valida.").optional(),
  limit: queryInteger("limit", 1, 100, DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(254).optional(),
});
export type AdminKeysetQuery = z.infer<typeof adminKeysetQuerySchema>;

/** Orders list query: the keyset query and ?status (one of the statuses; none = all). */
export const adminOrderListQuerySchema = adminKeysetQuerySchema.extend({
  status: z.enum(ORDER_STATUSES, { error: "Stato non valido." }).optional(),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** Activity list query: the page sizes of spec §9 only, and ?player (part of the player's e-mail or nickname; issue 22 §11). */
export const adminActivityQuerySchema = adminListQuerySchema.extend({
  player: z.string().trim().max(254).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (ACTIVITY_PAGE_SIZES as readonly number[]).includes(n), "Numero di righe per pagina non valido.")
    .default(DEFAULT_PAGE_SIZE),
});
export type AdminActivityQuery = z.infer<typeof adminActivityQuerySchema>;

/**
 * 'Registra ordine' form (payments are not live: an admin records an order): the buyer's
 * e-mail, the plan bought, the amount in euro (0–10 000, two decimals) and the status.
 */
export const adminCreateOrderSchema = z.object({
  userEmail: email,
  subscriptionType: z.enum(ORDER_PLANS, { error: "Scegli un piano valido." }),
  amount: z
    .number({ error: "Inserisci un importo valido." })
    .min(0, "L'importo non può essere negativo.")
    .max(10_000, "L'importo massimo è 10.000 €.")
    .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), "L'importo può avere al massimo due decimali."),
  status: z.enum(ORDER_STATUSES, { error: "Scegli uno stato valido." }),
});
export type AdminCreateOrderInput = z.infer<typeof adminCreateOrderSchema>;

/** Order status change (e.g. completed → refunded). */
export const adminUpdateOrderSchema = z.object({ status: z.enum(ORDER_STATUSES, { error: "Scegli uno stato valido." }) });

/** DELETE /api/admin/users/:id?should_soft_delete (spec §7): 'true' (default) deactivates, 'false' erases now. */
export const adminDeleteUserQuerySchema = z.object({
  should_soft_delete: z.enum(["true", "false"], { error: "Valore non valido." }).default("true").transform((v) => v === "true"),
});

/** Which accounts the user list shows (issue 9): registered (default), guests ('Tutorial'), or all. */
export const USER_KINDS = ["registered", "guest", "all"] as const;
export type AdminUserKind = (typeof USER_KINDS)[number];
export const USER_KIND_LABELS: Record<AdminUserKind, string> = { registered: "Registrati", guest: "Ospiti (Tutorial)", all: "Tutti" };

/** User list query: the keyset query (search: part of the e-mail or nickname) and ?kind. */
export const adminUserListQuerySchema = adminKeysetQuerySchema.extend({
  kind: z.enum(USER_KINDS, { error: "Tipo di account non valido." }).default("registered"),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** Keyset cursor of the audit list: the last entry's created_at and id ('<ISO>_<uuid>'). */
export const AUDIT_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f-]{36}$/;

const instant = z.iso.datetime({ offset: true, message: "Data non valida." });

/**
 * 'Registro attività' query (issue 9 finding 8): ?cursor (from the previous page) &limit (1–100,
 * default 50) &actor (part of the actor's e-mail) &action (exact machine name) &from &to
 * (ISO instants; `from` inclusive, `to` exclusive, from ≤ to).
 */
export const adminAuditQuerySchema = z
  .object({
    cursor: z.string().regex(AUDIT_CURSOR, "Pagina non valida.").optional(),
    limit: queryInteger("limit", 1, 100, 50),
    actor: z.string().trim().max(254).optional(),
    action: z.string().trim().max(64).regex(/^[a-z0-9._]*$/, "Azione non valida.").optional(),
    from: instant.optional(),
    to: instant.optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: "La data iniziale deve precedere quella finale.",
    path: ["to"],
  });
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;
