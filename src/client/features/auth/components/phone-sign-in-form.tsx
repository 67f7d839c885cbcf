import { PhoneVerifier } from "#client/components/phone/phone-verifier.tsx";
import { goToSecondStep, isSecondFactorRequired } from "#client/features/auth/second-step.ts";

/** Signing in by a texted code; an account with a second factor goes on to ask for it. */
export function PhoneSignInForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  return (
    <PhoneVerifier
      toAccount={false}
      submitLabel="Text me a code"
      onVerified={onSignedIn}
      onStepUp={(error) => {
        if (!isSecondFactorRequired(error)) return false;
        goToSecondStep();
        return true;
      }}
    />
  );
}
