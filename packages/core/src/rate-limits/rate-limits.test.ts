import { describe, expect, it } from "vitest";
import { rateLimitClient } from "./rate-limits.ts";

describe("rateLimitClient", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["unknown", "unknown"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:0:0:0:1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::192.0.2.33", "64:ff9b:0:0::/64"],
    ["1:2:3:4:5:6:192.0.2.33", "1:2:3:4::/64"],
  ])("counts %s as %s", (ip, expected) => {
    expect(rateLimitClient(ip)).toBe(expected);
  });

  it("puts every address of one /64 in one window, and the next /64 in another", () => {
    const keys = new Set(
      ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2:1234::"].map(rateLimitClient),
    );
    expect(keys).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(rateLimitClient("2001:db8:1:3::1")).not.toBe(rateLimitClient("2001:db8:1:2::1"));
  });

  it.each([":::", "1::2::3", "1:2:3:4:5:6:7:8:9", "1:2:3", "12345::", "g::1", "1:2:3:4:5:6:7::8:9", "::300.1.1.1"])(
    "keeps a malformed address (%s) as it is",
    (ip) => {
      expect(rateLimitClient(ip)).toBe(ip);
    },
  );
});
