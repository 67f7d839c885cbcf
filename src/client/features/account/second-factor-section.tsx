import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheckIcon } from "lucide-react";
import { useState } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { notify } from "#client/lib/notify.ts";
import {
  getSecondFactorStatus,
  newRecoveryCodes,
  secondFactorErrorMessage,
  startAppSetup,
  turnOffSecondFactor,
} from "#client/lib/second-factor-client.ts";
import { RecoveryCodesList } from "./recovery-codes-list.tsx";
import { SecondFactorCheck } from "./second-factor-check.tsx";
import { SecondFactorSetup } from "./second-factor-setup.tsx";

export const secondFactorKey = ["account", "second-factor"] as const;

type Step =
  | { kind: "idle" }
  | { kind: "setup"; totpURI: string; recoveryCodes: string[] }
  | { kind: "codes"; codes: string[] }
  | { kind: "check"; action: "off" | "new-codes" };

/** /me's "Second factor": set up the authenticator app, see its state, new recovery codes, turn it off. */
export function SecondFactorSection({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: secondFactorKey, queryFn: getSecondFactorStatus });
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: secondFactorKey });

  async function begin() {
    setStarting(true);
    setError(null);
    try {
      setStep({ kind: "setup", ...(await startAppSetup()) });
    } catch (caught) {
      setError(secondFactorErrorMessage(caught));
    } finally {
      setStarting(false);
    }
  }

  async function confirmCheck(action: "off" | "new-codes", code: string) {
    if (action === "off") {
      await turnOffSecondFactor(code);
      notify("success", "The second factor is off. Signing in asks only for the email code now.");
      setStep({ kind: "idle" });
    } else {
      setStep({ kind: "codes", codes: await newRecoveryCodes(code) });
    }
    await refresh();
  }

  const enabled = status.data?.enabled === true;
  return (
    <section
      aria-labelledby="second-factor-heading"
      className="rounded-2xl border bg-card p-5 shadow-xs sm:p-8"
    >
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <ShieldCheckIcon className="size-5 text-primary" aria-hidden="true" />
        <h2 id="second-factor-heading" className="text-lg font-semibold">
          Second factor
        </h2>
        {status.data ? (
          <Badge variant={enabled ? "success" : "secondary"}>{enabled ? "On" : "Off"}</Badge>
        ) : null}
      </div>
      <p className="mb-6 text-sm text-muted-foreground">
        After your email code (or Google), signing in also asks for a code from an authenticator app on your
        phone. Someone who gets into your email still cannot get into Commons.
      </p>
      {status.data?.required ? (
        <p role="status" className="mb-6 rounded-lg border border-primary/40 bg-primary/10 p-3 text-sm">
          A community you own takes payments. This server asks its owners to turn on a second factor before
          managing it: set it up here to reach its dashboard.
        </p>
      ) : null}
      {status.isPending ? (
        <Spinner label="Loading" />
      ) : status.isError ? (
        <FieldError>{secondFactorErrorMessage(status.error)}</FieldError>
      ) : step.kind === "setup" ? (
        <SecondFactorSetup
          totpURI={step.totpURI}
          onCancel={() => setStep({ kind: "idle" })}
          onConfirmed={() => {
            notify("success", "The second factor is on.");
            setStep({ kind: "codes", codes: step.recoveryCodes });
            void refresh();
          }}
        />
      ) : step.kind === "codes" ? (
        <RecoveryCodesList codes={step.codes} email={email} onDone={() => setStep({ kind: "idle" })} />
      ) : step.kind === "check" ? (
        <SecondFactorCheck
          action={step.action === "off" ? "Turn off" : "Make new codes"}
          destructive={step.action === "off"}
          onConfirm={(code) => confirmCheck(step.action, code)}
          onCancel={() => setStep({ kind: "idle" })}
        />
      ) : enabled ? (
        <div className="grid gap-4">
          <p className="text-sm">
            Authenticator app is on.{" "}
            <span className="text-muted-foreground">
              {status.data.recoveryCodesLeft === 1
                ? "1 recovery code left."
                : `${status.data.recoveryCodesLeft} recovery codes left.`}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setStep({ kind: "check", action: "new-codes" })}>
              New recovery codes
            </Button>
            <Button variant="outline" onClick={() => setStep({ kind: "check", action: "off" })}>
              Turn off
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-2">
          <Button className="w-fit" onClick={begin} disabled={starting}>
            {starting ? <Spinner label="Starting" /> : null}
            Set up an authenticator app
          </Button>
          <FieldError>{error}</FieldError>
        </div>
      )}
    </section>
  );
}
