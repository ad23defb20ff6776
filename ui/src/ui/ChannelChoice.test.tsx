import { fireEvent, screen } from "@testing-library/react";
import { useForm, useWatch } from "react-hook-form";
import type { Channel } from "storefront-core";
import { ChannelChoice } from "./ChannelChoice";
import { renderKit } from "./testing";

function Form({ channels, onChannel }: { channels: Channel[]; onChannel(channel: Channel): void }) {
  const { register, control } = useForm<{ channel: Channel }>({ defaultValues: { channel: channels[0] ?? "sms" } });
  onChannel(useWatch({ control, name: "channel" }));
  return (
    <form>
      <ChannelChoice channels={channels} field={register("channel")} />
    </form>
  );
}

describe("the code's channel", () => {
  test("two channels are a labelled radio group, and a choice reaches the form", () => {
    let chosen: Channel | null = null;
    renderKit(<Form channels={["sms", "whatsapp"]} onChannel={(c) => (chosen = c)} />);
    const group = screen.getByRole("group");
    expect(group.querySelector("legend")?.textContent).toBeTruthy();
    const radios = screen.getAllByRole("radio");
    expect(radios).toHaveLength(2);
    expect(chosen).toBe("sms");
    fireEvent.click(radios[1] as HTMLElement);
    expect(chosen).toBe("whatsapp");
  });

  test("one channel is no question: it goes as a hidden value", () => {
    let chosen: Channel | null = null;
    const { container } = renderKit(<Form channels={["whatsapp"]} onChannel={(c) => (chosen = c)} />);
    expect(screen.queryByRole("group")).toBeNull();
    expect(container.querySelector<HTMLInputElement>('input[type="hidden"]')?.value).toBe("whatsapp");
    expect(chosen).toBe("whatsapp");
  });
});
