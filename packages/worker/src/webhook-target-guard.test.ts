import { describe, expect, it } from "vitest";
import { addressRefusal, guardedLookup, RefusedTargetError, urlRefusal } from "./webhook-target-guard.ts";

const strict = { allowLoopback: false };
const loose = { allowLoopback: true };

describe("addressRefusal", () => {
  it.each([
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.1.1",
    "169.254.169.254", // cloud metadata
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "192.0.2.10",
    "198.18.0.1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "::ffff:10.0.0.1", // IPv4-mapped
    "::ffff:169.254.169.254",
    "64:ff9b::a00:1", // NAT64 of 10.0.0.1
    "64:ff9b::192.168.0.1",
    "2002:a00:1::1", // 6to4
    // IPv4-compatible ::/96 (deprecated), in either spelling, whatever IPv4 address it carries
    "::a00:1",
    "::10.0.0.1",
    "::127.0.0.1",
    "::169.254.169.254",
    "::8.8.8.8",
    "::2",
    // IPv4-mapped ::ffff:0:0/96 in hex spelling, IPv4-translated ::ffff:0:0:0/96
    "::ffff:a00:1",
    "::ffff:0:a00:1",
    "::ffff:0:808:808",
    // NAT64 of private space, 6to4 of public and private IPv4, Teredo
    "64:ff9b::ac10:1",
    "64:ff9b::a9fe:a9fe",
    "2002:c0a8:101::1",
    "2002:808:808::1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  ])("refuses the non-public address %s, with or without allowLoopback", (address) => {
    expect(addressRefusal(address, strict)).toMatch(/is a private, link-local or reserved address$/);
    expect(addressRefusal(address, loose)).toMatch(/is a private, link-local or reserved address$/);
  });

  it.each(["127.0.0.1", "127.10.0.1", "::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "64:ff9b::7f00:1"])(
    "refuses loopback %s unless allowLoopback is set",
    (address) => {
      expect(addressRefusal(address, strict)).toMatch(/is a loopback address$/);
      expect(addressRefusal(address, loose)).toBeNull();
    },
  );

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "192.169.0.1", "2606:4700::1111", "64:ff9b::808:808"])(
    "admits the public address %s",
    (address) => {
      expect(addressRefusal(address, strict)).toBeNull();
    },
  );
});

describe("urlRefusal", () => {
  it("admits https with a host name (checked later, on its addresses)", () => {
    expect(urlRefusal(new URL("https://hooks.example.com/x"), strict)).toBeNull();
  });

  it("refuses http except to loopback names with allowLoopback, and other schemes always", () => {
    expect(urlRefusal(new URL("http://hooks.example.com/x"), strict)).toMatch(/^http:\/\/ targets are refused/);
    expect(urlRefusal(new URL("http://127.0.0.1:9/x"), strict)).toMatch(/^http:\/\/ targets are refused/);
    expect(urlRefusal(new URL("http://hooks.example.com/x"), loose)).toMatch(/^http:\/\/ targets are refused/);
    expect(urlRefusal(new URL("http://127.0.0.1:9/x"), loose)).toBeNull();
    expect(urlRefusal(new URL("http://localhost:9/x"), loose)).toBeNull();
    expect(urlRefusal(new URL("http://[::1]:9/x"), loose)).toBeNull();
    expect(urlRefusal(new URL("ftp://hooks.example.com/x"), loose)).toMatch(/^ftp: targets are refused/);
  });

  it("refuses targets with credentials (user:pass@), stored before registration refused them", () => {
    expect(urlRefusal(new URL("https://user:pass@hooks.example.com/x"), strict)).toBe(
      "targets with credentials (user:pass@) are refused",
    );
    expect(urlRefusal(new URL("http://token@127.0.0.1:9/x"), loose)).toBe(
      "targets with credentials (user:pass@) are refused",
    );
  });

  it("refuses IPv4-compatible, IPv4-mapped and 6to4 literals in the URL", () => {
    expect(urlRefusal(new URL("https://[::10.0.0.1]/x"), strict)).toBe(
      "::a00:1 is a private, link-local or reserved address",
    );
    expect(urlRefusal(new URL("https://[::ffff:169.254.169.254]/x"), strict)).toBe(
      "::ffff:a9fe:a9fe is a private, link-local or reserved address",
    );
    expect(urlRefusal(new URL("https://[2002:a00:1::1]/x"), strict)).toBe(
      "2002:a00:1::1 is a private, link-local or reserved address",
    );
  });

  it("checks literal addresses at once", () => {
    expect(urlRefusal(new URL("https://10.1.2.3/x"), strict)).toBe(
      "10.1.2.3 is a private, link-local or reserved address",
    );
    expect(urlRefusal(new URL("https://[fe80::1]/x"), strict)).toBe(
      "fe80::1 is a private, link-local or reserved address",
    );
    expect(urlRefusal(new URL("https://127.0.0.1/x"), strict)).toBe("127.0.0.1 is a loopback address");
    expect(urlRefusal(new URL("https://127.0.0.1/x"), loose)).toBeNull();
    // The WHATWG parser normalises other spellings of an address, so they are caught too.
    expect(urlRefusal(new URL("https://0x7f.1/x"), strict)).toBe("127.0.0.1 is a loopback address");
    expect(urlRefusal(new URL("https://2130706433/x"), strict)).toBe("127.0.0.1 is a loopback address");
  });
});

describe("guardedLookup", () => {
  const lookup = (hostname: string, policy: { allowLoopback: boolean }, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) => {
      guardedLookup(policy)(hostname, { all }, (error, address) => resolve({ error, address }));
    });

  it("fails with RefusedTargetError when the name resolves to a refused address", async () => {
    const { error } = await lookup("localhost", strict, false);
    expect(error).toBeInstanceOf(RefusedTargetError);
    expect(error?.message).toMatch(/^target refused: localhost resolves to (127\.0\.0\.1|::1) is a loopback address$/);
  });

  it("answers in both shapes (one address, or all of them) when every address is admitted", async () => {
    const one = await lookup("localhost", loose, false);
    expect(one.error).toBeNull();
    expect(["127.0.0.1", "::1"]).toContain(one.address);
    const all = await lookup("localhost", loose, true);
    expect(all.error).toBeNull();
    expect(Array.isArray(all.address)).toBe(true);
  });

  it("passes resolution errors through", async () => {
    const { error } = await lookup("does-not-exist.invalid", loose, false);
    expect(error).not.toBeNull();
    expect(error).not.toBeInstanceOf(RefusedTargetError);
  });
});
