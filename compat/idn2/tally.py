"""The count that compat/idn2's Python tests keep of their checks.

A check that fails is printed with what it was and what was seen; one this
machine cannot make is printed as SKIPPED, and a test with any such ends as
skipped (exit 77), never as a pass."""

passed = failed = skipped = 0


def check(what, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}\n      {detail}")


def skip(what, why):
    """A check this machine cannot make (a program or a namespace missing)."""
    global skipped
    skipped += 1
    print(f"SKIPPED: {what}: {why}")
