import { Suspense, lazy, use, type ReactNode } from "react";
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { useViewportWidth } from "../chrome/useViewport";
import { useHydrated } from "./hydration";

/** Never settles: a render that reads it suspends for good. */
const forever = new Promise<never>(() => {});

/** Shows "server" while the page is adopted; suspends once hydrated, to show how that render came. */
function SuspendsOnceHydrated() {
  const hydrated = useHydrated();
  if (hydrated) use(forever);
  return <span>server</span>;
}

function Hydrated() {
  return <span>{String(useHydrated())}</span>;
}

function Width() {
  return <span>{useViewportWidth()}</span>;
}

/** The server's HTML of `app`, adopted by React as main.tsx does; the recoverable errors React reported. */
async function adopt(app: ReactNode): Promise<{ container: HTMLElement; errors: unknown[]; root: Root }> {
  const container = document.createElement("div");
  container.innerHTML = renderToString(app);
  document.body.append(container);
  const errors: unknown[] = [];
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, app, { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, errors, root };
}

// React's act() warns outside a test environment that declares itself one.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  delete actEnvironment.IS_REACT_ACT_ENVIRONMENT;
});

afterEach(() => {
  document.body.innerHTML = "";
});

test("false while React adopts the server's page, true in the render after, with no mismatch", async () => {
  const { container, errors, root } = await adopt(<Hydrated />);
  expect(container.textContent).toBe("true");
  expect(errors).toEqual([]);
  act(() => root.unmount());
});

test("the render after adoption is a transition: a part that suspends in it leaves the server's page on screen", async () => {
  // A synchronous re-render (the external store this was) would replace it with the fallback.
  const { container, errors, root } = await adopt(
    <Suspense fallback={<i>loading</i>}>
      <SuspendsOnceHydrated />
    </Suspense>,
  );
  expect(container.textContent).toBe("server");
  expect(errors).toEqual([]);
  act(() => root.unmount());
});

test("a part whose code comes after the first commit is still adopted as the server drew it", async () => {
  let arrive!: (module: { default: typeof Hydrated }) => void;
  const Later = lazy(() => new Promise<{ default: typeof Hydrated }>((resolve) => (arrive = resolve)));
  const container = document.createElement("div");
  container.innerHTML = renderToString(
    <Suspense fallback={<i>loading</i>}>
      <Hydrated />
    </Suspense>,
  );
  expect(container.textContent).toBe("false");
  document.body.append(container);
  const errors: unknown[] = [];
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(
      container,
      <Suspense fallback={<i>loading</i>}>
        <Later />
      </Suspense>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  // Committed, the part not adopted yet: the server's HTML stays.
  expect(container.textContent).toBe("false");
  await act(async () => arrive({ default: Hydrated }));
  expect(container.textContent).toBe("true");
  expect(errors).toEqual([]);
  act(() => root.unmount());
});

test("a page drawn on the client only is hydrated from its first render", async () => {
  const seen: boolean[] = [];
  function Records() {
    seen.push(useHydrated());
    return null;
  }
  const { createRoot } = await import("react-dom/client");
  const root = createRoot(document.body.appendChild(document.createElement("div")));
  await act(async () => root.render(<Records />));
  expect(seen).toEqual([true]);
  act(() => root.unmount());
});

test("the viewport is the server's 1280 px while adopting, then the reader's, with no mismatch", async () => {
  Object.defineProperty(globalThis, "innerWidth", { configurable: true, value: 412 });
  try {
    expect(renderToString(<Width />)).toBe("<span>1280</span>");
    const { container, errors, root } = await adopt(<Width />);
    expect(container.textContent).toBe("412");
    expect(errors).toEqual([]);
    act(() => root.unmount());
  } finally {
    Object.defineProperty(globalThis, "innerWidth", { configurable: true, value: 1024 });
  }
});
