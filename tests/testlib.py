"""What the Python tests share: a counter of checks that prints every
failure as it happens.

    check = testlib.Checks()
    check(cond, "what was checked", "detail shown when it fails")
    check.skip("what could not be checked and why")   # a tool is missing
    check.passed, check.failed, check.count
    sys.exit(check.exit_code())

A test whose checks all passed but some could not run (an optional tool
missing) exits 77, which meson reports as SKIP, never as a pass.

Python 3 standard library only.
"""


class Checks:
    """A callable check: counts passes and failures, prints each failure."""

    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.skipped = []

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

    def skip(self, why):
        """Records checks that cannot run here, and says so at once."""
        self.skipped.append(why)
        print(f"SKIP: {why}")

    def exit_code(self):
        if self.failed:
            return 1
        if self.skipped:
            print("SKIPPED (exit 77) after %d checks passed: %s" % (self.passed, "; ".join(self.skipped)))
            return 77
        return 0
