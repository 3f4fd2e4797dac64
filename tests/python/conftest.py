# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""Shared by the Python module's tests: where the shared test images and the fixtures are."""
import os
import pathlib

import pytest

HERE = pathlib.Path(__file__).resolve().parent
GOLDEN = HERE.parent / "golden"
FIXTURES = GOLDEN / "fixtures"


def testdata_root():
    root = os.environ.get("DROPSIZE_TESTDATA")
    return pathlib.Path(root) if root else HERE.parents[2] / "shared" / "testdata"


@pytest.fixture(scope="session")
def testdata():
    root = testdata_root()
    if not root.is_dir():
        pytest.skip(f"the shared test images are not at {root} (set DROPSIZE_TESTDATA)")
    return root
