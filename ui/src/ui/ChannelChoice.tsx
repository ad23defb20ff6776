import type { UseFormRegisterReturn } from "react-hook-form";
import { FormattedMessage } from "react-intl";
import type { Channel } from "storefront-core";
import styles from "./Form.module.css";

/**
 * How a one-time code is sent (SMS or WhatsApp): a radio group when the store offers
 * more than one channel, else the one channel as a hidden value. `field`: the form's
 * `register("channel")`.
 */
export function ChannelChoice({ channels, field }: { channels: readonly Channel[]; field: UseFormRegisterReturn }) {
  if (channels.length <= 1) return <input type="hidden" {...field} />;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>
        <FormattedMessage id="auth.channel.legend" />
      </legend>
      <div className={styles.choices}>
        {channels.map((channel) => (
          <label key={channel} className={styles.choice}>
            <input type="radio" value={channel} {...field} />
            <FormattedMessage id={`auth.channel.${channel}`} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
