import { describe, expect, it } from "vitest";
import { STOP_SIGNAL_ECHO_MS, stopSignalClassifier } from "../src/stop-signals.ts";

describe("stopSignalClassifier", () => {
  it("takes the first signal as the stop, a repeat within the echo window as the same stop, a later one as second", () => {
    let now = 1_000;
    const classify = stopSignalClassifier(() => now);
    expect(classify()).toBe("first");
    now += 3; // the process group's copy and a relaying parent's, a few ms apart
    expect(classify()).toBe("echo");
    now = 1_000 + STOP_SIGNAL_ECHO_MS - 1;
    expect(classify()).toBe("echo");
    now = 1_000 + STOP_SIGNAL_ECHO_MS;
    expect(classify()).toBe("second");
    now += 5_000;
    expect(classify()).toBe("second");
  });

  it("measures the window from the first signal, not the last echo", () => {
    let now = 0;
    const classify = stopSignalClassifier(() => now, 100);
    expect(classify()).toBe("first");
    for (now = 50; now < 100; now += 40) expect(classify()).toBe("echo");
    now = 130;
    expect(classify()).toBe("second");
  });
});
