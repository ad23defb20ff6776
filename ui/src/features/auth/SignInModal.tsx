import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormattedMessage } from "react-intl";
import { Link } from "wouter";
import { z } from "../../ui/zod";
import { checkPhone, verificationChannels, type Channel } from "storefront-core";
import { renderMessage } from "../../i18n/coreText";
import { useRemoteConfig } from "../../api/queries";
import { useAppStore } from "../../platform/store";
import { Dialog } from "../../ui/Dialog";
import { dispatchLogin, usePhoneLogin } from "./flow";
import { PhoneField } from "../../ui/PhoneField";
import { ChannelChoice } from "../../ui/ChannelChoice";
import styles from "../../ui/Form.module.css";
import { Button } from "../../ui/Button";

interface SignInValues {
  mobile: string;
  channel: Channel;
}

/**
 * Sign in (spec 2, 4, 5): the mobile, read by the core with the default country from
 * remote config ('Only number', 'Phone Number is Invalid'), and the channels remote config
 * enables. Submit stays disabled until the number is valid and changed; the E.164 form is
 * sent.
 */
export function SignInModal() {
  const config = useRemoteConfig().data;
  const country = config?.default_country_code ?? "";
  const channels = useMemo<Channel[]>(() => (config ? verificationChannels(config.verification_methods_sms, config.verification_methods_whatsapp) : ["sms"]), [config]);
  const login = usePhoneLogin((s) => s.view.login);
  const restored = usePhoneLogin((s) => s.view.mobile);
  const language = useAppStore((s) => s.language);

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
  const { register, handleSubmit, control, formState } = useForm<SignInValues>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: { mobile: restored ?? "", channel: channels[0] ?? "sms" },
  });
  const mobile = useWatch({ control, name: "mobile" });
  const check = checkPhone(mobile, country, "login");
  // The pristine form is empty, never a valid mobile: a valid one has changed (a number
  // restored after a reload counts as changed).
  const canSubmit = check.result === "valid" && !login.isLoading;
  const shownError = formState.dirtyFields.mobile || formState.touchedFields.mobile ? formState.errors.mobile?.message : undefined;

  const submit = handleSubmit(({ mobile: typed, channel }) => {
    const valid = checkPhone(typed, country, "login");
    if (valid.result === "valid") dispatchLogin({ type: "request_code", mobile: valid.number.e164, channel });
  });

  return (
    <Dialog title={<FormattedMessage id="auth.signIn.title" />} onClose={() => dispatchLogin({ type: "close" })} testId="sign-in-modal">
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <p className={styles.intro}>
          <FormattedMessage id="auth.signIn.intro" />
        </p>
        <PhoneField
          {...register("mobile")}
          defaultCountry={country}
          error={shownError ?? null}
          e164={check.result === "valid" ? check.number.e164 : null}
          data-autofocus=""
        />
        <ChannelChoice channels={channels} field={register("channel")} />
        <Button type="submit" variant="primary" disabled={!canSubmit} busy={login.isLoading}>
          <FormattedMessage id={login.isLoading ? "auth.signIn.sending" : "auth.signIn.submit"} />
        </Button>
        <div className={styles.links}>
          <Link href="/auth/email-login" onClick={() => dispatchLogin({ type: "close" })}>
            <FormattedMessage id="auth.signIn.email" />
          </Link>
        </div>
      </form>
    </Dialog>
  );
}
