import { describe, expect, it } from "vitest";
import { contrast, portalThemeCss, requiredCapability } from "./portal.tsx";

const TEAM = "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21";
const W = `/teams/${TEAM}/webhooks`;

describe("requiredCapability", () => {
  it("maps every webhooks route to one capability", () => {
    expect(requiredCapability("GET", W, TEAM)).toBe("view");
    expect(requiredCapability("GET", `${W}/deliveries/live`, TEAM)).toBe("view");
    expect(requiredCapability("POST", W, TEAM)).toBe("manage_endpoints");
    expect(requiredCapability("POST", `${W}/abc`, TEAM)).toBe("manage_endpoints");
    expect(requiredCapability("POST", `${W}/abc/pause`, TEAM)).toBe("manage_endpoints");
    expect(requiredCapability("POST", `${W}/abc/delete`, TEAM)).toBe("manage_endpoints");
    expect(requiredCapability("POST", `${W}/abc/rotate`, TEAM)).toBe("rotate_secrets");
    expect(requiredCapability("POST", `${W}/abc/test`, TEAM)).toBe("send_tests");
    expect(requiredCapability("POST", `${W}/abc/recover`, TEAM)).toBe("replay");
    expect(requiredCapability("POST", `${W}/deliveries/abc/resend`, TEAM)).toBe("replay");
  });

  it("gives nothing outside the team's webhooks pages", () => {
    expect(requiredCapability("GET", `/teams/${TEAM}`, TEAM)).toBeNull();
    expect(requiredCapability("GET", `/teams/${TEAM}/api-keys`, TEAM)).toBeNull();
    expect(requiredCapability("GET", `/teams/${TEAM}/webhooksx`, TEAM)).toBeNull();
    expect(requiredCapability("GET", "/teams/another/webhooks", TEAM)).toBeNull();
    expect(requiredCapability("POST", "/sign-out", TEAM)).toBeNull();
    expect(requiredCapability("POST", `${W}/abc/unknown/deeper`, TEAM)).toBeNull();
  });
});

describe("portalThemeCss", () => {
  it("sets the accent per colour scheme, with readable button text", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 0);
    const css = portalThemeCss({ accent: "#7a1fa2", accentDark: "#f0c14b" });
    expect(css).toBe(
      ":root{--accent:#7a1fa2;--focus:#7a1fa2;--accent-fg:#ffffff}\n@media (prefers-color-scheme:dark){:root{--accent:#f0c14b;--focus:#f0c14b;--accent-fg:#0a0a0a}}",
    );
    expect(portalThemeCss(undefined)).toBeNull();
  });

  it("refuses a colour that is not #rrggbb or reads below 4.5:1 on its background", () => {
    expect(() => portalThemeCss({ accent: "purple" })).toThrow("portalTheme.accent must be #rrggbb");
    expect(() => portalThemeCss({ accent: "#ffff00" })).toThrow("reads below 4.5:1 on #ffffff");
    expect(() => portalThemeCss({ accentDark: "#202020" })).toThrow("reads below 4.5:1 on #121212");
  });
});
