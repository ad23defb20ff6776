// The shell: performs the effects the core's flows return. The flows decide; this only
// does what they ask (store a value, show a toast, make a call) and nothing else.
import { applyStorageEffects, type ApiCall, type Effect, type Language, type Text } from "storefront-core";
import { textOf } from "./text.js";

/** A failed step: the core's text for it (a server answer read by the core, or one of its messages). */
export class Failure extends Error {
  constructor(
    readonly text: Text,
    readonly status: number | null = null,
    /** The fields a 422 names (`fieldErrors`), first message each. */
    readonly fields: readonly string[] = [],
  ) {
    super(textOf(text, "en"));
    this.name = "Failure";
  }
}

export class Shell {
  /** Toasts shown so far, oldest first. */
  readonly toasts: { tone: string; text: string }[] = [];

  constructor(
    private readonly say: (line: string) => void,
    private readonly language: Language,
  ) {}

  /**
   * Performs the effects in order and answers the API calls they ask for, in order, for
   * the caller to make (their answers go back to the flow as events). Modals, timers,
   * navigation, query caches and the document language belong to a screen; a command
   * line has none, so those are passed over.
   */
  perform(effects: Effect[]): ApiCall[] {
    const calls: ApiCall[] = [];
    for (const effect of effects) {
      switch (effect.type) {
        case "store":
        case "remove":
          // The package's storage model: in Node it keeps the values in memory.
          applyStorageEffects([effect]);
          break;
        case "toast": {
          const text = textOf(effect.text, this.language);
          this.toasts.push({ tone: effect.tone, text });
          this.say(`    ${effect.tone === "error" ? "✘" : "·"} ${text}`);
          break;
        }
        case "request":
          calls.push(effect.call);
          break;
        default:
          break;
      }
    }
    return calls;
  }

  /** The one call the effects ask for, of the kind `kind`; a flow that asks for another is a bug here. */
  performExpecting<K extends ApiCall["call"]>(effects: Effect[], kind: K): Extract<ApiCall, { call: K }> {
    const calls = this.perform(effects);
    const call = calls.find((c): c is Extract<ApiCall, { call: K }> => c.call === kind);
    if (!call || calls.length !== 1) {
      throw new Error(`expected the flow to ask for ${kind}, it asked for [${calls.map((c) => c.call).join(", ")}]`);
    }
    return call;
  }
}
