"""The shared signature vectors (testdata/webhook-signatures.json), one test per case, as the Java
SDK and the server's signer run them."""

import re
import unittest

from tests.support import vectors
from xaalis import WebhookVerificationError, WebhookVerifier

VECTORS = vectors()


def _slug(name):
    return re.sub(r"[^0-9a-z]+", "_", name.lower()).strip("_")


class WebhookVectorsTest(unittest.TestCase):
    def test_the_file_has_cases_of_every_outcome(self):
        expected = {v["expected"] for v in VECTORS}
        self.assertEqual(
            {"OK", "MISSING_HEADER", "MALFORMED_HEADER", "STALE_TIMESTAMP", "NO_MATCHING_SIGNATURE", "INVALID_BODY"},
            expected,
        )


def _verify_case(vector):
    def test(self):
        verifier = WebhookVerifier(*vector["secrets"], clock=lambda: vector["now"])
        header = vector["header"]
        body = vector["body"].encode("utf-8")
        if vector["expected"] == "OK":
            event = verifier.verify(body, header)
            self.assertEqual(vector["body"], event.raw_body)
            # The text form verifies the same way.
            self.assertEqual(event.id, verifier.verify(vector["body"], header).id)
        else:
            with self.assertRaises(WebhookVerificationError) as caught:
                verifier.verify(body, header)
            self.assertEqual(vector["expected"], caught.exception.reason)
            for secret in vector["secrets"]:
                self.assertNotIn(secret, str(caught.exception))

    return test


def _sign_case(vector):
    def test(self):
        self.assertEqual(vector["header"], WebhookVerifier.sign(vector["body"].encode("utf-8"), vector["now"], *vector["signed_with"]))
        self.assertEqual(vector["header"], WebhookVerifier.sign(vector["body"], vector["now"], *vector["signed_with"]))

    return test


for _i, _vector in enumerate(VECTORS):
    setattr(WebhookVectorsTest, "test_verify_%02d_%s" % (_i, _slug(_vector["name"])), _verify_case(_vector))
    if "signed_with" in _vector:
        setattr(WebhookVectorsTest, "test_sign_%02d_%s" % (_i, _slug(_vector["name"])), _sign_case(_vector))
