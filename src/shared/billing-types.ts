/** Answers of the billing API (issue 41), shared by the server and the web. */

/**
 * Profilo → 'Abbonamento' (issue 41): GET /api/billing/subscription. `payments` false = Stripe is
 * not configured; `status` is Stripe's (active, trialing, past_due, canceled…) or null without a
 * subscription; `periodEnd` ISO: the next renewal, or the end when `cancelAtPeriodEnd`.
 */
export interface SubscriptionView {
  payments: boolean;
  plan: string;
  priceCents: number;
  status: string | null;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** 'Gestisci abbonamento' opens Stripe's Customer Portal: the account has a Stripe customer. */
  canManage: boolean;
}
