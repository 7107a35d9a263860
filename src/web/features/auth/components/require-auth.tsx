import { Navigate, Outlet } from "react-router";
import { CenteredSpinner } from "@/components/ui/spinner";
import { useMe } from "@/lib/session";

/**
 * Guard for login-required routes (spec §2 Guards): renders the child route for signed-in
 * users (guests included), sends visitors to /login (replacing the history entry), and shows a
 * spinner while the session is being read.
 */
export function RequireAuth() {
  const { me, isLoading } = useMe();
  if (isLoading) return <CenteredSpinner />;
  if (!me) return <Navigate to="/login" replace />;
  return <Outlet />;
}
