import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import { z } from "../../../ui/zod";
import {
  birthdateDropdowns,
  checkField,
  checkForm,
  imageLimits,
  splitBirthdate,
  type Language,
  type Message,
} from "storefront-core";
import { renderMessage } from "../../../i18n/coreText";
import { api, unwrap } from "../../../api/client";
import { useAppStore } from "../../../platform/store";
import { flowClock } from "../../../platform/flow";
import { UserIcon } from "../../../chrome/icons";
import { reportSubmitError, toastError, toastServer } from "../errors";
import { mediaUrl } from "../../../api/media";
import { uploadImage } from "../media";
import { setFullProfileUser, type Profile } from "../queries";
import { FieldFrame, TextField } from "../../../ui/Field";
import { firstIssue } from "../../../ui/form";
import { useAccountForm } from "../useAccountForm";
import { EmailConfirm } from "./EmailConfirm";
import styles from "../Account.module.css";
import fieldStyles from "../../../ui/Field.module.css";
import { Button } from "../../../ui/Button";

export interface ProfileValues {
  name: string;
  email: string;
  company_name: string;
  day: string;
  month: string;
  year: string;
  gender: "" | "female" | "male";
}

/** The shopper's calendar day `YYYY-MM-DD` at `ms`, which the birthdate may not pass. */
export function dayOf(ms: number): string {
  const date = new Date(ms);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/**
 * The profile form's schema: its rules are all the core's (lengths, e-mail format, a
 * whole birthdate or none, and a birthdate not after `today`: the server's one rule).
 */
export function profileSchema(language: Language, today: string = dayOf(flowClock.now())) {
  return z
    .object({
      name: z.string(),
      email: z.string(),
      company_name: z.string(),
      day: z.string(),
      month: z.string(),
      year: z.string(),
      // Typed, not checked: the core has no rule for it (the server may refuse one, 422).
      gender: z.custom<ProfileValues["gender"]>(),
    })
    .superRefine((v, ctx) => {
      for (const [field, message] of Object.entries(checkForm({ form: "profile", values: { ...v, today } }))) {
        firstIssue(ctx, field, language, message);
      }
    });
}

/** The fields whose server messages (422) show beside them; the birthdate's on the year. */
const PROFILE_FIELDS = ["name", "email", "company_name", "year"] as const;

/** The picture upload's limits: the largest size and the accepted types (the core's). */
const IMAGE_LIMITS = imageLimits();

/** The largest picture the upload takes, in MB for the hint (the core's limit). */
export const MAX_IMAGE_MB = IMAGE_LIMITS.max_bytes / (1024 * 1024);

/** Why a chosen picture is refused before any upload: the core's type rule, then its size. */
type ImageRefusal = { kind: "core"; message: Message } | { kind: "too_large" };

export function imageRefusal(file: { type: string; size: number }): ImageRefusal | null {
  const refused = checkField(file.type, { rule: "image_file" });
  if (refused) return { kind: "core", message: refused };
  return file.size <= IMAGE_LIMITS.max_bytes ? null : { kind: "too_large" };
}

/** The profile's personal information, with the picture upload. */
export function ProfileForm({ profile }: { profile: Profile }) {
  /** Null for an account registered by e-mail that has not verified a phone yet. */
  const mobile: string | null = profile.mobile ?? null;
  const intl = useIntl();
  const language = useAppStore((s) => s.language);
  const queryClient = useQueryClient();
  const ids = { birth: useId(), image: useId() };
  const months = useMemo(
    () =>
      Array.from({ length: 12 }, (_, i) =>
        intl.formatDate(new Date(Date.UTC(2000, i, 1)), { month: "long", timeZone: "UTC" }),
      ),
    [intl],
  );
  const schema = useMemo(() => profileSchema(language), [language]);
  const { formRef, field, error, submit, setServerErrors, control } = useAccountForm<ProfileValues>({
    schema,
    defaultValues: {
      name: profile.name,
      email: profile.email ?? "",
      company_name: profile.company_name ?? "",
      ...splitBirthdate(profile.birthdate ?? ""),
      gender: profile.gender ?? "",
    },
  });
  const [day, month, year] = useWatch({ control, name: ["day", "month", "year"] });
  // The dropdowns' options: the 60 years, and the days of the chosen month.
  const { years, days } = useMemo(() => birthdateDropdowns({ day, month, year }, new Date().getFullYear()), [day, month, year]);
  const [image, setImage] = useState<string | null>(profile.image ?? null);
  const [preview, setPreview] = useState<string | null>(null);
  const [imageError, setImageError] = useState<ImageRefusal | null>(null);
  const previewRef = useRef<string | null>(null);

  const showPreview = (url: string | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = url;
    setPreview(url);
  };
  useEffect(() => () => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
  }, []);

  const upload = useMutation({
    mutationFn: uploadImage,
    onSuccess: (path) => setImage(path),
    onError: (error) => {
      showPreview(null);
      toastError(error);
    },
  });

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const refused = imageRefusal(file);
    setImageError(refused);
    if (refused) {
      input.value = "";
      return;
    }
    showPreview(URL.createObjectURL(file));
    upload.mutate(file);
  };

  /** A new address waiting for the code sent to it (the profile keeps the old one until then). */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async (v: ProfileValues) => {
      const { birthdate } = birthdateDropdowns(v, new Date().getFullYear());
      return unwrap(
        api.PATCH("/user/update-profile", {
          body: {
            name: v.name.trim(),
            email: v.email.trim() || null,
            company_name: v.company_name.trim() || null,
            birthdate: birthdate.state === "date" ? birthdate.date : null,
            gender: v.gender || null,
            // Sent only when changed: the profile's own is resolved for showing (an
            // external API's is a full URL), and the server takes back only its upload paths.
            ...(image === (profile.image ?? null) ? {} : { image }),
          },
        }),
      );
    },
    onSuccess: (body, v) => {
      toastServer(body.message);
      setFullProfileUser(queryClient, body.data);
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
      // A new e-mail address is only changed by the code the server sent to it.
      const asked = v.email.trim();
      setPendingEmail(asked && asked.toLowerCase() !== (body.data.email ?? "").toLowerCase() ? asked : null);
    },
    onError: (failure) => {
      reportSubmitError(failure, { setServerErrors }, PROFILE_FIELDS, { birthdate: "year" });
    },
  });

  const birthError = error("year");
  const shown = preview ?? (image ? mediaUrl(image) : null);

  return (
    <>
      <form
        className={`${styles.card} ${styles.form}`}
        ref={formRef}
        noValidate
        onSubmit={submit((v) => save.mutate(v))}
        data-testid="profile-form"
        aria-labelledby="profile-info"
      >
        <h2 id="profile-info" className={styles.sectionTitle}>
          <FormattedMessage id="account.profile.info" />
        </h2>
        <FieldFrame
          id={ids.image}
          label={<FormattedMessage id="account.profile.image" />}
          error={
            imageError?.kind === "core"
              ? renderMessage(imageError.message, language)
              : imageError?.kind === "too_large"
                ? intl.formatMessage({ id: "account.profile.imageTooLarge" }, { max: intl.formatNumber(MAX_IMAGE_MB) })
                : undefined
          }
          hint={<FormattedMessage id="account.profile.imageHint" values={{ max: intl.formatNumber(MAX_IMAGE_MB) }} />}
        >
          <div className={styles.avatarRow}>
            <span className={styles.avatar} data-testid="avatar">
              {shown ? <img src={shown} alt={intl.formatMessage({ id: "account.profile.imageAlt" })} width={64} height={64} /> : <UserIcon size={32} />}
            </span>
            <input
              id={ids.image}
              type="file"
              accept={IMAGE_LIMITS.accepted_types.join(",")}
              aria-invalid={imageError ? true : undefined}
              aria-describedby={`${ids.image}-hint${imageError ? ` ${ids.image}-error` : ""}`}
              onChange={chooseFile}
              data-testid="image-input"
            />
            {upload.isPending ? (
              <span className={styles.small} role="status">
                <FormattedMessage id="account.profile.uploading" />
              </span>
            ) : null}
          </div>
        </FieldFrame>
        <div className={styles.formGrid}>
          <TextField
            label={<FormattedMessage id="account.profile.name" />}
            autoComplete="name"
            error={error("name")}
            {...field("name")}
          />
          {mobile !== null ? (
            <TextField
              label={<FormattedMessage id="account.profile.mobile" />}
              value={mobile}
              readOnly
              dir="ltr"
              hint={<FormattedMessage id="account.profile.mobileHint" />}
            />
          ) : (
            // An account registered by e-mail: its phone is verified in the box below the form.
            <div className={fieldStyles.field} data-testid="no-mobile">
              <span className={fieldStyles.label}>
                <FormattedMessage id="account.profile.mobile" />
              </span>
              <p className={styles.small}>
                <FormattedMessage id="account.profile.noMobile" />
              </p>
            </div>
          )}
          <TextField
            label={<FormattedMessage id="account.profile.email" />}
            type="email"
            autoComplete="email"
            optional
            error={error("email")}
            {...field("email")}
          />
          <TextField
            label={<FormattedMessage id="account.profile.company" />}
            autoComplete="organization"
            optional
            error={error("company_name")}
            {...field("company_name")}
          />
          <fieldset className={`${styles.fieldset} ${styles.full}`} aria-describedby={birthError ? `${ids.birth}-error` : undefined}>
            <legend className={styles.legend}>
              <FormattedMessage id="account.profile.birthdate" />{" "}
              <span className={fieldStyles.optional}>
                <FormattedMessage id="account.optional" />
              </span>
            </legend>
            <div className={styles.threeCols}>
              <select
                className={fieldStyles.input}
                aria-label={intl.formatMessage({ id: "account.profile.day" })}
                value={day}
                {...field("day", { deps: ["year"] })}
                data-testid="birth-day"
              >
                <option value="">{intl.formatMessage({ id: "account.profile.day" })}</option>
                {Array.from({ length: days }, (_, i) => (
                  <option key={i + 1} value={String(i + 1)}>
                    {intl.formatNumber(i + 1)}
                  </option>
                ))}
              </select>
              <select
                className={fieldStyles.input}
                aria-label={intl.formatMessage({ id: "account.profile.month" })}
                value={month}
                {...field("month", { deps: ["year"] })}
                data-testid="birth-month"
              >
                <option value="">{intl.formatMessage({ id: "account.profile.month" })}</option>
                {months.map((name, i) => (
                  <option key={name} value={String(i + 1)}>
                    {name}
                  </option>
                ))}
              </select>
              <select
                className={fieldStyles.input}
                aria-label={intl.formatMessage({ id: "account.profile.year" })}
                aria-invalid={birthError ? true : undefined}
                value={year}
                {...field("year")}
                data-testid="birth-year"
              >
                <option value="">{intl.formatMessage({ id: "account.profile.year" })}</option>
                {years.map((year) => (
                  <option key={year} value={String(year)}>
                    {intl.formatNumber(year, { useGrouping: false })}
                  </option>
                ))}
              </select>
            </div>
            {birthError ? (
              <p id={`${ids.birth}-error`} className={fieldStyles.error} role="alert">
                {birthError}
              </p>
            ) : null}
          </fieldset>
          <fieldset className={`${styles.fieldset} ${styles.full}`}>
            <legend className={styles.legend}>
              <FormattedMessage id="account.profile.gender" />{" "}
              <span className={fieldStyles.optional}>
                <FormattedMessage id="account.optional" />
              </span>
            </legend>
            <div className={styles.choices}>
              {(["female", "male"] as const).map((gender) => (
                <label key={gender} className={styles.choice}>
                  <input type="radio" value={gender} {...field("gender")} />
                  <FormattedMessage id={`account.profile.gender.${gender}`} />
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <div className={styles.actions}>
          <Button
            type="submit"
            variant="primary"
            disabled={save.isPending || upload.isPending}
            busy={save.isPending}
            data-testid="profile-save"
          >
            <FormattedMessage id={save.isPending ? "account.saving" : "account.save"} />
          </Button>
        </div>
      </form>
      {pendingEmail !== null ? (
        <EmailConfirm
          key={pendingEmail}
          email={pendingEmail}
          onConfirmed={(user) => {
            setPendingEmail(null);
            setFullProfileUser(queryClient, user);
            void queryClient.invalidateQueries({ queryKey: ["profile"] });
          }}
        />
      ) : null}
    </>
  );
}
