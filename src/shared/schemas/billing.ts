/**
 * The checkout form (issue 41): POST /api/billing/checkout {"plan": "premium" | "pro"}. The
 * amount is never sent: the server uses the plan's Stripe price.
 */

import { z } from "zod";

export const checkoutInputSchema = z.strictObject({
  plan: z.enum(["premium", "pro"], { error: "Scegli il piano Premium o Pro." }),
});

export type CheckoutInput = z.infer<typeof checkoutInputSchema>;
