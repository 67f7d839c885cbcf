import { SupportCode } from "#client/components/ui/field-message.tsx";
import type { AuthProblem } from "#client/lib/auth-client.ts";

/** The sentence for the person, and the code for whoever helps them. */
export function AuthProblemNotice({
  problem,
  children,
}: {
  problem: AuthProblem;
  children?: React.ReactNode;
}) {
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-lg border border-destructive/50 bg-background p-4 text-sm"
    >
      <p className="font-medium text-foreground">{problem.message}</p>
      <SupportCode code={problem.code} />
      {children}
    </div>
  );
}
