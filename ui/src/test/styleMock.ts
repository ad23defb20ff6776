// CSS modules in unit tests: each class name is its own key (`styles.smallOnly` is
// "smallOnly"), so tests can tell which layout rules an element carries.
const styles: Record<string, string> = new Proxy({}, { get: (_, key) => (typeof key === "string" ? key : undefined) });
export default styles;
