import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheckIcon } from "lucide-react";
import { useState } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { getPublicConfig } from "#client/lib/auth-client.ts";
import { notify } from "#client/lib/notify.ts";
import { countOf } from "#client/lib/plural.ts";
import {
  getSecondFactorStatus,
  newRecoveryCodes,
  secondFactorErrorMessage,
  sendTextCode,
  startAppSetup,
  turnOffSecondFactor,
} from "#client/lib/second-factor-client.ts";
import { RecoveryCodesList } from "./recovery-codes-list.tsx";
import { SecondFactorCheck } from "./second-factor-check.tsx";
import { SecondFactorSetup } from "./second-factor-setup.tsx";
import { TextSecondFactorSetup } from "./text-second-factor-setup.tsx";

export const secondFactorKey = ["account", "second-factor"] as const;

type Step =
  | { kind: "idle" }
  | { kind: "setup"; totpURI: string; recoveryCodes: string[] }
  | { kind: "text-setup"; number: string }
  | { kind: "codes"; codes: string[] }
  | { kind: "check"; action: "off" | "new-codes" };

/**
 * /me's "Second factor": an authenticator app and/or texts to the verified phone, their state, new
 * recovery codes, turning it off.
 */
export function SecondFactorSection({
  accountName,
  phoneNumber = null,
}: {
  /** How the recovery-codes file names the account: its address, or a phone sign-up's number. */
  accountName: string;
  /** The account's number, so a number added, changed or removed on this page is offered here at once. */
  phoneNumber?: string | null;
}) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: [...secondFactorKey, phoneNumber], queryFn: getSecondFactorStatus });
  // Without phone sign-in (production without Twilio) nothing is texted, so no number can be added for it.
  const offered = useQuery({ queryKey: ["public-config"], queryFn: getPublicConfig });
  const texts = offered.data?.phoneSignIn === true;
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

  async function beginTexts(number: string) {
    setStarting(true);
    setError(null);
    try {
      await sendTextCode();
      setStep({ kind: "text-setup", number });
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
  const textTo = status.data?.text ?? null;
  const setUpApp = (
    <Button className="w-fit" variant={enabled ? "outline" : "default"} onClick={begin} disabled={starting}>
      {starting ? <Spinner label="Starting" /> : null}
      Set up an authenticator app
    </Button>
  );
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
        After your email code (or another way in), signing in also asks for a code from an authenticator app
        {texts ? " or one texted to your phone" : ""}. Someone who gets into your email still cannot get into
        Commons.
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
      ) : step.kind === "text-setup" ? (
        <TextSecondFactorSetup
          number={step.number}
          onCancel={() => setStep({ kind: "idle" })}
          onTurnedOn={(codes) => {
            notify("success", "The second factor is on. Signing in will text you a code.");
            setStep({ kind: "codes", codes });
            void refresh();
          }}
        />
      ) : step.kind === "codes" ? (
        <RecoveryCodesList
          codes={step.codes}
          accountName={accountName}
          onDone={() => setStep({ kind: "idle" })}
        />
      ) : step.kind === "check" ? (
        <SecondFactorCheck
          action={step.action === "off" ? "Turn off" : "Make new codes"}
          destructive={step.action === "off"}
          textTo={textTo}
          onConfirm={(code) => confirmCheck(step.action, code)}
          onCancel={() => setStep({ kind: "idle" })}
        />
      ) : enabled ? (
        <div className="grid gap-4">
          <ul className="grid gap-1 text-sm">
            <li>Authenticator app: {status.data.app ? "on" : "not set up"}</li>
            {textTo ? <li>Texts to {textTo}: on</li> : null}
            <li className="text-muted-foreground">
              {`${countOf(status.data.recoveryCodesLeft, { one: "recovery code", other: "recovery codes" })} left.`}
            </li>
          </ul>
          <div className="flex flex-wrap gap-2">
            {status.data.app ? null : setUpApp}
            <Button variant="outline" onClick={() => setStep({ kind: "check", action: "new-codes" })}>
              New recovery codes
            </Button>
            <Button variant="outline" onClick={() => setStep({ kind: "check", action: "off" })}>
              Turn off
            </Button>
          </div>
          <FieldError>{error}</FieldError>
        </div>
      ) : (
        <div className="grid gap-3">
          <div className="flex flex-wrap gap-2">
            {setUpApp}
            {textTo ? (
              <Button variant="outline" onClick={() => void beginTexts(textTo)} disabled={starting}>
                Text codes to {textTo}
              </Button>
            ) : null}
          </div>
          {textTo || !offered.data ? null : (
            <p className="text-sm text-muted-foreground">
              {texts
                ? "To get codes by text message instead, add and verify a phone number above."
                : "This server does not send text messages, so the codes come from an authenticator app. Any app that makes time-based codes works, on your phone or in a password manager."}
            </p>
          )}
          <FieldError>{error}</FieldError>
        </div>
      )}
    </section>
  );
}
