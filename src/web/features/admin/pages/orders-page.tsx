import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from "@shared/schemas/admin";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ExternalLink, Plus } from "lucide-react";
import { useState } from "react";
import type { AdminOrderView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { capitalise, formatEuro } from "@/lib/format";
import { timeAgo } from "@/lib/format-date";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { ordersQuery, useOrderMutations } from "../api";
import { AdminListState } from "../components/admin-list-state";
import { AdminPageHeader } from "../components/admin-page-header";
import { OrderFormDialog } from "../components/order-form-dialog";
import { LoadMoreButton } from "@/components/load-more-button";
import { SearchInput } from "@/components/search-input";
import { useDebounced } from "@/lib/use-debounced";
import { SelectField } from "../components/fields";

const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));

/** Badge colours of spec §4 Order status: completed green, failed red, refunded orange, other blue (dark enough for white text). */
function statusClass(status: string): string {
  switch (status) {
    case "completed":
      return "bg-green-700 text-white";
    case "failed":
      return "bg-red-700 text-white";
    case "refunded":
      return "bg-orange-700 text-white";
    default:
      return "bg-blue-700 text-white";
  }
}

function statusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? capitalise(status);
}

/**
 * A Stripe order's links (issue 41): the payment in Stripe's dashboard (new tab) and 'Rimborsa'
 * (the whole amount through Stripe, after a confirmation; audited by the server).
 */
function StripeActions({ order }: { order: AdminOrderView }) {
  const { refund } = useOrderMutations();
  if (!order.stripeUrl) return null;
  return (
    <div className="flex items-center gap-2">
      <a href={order.stripeUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-xs text-violet-200 underline underline-offset-2">
        Stripe
        <ExternalLink aria-hidden="true" className="size-3" />
        <span className="sr-only">: pagamento dell'ordine {order.id.slice(0, 8)} (si apre in una nuova scheda)</span>
      </a>
      {order.refundable && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="h-8 text-xs"
          disabled={refund.isPending}
          onClick={async () => {
            if (!window.confirm(`Rimborsare ${formatEuro(order.amount)} a ${order.userEmail ?? "N/A"} con Stripe?`)) return;
            try {
              await refund.mutateAsync(order.id);
              toast.success("Ordine rimborsato");
            } catch (error) {
              toast.error("Rimborso non riuscito", { description: error instanceof ApiError ? error.message : undefined });
            }
          }}
        >
          Rimborsa
        </Button>
      )}
    </div>
  );
}

/** The status cell: the coloured badge and a select to change it (refunding returns the user to base), and a Stripe order's links. */
function StatusCell({ order }: { order: AdminOrderView }) {
  const { setStatus } = useOrderMutations();
  return (
    <div className="flex items-center gap-2">
      <Badge className={cn("border-transparent", statusClass(order.status))}>{statusLabel(order.status)}</Badge>
      <div className="w-36">
        <NativeSelect
          aria-label={`Cambia stato dell'ordine ${order.id.slice(0, 8)}`}
          value={order.status}
          disabled={setStatus.isPending}
          className="h-8 text-xs md:text-xs"
          onChange={async (e) => {
            try {
              await setStatus.mutateAsync({ id: order.id, status: e.target.value as OrderStatus });
              toast.success("Ordine aggiornato");
            } catch (error) {
              toast.error("Impossibile aggiornare l'ordine", { description: error instanceof ApiError ? error.message : undefined });
            }
          }}
        >
          {!ORDER_STATUSES.includes(order.status as OrderStatus) && <NativeSelectOption value={order.status}>{statusLabel(order.status)}</NativeSelectOption>}
          {ORDER_STATUSES.map((s) => (
            <NativeSelectOption key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <StripeActions order={order} />
    </div>
  );
}

/**
 * /admin/orders (spec §2 Admin orders, §4 Order status): 'Ordini Subscription' / 'Gestione degli
 * ordini di abbonamento'; the paged table ID (8 characters + …), Utente (e-mail or 'N/A'), Tipo
 * (capitalised), Importo (€ in Italian format), Stato (coloured badge, changeable), Data ('x
 * fa'); a spinner while loading; 'Registra ordine'; a filter by status and a search by e-mail,
 * with 'Mostra altri' (keyset pages, issue 22 §11).
 */
export function OrdersPage() {
  const [formOpen, setFormOpen] = useState(false);
  const [status, setStatus] = useState<OrderStatus | "">("");
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim());
  const orders = useInfiniteQuery(ordersQuery(status, search));
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div>
      <AdminPageHeader
        title="Ordini Subscription"
        description="Gestione degli ordini di abbonamento"
        action={
          <Button onClick={() => setFormOpen(true)}>
            <Plus aria-hidden="true" />
            Registra ordine
          </Button>
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="w-full max-w-sm">
          <SearchInput label="Cerca per email" value={searchText} onChange={setSearchText} />
        </div>
        <div className="w-full sm:w-52">
          <SelectField id="ordini-stato" label="Stato" emptyOption="Tutti" options={STATUS_OPTIONS} value={status} onChange={(e) => setStatus(e.target.value as OrderStatus | "")} />
        </div>
      </div>
      <AdminListState
        query={orders}
        errorText="Errore nel caricamento degli ordini"
        isEmpty={() => items.length === 0}
        emptyText={status || search ? "Nessun ordine con questi filtri." : "Nessun ordine registrato."}
      >
        {() => (
          <>
            <div className="rounded-xl border bg-card">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>ID</TableHead>
                    <TableHead>Utente</TableHead>
                    <TableHead>Tipo</TableHead>
                    <TableHead>Importo</TableHead>
                    <TableHead>Stato</TableHead>
                    <TableHead>Data</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((order) => (
                    <TableRow key={order.id}>
                      <TableCell className="font-mono text-xs" title={order.id}>
                        {order.id.slice(0, 8)}…
                      </TableCell>
                      <TableCell>{order.userEmail ?? "N/A"}</TableCell>
                      <TableCell>{capitalise(order.subscriptionType)}</TableCell>
                      <TableCell className="tabular-nums">{formatEuro(order.amount)}</TableCell>
                      <TableCell>
                        <StatusCell order={order} />
                      </TableCell>
                      <TableCell className="text-muted-foreground">{timeAgo(order.createdAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <LoadMoreButton query={orders} label="Mostra altri" errorText="Impossibile caricare altri ordini." className="mt-4" />
          </>
        )}
      </AdminListState>
      <OrderFormDialog open={formOpen} onOpenChange={setFormOpen} />
    </div>
  );
}
