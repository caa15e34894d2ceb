"""Paths shared by the tests (run from sdks/python: ``python3 -m unittest``)."""

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SDK = os.path.dirname(HERE)
REPOSITORY = os.path.dirname(os.path.dirname(SDK))
VECTORS = os.path.join(REPOSITORY, "testdata", "webhook-signatures.json")
JAVA_FUZZ_INPUTS = os.path.join(
    REPOSITORY, "sdks", "java", "src", "test", "resources", "sn", "xaalis", "sdk", "WebhookVerifierFuzzTestInputs"
)


def vectors():
    with open(VECTORS, encoding="utf-8") as f:
        return json.load(f)["vectors"]
