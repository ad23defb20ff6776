import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import { checkPhone, resendAvailabilitySince, verificationChannels, type Channel } from "storefront-core";
import { z } from "../../ui/zod";
import { ApiError, api, errorText, unwrap } from "../../api/client";
import { useRemoteConfig } from "../../api/queries";
import type { components } from "../../api/schema.gen";
import { renderMessage, useCoreText } from "../../i18n/coreText";
import { flowClock } from "../../platform/flow";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import { useClock } from "../../platform/useClock";
import { Button } from "../../ui/Button";
import { EMPTY_OTP, OtpBoxes, type OtpBoxesHandle } from "../../ui/OtpBoxes";
import { PhoneField } from "../../ui/PhoneField";
import { ChannelChoice } from "../../ui/ChannelChoice";
import { ResendRow } from "../../ui/ResendRow";
import formStyles from "../../ui/Form.module.css";
import fieldStyles from "../../ui/Field.module.css";
import styles from "./VerifyPhoneBox.module.css";

type Profile = components["schemas"]["Profile"];

interface NumberValues {
  mobile: string;
  channel: Channel;
}

interface VerifyPhoneBoxProps {
  /** The box's heading level where it stands (a section of its own: 2; inside a step: 3). */
  level?: 2 | 3;
  /** A refusal about the phone from elsewhere (checkout's 422 on `mobile`), shown in the box. */
  refusal?: string | null;
  /** The phone was verified: the profile it answered with. */
  onVerified?(profile: Profile): void;
  testId?: string;
}

/**
 * Verifying the account's phone (issue 36 item 5: an account registered by e-mail has
 * none, and needs one before its first order). The number as the sign-in takes it (the
 * core's reading with the remote config's default country, the channels remote config
 * enables), `POST /user/phone/send-code`, then the 4-digit code with the 60 s resend
 * rule, `POST /user/phone/verify`. On success the profile is refreshed everywhere and the
 * server's message is the toast. A refusal stays in the box: a 422's message at its
 * field (the number's at the number, the code's at the code), anything else — a 429 —
 * as the box's alert.
 */
