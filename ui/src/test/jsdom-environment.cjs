// jsdom for every unit test, plus the web platform pieces jsdom lacks but Node has
// (the WASM core's glue needs TextEncoder/TextDecoder; the API client needs fetch types).
const { TestEnvironment } = require("jest-environment-jsdom");

const FROM_NODE = ["TextEncoder", "TextDecoder", "fetch", "Request", "Response", "Headers", "ReadableStream", "structuredClone"];

class StorefrontEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (typeof this.global[name] === "undefined") this.global[name] = globalThis[name];
    }
  }
}

module.exports = StorefrontEnvironment;
