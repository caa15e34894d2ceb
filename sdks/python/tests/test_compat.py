"""The library promises Python 3.11 (the oldest release still maintained): every file must parse as
3.11 syntax (no type statement, no generic class syntax, ...)."""

import ast
import os
import subprocess
import sys
import unittest

from tests.support import SDK


class Python311SyntaxTest(unittest.TestCase):
    def test_every_file_parses_as_python_3_11(self):
        checked = 0
        for folder in ("xaalis", "examples", "tests"):
            for root, _, files in os.walk(os.path.join(SDK, folder)):
                for name in files:
                    if name.endswith(".py"):
                        path = os.path.join(root, name)
                        with open(path, encoding="utf-8") as f:
                            ast.parse(f.read(), path, feature_version=(3, 11))
                        checked += 1
        self.assertGreater(checked, 5)

    def test_no_runtime_dependency(self):
        # -S -I: no site-packages at all; the library must import (and sign) with the standard library alone.
        code = "import sys; sys.path.insert(0, %r); import xaalis, xaalis.client, xaalis.webhooks; print(xaalis.WebhookVerifier.sign('{}', 1, 'k'))" % SDK
        result = subprocess.run([sys.executable, "-S", "-I", "-c", code], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                universal_newlines=True, timeout=60)
        self.assertEqual(0, result.returncode, result.stdout)
        self.assertTrue(result.stdout.startswith("t=1,v1="), result.stdout)

if __name__ == "__main__":
    unittest.main()
