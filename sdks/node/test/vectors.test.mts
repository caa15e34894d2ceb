// The shared signature vectors (testdata/webhook-signatures.json at the repository's root), which the
// server's signer and every merchant library meet.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { WebhookVerificationError, WebhookVerifier } from "@xaalis/sdk";

interface Vector {
  name: string;
  secrets: string[];
  signed_with?: string[];
  now: number;
  header: string | null;
  body: string;
  expected: string;
}

const file = new URL("../../../../testdata/webhook-signatures.json", import.meta.url);
const vectors: Vector[] = JSON.parse(readFileSync(file, "utf8")).vectors;

describe("webhook signature vectors", () => {
  test("the file has vectors for every outcome", () => {
    const outcomes = new Set(vectors.map((v) => v.expected));
    for (const expected of ["OK", "MISSING_HEADER", "MALFORMED_HEADER", "STALE_TIMESTAMP", "NO_MATCHING_SIGNATURE", "INVALID_BODY"]) {
      assert.ok(outcomes.has(expected), expected);
    }
  });

  for (const v of vectors) {
    test(`verify: ${v.name} → ${v.expected}`, () => {
      const verifier = new WebhookVerifier(v.secrets, { now: () => v.now * 1000 });
      const asBytes = () => verifier.verify(Buffer.from(v.body, "utf8"), v.header);
      const asText = () => verifier.verify(v.body, v.header);
      if (v.expected === "OK") {
        const event = asBytes();
        assert.equal(event.rawBody, v.body);
        // The text form verifies the same way.
        assert.equal(asText().id, event.id);
      } else {
        for (const attempt of [asBytes, asText]) {
          assert.throws(attempt, (e: unknown) => e instanceof WebhookVerificationError && e.reason === v.expected);
        }
      }
    });
  }

  for (const v of vectors.filter((vector) => vector.signed_with)) {
    test(`sign: ${v.name}`, () => {
      assert.equal(WebhookVerifier.sign(Buffer.from(v.body, "utf8"), v.now, ...v.signed_with!), v.header);
      assert.equal(WebhookVerifier.sign(v.body, new Date(v.now * 1000), ...v.signed_with!), v.header);
    });
  }
});
