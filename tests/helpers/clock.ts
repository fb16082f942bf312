/** A server clock a test moves by hand (buildApp's `now`): time passes only when the test says so. */
export function testClock(start = Date.now()) {
  let at = start
  return {
    now: () => new Date(at),
    /** Moves the clock on by `seconds`. */
    advance(seconds: number) {
      at += seconds * 1000
    },
  }
}
export type TestClock = ReturnType<typeof testClock>
