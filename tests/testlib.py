"""What the Python tests share: a counter of checks that prints every
failure as it happens.

    check = testlib.Checks()
    check(cond, "what was checked", "detail shown when it fails")
    check.passed, check.failed, check.count
    sys.exit(check.exit_code())

Python 3 standard library only.
"""


class Checks:
    """A callable check: counts passes and failures, prints each failure."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def __call__(self, cond, what, detail=""):
        if cond:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL: {what}" + (f"\n      {detail}" if detail else ""))
        return bool(cond)

    @property
    def count(self):
        return self.passed + self.failed

    def exit_code(self):
        return 1 if self.failed else 0
