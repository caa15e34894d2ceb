// The CommonJS build, as `require("@xaalis/sdk")` loads it, offers the same API as the ES module build.
import assert = require("node:assert/strict");
import nodeTest = require("node:test");
import sdk = require("@xaalis/sdk");

nodeTest.test("require() loads the CommonJS build with the whole API", () => {
  assert.deepEqual(Object.keys(sdk).sort(), [
    "DEFAULT_TOLERANCE_SECONDS",
    "Outcome",
    "SIGNATURE_HEADER",
    "WebhookEvent",
    "WebhookVerificationError",
    "WebhookVerificationReason",
    "WebhookVerifier",
    "XaalisClient",
    "XaalisError",
    "plainAmount",
    "sameAmount",
  ]);
  assert.match(require.resolve("@xaalis/sdk"), /dist[\\/]cjs[\\/]index\.js$/);
  const body = '{"id":"a:SUCCESS","event":"transaction.success","data":{}}';
  const verifier = new sdk.WebhookVerifier("sk_test_x");
  assert.equal(verifier.verify(body, sdk.WebhookVerifier.sign(body, new Date(), "sk_test_x")).id, "a:SUCCESS");
  assert.throws(() => verifier.verify(body, null), sdk.WebhookVerificationError);
});
