import { useEffect, useState, type ReactNode, type RefObject } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormattedMessage } from "react-intl";
import { resendAvailabilitySince } from "storefront-core";
import { flowClock } from "../../platform/flow";
import { useClock } from "../../platform/useClock";
import { TextField } from "../../ui/Field";
import { EMPTY_OTP, type OtpBoxesHandle } from "../../ui/OtpBoxes";
import { Button } from "../../ui/Button";
import { useEmailSchema } from "./rules";
import { useRequestFlow, type Answer } from "./useRequestFlow";
import styles from "../../ui/Form.module.css";

/**
 * A code sent to an e-mail address, as the code sign-in and the e-mail registration
 * take it: `request` sends it (the server's message is the success toast, a refusal the
 * error toast), the last sending is remembered (to which address and when: the 60 s
 * resend wait counts from then, the core's resendAvailabilitySince refreshed while the
 * code step shows), the typed code is emptied by a new sending, and the focus follows
 * the screen: the first code box (`boxesRef`'s) once a code is sent, the e-mail field
 * after "Use another address".
 */
export function useEmailCode(request: (email: string) => Promise<Answer>, boxesRef: RefObject<OtpBoxesHandle | null>) {
  const send = useRequestFlow();
  const [sent, setSent] = useState<{ to: string; atMs: number } | null>(null);
  const [otp, setOtp] = useState(EMPTY_OTP);
  const resend = resendAvailabilitySince(sent?.atMs ?? null, useClock(sent !== null));
  /** "Use another address" was chosen (from this address): the e-mail step shows it again, focused. */
  const [changedFrom, setChangedFrom] = useState<string | null>(null);

  useEffect(() => {
    if (sent) boxesRef.current?.focus(0);
  }, [sent, boxesRef]);

  const sendCode = async (to: string) => {
    const answer = await send.run(() => request(to));
    if (answer) {
      setOtp(EMPTY_OTP);
      setSent({ to, atMs: flowClock.now() });
    }
  };

  return {
    sending: send.status.isLoading,
    sentTo: sent?.to ?? null,
    otp,
    setOtp,
    resend,
    sendCode,
    /** The address the e-mail step shows again after "Use another address" (it takes the focus then). */
    changedFrom,
    changeAddress: () => {
      setChangedFrom(sent?.to ?? null);
      setSent(null);
    },
    /** Empties the typed code and puts the focus back on its first box (a refused code). */
    retype: () => {
      setOtp(EMPTY_OTP);
      boxesRef.current?.focus(0);
    },
  };
}

interface EmailStepProps {
  intro: ReactNode;
  busy: boolean;
  /** The address typed, trimmed; valid by the core's rules. */
  onSend(email: string): void;
  /** Take the focus when shown (back from the code step). */
  focus: boolean;
  /** The address to start from (back from the code step). */
  initial?: string;
}

/** The e-mail address step: the field (the core's rules) and "Send code". */
export function EmailStep({ intro, busy, onSend, focus, initial = "" }: EmailStepProps) {
  const schema = useEmailSchema();
  const { register, handleSubmit, formState, control, setFocus } = useForm<{ email: string }>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: { email: initial },
  });
  const email = useWatch({ control, name: "email" });
  useEffect(() => {
    if (focus) setFocus("email");
  }, [focus, setFocus]);
  const submit = handleSubmit(({ email: address }) => onSend(address.trim()));
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <p className={styles.intro}>{intro}</p>
      <TextField
        label={<FormattedMessage id="auth.email.address" />}
        type="email"
        autoComplete="email"
        dir="ltr"
        error={formState.dirtyFields.email || formState.isSubmitted ? formState.errors.email?.message : undefined}
        {...register("email")}
      />
      <Button type="submit" variant="primary" disabled={!formState.isValid || email.trim() === "" || busy} busy={busy}>
        <FormattedMessage id={busy ? "auth.busy" : "auth.email.send"} />
      </Button>
    </form>
  );
}
