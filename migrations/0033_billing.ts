/**
 * Issue 41 (paid plans with Stripe):
 * - billing_customers: one row per account that started a checkout: its Stripe customer (created
 *   once, reused), the subscription the plan follows, its status, plan, period end and whether it
 *   ends at the period's end, and the `created` time (seconds) of the newest subscription event
 *   applied (older events arriving late change nothing). Deleted with the account, after the
 *   Stripe customer is deleted (GDPR).
 * - stripe_events: the ids of the webhook events already processed (a replay changes nothing).
 * - subscription_orders: currency, the Stripe invoice an order records (unique: one order per
 *   invoice) and its payment intent (refunds). Orders recorded by hand leave them null.
 * Dialect-neutral (SQLite and PostgreSQL).
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("billing_customers")
    .addColumn("user_id", "text", (col) => col.primaryKey())
    .addColumn("customer_id", "text", (col) => col.notNull().unique())
    .addColumn("subscription_id", "text")
    .addColumn("subscription_status", "text")
    .addColumn("plan", "text")
    .addColumn("current_period_end", "text")
    .addColumn("cancel_at_period_end", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("event_created", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("stripe_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("received_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.alterTable("subscription_orders").addColumn("currency", "text").execute();
  await db.schema.alterTable("subscription_orders").addColumn("stripe_invoice_id", "text").execute();
  await db.schema.alterTable("subscription_orders").addColumn("stripe_payment_intent", "text").execute();
  await db.schema.createIndex("subscription_orders_invoice_idx").on("subscription_orders").column("stripe_invoice_id").unique().execute();
  await db.schema.createIndex("subscription_orders_intent_idx").on("subscription_orders").column("stripe_payment_intent").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("subscription_orders_intent_idx").execute();
  await db.schema.dropIndex("subscription_orders_invoice_idx").execute();
  for (const column of ["stripe_payment_intent", "stripe_invoice_id", "currency"]) {
    await db.schema.alterTable("subscription_orders").dropColumn(column).execute();
  }
  await db.schema.dropTable("stripe_events").execute();
  await db.schema.dropTable("billing_customers").execute();
}
