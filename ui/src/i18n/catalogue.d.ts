// A part of a UI catalogue (`parts.ts`), split by the build's message plugin.
declare module "*.json?start" {
  const messages: Record<string, string>;
  export default messages;
}
declare module "*.json?rest" {
  const messages: Record<string, string>;
  export default messages;
}
