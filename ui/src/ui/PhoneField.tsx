import { useId, useMemo, type ComponentPropsWithRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FieldFrame } from "./Field";
import fieldStyles from "./Field.module.css";
import phone from "./PhoneField.module.css";

interface PhoneFieldProps extends Omit<ComponentPropsWithRef<"input">, "type" | "className"> {
  /** ISO code (or dialling code) of the default country, from remote config. */
  defaultCountry: string;
  /** The message of the core's check, shown once the field was changed. */
  error: string | null;
  /** The number in E.164 form when the core reads it as valid. */
  e164: string | null;
}

/** A region's name in the page language (Intl), else its code. */
function regionName(code: string, locale: string): string | null {
  if (!/^[A-Za-z]{2}$/.test(code)) return null;
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/**
 * The international phone field (spec 5): numbers are typed freely (spaces, dashes, a
 * leading + or 00, Arabic-Indic digits); a number without a country code is read with the
 * default country. What is valid, and its E.164 form, is the core's reading.
 */
export function PhoneField({ defaultCountry, error, e164, id, ...input }: PhoneFieldProps) {
  const intl = useIntl();
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const country = useMemo(() => regionName(defaultCountry, intl.locale), [defaultCountry, intl.locale]);
  return (
    <FieldFrame
      id={inputId}
      label={<FormattedMessage id="auth.phone.label" />}
      error={error ?? undefined}
      hint={
        e164 && !error ? (
          <FormattedMessage id="auth.phone.sendTo" values={{ number: <bdi dir="ltr">{e164}</bdi> }} />
        ) : country ? (
          <FormattedMessage id="auth.phone.hint" values={{ country }} />
        ) : (
          <FormattedMessage id="auth.phone.hintUnknown" />
        )
      }
    >
      <div className={phone.wrap}>
        {country && (
          <span className={phone.country} aria-hidden="true">
            {defaultCountry.toUpperCase()}
          </span>
        )}
        <input
          {...input}
          id={inputId}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          className={`${fieldStyles.input} ${phone.input}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        />
      </div>
    </FieldFrame>
  );
}
