import { QueryClient } from "@tanstack/react-query";
import { selectedServiceKey } from "../api/queries";
import type { Boot } from "./boot";
import { seedServerData } from "./seed";

function boot(overrides: Partial<Boot> = {}): Boot {
  return {
    kind: "shell",
    path: "/home",
    language: "en",
    view: { signed_in: false, district_id: 4, service_id: 2 },
    settings: null,
    remote_config: null,
    services: null,
    service: { id: 2, filter_type: "products_focused" } as unknown as Boot["service"],
    pages: null,
    footer: null,
    ...overrides,
  };
}

describe("seedServerData", () => {
  test("the service lands under the key the header reads it by, district and address included", () => {
    const client = new QueryClient();
    seedServerData(boot(), client, "en", [4, 7]);
    expect(client.getQueryData(selectedServiceKey("en", 2, [4, 7]))).toMatchObject({ id: 2 });
    // The key without the area (what a first render would miss) holds nothing.
    expect(client.getQueryData(["services", "en", 2])).toBeUndefined();
  });

  test("a district the page was not rendered for gets no copy of the service", () => {
    const client = new QueryClient();
    seedServerData(boot(), client, "en", [5, null]);
    expect(client.getQueryData(selectedServiceKey("en", 2, [5, null]))).toBeUndefined();
  });

  test("a page in the other language seeds nothing", () => {
    const client = new QueryClient();
    seedServerData(boot({ settings: { name: "S" } as unknown as Boot["settings"] }), client, "ar", [4, null]);
    expect(client.getQueryData(["settings", "ar"])).toBeUndefined();
    expect(client.getQueryData(selectedServiceKey("ar", 2, [4, null]))).toBeUndefined();
  });
});
