import { isPublicAddress } from "./webhook-address";
import { webhookUrlProblem } from "./webhook-url";

describe("addresses a webhook may reach", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fe80::1",
    "fd00::1",
    "fdaa:0:1::2",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",
    "64:ff9b::a00:1",
    "2002:a00:1::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "::ffff:8.8.8.8", "2606:4700:4700::1111"])(
    "allows %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe("webhook URLs", () => {
  it("takes public https URLs only, unless private ones are allowed (tests, development)", () => {
    expect(webhookUrlProblem("https://hooks.example.com/in", false)).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/in", false)).toMatch(/https/);
    expect(webhookUrlProblem("https://127.0.0.1/in", false)).toMatch(/public address/);
    expect(webhookUrlProblem("https://[::1]/in", false)).toMatch(/public address/);
    expect(webhookUrlProblem("https://[::ffff:7f00:1]/in", false)).toMatch(/public address/);
    expect(webhookUrlProblem("https://localhost/in", false)).toMatch(/public address/);
    expect(webhookUrlProblem("https://user:pw@hooks.example.com/", false)).toMatch(/password/);
    expect(webhookUrlProblem("hooks.example.com", false)).toMatch(/full URL/);
    expect(webhookUrlProblem("ftp://hooks.example.com", false)).toMatch(/https/);
    expect(webhookUrlProblem("http://127.0.0.1:4000/in", true)).toBeNull();
  });
});
