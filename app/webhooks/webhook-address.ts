import { BlockList, isIP } from "node:net";

// The addresses a webhook may never reach in production: a URL of the user's must not make the
// server call itself, its neighbours on the private network or the cloud's metadata service. Checked
// on every address a name resolves to, right before connecting to that same address.

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, the metadata service
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 96], // unspecified, and the IPv4-compatible addresses
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64 reaches IPv4 addresses
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo among them)
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4 reaches IPv4 addresses
  ["fc00::", 7], // unique local, Fly's 6PN among them
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** An address a webhook may go to: a public unicast one. IPv4-mapped IPv6 is judged as its IPv4. */
export function isPublicAddress(address: string) {
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}
