// `import` and `require` load two builds of the library (dist/esm and dist/cjs) with the same API.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";
import * as esm from "@xaalis/sdk";

test("import loads the ES module build, require the CommonJS one", () => {
  const require = createRequire(import.meta.url);
  const cjs = require("@xaalis/sdk") as typeof esm;
  assert.match(require.resolve("@xaalis/sdk"), /dist[\\/]cjs[\\/]index\.js$/);
  assert.notEqual(esm.XaalisClient, cjs.XaalisClient);
  assert.deepEqual(Object.keys(esm).sort(), Object.keys(cjs).sort());
  assert.equal(esm.WebhookVerifier.sign("{}", 1, "sk_test_x"), cjs.WebhookVerifier.sign("{}", 1, "sk_test_x"));
});
