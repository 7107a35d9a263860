import type { AdminOrderView } from "@shared/admin-types";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from "@shared/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
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
import { PaginationBar } from "../components/pagination-bar";

const PAGE_SIZE = 20;

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

/** The status cell: the coloured badge and a select to change it (refunding returns the user to base). */
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
    </div>
  );
}

/**
 * /admin/orders (spec §2 Admin orders, §4 Order status): 'Ordini Subscription' / 'Gestione degli
 * ordini di abbonamento'; the paged table ID (8 characters + …), Utente (e-mail or 'N/A'), Tipo
 * (capitalised), Importo (€ in Italian format), Stato (coloured badge, changeable), Data ('x
 * fa'); a spinner while loading; 'Registra ordine'.
 */
export function OrdersPage() {
  const [page, setPage] = useState(1);
  const [formOpen, setFormOpen] = useState(false);
  const orders = useQuery(ordersQuery(page, PAGE_SIZE));

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
      <AdminListState query={orders} errorText="Errore nel caricamento degli ordini" isEmpty={(data) => data.total === 0} emptyText="Nessun ordine registrato.">
        {(data) => (
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
                  {data.items.map((order) => (
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
            <PaginationBar page={page} pageSize={PAGE_SIZE} total={data.total} noun="ordini" onPage={setPage} />
          </>
        )}
      </AdminListState>
      <OrderFormDialog open={formOpen} onOpenChange={setFormOpen} />
    </div>
  );
}
