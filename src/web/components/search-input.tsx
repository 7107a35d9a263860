import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";

/** The search box of an admin list: a magnifier, the accessible `label` as its name and placeholder. */
export function SearchInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative w-full">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input type="search" aria-label={label} placeholder={`${label}...`} value={value} onChange={(e) => onChange(e.target.value)} className="pl-9" />
    </div>
  );
}