export function VerifyPhoneBox({ level = 2, refusal = null, onVerified, testId = "verify-phone" }: VerifyPhoneBoxProps) {
  const config = useRemoteConfig().data;
  const country = config?.default_country_code ?? "";
  const channels = useMemo<Channel[]>(
    () => (config ? verificationChannels(config.verification_methods_sms, config.verification_methods_whatsapp) : ["sms"]),
    [config],
  );
  const language = useAppStore((s) => s.language);
  const text = useCoreText();
  const ids = { title: useId(), code: useId(), alert: useId() };
  const [sent, setSent] = useState<{ mobile: string; channel: Channel; atMs: number } | null>(null);
  const [otp, setOtp] = useState(EMPTY_OTP);
  const boxes = useRef<OtpBoxesHandle>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [verified, setVerified] = useState<string | null>(null);
  const resend = resendAvailabilitySince(sent?.atMs ?? null, useClock(sent !== null));

  const schema = useMemo(
    () =>
      z.object({
        mobile: z.string().superRefine((value, ctx) => {
          const check = checkPhone(value, country, "login");
          if (check.result === "invalid") ctx.addIssue({ code: "custom", message: renderMessage(check.error, language) });
        }),
        channel: z.enum(["sms", "whatsapp"]),
      }),
    [country, language],
  );
  const { register, handleSubmit, control, formState, setError, setFocus } = useForm<NumberValues>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: { mobile: "", channel: channels[0] ?? "sms" },
  });
  const mobile = useWatch({ control, name: "mobile" });
  const check = checkPhone(mobile, country, "login");
  const mobileError = formState.dirtyFields.mobile || formState.isSubmitted ? formState.errors.mobile?.message : undefined;

  /** "Change number" was chosen: the number field takes the focus when it shows again. */
  const changing = useRef(false);
  // A code sent (or sent again) puts the focus on the first code box; "Change number" on
  // the number.
  useEffect(() => {
    if (sent) boxes.current?.focus(0);
    else if (changing.current) {
      changing.current = false;
      setFocus("mobile");
    }
  }, [sent, setFocus]);

  /** What a refused call says at the number, or in the box's alert. */
  const refused = (error: unknown) => {
    const mobileRefusal = error instanceof ApiError ? error.fields.find(({ field }) => field === "mobile") : undefined;
    if (mobileRefusal) {
      setSent(null);
      setError("mobile", { type: "server", message: mobileRefusal.message });
      setFocus("mobile");
      return true;
    }
    return false;
  };

  const send = useMutation({
    mutationFn: (to: { mobile: string; channel: Channel }) => unwrap(api.POST("/user/phone/send-code", { body: to })),
    onSuccess: (answer, to) => {
      if (answer.message) useAppStore.getState().pushToast("success", { kind: "server", text: answer.message });
      setOtp(EMPTY_OTP);
      setCodeError(null);
      setSent({ ...to, mobile: answer.data.mobile || to.mobile, atMs: flowClock.now() });
    },
    onError: (error) => {
      if (!refused(error)) setAlert(text(errorText(error)));
    },
  });

  const verify = useMutation({
    mutationFn: (code: string) => {
      if (!sent) throw new Error("no code was sent");
      return unwrap(api.POST("/user/phone/verify", { body: { mobile: sent.mobile, channel: sent.channel, code } }));
    },
    onSuccess: (answer) => {
      if (answer.message) useAppStore.getState().pushToast("success", { kind: "server", text: answer.message });
      setVerified(answer.data.mobile ?? sent?.mobile ?? "");
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
      onVerified?.(answer.data);
    },
    onError: (error) => {
      if (refused(error)) return;
      const codeRefusal = error instanceof ApiError ? error.fields.find(({ field }) => field === "code") : undefined;
      if (codeRefusal) {
        setCodeError(codeRefusal.message);
        setOtp(EMPTY_OTP);
        boxes.current?.focus(0);
      } else {
        setAlert(text(errorText(error)));
      }
    },
  });

  const requestCode = (to: { mobile: string; channel: Channel }) => {
    if (send.isPending) return;
    setAlert(null);
    send.mutate(to);
  };
  const submitNumber = handleSubmit(({ mobile: typed, channel }) => {
    const valid = checkPhone(typed, country, "login");
    if (valid.result === "valid") requestCode({ mobile: valid.number.e164, channel });
  });

  const Heading = level === 2 ? "h2" : "h3";
  const shownAlert = alert ?? refusal;
  let body: ReactNode;
  if (verified !== null) {
    body = (
      <p className={formStyles.done} role="status" data-testid="phone-verified">
        <FormattedMessage id="phone.verify.done" values={{ mobile: <bdi dir="ltr">{verified}</bdi> }} />
      </p>
    );
  } else if (sent === null) {
    body = (
      <form className={formStyles.form} noValidate onSubmit={(event) => void submitNumber(event)}>
        <PhoneField
          {...register("mobile")}
          defaultCountry={country}
          error={mobileError ?? null}
          e164={check.result === "valid" ? check.number.e164 : null}
        />
        <ChannelChoice channels={channels} field={register("channel")} />
        <div className={formStyles.row}>
          <Button type="submit" variant="secondary" disabled={check.result !== "valid" || send.isPending} busy={send.isPending}>
            <FormattedMessage id={send.isPending ? "auth.signIn.sending" : "phone.verify.send"} />
          </Button>
        </div>
      </form>
    );
  } else {
    body = (
      <form
        className={formStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (otp.code !== null && !verify.isPending) {
            setAlert(null);
            verify.mutate(otp.code);
          }
        }}
      >
        <div className={fieldStyles.field}>
          <p className={formStyles.intro} id={ids.code}>
            <FormattedMessage id="phone.verify.code" values={{ mobile: <bdi dir="ltr">{sent.mobile}</bdi> }} />
          </p>
          <OtpBoxes
            ref={boxes}
            value={otp}
            onChange={(entry) => {
              setOtp(entry);
              setCodeError(null);
            }}
            labelledBy={ids.code}
            disabled={verify.isPending}
            errorId={codeError ? `${ids.code}-error` : undefined}
          />
          {codeError ? (
            <p id={`${ids.code}-error`} className={fieldStyles.error} role="alert" data-testid="phone-code-error">
              {codeError}
            </p>
          ) : null}
        </div>
        <div className={formStyles.row}>
          <Button type="submit" variant="secondary" disabled={!otp.complete || verify.isPending} busy={verify.isPending}>
            <FormattedMessage id={verify.isPending ? "auth.verify.verifying" : "auth.verify.submit"} />
          </Button>
        </div>
        <ResendRow
          resend={resend}
          busy={send.isPending}
          onResend={() => requestCode({ mobile: sent.mobile, channel: sent.channel })}
          changeLabelId="auth.verify.changeNumber"
          onChange={() => {
            changing.current = true;
            setSent(null);
            setCodeError(null);
          }}
        />
      </form>
    );
  }

  return (
    <section className={styles.box} aria-labelledby={ids.title} data-testid={testId}>
      <Heading id={ids.title} className={styles.title} tabIndex={-1}>
        <FormattedMessage id="phone.verify.title" />
      </Heading>
      {verified === null ? (
        <p className={formStyles.intro}>
          <FormattedMessage id="phone.verify.intro" />
        </p>
      ) : null}
      {shownAlert && verified === null ? (
        <p id={ids.alert} className={fieldStyles.error} role="alert" data-testid="verify-phone-alert">
          {shownAlert}
        </p>
      ) : null}
      {body}
    </section>
  );
}
