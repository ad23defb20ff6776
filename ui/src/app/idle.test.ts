import { queryClient } from "./queryClient";
import { whenIdle } from "./idle";

describe("whenIdle", () => {
  afterEach(() => queryClient.clear());

  test("waits for the first screen's data: no query fetching at an idle moment", async () => {
    let answer: (value: string) => void = () => undefined;
    const pending = queryClient.fetchQuery({ queryKey: ["first-screen"], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    let idle = false;
    void whenIdle().then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(idle).toBe(false);
    answer("data");
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(idle).toBe(true);
  });
});
