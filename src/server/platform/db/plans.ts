/** The plans and their game limits (spec §9): messages a day, images a month; -1 = unlimited. */

import type { PlansTable } from "./schema";

export const PLAN_SEEDS: PlansTable[] = [
  { id: "base", name: "Base", message_limit: 15, visualize_limit: 0, price_cents: 0, position: 0 },
  { id: "premium", name: "Premium", message_limit: 30, visualize_limit: 10, price_cents: 999, position: 1 },
  { id: "pro", name: "Pro", message_limit: 100, visualize_limit: 25, price_cents: 1999, position: 2 },
  { id: "admin", name: "Admin", message_limit: -1, visualize_limit: -1, price_cents: 0, position: 3 },
];
